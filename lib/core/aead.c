#include "core/aead.h"

#include <limits.h>
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include "core/strict.h"

int
aead_key_from_hex(const char *hex, unsigned char key[AEAD_KEY_BYTES])
{
	size_t i;
	int hi, lo;

	if (hex == NULL || strlen(hex) != 2 * AEAD_KEY_BYTES)
		goto bad;
	for (i = 0; i < AEAD_KEY_BYTES; i++) {
		if ((hi = strict_hexval(hex[2 * i])) < 0 ||
		    (lo = strict_hexval(hex[2 * i + 1])) < 0)
			goto bad;
		key[i] = (unsigned char)(hi << 4 | lo);
	}
	return 0;
bad:
	OPENSSL_cleanse(key, AEAD_KEY_BYTES);
	return -1;
}

/* EVP works on int lengths: everything here stays far below INT_MAX. */
static int
fits(size_t aadlen, size_t n)
{
	return n <= AEAD_MAX_PLAIN && aadlen <= INT_MAX;
}

int
aead_seal(const unsigned char key[AEAD_KEY_BYTES], const void *aad,
    size_t aadlen, const unsigned char *in, size_t n, unsigned char *out,
    size_t outcap, size_t *outlen)
{
	unsigned char *iv, *tag, *ct, fin[AEAD_TAG_BYTES];
	EVP_CIPHER_CTX *c = NULL;
	int len, rc = -1;

	if (!fits(aadlen, n) || out == NULL || outcap < n + AEAD_OVERHEAD ||
	    (in == NULL && n > 0) || (aad == NULL && aadlen > 0))
		return -1;
	iv = out;
	tag = out + AEAD_IV_BYTES;
	ct = out + AEAD_OVERHEAD;
	if (RAND_bytes(iv, AEAD_IV_BYTES) != 1 || (c = EVP_CIPHER_CTX_new()) == NULL)
		return -1;
	if (EVP_EncryptInit_ex(c, EVP_aes_256_gcm(), NULL, NULL, NULL) != 1 ||
	    EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_IVLEN, AEAD_IV_BYTES, NULL) != 1 ||
	    EVP_EncryptInit_ex(c, NULL, NULL, key, iv) != 1)
		goto out;
	if (aadlen > 0 &&
	    EVP_EncryptUpdate(c, NULL, &len, aad, (int)aadlen) != 1)
		goto out;
	if (n > 0 && EVP_EncryptUpdate(c, ct, &len, in, (int)n) != 1)
		goto out;
	/* GCM writes nothing at the end: fin only satisfies the interface */
	if (EVP_EncryptFinal_ex(c, fin, &len) != 1 ||
	    EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, AEAD_TAG_BYTES, tag) != 1)
		goto out;
	*outlen = n + AEAD_OVERHEAD;
	rc = 0;
out:
	EVP_CIPHER_CTX_free(c);
	return rc;
}

int
aead_open(const unsigned char key[AEAD_KEY_BYTES], const void *aad,
    size_t aadlen, const unsigned char *in, size_t n, unsigned char *out,
    size_t outcap, size_t *outlen)
{
	unsigned char tag[AEAD_TAG_BYTES], fin[AEAD_TAG_BYTES];
	EVP_CIPHER_CTX *c = NULL;
	size_t plen;
	int len, rc = -1;

	if (in == NULL || n < AEAD_OVERHEAD || (aad == NULL && aadlen > 0))
		return -1;
	plen = n - AEAD_OVERHEAD;
	if (!fits(aadlen, plen) || outcap < plen || (out == NULL && plen > 0))
		return -1;
	/* the ctrl call takes a non-const buffer */
	memcpy(tag, in + AEAD_IV_BYTES, AEAD_TAG_BYTES);
	if ((c = EVP_CIPHER_CTX_new()) == NULL)
		return -1;
	if (EVP_DecryptInit_ex(c, EVP_aes_256_gcm(), NULL, NULL, NULL) != 1 ||
	    EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_IVLEN, AEAD_IV_BYTES, NULL) != 1 ||
	    EVP_DecryptInit_ex(c, NULL, NULL, key, in) != 1)
		goto out;
	if (aadlen > 0 &&
	    EVP_DecryptUpdate(c, NULL, &len, aad, (int)aadlen) != 1)
		goto out;
	if (plen > 0 &&
	    EVP_DecryptUpdate(c, out, &len, in + AEAD_OVERHEAD, (int)plen) != 1)
		goto out;
	if (EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_TAG, AEAD_TAG_BYTES, tag) != 1 ||
	    EVP_DecryptFinal_ex(c, fin, &len) != 1)
		goto out;
	*outlen = plen;
	rc = 0;
out:
	if (rc != 0 && plen > 0)
		OPENSSL_cleanse(out, plen); /* nothing unauthenticated leaks out */
	EVP_CIPHER_CTX_free(c);
	return rc;
}
