/*
 * keccak: Keccak-256 as Ethereum uses it (the original Keccak padding,
 * 0x01 ... 0x80, not FIPS-202 SHA3-256's 0x06). The permutation is
 * nettle's sha3_permute; only the sponge around it is ours (about 40
 * lines), so there is no hand-written round function to get wrong.
 */
#ifndef CEDIRAMP_KECCAK_H
#define CEDIRAMP_KECCAK_H

#include <stddef.h>
#include <stdint.h>

#define KECCAK256_LEN 32

struct keccak256 {
	uint64_t a[25];     /* the state, as nettle's struct sha3_state */
	unsigned char block[136];
	size_t used;        /* bytes of block filled */
};

void keccak256_init(struct keccak256 *k);
void keccak256_update(struct keccak256 *k, const void *data, size_t len);
/* Writes the digest and wipes the state. */
void keccak256_final(struct keccak256 *k, unsigned char out[KECCAK256_LEN]);

/* The digest of len bytes at data. */
void keccak256(const void *data, size_t len, unsigned char out[KECCAK256_LEN]);

#endif
