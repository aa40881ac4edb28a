/*
 * keystore_p11 against Debian's SoftHSM2 (a token made here, in a private
 * directory): the operator's key generated in the token, each signature
 * low-S and recovering to the token's address with libsecp256k1, the key's
 * value refused to anyone who asks, the key found again after a reopen,
 * and a wrong PIN refused without echoing it. Then keystore.h's two stores
 * as cediramp-signer opens them: the file (0400, its own) and the token
 * with its PIN in a file.
 */
#include <CUnit/Basic.h>
#include <openssl/rand.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "providers/evm_abi.h"
#include "providers/keystore.h"
#include "providers/keystore_p11.h"
#include "unit.h"

#define MODULE "/usr/lib/softhsm/libsofthsm2.so"
#define TOKEN "cediramp-test"
#define PIN "246810"

static char dir[] = "/tmp/cediramp-p11-XXXXXX";

/* secp256k1's order halved: a low S is at most this */
static const unsigned char half_order[32] = {
	0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0x5d, 0x57, 0x6e, 0x73, 0x57, 0xa4, 0x50, 0x1d, 0xdf, 0xe9, 0x2f, 0x46,
	0x68, 0x1b, 0x20, 0xa0,
};

/* A SoftHSM2 of this test's own, with one token, initialised. */
static int
token_made(void)
{
	char conf[300], cmd[600];
	FILE *f;

	if (mkdtemp(dir) == NULL)
		return -1;
	snprintf(conf, sizeof(conf), "%s/softhsm2.conf", dir);
	snprintf(cmd, sizeof(cmd), "%s/tokens", dir);
	if (mkdir(cmd, 0700) != 0 || (f = fopen(conf, "w")) == NULL)
		return -1;
	fprintf(f, "directories.tokendir = %s/tokens\nobjectstore.backend = file\n"
	    "log.level = ERROR\n", dir);
	fclose(f);
	setenv("SOFTHSM2_CONF", conf, 1);
	snprintf(cmd, sizeof(cmd), "softhsm2-util --init-token --free --label %s --pin %s "
	    "--so-pin 13579 > %s/init.log 2>&1", TOKEN, PIN, dir);
	return system(cmd) == 0 ? 0 : -1;
}

static int
suite_init(void)
{
	return token_made();
}

static int
suite_clean(void)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static void
test_sign_recover(void)
{
	unsigned char addr[EVM_ADDR_LEN], got[EVM_ADDR_LEN], again[EVM_ADDR_LEN], digest[32],
	    rs[64];
	struct p11_store *s;
	char why[300] = "";
	int i, recid;

	s = p11_open(MODULE, TOKEN, PIN, "operator", 1, why, sizeof(why));
	UNIT_REQUIRE(s != NULL, "p11_open: %s", why);
	p11_address(s, addr);
	for (i = 0; i < 32; i++) {
		UNIT_REQUIRE(RAND_bytes(digest, sizeof(digest)) == 1, "RAND_bytes");
		UNIT_CHECK(p11_sign(s, digest, rs, &recid) == 0, "signature %d", i);
		UNIT_CHECK(memcmp(rs + 32, half_order, 32) <= 0, "signature %d: S is high", i);
		UNIT_CHECK(recid == 0 || recid == 1, "signature %d: recovery id %d", i, recid);
		UNIT_CHECK(evm_key_recover(digest, rs, recid, got) == 0 &&
		    memcmp(got, addr, sizeof(addr)) == 0, "signature %d recovers another address", i);
	}
	/* the token keeps the key: it cannot be read out */
	CU_ASSERT_EQUAL(p11_key_sealed(s), 1);
	p11_close(s);
	/* the same key after a reopen, not a new one */
	s = p11_open(MODULE, TOKEN, PIN, "operator", 0, why, sizeof(why));
	UNIT_REQUIRE(s != NULL, "p11_open again: %s", why);
	p11_address(s, again);
	CU_ASSERT_EQUAL(memcmp(addr, again, sizeof(addr)), 0);
	p11_close(s);
}

static void
test_refusals(void)
{
	char why[300] = "";

	CU_ASSERT_PTR_NULL(p11_open(MODULE, TOKEN, "999999", "operator", 0, why, sizeof(why)));
	UNIT_CHECK(strstr(why, "refused the PIN") != NULL && strstr(why, "999999") == NULL,
	    "wrong PIN: %s", why);
	CU_ASSERT_PTR_NULL(p11_open(MODULE, "no-such-token", PIN, "operator", 0, why,
	    sizeof(why)));
	UNIT_CHECK(strstr(why, "no token labelled no-such-token") != NULL, "no token: %s", why);
	CU_ASSERT_PTR_NULL(p11_open(MODULE, TOKEN, PIN, "no-such-key", 0, why, sizeof(why)));
	UNIT_CHECK(strstr(why, "no secp256k1 key pair labelled no-such-key") != NULL,
	    "no key: %s", why);
	CU_ASSERT_PTR_NULL(p11_open("/nonexistent/module.so", TOKEN, PIN, "operator", 0, why,
	    sizeof(why)));
	UNIT_CHECK(strstr(why, "/nonexistent/module.so") != NULL, "no module: %s", why);
}

/* A file of text at mode, in this test's directory: its path in out. */
static void
file_at(const char *name, const char *text, mode_t mode, char *out, size_t cap)
{
	FILE *f;

	snprintf(out, cap, "%s/%s", dir, name);
	unlink(out);
	UNIT_REQUIRE((f = fopen(out, "w")) != NULL, "fopen %s", out);
	fputs(text, f);
	fclose(f);
	UNIT_REQUIRE(chmod(out, mode) == 0, "chmod %s", out);
}

/* Each store signs 8 digests that recover to its address. */
static void
signs_as_itself(struct keystore *k)
{
	unsigned char addr[EVM_ADDR_LEN], digest[32], rs[64];
	char text[EVM_ADDR_TEXT];
	int i, recid;

	for (i = 0; i < 8; i++) {
		UNIT_REQUIRE(RAND_bytes(digest, sizeof(digest)) == 1, "RAND_bytes");
		UNIT_CHECK(keystore_sign(k, digest, rs, &recid) == 0, "signature %d", i);
		UNIT_CHECK(memcmp(rs + 32, half_order, 32) <= 0, "signature %d: S is high", i);
		UNIT_CHECK(evm_key_recover(digest, rs, recid, addr) == 0, "signature %d", i);
		evm_addr_format(addr, text);
		UNIT_CHECK(strcmp(text, keystore_address(k)) == 0,
		    "signature %d recovers %s, not %s", i, text, keystore_address(k));
	}
}

static void
test_file_store(void)
{
	char path[300], why[300] = "";
	struct keystore *k;

	file_at("operator.key", "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318\n",
	    0400, path, sizeof(path));
	k = keystore_open_file(path, why, sizeof(why));
	UNIT_REQUIRE(k != NULL, "keystore_open_file: %s", why);
	CU_ASSERT_STRING_EQUAL(keystore_kind(k), "file");
	CU_ASSERT_STRING_EQUAL(keystore_address(k), "0x2c7536e3605d9c16a7a3d7b1898e529396a65c23");
	signs_as_itself(k);
	keystore_close(k);
	/* anyone else may read it: refused, naming the mode, never the key */
	UNIT_REQUIRE(chmod(path, 0600) == 0, "chmod");
	CU_ASSERT_PTR_NULL(keystore_open_file(path, why, sizeof(why)));
	UNIT_CHECK(strstr(why, "mode 0600; it must be 0400") != NULL && strstr(why, "4c0883") == NULL,
	    "0600: %s", why);
	unlink(path);
}

/* A rotation's new key: made 0400, signing as its address; made again
 * (a restart), the same key; two made keys differ. */
static void
test_file_made(void)
{
	char path[300], path2[300], why[300] = "", first[43];
	struct keystore *k;
	struct stat st;

	snprintf(path, sizeof(path), "%s/operator-1.key", dir);
	snprintf(path2, sizeof(path2), "%s/operator-2.key", dir);
	k = keystore_make_file(path, why, sizeof(why));
	UNIT_REQUIRE(k != NULL, "keystore_make_file: %s", why);
	UNIT_REQUIRE(stat(path, &st) == 0, "the key file exists");
	CU_ASSERT_EQUAL(st.st_mode & 07777, 0400);
	CU_ASSERT_EQUAL(st.st_uid, geteuid());
	CU_ASSERT_EQUAL(st.st_size, 65); /* 64 hex digits and a newline */
	snprintf(first, sizeof(first), "%s", keystore_address(k));
	signs_as_itself(k);
	keystore_close(k);
	k = keystore_make_file(path, why, sizeof(why));
	UNIT_REQUIRE(k != NULL, "keystore_make_file again: %s", why);
	CU_ASSERT_STRING_EQUAL(keystore_address(k), first);
	keystore_close(k);
	k = keystore_make_file(path2, why, sizeof(why));
	UNIT_REQUIRE(k != NULL, "keystore_make_file of another: %s", why);
	CU_ASSERT_STRING_NOT_EQUAL(keystore_address(k), first);
	keystore_close(k);
	unlink(path);
	unlink(path2);
}

/* Two keys of one token open in one process (a rotation's): closing one
 * leaves the other signing (the module's login and state are the
 * process's), and a third opened after still works. */
static void
test_pkcs11_two_stores(void)
{
	char pin[300], why[300] = "";
	struct keystore *a, *b, *c;

	file_at("pin2", PIN "\n", 0400, pin, sizeof(pin));
	a = keystore_open_pkcs11(MODULE, TOKEN, pin, "rotation-old", 1, why, sizeof(why));
	UNIT_REQUIRE(a != NULL, "the first store: %s", why);
	b = keystore_open_pkcs11(MODULE, TOKEN, pin, "rotation-new", 1, why, sizeof(why));
	UNIT_REQUIRE(b != NULL, "the second store: %s", why);
	CU_ASSERT_STRING_NOT_EQUAL(keystore_address(a), keystore_address(b));
	keystore_close(a);
	signs_as_itself(b);
	c = keystore_open_pkcs11(MODULE, TOKEN, pin, "rotation-old", 0, why, sizeof(why));
	UNIT_REQUIRE(c != NULL, "the first key again: %s", why);
	signs_as_itself(c);
	keystore_close(b);
	signs_as_itself(c);
	keystore_close(c);
	unlink(pin);
}

static void
test_pkcs11_store(void)
{
	char pin[300], why[300] = "";
	struct keystore *k;

	file_at("pin", PIN "\n", 0400, pin, sizeof(pin));
	k = keystore_open_pkcs11(MODULE, TOKEN, pin, "signer", 1, why, sizeof(why));
	UNIT_REQUIRE(k != NULL, "keystore_open_pkcs11: %s", why);
	CU_ASSERT_STRING_EQUAL(keystore_kind(k), "pkcs11");
	CU_ASSERT_EQUAL(strlen(keystore_address(k)), 42);
	signs_as_itself(k);
	keystore_close(k);
	/* a PIN file others may read: refused, the PIN never said */
	UNIT_REQUIRE(chmod(pin, 0644) == 0, "chmod");
	CU_ASSERT_PTR_NULL(keystore_open_pkcs11(MODULE, TOKEN, pin, "signer", 1, why, sizeof(why)));
	UNIT_CHECK(strstr(why, "readable by nobody else") != NULL && strstr(why, PIN) == NULL,
	    "0644 PIN file: %s", why);
	unlink(pin);
}

static const struct tu_test tests[] = {
	{ "a key made in SoftHSM2 signs low-S, recovering to its address; sealed; kept",
	    test_sign_recover },
	{ "a wrong PIN, token, key or module refused (the PIN never echoed)", test_refusals },
	{ "the file store: 0400 only, its address, signatures recovering to it", test_file_store },
	{ "a rotation's file key: made 0400, found again, another one differs", test_file_made },
	{ "two keys of a token in one process: closing one leaves the other signing",
	    test_pkcs11_two_stores },
	{ "the PKCS#11 store: its PIN from a 0400 file, signatures recovering to its address",
	    test_pkcs11_store },
};

int
main(void)
{
	return tu_main("keystore_p11", suite_init, suite_clean, tests, NELEM(tests));
}
