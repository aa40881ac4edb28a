/*
 * transfer: a wallet user's payout to a beneficiary (POST
 * /api/mobile-money/transfer): the request's checks, the payout's row with
 * the hold on the user's GHS, or, for a transfer in a stablecoin, the
 * conversion that funds it; then the payout engine (domain/payout.h)
 * sends and settles it.
 */
#include "domain/wallet/transfer.h"

#include <stdio.h>
#include <string.h>

#include "core/currency.h"
#include "core/log.h"
#include "core/phone.h"
#include "core/strict.h"
#include "domain/catalog.h"
#include "domain/internal.h"
#include "domain/ledger.h"
#include "domain/lookup_cache.h"
#include "domain/payout_call.h"
#include "domain/payout_float.h"
#include "domain/quote.h"
#include "domain/tier_limit.h"
#include "domain/wallet/beneficiary.h"
#include "domain/wallet/conversion.h"
#include "providers/registry.h"
#include "store/db_sig.h"

#define IN_FLIGHT PAYOUT_IN_FLIGHT

/* "user:<id>:GHS": a wallet user's GHS, which its payouts are held from */
static void
user_account(long long user_id, char *out, size_t cap)
{
	snprintf(out, cap, "user:%lld:GHS", user_id);
}

/* ---- create ---- */

struct create {
	const struct caller *who;
	const struct beneficiary *ben;
	const char *amount, *fee, *client_ref;
	const struct idempotency_claim *claim;
	struct payout *p;
	struct outcome *o;
	long long lease_seconds;
	const struct cfg *cfg;  /* the float's default when it has no row */
};

/* The members both payout inserts share (store/stmt_payout.h): who, to
 * whom, how much, of struct create k. */
#define PAYOUT_MEMBERS(k) .id = (k)->p->id, .user_id = (k)->who->id, \
	.beneficiary_id = (k)->ben->id, .provider = (k)->ben->provider, \
	.phone = (k)->ben->phone, .account_name = (k)->ben->account_name, \
	.amount = (k)->amount, .fee = (k)->fee, .currency = "GHS", .client_ref = (k)->client_ref

/* The answer for a network whose float cannot cover amount. */
static void
float_short(struct outcome *o, const char *network, const char *amount)
{
	outcome_clear_ctx(o);
	outcome_fail(o, ERR_INSUFFICIENT_LIQUIDITY, "The %s payout float cannot cover "
	    "%s GHS right now; try again later", network, amount);
}

/*
 * The payout's row, its provider reference, the hold on the user's GHS,
 * the draw on the network's float and the idempotency key's recovery
 * point, in one transaction.
 */
static int
create_tx(struct db *db, void *arg)
{
	struct create *k = arg;
	char acct[LEDGER_CODE_MAX], total[MONEY_MAX_TEXT], bal[MONEY_MAX_TEXT];
	char provider_ref[MOMO_REF_LEN + 1];
	struct ledger_leg legs[2];
	enum db_rc rc;
	int covered;

	outcome_init(k->o);
	if ((rc = DB_EXEC(db, DB_USER_LOCK, user_id, NULL, NULL, .id = k->who->id)) != DB_OK)
		return rc;
	user_account(k->who->id, acct, sizeof(acct));
	/* the tier's limits first: a rule, whatever the balance */
	if ((rc = tier_limit_check(db, k->who, TIER_PAYOUTS, k->amount, k->o)) != DB_OK)
		return rc;
	if (payout_add_ghs(k->amount, k->fee, total, sizeof(total)) != 0 ||
	    (rc = ledger_balance(db, acct, 2, bal, sizeof(bal))) != DB_OK)
		return rc != DB_OK ? rc : DB_FAIL;
	if (money_cmp_text(bal, total, 2) < 0) {
		outcome_clear_ctx(k->o);
		outcome_str(k->o, "available", bal);
		outcome_str(k->o, "required", total);
		outcome_str(k->o, "currency", "GHS");
		outcome_fail(k->o, ERR_INSUFFICIENT_BALANCE,
		    "The payout needs %s GHS (amount and fee); %s GHS is available",
		    total, bal);
		return DB_FAIL;
	}
	if (id_new(k->p->id, sizeof(k->p->id), "po_") != 0 || momo_new_ref(provider_ref) != 0)
		return DB_FAIL;
	/* due for a check at once, but the creating request holds it (the
	 * lease) until its own send returns */
	rc = DB_EXEC(db, DB_PAYOUT_INSERT, payout_insert, NULL, NULL, PAYOUT_MEMBERS(k),
	    .provider_ref = provider_ref, .check_seconds = 0, .lease_seconds = k->lease_seconds);
	if (rc != DB_OK)
		return rc;
	/* the float before the ledger, as settle_tx does: one lock order */
	if ((rc = payout_float_draw(db, k->cfg, k->ben->provider, k->amount, k->p->id,
	    &covered)) != DB_OK)
		return rc;
	if (!covered) {
		float_short(k->o, k->ben->provider, k->amount);
		return DB_FAIL;
	}
	ledger_leg(&legs[0], acct, "GHS", total, 1);
	ledger_leg(&legs[1], IN_FLIGHT, "GHS", total, 0);
	if ((rc = ledger_post(db, "payout.hold", k->p->id, legs, 2)) != DB_OK)
		return rc;
	return idempotency_mark(db, k->claim, PAYOUT_POINT_CREATED, k->p->id);
}

/*
 * The checks that need no database: the currency (GHS, or a coin when
 * coin is not NULL: *coin is set), the amount at its scale, the reference.
 */
static enum err
check_request(const struct transfer_req *in, const struct currency **coin,
    char *amount, size_t cap, struct outcome *o)
{
	unsigned scale = 2;
	mpz_t v;
	int ok;

	*coin = NULL;
	if (strcmp(in->currency, "GHS") != 0) {
		*coin = currency_find(in->currency);
		if (*coin == NULL || !((*coin)->flags & CURRENCY_CONVERTIBLE))
			return outcome_field(o, ERR_INVALID_CURRENCY, "currency",
			    "GHS, or one of USDT, USDC, USDC_E, DAI");
		scale = (*coin)->scale;
	}
	mpz_init(v);
	ok = money_parse(in->amount, scale, v) == MONEY_OK && mpz_sgn(v) > 0 &&
	    money_format(v, scale, amount, cap) == 0;
	mpz_clear(v);
	if (!ok)
		return outcome_field(o, ERR_INVALID_AMOUNT, "amount",
		    "a positive decimal with the currency's places");
	if (in->client_ref != NULL && !strict_text(in->client_ref, 0, PAYOUT_CLIENT_REF_MAX))
		return outcome_field(o, ERR_VALIDATION, "reference",
		    "at most 100 printable characters");
	return ERR_OK;
}

/* The network's bounds: ERR_OK, or ERR_INVALID_AMOUNT with context. */
static enum err
check_bounds(const char *network, const char *amount, struct outcome *o)
{
	const struct network *n = catalog_network(network);

	if (n == NULL)
		return outcome_err(o, ERR_INTERNAL);
	if (money_cmp_text(amount, n->min_amount, 2) >= 0 &&
	    money_cmp_text(amount, n->max_amount, 2) <= 0)
		return ERR_OK;
	outcome_clear_ctx(o);
	outcome_str(o, "minAmount", n->min_amount);
	outcome_str(o, "maxAmount", n->max_amount);
	outcome_str(o, "currency", "GHS");
	return outcome_fail(o, ERR_INVALID_AMOUNT, "%s payouts are %s to %s GHS",
	    network, n->min_amount, n->max_amount);
}

/* Before anything is debited: the provider answers for the account. */
static enum err
preflight(struct ctx *ctx, const struct beneficiary *b, struct outcome *o)
{
	const struct prov_momo *m = providers_momo(&ctx->prov, b->provider);
	char msisdn[16], name[BENEFICIARY_NAME_MAX + 1];

	if (m == NULL || phone_msisdn(b->phone, msisdn, sizeof(msisdn)) != 0)
		return outcome_err(o, ERR_INTERNAL);
	switch (lookup_cached(ctx, m, b->provider, msisdn, name, sizeof(name))) {
	case MOMO_OK:
		return ERR_OK;
	case MOMO_NOT_FOUND:
		return outcome_fail(o, ERR_VERIFICATION_FAILED,
		    "The beneficiary's account no longer exists at %s", b->provider);
	case MOMO_TIMEOUT:
		return outcome_err(o, ERR_PROVIDER_TIMEOUT);
	default:
		return outcome_err(o, ERR_PROVIDER_UNAVAILABLE);
	}
}

/* The network's payout fee from config ("" when the network is unknown). */
static const char *
network_fee(const struct cfg *c, const char *network)
{
	size_t i;

	for (i = 0; i < PROV_NETWORKS; i++)
		if (strcmp(prov_network_ids[i], network) == 0)
			return c->momo_net[i].payout_fee;
	return "";
}

/* ---- a stablecoin transfer: its conversion, then its payout ---- */

struct funded {
	struct create k;          /* the payout, as a GHS transfer describes it */
	const char *coin, *source_amount;
	char provider_ref[MOMO_REF_LEN + 1];
};

/* In the conversion's own transaction: the payout that waits for it, the
 * payout tier limits, and the transfer's recovery point. */
static int
funded_created(struct db *db, const char *conversion_id, void *arg)
{
	struct funded *f = arg;
	struct create *k = &f->k;
	enum db_rc rc;

	if ((rc = tier_limit_check(db, k->who, TIER_PAYOUTS, k->amount, k->o)) != DB_OK)
		return rc;
	if (id_new(k->p->id, sizeof(k->p->id), "po_") != 0 || momo_new_ref(f->provider_ref) != 0)
		return DB_FAIL;
	rc = DB_EXEC(db, DB_PAYOUT_INSERT_PENDING, payout_insert_pending, NULL, NULL,
	    PAYOUT_MEMBERS(k), .conversion_id = conversion_id, .source_currency = f->coin,
	    .source_amount = f->source_amount, .provider_ref = f->provider_ref);
	if (rc != DB_OK)
		return rc;
	return idempotency_mark(db, k->claim, PAYOUT_POINT_CREATED, k->p->id);
}

/* In the transaction that undoes a refused conversion: its payout goes too,
 * and the transfer's key is back at "started" (nothing committed). */
static int
funded_undone(struct db *db, const char *conversion_id, void *arg)
{
	struct funded *f = arg;
	enum db_rc rc;

	rc = DB_EXEC(db, DB_PAYOUT_DELETE_PENDING, payout_conversion, NULL, NULL,
	    .conversion_id = conversion_id);
	if (rc != DB_OK)
		return rc;
	return idempotency_mark(db, f->k.claim, IDEMPOTENCY_STARTED, NULL);
}

/*
 * A transfer in coin: prices amount of it at the live rate, checks the
 * proceeds less the fee as a payout, and converts with the payout's row
 * in the conversion's transaction.
 */
static enum err
create_funded(struct ctx *ctx, const struct caller *who, const struct currency *coin,
    const char *amount, const struct transfer_req *in, struct idempotency_claim *claim,
    struct payout *out, struct outcome *o)
{
	char ghs[MONEY_MAX_TEXT];
	struct conversion c;
	struct beneficiary ben;
	struct conversion_hook hook;
	struct funded f;
	struct quote q;
	mpz_t r, fee;
	enum err e;
	int ok;

	if ((e = beneficiary_get(ctx, who, in->beneficiary_id, &ben, o)) != ERR_OK)
		return e;
	memset(&f, 0, sizeof(f));
	f.k.fee = network_fee(&ctx->cfg, ben.provider);
	/* the proceeds at today's rate (a stored quote, redeemed at once) */
	if ((e = quote_create(ctx, who, coin, amount, &q, o)) != ERR_OK)
		return e;
	mpz_inits(r, fee, NULL);
	ok = money_parse(q.receive, 2, r) == MONEY_OK && money_parse(f.k.fee, 2, fee) == MONEY_OK;
	mpz_sub(r, r, fee);
	ok = ok && mpz_sgn(r) > 0 && money_format(r, 2, ghs, sizeof(ghs)) == 0;
	mpz_clears(r, fee, NULL);
	if (!ok)
		return outcome_field(o, ERR_INVALID_AMOUNT, "amount",
		    "too small: nothing is left after the conversion and payout fees");
	if ((e = check_bounds(ben.provider, ghs, o)) != ERR_OK ||
	    (e = preflight(ctx, &ben, o)) != ERR_OK)
		return e;
	f.k.who = who;
	f.k.ben = &ben;
	f.k.amount = ghs;
	f.k.client_ref = in->client_ref;
	f.k.claim = claim;
	f.k.p = out;
	f.k.o = o;
	f.coin = coin->code;
	f.source_amount = q.amount;
	hook.created = funded_created;
	hook.undone = funded_undone;
	hook.arg = &f;
	e = conversion_create_hooked(ctx, who, q.id, q.amount, coin->code, NULL, &hook, &c, o);
	if (out->id[0] == '\0' || payout_load(ctx->db, out->id, who->id, 0, out) != DB_OK) {
		/* nothing committed (refused, or undone with its conversion) */
		idempotency_noted(claim, IDEMPOTENCY_STARTED, NULL);
		return e != ERR_OK ? e : outcome_err(o, ERR_SERVICE_UNAVAILABLE);
	}
	idempotency_noted(claim, PAYOUT_POINT_CREATED, out->id);
	if (e != ERR_OK && e != ERR_CONVERSION_FAILED)
		return e;
	o->changed = 1;
	outcome_clear_ctx(o);
	return ERR_OK; /* pending: the worker holds and sends it once converted */
}

/* Resumes a stablecoin transfer whose request died: its conversion's
 * broadcast again, then its payout as it stands. */
static enum err
resume_funded(struct ctx *ctx, const struct caller *who, struct idempotency_claim *claim,
    struct payout *p, struct outcome *o)
{
	struct conversion c;
	struct conversion_hook hook;
	struct funded f;
	enum err e;

	memset(&f, 0, sizeof(f));
	f.k.claim = claim;
	hook.created = funded_created;
	hook.undone = funded_undone;
	hook.arg = &f;
	e = conversion_resume(ctx, who, p->funding_id, NULL, &hook, &c, o);
	if (payout_load(ctx->db, p->id, who->id, 0, p) != DB_OK) {
		idempotency_noted(claim, IDEMPOTENCY_STARTED, NULL); /* undone with its conversion */
		return e != ERR_OK ? e : outcome_err(o, ERR_SERVICE_UNAVAILABLE);
	}
	o->changed = 1;
	outcome_clear_ctx(o);
	return ERR_OK;
}

enum err
transfer_create(struct ctx *ctx, const struct caller *who, const struct transfer_req *in,
    struct idempotency_claim *claim, struct payout *out, struct outcome *o)
{
	const struct currency *coin;
	char amount[MONEY_MAX_TEXT];
	struct beneficiary ben;
	struct create k;
	enum err e;
	int rc;

	memset(out, 0, sizeof(*out));
	if (claim != NULL && claim->row != 0 &&
	    strcmp(claim->point, PAYOUT_POINT_CREATED) == 0) {
		/* a retry of a request that died after committing: resume it */
		rc = payout_load(ctx->db, claim->recovery_id, who->id, 0, out);
		if (rc != DB_OK)
			return outcome_err(o, domain_db_err(rc));
		if (strcmp(out->status, "pending") == 0)
			return resume_funded(ctx, who, claim, out, o);
		return payout_send_step(ctx, out, transfer_owners, o);
	}
	if (strcmp(who->tier, "none") == 0)
		return outcome_err(o, ERR_FORBIDDEN);
	if ((e = check_request(in, &coin, amount, sizeof(amount), o)) != ERR_OK)
		return e;
	if (coin != NULL)
		return create_funded(ctx, who, coin, amount, in, claim, out, o);
	if ((e = beneficiary_get(ctx, who, in->beneficiary_id, &ben, o)) != ERR_OK ||
	    (e = check_bounds(ben.provider, amount, o)) != ERR_OK ||
	    (e = preflight(ctx, &ben, o)) != ERR_OK)
		return e;
	memset(&k, 0, sizeof(k));
	k.who = who;
	k.ben = &ben;
	k.amount = amount;
	k.fee = network_fee(&ctx->cfg, ben.provider);
	k.client_ref = in->client_ref;
	k.claim = claim;
	k.p = out;
	k.o = o;
	k.lease_seconds = ctx_call_lease(ctx);
	k.cfg = &ctx->cfg;
	rc = db_tx(ctx->db, create_tx, &k);
	if (rc != DB_OK) {
		if (o->err == ERR_INSUFFICIENT_LIQUIDITY) /* rolled back: kept for the back office */
			payout_float_refused(ctx, ben.provider, amount, "user", who->public_id, NULL);
		if (o->err != ERR_OK)
			return o->err;
		if (rc == DB_CHECK) /* a balance would go below zero: a race lost */
			return outcome_err(o, ERR_INSUFFICIENT_BALANCE);
		return outcome_err(o, domain_db_err(rc));
	}
	idempotency_noted(claim, PAYOUT_POINT_CREATED, out->id);
	/* committed: the reference is on record before the payout goes out */
	if (payout_load(ctx->db, out->id, who->id, 0, out) != DB_OK)
		return outcome_err(o, ERR_SERVICE_UNAVAILABLE); /* a retry resumes */
	return payout_send_step(ctx, out, transfer_owners, o);
}

/* ---- its payouts' owner (struct payout_owner_ops) ---- */

struct start {
	const struct payout *p;
	long long lease_seconds;
	const struct cfg *cfg;
	int *short_of_funds;
	int *short_of_float;
};

/* A converted payout's hold, once its conversion credited the GHS: the
 * balance is checked under the user's lock, then held as any payout, with
 * its draw on the network's float; the payout processing and leased to
 * the caller. DB_OK; else nothing held, with *short_of_funds or
 * *short_of_float saying why when that was it. */
static int
start_tx(struct db *db, void *arg)
{
	struct start *st = arg;
	const struct payout *p = st->p;
	char acct[LEDGER_CODE_MAX], total[MONEY_MAX_TEXT], bal[MONEY_MAX_TEXT];
	struct ledger_leg legs[2];
	enum db_rc rc;
	int covered;

	*st->short_of_funds = *st->short_of_float = 0;
	if ((rc = DB_EXEC(db, DB_USER_LOCK, user_id, NULL, NULL, .id = p->user_id)) != DB_OK)
		return rc;
	user_account(p->user_id, acct, sizeof(acct));
	if (payout_add_ghs(p->amount, p->fee, total, sizeof(total)) != 0 ||
	    (rc = ledger_balance(db, acct, 2, bal, sizeof(bal))) != DB_OK)
		return rc != DB_OK ? rc : DB_FAIL;
	if (money_cmp_text(bal, total, 2) < 0) {
		*st->short_of_funds = 1; /* spent meanwhile: the payout fails */
		return DB_FAIL;
	}
	if ((rc = payout_start(db, p->id, st->lease_seconds)) != DB_OK)
		return rc;
	if ((rc = payout_float_draw(db, st->cfg, p->provider, p->amount, p->id,
	    &covered)) != DB_OK)
		return rc;
	if (!covered) {
		*st->short_of_float = 1; /* the payout fails, nothing held */
		return DB_FAIL;
	}
	ledger_leg(&legs[0], acct, "GHS", total, 1);
	ledger_leg(&legs[1], IN_FLIGHT, "GHS", total, 0);
	return ledger_post(db, "payout.hold", p->id, legs, 2);
}

static int
hold(struct ctx *ctx, const struct payout *p, int *short_of_funds,
    int *short_of_float)
{
	struct start st;

	st.p = p;
	st.lease_seconds = ctx_call_lease(ctx);
	st.cfg = &ctx->cfg;
	st.short_of_funds = short_of_funds;
	st.short_of_float = short_of_float;
	return db_tx(ctx->db, start_tx, &st);
}

/* The engine's pending step: a stablecoin transfer's payout waits for its
 * conversion (funding_id). */
static int
advance_pending(struct ctx *ctx, struct payout *p)
{
	struct caller owner;
	struct conversion c;
	struct outcome o;
	char reason[256];
	int rc, changed, short_of_funds, short_of_float;

	memset(&owner, 0, sizeof(owner));
	owner.kind = CALLER_USER;
	owner.id = p->user_id;
	outcome_init(&o);
	if (conversion_get(ctx, &owner, p->funding_id, &c, &o) != ERR_OK) {
		log_event("error", "payout %s: its conversion %s unreadable: %s", p->id,
		    p->funding_id, o.message);
		return -1;
	}
	if (strcmp(c.status, "failed") == 0) {
		snprintf(reason, sizeof(reason), "the conversion failed: %s", c.failure_reason);
		return payout_finish(ctx, p->id, 0, reason, transfer_owners, &changed) == DB_OK ?
		    changed : -1;
	}
	if (strcmp(c.status, "completed") != 0) {
		payout_check_later(ctx, p->id);
		return 0;
	}
	rc = hold(ctx, p, &short_of_funds, &short_of_float);
	if (rc != DB_OK && short_of_float) {
		snprintf(reason, sizeof(reason), "the %s payout float could not cover it; "
		    "nothing was held", p->provider);
		payout_float_refused(ctx, p->provider, p->amount, "user", p->owner.id, p->id);
		return payout_finish(ctx, p->id, 0, reason, transfer_owners, &changed) == DB_OK ?
		    changed : -1;
	}
	if (rc != DB_OK) {
		if (!short_of_funds) {
			log_event("error", "payout %s: holding it failed (%d): %s", p->id, rc,
			    db_error(ctx->db));
			return -1;
		}
		return payout_finish(ctx, p->id, 0, "the GHS balance no longer covers the payout",
		    transfer_owners, &changed) == DB_OK ? changed : -1;
	}
	if (payout_load_any(ctx->db, p->id, 0, p) != DB_OK)
		return -1;
	(void)payout_send_step(ctx, p, transfer_owners, &o);
	return 1;
}

/* A failed payout's GHS go back to the user's account ... */
static void
account(const struct payout *p, char *out, size_t cap)
{
	user_account(p->user_id, out, cap);
}

/* ... and its events are the user's. */
static void
subject(const struct payout *p, enum outbox_subject *kind, long long *id)
{
	*kind = OUTBOX_USER;
	*id = p->user_id;
}

const struct payout_owner_ops transfer_payout_owner = {
	.kind = "user",
	.pending = advance_pending,
	.account = account,
	.subject = subject,
};

const struct payout_owner_ops *const transfer_owners[] = { &transfer_payout_owner, NULL };

enum err
transfer_balances(struct ctx *ctx, const struct caller *who, char *available,
    char *pending, size_t cap, struct outcome *o)
{
	char acct[LEDGER_CODE_MAX];
	struct db_rows rows;
	const char *v;
	enum db_rc rc;
	int bad;

	user_account(who->id, acct, sizeof(acct));
	if ((rc = ledger_balance(ctx->db, acct, 2, available, cap)) != DB_OK)
		return domain_db_fail(o, rc, "read the balance");
	rc = DB_EXEC(ctx->db, DB_PAYOUT_PENDING_SUM, payout_user, &rows, NULL,
	    .user_id = who->id);
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "read the pending payouts");
	v = db_cell(&rows, 0, DB_COL(payout_pending, pending));
	bad = money_normalize(v ? v : "0", 2, 2, pending, cap) != 0;
	db_rows_free(&rows);
	return bad ? outcome_err(o, ERR_INTERNAL) : ERR_OK;
}

