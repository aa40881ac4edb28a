#include "providers/evm_tx.h"

#include <openssl/crypto.h>

#include "core/keccak.h"
#include "providers/evm_rlp.h"

/* The nine fields every type-2 transaction starts with, RLP-encoded one
 * after another into b (the list's payload, not yet wrapped). || keeps
 * their order (the operands of | are unsequenced). */
static int
fields(struct buf *b, const struct evm_tx *tx)
{
	return evm_rlp_uint(b, tx->chain_id) || evm_rlp_uint(b, tx->nonce) ||
	    evm_rlp_uint(b, tx->max_priority_fee) || evm_rlp_uint(b, tx->max_fee) ||
	    evm_rlp_uint(b, tx->gas_limit) || evm_rlp_bytes(b, tx->to, sizeof(tx->to)) ||
	    evm_rlp_uint_be(b, tx->value, sizeof(tx->value)) || evm_rlp_bytes(b, tx->data, tx->data_len) ||
	    evm_rlp_list(b, NULL, 0) ? -1 : 0; /* the last: an empty access list */
}

/* 0x02 followed by the list of payload into out. */
static int
typed(struct buf *out, const struct buf *payload)
{
	static const unsigned char type2 = 0x02;

	return buf_append(out, &type2, 1) ||
	    evm_rlp_list(out, (const unsigned char *)payload->data, payload->len) ? -1 : 0;
}

/* evm_tx_sign's signer: the key in arg. */
static int
sign_with_key(void *arg, const unsigned char digest[32], unsigned char rs[64], int *recid)
{
	return evm_key_sign(arg, digest, rs, recid);
}

int
evm_tx_sign(const struct evm_tx *tx, const unsigned char key[EVM_KEY_LEN],
    struct buf *raw, unsigned char hash[32])
{
	return evm_tx_sign_by(tx, sign_with_key, (void *)key, raw, hash);
}

int
evm_tx_sign_by(const struct evm_tx *tx, evm_digest_signer sign, void *arg, struct buf *raw,
    unsigned char hash[32])
{
	struct buf body, unsigned_tx;
	unsigned char digest[32], rs[64];
	int recid, rc = -1;

	buf_init(&body, EVM_TX_MAX);
	buf_init(&unsigned_tx, EVM_TX_MAX);
	buf_reset(raw);
	if (fields(&body, tx) != 0 || typed(&unsigned_tx, &body) != 0)
		goto out;
	keccak256(unsigned_tx.data, unsigned_tx.len, digest);
	if (sign(arg, digest, rs, &recid) != 0)
		goto out;
	/* the signed list: the same nine fields, then y-parity, r, s */
	if (evm_rlp_uint(&body, (uint64_t)recid) != 0 ||
	    evm_rlp_uint_be(&body, rs, 32) != 0 ||
	    evm_rlp_uint_be(&body, rs + 32, 32) != 0 || typed(raw, &body) != 0)
		goto out;
	keccak256(raw->data, raw->len, hash);
	rc = 0;
out:
	if (rc != 0)
		buf_reset(raw);
	OPENSSL_cleanse(rs, sizeof(rs));
	buf_free(&body);
	buf_free(&unsigned_tx);
	return rc;
}
