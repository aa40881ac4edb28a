/*
 * chain_deposit: partners' deposits, read from the chain. Partners fund
 * their balances by sending tokens to the custody address from addresses
 * an operator registered for them (partner_wallet_add). The deposits
 * worker reads the configured tokens' Transfer logs to the custody
 * address block range by block range, from its last finished block up to
 * the newest block with the confirmations on top, and stores the hash of
 * every block it finished:
 *
 *   - a log from a registered address, in an asset partners hold (USDT,
 *     USDC), of an amount exact at its places, credits that partner once:
 *     the row is UNIQUE per (chain, transaction, log index) and its credit
 *     is a partner deposit under the unique reference
 *     "chain:<chain id>:<tx hash>:<log index>";
 *   - any other log is recorded unmatched, never credited silently;
 *     reconcile lists it with the command an operator runs to assign it
 *     (`cediramp-admin partner credit PARTNER USDT AMOUNT --reference REF`);
 *   - a finished block whose hash the node no longer has is a reorg: the
 *     worker walks back to where they agree, reverses every credit the
 *     fork removed (a ledger posting of its own; a partner who spent it
 *     meanwhile leaves it "unreversible" for an operator) and scans again
 *     from there. A log that comes back in the new fork is credited again.
 */
#ifndef CEDIRAMP_CHAIN_DEPOSIT_H
#define CEDIRAMP_CHAIN_DEPOSIT_H

#include <stdio.h>

#include "core/money.h"
#include "core/outcome.h"
#include "domain/ctx.h"
#include "domain/funds.h"

#define CHAIN_DEPOSIT_REF_PREFIX "chain:"

struct chain_deposit_stats {
	long long from, to;     /* the blocks finished this run (to < from: none) */
	int credited, unmatched, reversed;
	int reorgs;
};

/*
 * One run of the deposits worker (see above), for at most budget_seconds.
 * 0 (st says what it did), or -1 when the chain or the database failed
 * (logged; the next run starts where this one stopped). Nothing to do
 * under a chain adapter without logs (the simulator).
 */
int chain_deposit_scan(struct ctx *ctx, long budget_seconds,
    struct chain_deposit_stats *st);

/* How many deposits chain_deposit_report listed, by status. */
struct chain_deposit_found {
	unsigned unmatched, unreversible;
};

/*
 * Prints every unmatched and unreversible deposit to out, each with what
 * an operator does about it, counting them into found. Returns 0 when
 * none is unreversible, 1 when one is, -1 when the database failed.
 */
int chain_deposit_report(struct db *db, FILE *out, struct chain_deposit_found *found);

/*
 * An operator's credit of unmatched deposit reference (a reference with
 * CHAIN_DEPOSIT_REF_PREFIX) to partner_id: currency and amount must be the
 * deposit's, exactly. In one transaction the deposit becomes "assigned"
 * and the partner is credited under that reference, once.
 * ERR_VALIDATION (no unmatched deposit of that reference, currency and
 * amount: nothing changes), ERR_DUPLICATE_REFERENCE,
 * ERR_SERVICE_UNAVAILABLE / ERR_INTERNAL.
 */
enum err chain_deposit_assign(struct db *db, long long partner_id, const char *currency,
    const char *amount, const char *deposit_ref, struct funds_deposit *out,
    struct outcome *o);

/* A deposit as the back office lists it. */
struct chain_deposit_row {
	char id[41];
	long long chain_id;
	char tx_hash[67];
	long long log_index, block_number;
	char sender[43];
	char asset[9];
	char amount[MONEY_MAX_TEXT]; /* at the asset's places; "": not exact there (no
	                              * partner can hold it) */
	char units[81];              /* base units, as sent */
	char deposit_ref[101];       /* the reference a credit of it takes */
	char seen_at[24];            /* ISO 8601, UTC */
	char status[16];             /* chain_deposit_get only */
};

#define CHAIN_DEPOSIT_PAGE_MAX 500

/* Called for each deposit listed; non-zero stops the walk. */
typedef int (*chain_deposit_row_fn)(const struct chain_deposit_row *d, void *arg);

/*
 * The unmatched deposits, oldest first, at most n (1..CHAIN_DEPOSIT_PAGE_MAX)
 * through fn, and whether there are more (*more); read after an assignment
 * made through another node. ERR_OK, ERR_SERVICE_UNAVAILABLE or
 * ERR_INTERNAL (o, initialised here).
 */
enum err chain_deposit_unmatched(struct db *db, size_t n, chain_deposit_row_fn fn, void *arg,
    int *more, struct outcome *o);

/* Deposit id (cd_..., any status) into d. ERR_NOT_FOUND (a malformed id
 * too), ERR_SERVICE_UNAVAILABLE, ERR_INTERNAL (o, initialised here). */
enum err chain_deposit_get(struct db *db, const char *id, struct chain_deposit_row *d,
    struct outcome *o);

#endif
