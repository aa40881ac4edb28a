/*
 * payout_float: the payout float (docs/decisions.md, decision 20). Each network's
 * disbursement account is prefunded: it holds a GHS float (payout_floats)
 * that payouts draw down and operators top up. A float is either limited
 * (a balance that never goes below zero: a CHECK backs it) or unlimited
 * (never short; the sandbox's default).
 *
 * - A payout draws its amount (what the recipient gets, the money that
 *   leaves the provider account; the fee stays with us) in the transaction
 *   that holds it, under the float row's own lock; a float that cannot
 *   cover it refuses the payout (ERR_INSUFFICIENT_LIQUIDITY).
 * - A held payout that fails restores exactly what it drew, once, in the
 *   transaction of its refund; a completed payout keeps the draw.
 * - Operators top a float up under a unique reference (`cediramp-admin
 *   float add`); the sandbox sets it outright (`sim set momo.<NET>.float`).
 * - A payment intent completed on a network whose collections land in the
 *   payout account (Paystack) adds its amount (payout_float_collect).
 * - `reconcile` compares each limited float with the provider's balance
 *   (domain/float_reconcile.h); `cediramp-admin float sync` sets it from
 *   the provider's, journalled with the operator's reason.
 *
 * A network without a row has its environment's default
 * (cfg->payout_float_unlimited): production 0 and limited (operators must
 * top it up before anything is paid), the sandbox unlimited. Every change
 * of a limited float is journalled in payout_float_moves (top-ups, draws,
 * restores, collections, syncs).
 */
#ifndef CEDIRAMP_PAYOUT_FLOAT_H
#define CEDIRAMP_PAYOUT_FLOAT_H

#include "core/cfg.h"
#include "core/money.h"
#include "core/outcome.h"
#include "store/db.h"

#define PAYOUT_FLOAT_REFERENCE_MAX 100

/* One network's float, as listed. */
struct payout_float_row {
	char network[16];
	char balance[MONEY_MAX_TEXT]; /* 2 places; meaningless when unlimited */
	int unlimited;
	char updated_at[32];          /* ISO 8601, or "" when never changed */
	/* its last sync (payout_float_list only; all "" when never synced) */
	char synced_at[32];                /* ISO 8601 */
	char sync_provider[MONEY_MAX_TEXT]; /* the provider's balance read ("": a sync
	                                     * made before schema 050 kept none) */
	char sync_change[MONEY_MAX_TEXT];  /* the signed change it made: the
	                                     * provider's less the float, then */
	char sync_reason[201];             /* the operator's */
};

/*
 * Inside the caller's transaction: draws amount (GHS, 2 places) from
 * network's float for payout payout_id. *covered is 1 when the float is
 * unlimited, or limited and covered it (drawn, and journalled), 0 when it
 * is short (nothing changed: the caller refuses the payout and rolls
 * back). The float's row stays locked until the caller's transaction
 * ends, so concurrent payouts are serialised on it and never overdraw it.
 * Returns DB_OK or the database's error.
 */
enum db_rc payout_float_draw(struct db *db, const struct cfg *cfg, const char *network,
    const char *amount, const char *payout_id, int *covered);

/*
 * Inside the caller's transaction: gives back what payout payout_id drew,
 * once (a second call, or a payout that drew nothing, changes nothing).
 * Returns DB_OK or the database's error.
 */
enum db_rc payout_float_restore(struct db *db, const char *payout_id);

/*
 * Inside the caller's transaction: a payment intent intent_id completed on
 * network, whose payouts and collections share one provider balance
 * (momo_adapter.collects_into_payouts): a limited float gains amount, once
 * (a second call changes nothing); an unlimited one is left as it is.
 * Returns DB_OK or the database's error.
 */
enum db_rc payout_float_collect(struct db *db, const struct cfg *cfg, const char *network,
    const char *amount, const char *intent_id);

/*
 * The payouts whose draws on network's float are not final yet (the
 * provider may not have paid them): rows of id, amount, status, since
 * (the caller frees them), their sum into sum. DB_OK or the database's
 * error (rows then freed).
 */
enum db_rc payout_float_in_flight(struct db *db, const char *network, struct db_rows *rows,
    char *sum, size_t cap);

/* A float sync's result (payout_float_sync). */
struct payout_float_sync {
	char before[MONEY_MAX_TEXT];    /* the float before */
	char after[MONEY_MAX_TEXT];     /* the float now */
	char in_flight[MONEY_MAX_TEXT]; /* drawn by payouts not yet final */
};

/*
 * `cediramp-admin float sync`: sets network's limited float from
 * provider_balance (the provider's own, 2 places), less what payouts in
 * flight drew (the provider is taken not to have paid them yet), and
 * journals the signed change with the operator's reason (1..200
 * printable characters). ERR_VALIDATION (a field: nothing written),
 * ERR_INVALID_STATE (an unlimited float, a provider balance below zero or
 * below what is in flight), ERR_SERVICE_UNAVAILABLE, ERR_INTERNAL.
 */
/* Judges a sync's network and reason alone (before the provider is
 * asked): ERR_OK, or ERR_VALIDATION naming the field. */
enum err payout_float_sync_args(const char *network, const char *reason, struct outcome *o);

enum err payout_float_sync(struct db *db, const struct cfg *cfg, const char *network,
    const char *provider_balance, const char *reason, struct payout_float_sync *out,
    struct outcome *o);

/*
 * An operator's top-up: adds amount (GHS, > 0, at most 2 places) to
 * network's float under reference (1..PAYOUT_FLOAT_REFERENCE_MAX printable
 * characters), once: a reference already used changes nothing and is
 * ERR_DUPLICATE_REFERENCE. On ERR_OK out (may be NULL) is the float after
 * it. ERR_VALIDATION (o names the field; nothing written),
 * ERR_SERVICE_UNAVAILABLE, ERR_INTERNAL.
 */
enum err payout_float_topup(struct db *db, const struct cfg *cfg, const char *network,
    const char *amount, const char *reference, struct payout_float_row *out,
    struct outcome *o);

/* Whether name is a float's simulator setting, "momo.<...>.float" (any
 * network: payout_float_set judges it). */
int payout_float_is_setting(const char *name);

/*
 * The setting "momo.<NETWORK>.float" = value sets that network's float
 * outright: "unlimited", or a limited balance (a decimal >= 0 with at
 * most 2 places); the sandbox's simulator settings offer it (`sim set`),
 * production never does. On ERR_OK out (may be NULL) is the float.
 * ERR_VALIDATION (nothing written), ERR_SERVICE_UNAVAILABLE, ERR_INTERNAL.
 */
enum err payout_float_set(struct db *db, const struct cfg *cfg, const char *name,
    const char *value, struct payout_float_row *out, struct outcome *o);

/* Called once per network, in the catalog's order; non-zero stops the walk. */
typedef int (*payout_float_row_fn)(const struct payout_float_row *r, void *arg);

/*
 * Every network's float with its last sync, a network without a row shown
 * with its environment's default; read after a change made through another
 * node of a cluster. ERR_SERVICE_UNAVAILABLE, ERR_INTERNAL.
 */
enum err payout_float_list(struct db *db, const struct cfg *cfg, payout_float_row_fn fn, void *arg,
    struct outcome *o);

#endif
