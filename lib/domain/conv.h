/*
 * conv: wallet conversions. A conversion redeems a quote: its row (with
 * the transfer hash, fixed before anything is broadcast) and the quote's
 * use are committed together, then the transfer is broadcast. The GHS
 * proceeds are credited when the chain confirms the transfer, by whoever
 * sees it first (the user's confirm call or the payouts worker), exactly
 * once: the conversion's status and the ledger's UNIQUE event key decide.
 */
#ifndef CEDIRAMP_CONV_H
#define CEDIRAMP_CONV_H

#include <jansson.h>

#include "domain/ctx.h"
#include "core/err.h"
#include "core/id.h"
#include "core/money.h"
#include "providers/chain.h"
#include "http/req.h"
#include "http/resp.h"

struct conversion {
	char id[ID_MAX];
	long long user_id;
	char quote_id[ID_MAX];
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
 * POST /api/convert/usdt-to-ghs for caller: redeems quote_id for amount of
 * from. Errors (resp gets message and context): ERR_FORBIDDEN (tier none),
 * ERR_INVALID_STABLECOIN, ERR_NOT_FOUND (no such quote of this caller),
 * ERR_QUOTE_EXPIRED (expired or already used), ERR_VALIDATION (amount or
 * from differ from the quote), ERR_LIMIT_EXCEEDED (tier daily/monthly,
 * with context), ERR_INSUFFICIENT_BALANCE (the wallet lacks the coin; the
 * conversion is undone), ERR_PROVIDER_UNAVAILABLE (the gateway could not
 * be reached; undone). On ERR_OK, out is the conversion, "processing".
 */
enum err conv_create(struct ctx *ctx, const struct caller *who,
    const char *quote_id, const char *amount, const char *from,
    struct conversion *out, struct resp *resp);

/*
 * POST /api/convert/confirm: asks the chain about conversion id of caller
 * and settles it. ERR_OK with out "completed" (the stored answer when it
 * already was) or "processing" (not yet confirmed); ERR_CONVERSION_FAILED
 * when the chain failed it; ERR_NOT_FOUND for another user's id.
 */
enum err conv_confirm(struct ctx *ctx, const struct caller *who,
    const char *id, struct conversion *out);

/*
 * Settles conversion id from its chain receipt, for the payouts worker.
 * Returns 1 when it completed or failed now, 0 when nothing changed (still
 * pending, or already settled), -1 on error.
 */
int conv_settle(struct ctx *ctx, const char *id);

/* Claims up to n processing conversions for lease_seconds; ids into out
 * (n * ID_MAX bytes). Returns how many, or -1. */
int conv_claim(struct ctx *ctx, int n, int lease_seconds, char (*out)[ID_MAX]);

/* Fills c from a row of the CONV_COLS statements. 0 or -1. */
int conv_from_row(const struct db_rows *rows, size_t row, struct conversion *c);

/* The Conversion object of the API (new reference). */
json_t *conv_json(const struct conversion *c);

#endif
