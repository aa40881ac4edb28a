/*
 * aead: AES-256-GCM sealing of a byte string under a 32-byte key, through
 * OpenSSL's EVP interface. A sealed string is iv (12 bytes, fresh from
 * the CSPRNG for every seal) || tag (16) || ciphertext (as long as the
 * plaintext); the associated data is authenticated, not stored, so the
 * opener must supply the same bytes (what the string belongs to).
 */
#ifndef CEDIRAMP_AEAD_H
#define CEDIRAMP_AEAD_H

#include <stddef.h>

#define AEAD_KEY_BYTES 32
#define AEAD_IV_BYTES 12
#define AEAD_TAG_BYTES 16
#define AEAD_OVERHEAD (AEAD_IV_BYTES + AEAD_TAG_BYTES)
#define AEAD_MAX_PLAIN (1UL << 30) /* larger inputs are refused */

/*
 * Reads a key written as exactly 64 hexadecimal digits (either case) into
 * key. Returns 0, or -1 (key zeroed) for any other text.
 */
int aead_key_from_hex(const char *hex, unsigned char key[AEAD_KEY_BYTES]);

/*
 * Seals n bytes of in with key and the aadlen bytes of aad (may be NULL
 * when aadlen is 0) into out, which must hold n + AEAD_OVERHEAD bytes;
 * *outlen gets that length. Returns 0, or -1 (out must not be used) when
 * outcap is too small, n exceeds AEAD_MAX_PLAIN, the CSPRNG or the cipher
 * fails.
 */
int aead_seal(const unsigned char key[AEAD_KEY_BYTES], const void *aad,
    size_t aadlen, const unsigned char *in, size_t n, unsigned char *out,
    size_t outcap, size_t *outlen);

/*
 * Opens n bytes sealed by aead_seal with the same key and aad into out
 * (n - AEAD_OVERHEAD bytes needed); *outlen gets that length. Returns 0,
 * or -1 when the input is too short, outcap too small, or authentication
 * fails (a wrong key, wrong aad, or any byte changed): out is then wiped
 * and must not be used.
 */
int aead_open(const unsigned char key[AEAD_KEY_BYTES], const void *aad,
    size_t aadlen, const unsigned char *in, size_t n, unsigned char *out,
    size_t outcap, size_t *outlen);

#endif
