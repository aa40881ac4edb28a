/*
 * chain: the chain gateway adapter. A conversion moves a wallet's coins
 * through the gateway (the chain's own record of it); the service signs
 * that move and stores it BEFORE broadcasting, so a retry, a crash or a
 * lost answer broadcasts the same transaction again instead of a second
 * one, and a receipt settles it.
 *
 * Two implementations (config providers.chain):
 *
 * chain_evm (evm): any EVM network over standard JSON-RPC. The move is a
 * call of the gateway contract, convert(id, token, from, amount), an
 * EIP-1559 transaction signed by cediramp-signer (the only holder of the
 * operator's key: signer_client.h) under a nonce the database hands out;
 * the gateway refuses a second call with the same id.
 * A receipt counts once it has providers.evm.confirmations blocks.
 *
 * chain_http (sim): the sandbox's simulator over an HTTP protocol of its
 * own (the simulator, /sim/chain, implements exactly this):
 *   GET  /wallets/{wallet}/{asset}   -> {"balance": "12.500000"}
 *   POST /transactions {"tx_hash","wallet","asset","amount"} -> 202;
 *        400 insufficient_balance when the wallet lacks the amount
 *   GET  /transactions/{tx_hash}     -> {"status": "pending|confirmed|failed",
 *                                        "block_number": n, "failure_reason": s}
 *   POST /faucet {"wallet","asset","amount"} (sandbox) -> {"balance": "..."}
 * (bodies may come inside a {"data": ...} envelope). Its "transaction
 * hash" is chain_tx_hash(id); it has no nonces and no fees.
 */
#ifndef CEDIRAMP_CHAIN_H
#define CEDIRAMP_CHAIN_H

#include <stddef.h>

#include "core/buf.h"
#include "providers/endpoint.h"
#include "providers/prov_http.h"

#define CHAIN_HASH_LEN 66 /* "0x" + 64 hex */
#define CHAIN_ASSETS 4    /* USDT, USDC, USDC_E, DAI */
#define CHAIN_RAW_TEXT_MAX (128 * 1024) /* a signed transaction as hex text */

enum chain_rc {
	CHAIN_OK = 0,
	CHAIN_INSUFFICIENT, /* the wallet lacks the amount: nothing was sent */
	CHAIN_ALLOWANCE,    /* the wallet has not approved the gateway for it: nothing sent */
	CHAIN_REJECTED,     /* refused outright (it would revert, a bad request): nothing sent */
	CHAIN_UNAVAILABLE,  /* the chain could not be reached or read: nothing was sent */
	CHAIN_IN_DOUBT,     /* sent, no clear answer: ask for the receipt */
	CHAIN_TIMEOUT,      /* faucet only: no answer in time (or a 504) */
	CHAIN_MISCONFIGURED, /* wrong chain id, an unusable key file: refuse to run */
	CHAIN_SIGNER        /* cediramp-signer refused or did not answer: nothing signed */
};

enum chain_state {
	CHAIN_PENDING = 0, /* sent; not mined yet, or mined with too few confirmations */
	CHAIN_CONFIRMED,   /* final: executed */
	CHAIN_FAILED,      /* final: reverted */
	CHAIN_UNKNOWN      /* no receipt: never seen, dropped, or removed by a reorg */
};

struct chain_receipt {
	enum chain_state state;
	long long block_number;            /* mined: its block; else 0 */
	char block_hash[CHAIN_HASH_LEN + 1]; /* mined (evm): that block's hash; else "" */
	unsigned long long confirmations;  /* mined: blocks on top, its own included */
	char reason[160];                  /* failed: why */
};

/* What a move does: a conversion through the gateway, or (sandbox) a mint
 * of test tokens. */
enum chain_kind {
	CHAIN_CONVERT = 0,
	CHAIN_MINT,
	CHAIN_FILL, /* evm: a zero-value transfer to the operator itself, only to use a
	               nonce no other transaction will (cediramp-signer's fill) */
	/* evm, a key rotation's (cediramp-signer only): */
	CHAIN_SET_OPERATOR, /* the gateway's setOperator(wallet, amount "1" or "0"),
	                       the owner's */
	CHAIN_GAS           /* amount wei of ether to wallet, no call */
};

struct chain_move {
	enum chain_kind kind;
	const char *ref;    /* the conversion's or withdrawal's id: the gateway's id */
	const char *wallet; /* convert: whose coins; mint: who gets them */
	const char *asset;
	const char *amount; /* decimal text at the asset's scale */
};

/* Gas and fees, decided before signing (all 0 for the simulator). */
struct chain_fees {
	unsigned long long gas_limit;
	unsigned long long max_fee;      /* wei per gas */
	unsigned long long priority_fee; /* wei per gas */
};

/* A signed move, as stored before it is broadcast. */
struct chain_signed {
	char hash[CHAIN_HASH_LEN + 1];
	struct buf raw; /* "0x" + hex of the signed bytes; "" for the simulator */
	struct chain_fees fees;
};

/* A Transfer of a configured token to the custody address (deposits). */
struct chain_transfer_log {
	char asset[8];
	char token[43], sender[43];
	char units[80];              /* the value in base units, decimal */
	char amount[64];             /* at the asset's scale; "" when not exact */
	char tx_hash[CHAIN_HASH_LEN + 1];
	unsigned long long log_index;
	long long block_number;
	char block_hash[CHAIN_HASH_LEN + 1];
};

/* One token of the chain: the service's asset, its contract, its decimals. */
struct chain_token {
	char asset[8];
	char address[43]; /* "" when not configured on this chain */
	unsigned decimals;
};

/* The EVM adapter's settings (registry.c fills them from config) and what
 * it learns at start. */
struct chain_evm {
	unsigned long long chain_id;
	unsigned long long confirmations;
	unsigned long long replace_after_seconds;
	unsigned long long head_max_age_seconds;
	unsigned long long log_range;       /* blocks per eth_getLogs */
	unsigned long long max_fee_wei;     /* cap of maxFeePerGas */
	unsigned long long priority_fee_wei; /* cap of maxPriorityFeePerGas */
	unsigned long long gas_limit_cap;   /* a transaction's most gas */
	char gateway[43], treasury[43], custody[43];
	char signer_socket[108]; /* cediramp-signer's, which holds the key */
	struct chain_token tokens[CHAIN_ASSETS];
	/* cediramp-signer only: its key store (sign uses it); NULL in every
	 * other program, whose sign refuses */
	struct keystore *keys;
	/* learnt by open (and again when older than a few seconds): the
	 * signer's address, the key's own in the signer */
	char operator_address[43];
	long long operator_learnt; /* when, monotonic seconds; 0: never */
	int chain_checked; /* eth_chainId matched, and each token's decimals() */
	int broken;        /* open found it misconfigured: every call refuses */
};

struct prov_chain;
struct keystore;

struct chain_adapter {
	const char *name; /* "sim" or "evm" */
	/*
	 * Start-up checks, run by providers_open (EVM: the key file and its
	 * mode, the node's chain id). CHAIN_OK; CHAIN_MISCONFIGURED with why:
	 * refuse to run; CHAIN_UNAVAILABLE: the node did not answer, so the
	 * chain id is checked again before the first move.
	 */
	enum chain_rc (*open)(struct prov_chain *ch, char *why, size_t cap);
	/* 1 when wallet (a JWT subject) can hold coins on this chain: under
	 * evm an address, 0x and 40 hex digits (case-insensitive). */
	int (*wallet_ok)(const char *wallet);
	/* The address whose nonces the database hands out, or NULL when the
	 * adapter has none (the simulator) or the signer cannot be asked for
	 * it (evm: cediramp-signer down; asked again after a few seconds). */
	const char *(*signer)(struct prov_chain *ch);
	/* 1 when moves hold nonces (evm): signed by cediramp-signer, never
	 * taken back once signed; 0 for the simulator. */
	int nonces;
	/*
	 * Before anything is written: whether m can go, and at what gas and
	 * fees. CHAIN_OK with fees; CHAIN_INSUFFICIENT, CHAIN_ALLOWANCE,
	 * CHAIN_REJECTED (why: e.g. the node's revert reason),
	 * CHAIN_UNAVAILABLE (why: also fees above the configured limit).
	 */
	enum chain_rc (*prepare)(struct prov_chain *ch, const struct chain_move *m,
	    struct chain_fees *fees, char *why, size_t cap);
	/* Fees for a replacement of a transaction sent with old: each at
	 * least 12.5 % higher, and at least what the chain asks now. CHAIN_OK;
	 * CHAIN_REJECTED when providers.evm.max_fee_gwei forbids it. NULL for
	 * an adapter that never replaces. */
	enum chain_rc (*reprice)(struct prov_chain *ch, const struct chain_fees *old,
	    struct chain_fees *fees);
	/* Signs m with nonce and fees, no I/O (evm: with ch->evm.keys, so in
	 * cediramp-signer only). out->raw must be an initialised buffer. */
	enum chain_rc (*sign)(struct prov_chain *ch, const struct chain_move *m,
	    unsigned long long nonce, const struct chain_fees *fees,
	    struct chain_signed *out);
	/*
	 * Broadcasts s (the signed m). CHAIN_OK: accepted, or the node already
	 * has it or its nonce was used (look the receipt up);
	 * CHAIN_INSUFFICIENT / CHAIN_REJECTED: refused (why); CHAIN_IN_DOUBT;
	 * CHAIN_UNAVAILABLE.
	 */
	enum chain_rc (*broadcast)(struct prov_chain *ch, const struct chain_move *m,
	    const struct chain_signed *s, char *why, size_t cap);
	/* The receipt of hash; CHAIN_UNKNOWN state when there is none. */
	enum chain_rc (*receipt)(struct prov_chain *ch, const char *hash,
	    struct chain_receipt *out);
	/* The signer's next nonce as the node counts it (pending), to start
	 * the database's counter. NULL without nonces. */
	enum chain_rc (*next_nonce)(struct prov_chain *ch, unsigned long long *out);
	/* Whether nonce of the signer was used by a transaction with at least
	 * the confirmations (*used 1), none of whose hashes is ours then.
	 * NULL without nonces. */
	enum chain_rc (*nonce_used)(struct prov_chain *ch, unsigned long long nonce,
	    int *used);
	/* The balance of wallet in asset, as decimal text, into out. */
	enum chain_rc (*balance)(struct prov_chain *ch, const char *wallet,
	    const char *asset, char *out, size_t cap);
	/* Sandbox, simulator only (NULL under evm, which mints by a signed
	 * move): credits wallet, returns the new balance in out.
	 * CHAIN_REJECTED for the gateway's refusal (a 4xx); CHAIN_TIMEOUT;
	 * CHAIN_UNAVAILABLE for anything else that is not a balance. */
	enum chain_rc (*faucet)(struct prov_chain *ch, const char *wallet,
	    const char *asset, const char *amount, char *out, size_t cap);
	/* The signer's native coin (gas money), as decimal text with 18
	 * places into out. NULL without a signer. */
	enum chain_rc (*gas_balance)(struct prov_chain *ch, char *out, size_t cap);
	/* The chain's health (NULL: probe ep.url + "/health"). */
	enum prov_health (*health)(struct prov_chain *ch);
	/* Deposits (NULL for the simulator): the last block number, and a
	 * block's hash ("" when it does not exist yet). */
	enum chain_rc (*head)(struct prov_chain *ch, long long *out);
	enum chain_rc (*block_hash)(struct prov_chain *ch, long long number,
	    char out[CHAIN_HASH_LEN + 1]);
	/* Transfers of the configured tokens to the custody address in blocks
	 * from..to (inclusive): *out (malloc'd; free it) with *n entries. */
	enum chain_rc (*transfers_in)(struct prov_chain *ch, long long from,
	    long long to, struct chain_transfer_log **out, size_t *n);
	/* The node's last block: its number and timestamp (Unix seconds),
	 * for the chain head's age (metrics). NULL for the simulator. */
	enum chain_rc (*head_time)(struct prov_chain *ch, long long *number, long long *unix_ts);
};

/* The chain as the registry built it: an adapter and its settings. */
struct prov_chain {
	const struct chain_adapter *ops;
	struct prov_endpoint ep;     /* the simulator's URL, or the node's RPC URL */
	unsigned long long chain_id; /* 0 for the simulator */
	struct chain_evm evm;        /* the EVM adapter's settings and state */
};

extern const struct chain_adapter chain_http;
extern const struct chain_adapter chain_evm;

/* The simulator's transfer hash of a move: "0x" + hex SHA-256 of its id. */
void chain_tx_hash(const char *conversion_id, char out[CHAIN_HASH_LEN + 1]);

#endif
