/*
 * evm_rlp: Ethereum's Recursive Length Prefix encoding, the writing half
 * (what a transaction needs; answers arrive as JSON). Items are appended
 * to a struct buf; a list is built by encoding its items into one buffer
 * and wrapping that with evm_rlp_list. Each call returns 0, or -1 when the
 * buffer refused to grow (it keeps what it had).
 */
#ifndef CEDIRAMP_EVM_RLP_H
#define CEDIRAMP_EVM_RLP_H

#include <stddef.h>
#include <stdint.h>

#include "core/buf.h"

/* A byte string: one byte below 0x80 as itself, else a length prefix. */
int evm_rlp_bytes(struct buf *b, const unsigned char *p, size_t n);

/* An unsigned integer: its big-endian bytes without leading zeros (0 is
 * the empty string, 0x80). */
int evm_rlp_uint(struct buf *b, uint64_t v);

/* A big-endian integer of n bytes, leading zero bytes dropped (for the
 * signature's r and s). */
int evm_rlp_uint_be(struct buf *b, const unsigned char *be, size_t n);

/* The list whose encoded items are payload[0..n): its prefix, then them. */
int evm_rlp_list(struct buf *b, const unsigned char *payload, size_t n);

#endif
