/*
 * ops_float: the back office's money pages' changes (docs/console.md,
 * "Back office": Float and Reconcile), as a session with ops-money takes
 * them, each the admin tool's own domain call, its reason checked first
 * and kept in the audit log (console_audit_reason; no partner):
 *   - a float sync: float_sync_from_provider, `cediramp-admin float sync
 *     NETWORK --reason TEXT`'s call ("float.sync", the object the
 *     network);
 *   - an unmatched chain deposit assigned to a partner: partner_credit
 *     under the deposit's reference, as `cediramp-admin partner credit
 *     PARTNER_ID COIN AMOUNT --reference chain:...` makes it, with the
 *     deposit's own coin and amount ("deposit.assign", the object the
 *     deposit's id). Once: the deposit is then assigned.
 * Every function fills o (initialised here) and returns its error; an
 * error means nothing was written.
 */
#ifndef CEDIRAMP_CONSOLE_OPS_FLOAT_H
#define CEDIRAMP_CONSOLE_OPS_FLOAT_H

#include "domain/chain_deposit.h"
#include "domain/console/session.h"
#include "domain/ctx.h"
#include "domain/float_reconcile.h"
#include "domain/funds.h"

/*
 * s syncs network's limited float from its provider's balance (into
 * provider, cap bytes) with reason, audited. ERR_VALIDATION naming reason
 * or network (an unknown network); ERR_PROVIDER_UNAVAILABLE;
 * ERR_INVALID_STATE (an unlimited float; a provider balance below what
 * is in flight).
 */
enum err console_ops_float_sync(struct ctx *ctx, const struct console_session *s,
    const char *network, const char *reason, const struct console_client *from,
    char *provider, size_t cap, struct payout_float_sync *out, struct outcome *o);

/*
 * s credits unmatched chain deposit id to partner partner_id (pt_...) with
 * reason, audited; the deposit as it was into *d, the credit into *out.
 * ERR_VALIDATION naming reason or partner_id; ERR_NOT_FOUND (no such
 * deposit: o's message says "deposit"; no such partner in this
 * environment: "partner"); ERR_INVALID_STATE (the deposit is not
 * unmatched, assigned meanwhile included, or no partner can hold it: its
 * coin or amount); ERR_DUPLICATE_REFERENCE (its reference was credited).
 */
enum err console_ops_deposit_assign(struct ctx *ctx, const struct console_session *s,
    const char *id, const char *partner_id, const char *reason,
    const struct console_client *from, struct chain_deposit_row *d, struct funds_deposit *out,
    struct outcome *o);

#endif
