#include "providers/evm_key.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <secp256k1.h>
#include <secp256k1_recovery.h>

#include "core/keccak.h"
#include "core/strict.h"

/* 0x + 64 hex + "\r\n" at most; anything longer is not a key file */
#define KEY_FILE_MAX 70

/*
 * A context for one operation, randomized against side channels. Made and
 * destroyed per call: cheap since libsecp256k1 0.2 (its tables are
 * static), and it keeps every caller thread-safe without a global.
 */
static secp256k1_context *
context(void)
{
	secp256k1_context *c = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
	unsigned char seed[32];

	if (c == NULL)
		return NULL;
	if (RAND_bytes(seed, sizeof(seed)) != 1 || !secp256k1_context_randomize(c, seed)) {
		secp256k1_context_destroy(c);
		c = NULL;
	}
	OPENSSL_cleanse(seed, sizeof(seed));
	return c;
}

int
evm_key_load(const char *path, unsigned char key[EVM_KEY_LEN], char *why, size_t cap)
{
	char text[KEY_FILE_MAX + 1], shown[200];
	const char *p;
	struct stat st;
	ssize_t n;
	size_t len, i;
	int fd, rc = -1;

	strict_clip(shown, sizeof(shown), path, strlen(path));
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, cap, "key file %s: %s", shown, strerror(errno));
		return -1;
	}
	/* the mode of the file actually opened, not of whatever the path names later */
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		snprintf(why, cap, "key file %s: not a regular file", shown);
		goto out;
	}
	/* the signer's own file: anyone else's, or one anyone may change or
	 * read, is no key of the signer's */
	if (st.st_uid != geteuid()) {
		snprintf(why, cap, "key file %s: owned by uid %u; it must be the signer's own "
		    "(uid %u)", shown, (unsigned)st.st_uid, (unsigned)geteuid());
		goto out;
	}
	if ((st.st_mode & 07777) != 0400) {
		snprintf(why, cap, "key file %s: mode %04o; it must be 0400 (chmod 400 %s)",
		    shown, (unsigned)(st.st_mode & 07777), shown);
		goto out;
	}
	n = read(fd, text, sizeof(text));
	if (n < 0 || (size_t)n > KEY_FILE_MAX) {
		snprintf(why, cap, "key file %s: not 64 hex digits", shown);
		goto out;
	}
	len = (size_t)n;
	if (len > 0 && text[len - 1] == '\n')
		len--;
	if (len > 0 && text[len - 1] == '\r')
		len--;
	p = text;
	if (len >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		p += 2;
		len -= 2;
	}
	if (len != 2 * EVM_KEY_LEN) {
		snprintf(why, cap, "key file %s: not 64 hex digits", shown);
		goto out;
	}
	for (i = 0; i < EVM_KEY_LEN; i++) {
		int hi = strict_hexval(p[2 * i]), lo = strict_hexval(p[2 * i + 1]);

		if (hi < 0 || lo < 0) {
			snprintf(why, cap, "key file %s: not 64 hex digits", shown);
			goto out;
		}
		key[i] = (unsigned char)(hi << 4 | lo);
	}
	rc = 0;
out:
	OPENSSL_cleanse(text, sizeof(text));
	close(fd);
	if (rc != 0)
		OPENSSL_cleanse(key, EVM_KEY_LEN);
	return rc;
}

/* The address of public key pub: the last 20 bytes of the Keccak-256 of
 * its uncompressed form without the 0x04 prefix. 0 or -1. */
static int
pubkey_address(const secp256k1_context *c, const secp256k1_pubkey *pub,
    unsigned char addr[EVM_ADDR_LEN])
{
	unsigned char ser[65], md[KECCAK256_LEN];
	size_t len = sizeof(ser);

	if (!secp256k1_ec_pubkey_serialize(c, ser, &len, pub, SECP256K1_EC_UNCOMPRESSED) ||
	    len != 65)
		return -1;
	keccak256(ser + 1, 64, md);
	memcpy(addr, md + KECCAK256_LEN - EVM_ADDR_LEN, EVM_ADDR_LEN);
	return 0;
}

int
evm_key_address(const unsigned char key[EVM_KEY_LEN], unsigned char addr[EVM_ADDR_LEN])
{
	secp256k1_context *c = context();
	secp256k1_pubkey pub;
	int rc = -1;

	if (c == NULL)
		return -1;
	if (secp256k1_ec_seckey_verify(c, key) && secp256k1_ec_pubkey_create(c, &pub, key))
		rc = pubkey_address(c, &pub, addr);
	secp256k1_context_destroy(c);
	return rc;
}

int
evm_key_sign(const unsigned char key[EVM_KEY_LEN], const unsigned char digest[32],
    unsigned char rs[64], int *recid)
{
	secp256k1_context *c = context();
	secp256k1_ecdsa_recoverable_signature sig;
	int rc = -1;

	if (c == NULL)
		return -1;
	if (secp256k1_ecdsa_sign_recoverable(c, &sig, digest, key, NULL, NULL) &&
	    secp256k1_ecdsa_recoverable_signature_serialize_compact(c, rs, recid, &sig))
		rc = 0;
	secp256k1_context_destroy(c);
	OPENSSL_cleanse(&sig, sizeof(sig));
	return rc;
}

int
evm_key_recover(const unsigned char digest[32], const unsigned char rs[64], int recid,
    unsigned char addr[EVM_ADDR_LEN])
{
	secp256k1_context *c = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
	secp256k1_ecdsa_recoverable_signature sig;
	secp256k1_pubkey pub;
	int rc = -1;

	if (c == NULL)
		return -1;
	if (recid >= 0 && recid <= 3 &&
	    secp256k1_ecdsa_recoverable_signature_parse_compact(c, &sig, rs, recid) &&
	    secp256k1_ecdsa_recover(c, &pub, &sig, digest))
		rc = pubkey_address(c, &pub, addr);
	secp256k1_context_destroy(c);
	return rc;
}

void
evm_personal_digest(const char *msg, size_t n, unsigned char digest[32])
{
	static const char prefix[] = "\x19" "Ethereum Signed Message:\n";
	struct keccak256 k;
	char len[24];

	snprintf(len, sizeof(len), "%zu", n);
	keccak256_init(&k);
	keccak256_update(&k, prefix, sizeof(prefix) - 1);
	keccak256_update(&k, len, strlen(len));
	keccak256_update(&k, msg, n);
	keccak256_final(&k, digest);
}

int
evm_personal_recover(const char *msg, size_t n, const char *sig_hex,
    unsigned char addr[EVM_ADDR_LEN])
{
	unsigned char sig[65], digest[32];
	size_t i;
	int v;

	if (sig_hex == NULL || strlen(sig_hex) != 132 || sig_hex[0] != '0' || sig_hex[1] != 'x')
		return -1;
	for (i = 0; i < 65; i++) {
		int hi = strict_hexval(sig_hex[2 + 2 * i]), lo = strict_hexval(sig_hex[3 + 2 * i]);

		if (hi < 0 || lo < 0)
			return -1;
		sig[i] = (unsigned char)(hi << 4 | lo);
	}
	v = sig[64] >= 27 ? sig[64] - 27 : sig[64];
	if (v != 0 && v != 1)
		return -1;
	evm_personal_digest(msg, n, digest);
	return evm_key_recover(digest, sig, v, addr);
}
