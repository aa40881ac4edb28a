/*
 * chain: the chain gateway adapter. The service converts a wallet's coins
 * by a transfer to the gateway contract; the transfer's hash is fixed (and
 * stored) before it is broadcast, so a retry re-submits the same transfer
 * instead of a second one, and a lost answer is settled by asking for that
 * hash's receipt.
 *
 * chain_http talks to providers.chain_url over HTTP:
 *   GET  /wallets/{wallet}/{asset}   -> {"balance": "12.500000"}
 *   POST /transactions {"tx_hash","wallet","asset","amount"} -> 202;
 *        400 insufficient_balance when the wallet lacks the amount
 *   GET  /transactions/{tx_hash}     -> {"status": "pending|confirmed|failed",
 *                                        "block_number": n, "failure_reason": s}
 *   POST /faucet {"wallet","asset","amount"} (sandbox) -> {"balance": "..."}
 * (bodies may come inside a {"data": ...} envelope). The sandbox's
 * simulator (/sim/chain) implements exactly this.
 */
#ifndef CEDIRAMP_CHAIN_H
#define CEDIRAMP_CHAIN_H

#include <stddef.h>

#include "providers/endpoint.h"

#define CHAIN_HASH_LEN 66 /* "0x" + 64 hex */

enum chain_rc {
	CHAIN_OK = 0,
	CHAIN_INSUFFICIENT, /* the wallet lacks the amount: nothing was sent */
	CHAIN_REJECTED,     /* refused outright: nothing was sent */
	CHAIN_UNAVAILABLE,  /* the gateway could not be reached: nothing was sent */
	CHAIN_IN_DOUBT,     /* sent, no clear answer: ask for the receipt */
	CHAIN_TIMEOUT       /* faucet only: no answer in time (or a 504) */
};

enum chain_state { CHAIN_PENDING = 0, CHAIN_CONFIRMED, CHAIN_FAILED, CHAIN_UNKNOWN };

struct chain_receipt {
	enum chain_state state;
	long long block_number;  /* when confirmed */
	char reason[160];        /* when failed */
};

struct chain_adapter {
	/* The balance of wallet in asset, as decimal text, into out. */
	enum chain_rc (*balance)(const struct prov_endpoint *ep, const char *wallet,
	    const char *asset, char *out, size_t cap);
	/* Broadcasts amount of asset from wallet to the gateway under
	 * tx_hash. The same hash again is answered, not executed again. */
	enum chain_rc (*submit)(const struct prov_endpoint *ep, const char *tx_hash,
	    const char *wallet, const char *asset, const char *amount);
	/* The receipt of tx_hash; CHAIN_UNKNOWN state for a hash never seen. */
	enum chain_rc (*receipt)(const struct prov_endpoint *ep, const char *tx_hash,
	    struct chain_receipt *out);
	/* Sandbox only: credits wallet, returns the new balance in out.
	 * CHAIN_REJECTED for the gateway's refusal (a 4xx); CHAIN_TIMEOUT;
	 * CHAIN_UNAVAILABLE for anything else that is not a balance. */
	enum chain_rc (*faucet)(const struct prov_endpoint *ep, const char *wallet,
	    const char *asset, const char *amount, char *out, size_t cap);
};

extern const struct chain_adapter chain_http;

/* The transfer hash of a conversion: "0x" + hex SHA-256 of its id. */
void chain_tx_hash(const char *conversion_id, char out[CHAIN_HASH_LEN + 1]);

#endif
