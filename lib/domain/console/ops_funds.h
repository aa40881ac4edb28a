/*
 * ops_funds: the back office's changes of a partner's balances
 * (docs/console.md, "Back office"), as an operator or the platform's
 * finance takes them: exactly the calls of `cediramp-admin partner
 * credit` (partner_credit: a real deposit of USDT or USDC, credited once
 * per reference) and `partner adjust` (partner_adjust: a signed
 * correction of USDT, USDC or GHS, once per reference), the reason
 * checked first and kept in the audit log ("partner.credit",
 * "partner.adjust"; the object the partner's id, no partner). A chain
 * deposit's reference ("chain:...") is not credited here: the deposit's
 * own assignment does that.
 *
 * Every function fills o (initialised here) and returns its error; an
 * error means nothing was written (the same reference again:
 * ERR_DUPLICATE_REFERENCE, as the admin tool refuses it).
 */
#ifndef CEDIRAMP_CONSOLE_OPS_FUNDS_H
#define CEDIRAMP_CONSOLE_OPS_FUNDS_H

#include "core/cfg.h"
#include "core/outcome.h"
#include "domain/console/session.h"
#include "domain/funds.h"
#include "store/db.h"

/* What an operator credits or adjusts. */
struct console_ops_funds {
	const char *currency;
	const char *amount;     /* a credit: positive; an adjustment: signed */
	const char *reference;  /* once per reference */
	const char *reason;     /* the operator's */
};

/*
 * s credits partner public_id with a real deposit in (partner_credit,
 * source operator): the deposit into *out. ERR_VALIDATION naming reason,
 * amount or reference (a "chain:" one: the deposit's assignment's), or
 * the partner id; ERR_INVALID_CURRENCY (USDT or USDC); ERR_NOT_FOUND;
 * ERR_DUPLICATE_REFERENCE (that reference was credited already).
 */
enum err console_ops_partner_credit(struct db *db, const struct cfg *cfg,
    const struct console_session *s, const char *public_id, const struct console_ops_funds *in,
    const struct console_client *from, struct funds_deposit *out, struct outcome *o);

/*
 * s corrects partner public_id's available balance by in (partner_adjust):
 * the balance after it into balance (cap bytes). ERR_VALIDATION naming
 * reason, amount or reference (1 to 40 characters), or the partner id;
 * ERR_INVALID_CURRENCY (USDT, USDC or GHS); ERR_NOT_FOUND;
 * ERR_DUPLICATE_REFERENCE; ERR_INSUFFICIENT_BALANCE (below zero).
 */
enum err console_ops_partner_adjust(struct db *db, const struct cfg *cfg,
    const struct console_session *s, const char *public_id, const struct console_ops_funds *in,
    const struct console_client *from, char *balance, size_t cap, struct outcome *o);

#endif
