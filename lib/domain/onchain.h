/*
 * onchain: the service's own moves on chain (chain_sends, chain_txs), the
 * exactly-once rules conversions and withdrawals rest on
 * (docs/decisions.md, decision 27):
 *
 *   prepare   outside any transaction: the chain's checks (balance,
 *             allowance, a call that would revert) and the fees. Nothing
 *             is written when they fail.
 *   record    inside the caller's transaction (with the conversion or the
 *             withdrawal): cediramp-signer's answer, which it stored
 *             before answering (its own transaction: the next nonce under
 *             the row lock of chain_nonces, the signature, the send and
 *             its raw bytes). A send whose owner never committed holds
 *             its nonce unbroadcast until the signer voids it.
 *   broadcast after that commit: the stored bytes, never new ones.
 *   advance   later, as often as needed: the receipt of every attempt;
 *             none yet: the same bytes again, or, once the newest attempt
 *             is providers.evm.replace_after_seconds old, a replacement
 *             (same nonce, fees raised at least 12.5 %) stored beside the
 *             old one before it goes out. A receipt that disappears or
 *             moves to another block (a reorg) is not final, so nothing
 *             has counted it; the bytes go out again. Final only with the
 *             confirmations.
 */
#ifndef CEDIRAMP_ONCHAIN_H
#define CEDIRAMP_ONCHAIN_H

#include "core/id.h"
#include "domain/ctx.h"
#include "providers/chain.h"
#include "providers/signer_client.h"

#define ONCHAIN_CONVERSION "conversion"
#define ONCHAIN_WITHDRAWAL "withdrawal"
#define ONCHAIN_MINT "mint"

enum onchain_state {
	ONCHAIN_PENDING = 0, /* not final yet: ask again later */
	ONCHAIN_CONFIRMED,   /* final: executed in block, as hash */
	ONCHAIN_FAILED,      /* final: reverted, or its nonce went to another transaction */
	ONCHAIN_REFUSED      /* the simulator refused it (nothing moved, no nonce used) */
};

struct onchain_result {
	enum onchain_state state;
	char hash[CHAIN_HASH_LEN + 1]; /* confirmed or failed: the attempt mined */
	long long block;               /* confirmed: its block */
	enum chain_rc refusal;         /* refused: CHAIN_INSUFFICIENT or CHAIN_REJECTED */
	char reason[200];              /* failed, refused: why */
	int unavailable;               /* pending because the chain did not answer */
};

/*
 * The chain's checks of m and the fees to sign it with (see chain.h
 * prepare); also starts the signer's nonce counter from the node's count
 * when the database has none. Nothing is written on failure. why (cap
 * bytes) says what failed.
 */
enum chain_rc onchain_prepare(struct ctx *ctx, const struct chain_move *m,
    struct chain_fees *fees, char *why, size_t cap);

/* Why cediramp-signer signed nothing (rc SIGNER_OK: it was not that). */
struct onchain_refusal {
	enum signer_rc rc; /* SIGNER_REFUSED: its policy; else down or no answer */
	char reason[200];
};

/*
 * Inside the caller's transaction on ctx->db, the send of purpose
 * (ONCHAIN_*) for m with fees; its hash into hash. Under evm it is
 * cediramp-signer's: it takes the next nonce under its own row lock,
 * signs, and stores the send and its first attempt in its own transaction
 * before it answers (asked again for the same ref, it answers the same
 * transaction). The simulator's is stored here, in the caller's. DB_OK;
 * DB_FAIL with no->rc set when the signer refused or did not answer
 * (logged; nothing was signed when refused or down); else the database's
 * error.
 */
int onchain_record(struct ctx *ctx, const char *purpose, const struct chain_move *m,
    const struct chain_fees *fees, char hash[CHAIN_HASH_LEN + 1], struct onchain_refusal *no);

/* Stores attempt number attempt of ref's send: its hash, bytes and fees
 * (the simulator's here; cediramp-signer's in domain/signing.c). DB_OK or
 * the database's error. */
int onchain_attempt_insert(struct db *db, const char *ref, unsigned long long attempt,
    const struct chain_signed *s);

/* After the commit: broadcasts the newest attempt of ref's send, counted.
 * The adapter's answer (chain.h broadcast); why says more. */
enum chain_rc onchain_broadcast(struct ctx *ctx, const char *ref, char *why, size_t cap);

/*
 * Moves ref's send on (see the top of this file) and says where it stands
 * in out. 0, or -1 when the database failed (out is then PENDING). A
 * chain that cannot be reached is PENDING too.
 */
int onchain_advance(struct ctx *ctx, const char *ref, struct onchain_result *out);

/*
 * Sandbox: mints amount of asset to wallet with the adapter's mint move
 * (the sandbox token's open mint), stored and broadcast as every move is
 * (so it holds its nonce like the others); its id ("mn_...") into ref,
 * its transaction's hash into hash.
 * CHAIN_OK once broadcast, or the chain's refusal with why.
 */
enum chain_rc onchain_mint(struct ctx *ctx, const char *wallet, const char *asset,
    const char *amount, char ref[ID_MAX], char hash[CHAIN_HASH_LEN + 1], char *why,
    size_t cap);

/* Inside the caller's transaction: removes ref's send, when it used no
 * nonce (the simulator refused it outright). DB_OK or the db's error. */
int onchain_forget(struct db *db, const char *ref);

/* The sends no conversion or withdrawal settles (sandbox mints): claims up
 * to n due ones for lease_seconds; ids into out. How many, or -1. */
int onchain_claim(struct ctx *ctx, int n, int lease_seconds, char (*out)[ID_MAX]);

/* Advances a claimed send for the payouts worker: 1 when it became final,
 * 0 when not, -1 on error. */
int onchain_settle(struct ctx *ctx, const char *ref);

#endif
