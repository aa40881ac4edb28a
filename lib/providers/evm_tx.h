/*
 * evm_tx: EIP-1559 (type 2) transactions, built and signed here so that
 * the raw bytes exist, and can be stored, before anything is broadcast:
 *
 *   digest = keccak256(0x02 || rlp([chainId, nonce, maxPriorityFeePerGas,
 *                      maxFeePerGas, gasLimit, to, value, data, []]))
 *   raw    = 0x02 || rlp([... the same nine ..., yParity, r, s])
 *   hash   = keccak256(raw)
 *
 * Fees are in wei and fit 64 bits (18.4 ether per unit of gas); the value
 * is always 0 (the service moves tokens, never ether).
 */
#ifndef CEDIRAMP_EVM_TX_H
#define CEDIRAMP_EVM_TX_H

#include <stddef.h>
#include <stdint.h>

#include "core/buf.h"
#include "providers/evm_key.h"

#define EVM_TX_MAX (64 * 1024) /* raw bytes; calls here are a few hundred */

struct evm_tx {
	uint64_t chain_id;
	uint64_t nonce;
	uint64_t max_priority_fee; /* wei per gas */
	uint64_t max_fee;          /* wei per gas */
	uint64_t gas_limit;
	unsigned char to[EVM_ADDR_LEN];
	unsigned char value[32];   /* wei, big-endian (zero: a call that moves no ether) */
	const unsigned char *data; /* call data (borrowed) */
	size_t data_len;
};

/*
 * Signs tx with key. On 0, raw holds the signed transaction's bytes
 * (appended to an empty buffer the caller owns and frees) and hash its
 * hash. -1 on a key outside the curve or no memory (raw is then reset).
 */
int evm_tx_sign(const struct evm_tx *tx, const unsigned char key[EVM_KEY_LEN],
    struct buf *raw, unsigned char hash[32]);

/* Signs a digest as evm_key_sign does (r, s low, recovery id): 0 or -1. */
typedef int (*evm_digest_signer)(void *arg, const unsigned char digest[32],
    unsigned char rs[64], int *recid);

/* evm_tx_sign with the signature made by sign(arg, ...): a key store's
 * (keystore.h), whose key this code never sees. */
int evm_tx_sign_by(const struct evm_tx *tx, evm_digest_signer sign, void *arg,
    struct buf *raw, unsigned char hash[32]);

#endif
