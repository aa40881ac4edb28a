/*
 * conv: wallet conversions. A conversion redeems a quote: its row (with
 * the transfer hash, fixed before anything is broadcast) and the quote's
 * use are committed together, then the transfer is broadcast. The GHS
 * proceeds are credited when the chain confirms the transfer, by whoever
 * sees it first (the user's confirm call or the payouts worker), exactly
 * once: the conversion's status and the ledger's UNIQUE event key decide.
 */
#ifndef CEDIRAMP_CONVERSION_H
#define CEDIRAMP_CONVERSION_H

#include <jansson.h>

#include "core/id.h"
#include "core/money.h"
#include "core/quote_token.h"
#include "core/outcome.h"
#include "domain/caller.h"
#include "domain/ctx.h"
#include "domain/idempotency.h"
#include "providers/chain.h"

/* The recovery point a conversion's idempotency key records with the
 * conversion's row; its reference is the conversion id. */
#define CONVERSION_POINT_CREATED "conversion_created"

struct conversion {
	char id[ID_MAX];
	long long user_id;
	char quote_id[QUOTE_ID_MAX];
	char wallet[129];
	char from[8], to[4];
	char amount[MONEY_MAX_TEXT];  /* at the coin's scale */
	char amount_exact[MONEY_MAX_TEXT]; /* as stored, 18 places */
	char rate[MONEY_MAX_TEXT];    /* as displayed */
	char fee[MONEY_MAX_TEXT];
	char receive[MONEY_MAX_TEXT];
	char status[16];
	char tx_hash[CHAIN_HASH_LEN + 1];
	long long block_number;       /* 0 until confirmed */
	char failure_reason[201];
	char ghs_balance_after[MONEY_MAX_TEXT]; /* "" until completed */
	char created_at[32], completed_at[32];  /* ISO; completed_at "" if none */
	char created_db[32];          /* "YYYY-MM-DD HH:MM:SS.ffffff", for cursors */
};

/*
 * Redeems quote_id of who for amount of from. Errors in o (message and
 * context): ERR_FORBIDDEN (tier none), ERR_INVALID_STABLECOIN,
 * ERR_NOT_FOUND (no such quote of this caller), ERR_QUOTE_EXPIRED (expired
 * or already used), ERR_VALIDATION (amount or from differ from the quote),
 * ERR_LIMIT_EXCEEDED (tier daily/monthly, with context),
 * ERR_INSUFFICIENT_BALANCE (the wallet lacks the coin; the conversion is
 * undone), ERR_PROVIDER_UNAVAILABLE (the gateway could not be reached;
 * undone), ERR_SERVICE_UNAVAILABLE. On ERR_OK, out is the conversion
 * ("processing") and o->changed is set.
 *
 * claim (may be NULL) is the request's idempotency key: the conversion's
 * row records CONVERSION_POINT_CREATED on it in the same transaction, and a
 * claim taken over at that point resumes that conversion (broadcasting
 * the same hash again) instead of redeeming anything.
 */
enum err conversion_create(struct ctx *ctx, const struct caller *who,
    const char *quote_id, const char *amount, const char *from,
    struct idempotency_claim *claim, struct conversion *out, struct outcome *o);

/* What a caller adds to a conversion's own transactions: the payout a
 * stablecoin transfer funds with it. */
struct conversion_hook {
	/* Inside the transaction that commits conversion conversion_id; anything
	 * but DB_OK rolls it back. */
	int (*created)(struct db *db, const char *conversion_id, void *arg);
	/* Inside the transaction that undoes it (the gateway refused it). */
	int (*undone)(struct db *db, const char *conversion_id, void *arg);
	void *arg;
};

/* conversion_create with hook (may be NULL) run in its transactions. */
enum err conversion_create_hooked(struct ctx *ctx, const struct caller *who,
    const char *quote_id, const char *amount, const char *from,
    struct idempotency_claim *claim, const struct conversion_hook *hook,
    struct conversion *out, struct outcome *o);

/*
 * Resumes conversion id of who whose creating request died: broadcasts its
 * hash again while it is processing (the gateway answers a known hash
 * without a second transfer) and answers as conversion_create does.
 */
enum err conversion_resume(struct ctx *ctx, const struct caller *who, const char *id,
    struct idempotency_claim *claim, const struct conversion_hook *hook,
    struct conversion *out, struct outcome *o);

/*
 * Asks the chain about conversion id of who and settles it. ERR_OK with out
 * "completed" (o->changed: a final answer) or "processing" (not yet
 * confirmed; not final); ERR_CONVERSION_FAILED with context when the chain
 * failed it; ERR_NOT_FOUND for another user's id; ERR_PROVIDER_UNAVAILABLE;
 * ERR_SERVICE_UNAVAILABLE when the database failed (also mid-settlement).
 * Confirming is idempotent by nature: settling twice credits once.
 */
enum err conversion_confirm(struct ctx *ctx, const struct caller *who,
    const char *id, struct conversion *out, struct outcome *o);

/*
 * Settles conversion id from its chain receipt, for the payouts worker.
 * Returns 1 when it completed or failed now, 0 when nothing changed (still
 * pending, or already settled), -1 on error.
 */
int conversion_settle(struct ctx *ctx, const char *id);

/* Claims up to n processing conversions for lease_seconds; ids into out
 * (n * ID_MAX bytes). Returns how many, or -1. */
int conversion_claim(struct ctx *ctx, int n, int lease_seconds, char (*out)[ID_MAX]);

/* Conversion id of who into out; ERR_NOT_FOUND (unknown, or another
 * user's), ERR_SERVICE_UNAVAILABLE. */
enum err conversion_get(struct ctx *ctx, const struct caller *who, const char *id,
    struct conversion *out, struct outcome *o);

/* Fills c from a row of shape conversion (the CONVERSION_COLS statements,
 * store/stmt_conversion.h). 0 or -1. */
int conversion_from_row(const struct db_rows *rows, size_t row, struct conversion *c);

#endif
