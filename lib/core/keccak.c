#include "core/keccak.h"

#include <string.h>
#include <nettle/sha3.h>
#include <openssl/crypto.h>

#define RATE 136 /* bytes: 1600 bits minus the 512-bit capacity */

_Static_assert(sizeof(struct sha3_state) == sizeof(((struct keccak256 *)0)->a),
    "nettle's sha3_state is 25 64-bit lanes");

void
keccak256_init(struct keccak256 *k)
{
	memset(k, 0, sizeof(*k));
}

/* XORs one full block into the state (lanes are little-endian) and
 * permutes. */
static void
absorb(struct keccak256 *k, const unsigned char *p)
{
	struct sha3_state st;
	size_t i, j;

	for (i = 0; i < RATE / 8; i++) {
		uint64_t lane = 0;

		for (j = 0; j < 8; j++)
			lane |= (uint64_t)p[8 * i + j] << (8 * j);
		k->a[i] ^= lane;
	}
	memcpy(st.a, k->a, sizeof(st.a));
	sha3_permute(&st);
	memcpy(k->a, st.a, sizeof(st.a));
	OPENSSL_cleanse(&st, sizeof(st));
}

void
keccak256_update(struct keccak256 *k, const void *data, size_t len)
{
	const unsigned char *p = data;

	while (len > 0) {
		size_t n = RATE - k->used;

		if (n > len)
			n = len;
		memcpy(k->block + k->used, p, n);
		k->used += n;
		p += n;
		len -= n;
		if (k->used == RATE) {
			absorb(k, k->block);
			k->used = 0;
		}
	}
}

void
keccak256_final(struct keccak256 *k, unsigned char out[KECCAK256_LEN])
{
	size_t i;

	memset(k->block + k->used, 0, RATE - k->used);
	k->block[k->used] ^= 0x01;
	k->block[RATE - 1] ^= 0x80;
	absorb(k, k->block);
	for (i = 0; i < KECCAK256_LEN; i++)
		out[i] = (unsigned char)(k->a[i / 8] >> (8 * (i % 8)));
	OPENSSL_cleanse(k, sizeof(*k));
}

void
keccak256(const void *data, size_t len, unsigned char out[KECCAK256_LEN])
{
	struct keccak256 k;

	keccak256_init(&k);
	keccak256_update(&k, data, len);
	keccak256_final(&k, out);
}
