#include "domain/partner/intent.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/phone.h"
#include "domain/ledger.h"
#include "domain/payout_float.h"
#include "domain/provider_answer.h"
#include "domain/partner/intent_review.h"
#include "domain/partner/partner_request.h"
#include "domain/partner/resource.h"
#include "domain/report.h"
#include "providers/registry.h"
#include "store/db_sig.h"

#define CHECK_AGAIN_SECONDS 2     /* a pending request-to-pay asked again, at least */
#define COLLECTIONS "house:collections:GHS" /* what the networks collected for us */

static const char *const statuses[] = { "pending_approval", "approved", "completed",
	"rejected", "cancelled", "expired", "failed" };

void
intent_free(struct intent *in)
{
	free(in->description);
	free(in->metadata);
	in->description = in->metadata = NULL;
}

/* How an intent row (store/stmt_intent.h) fills a struct intent */
static const struct db_field columns[] = { DB_FIELDS(intent, struct intent) };

static int
from_row(const struct db_rows *r, size_t i, void *out)
{
	memset(out, 0, sizeof(struct intent));
	return db_row_read(r, i, columns, DB_NCOLS(intent), out);
}

static void free_row(void *in) { intent_free(in); }
static json_t *payload(const void *in) { return intent_payload(in); }

RESOURCE_KIND(intent_kind, struct intent, "payment intent", "pi_", "payment_intent", statuses,
    INTENT_PAGE_MAX, DB_PI, from_row, free_row, payload);

static json_t *
str_or_null(const char *s)
{
	return s != NULL && s[0] != '\0' ? json_string(s) : json_null();
}

json_t *
intent_payload(const struct intent *in)
{
	json_t *md = in->metadata ? json_loads(in->metadata, 0, NULL) : json_null();
	json_t *o = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:o,s:s,s:s,s:s,s:o,s:o}",
	    "payment_intent_id", in->id, "status", in->status, "amount", in->amount,
	    "currency", in->currency, "payer_phone", in->phone, "mobile_network",
	    in->network, "reference_id", in->reference_id, "description",
	    str_or_null(in->description), "expires_at", in->expires_at, "created_at",
	    in->created_at, "updated_at", in->updated_at, "failure_reason",
	    str_or_null(in->failure_reason), "metadata", md ? md : json_null());

	if (o != NULL && strcmp(in->status, "completed") == 0 &&
	    (json_object_set_new(o, "fee", json_string(in->fee)) != 0 ||
	    json_object_set_new(o, "net_amount", json_string(in->net_amount)) != 0 ||
	    json_object_set_new(o, "completed_at", json_string(in->completed_at)) != 0 ||
	    json_object_set_new(o, "late", json_boolean(in->late)) != 0)) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* ---- transitions ---- */

struct move {
	const char *id;
	long long owner;        /* the partner's (an API call's), when not any */
	int any;                /* the workers': any partner's intent */
	const char *from, *to;
	const char *reason;     /* rejected, failed: why; else NULL */
	const struct ctx *ctx;  /* its float, and whether it collects into it */
	struct intent out;      /* the intent afterwards (or as found) */
	int review;             /* an operator's resolution: a held intent moves */
	int moved;              /* 1: this transaction made the transition */
	int found;
};

/* Whether the payer's amount lands in k's network's payout account. */
static int
collects_into_float(const struct move *k)
{
	const struct prov_momo *m = providers_momo(&k->ctx->prov, k->out.network);

	return m != NULL && m->ops->collects_into_payouts;
}

/*
 * The transition k->from -> k->to of intent k->id, with its event and, to
 * completed, the credit: the partner's GHS gets net_amount, the fee
 * account the fee, from what the network collected (and the network's
 * payout float the amount, where collections land in the payout account). Moves nothing (DB_OK,
 * k->moved 0) when the intent is not in k->from: k->out is then as found.
 */
static int
move_tx(struct db *db, void *arg)
{
	struct move *k = arg;
	char acct[LEDGER_CODE_MAX];
	struct ledger_leg legs[3];
	struct db_res res;
	size_t n = 0;
	int rc;

	k->moved = k->found = 0;
	intent_free(&k->out);
	rc = k->any ? resource_load_any(db, &intent_kind, k->id, 1, &k->out) :
	    resource_load(db, &intent_kind, k->id, k->owner, 1, &k->out);
	if (rc != DB_OK)
		return rc == DB_DUP ? DB_OK : rc;
	k->found = 1;
	/* held for review: nothing moves it but the review */
	if (strcmp(k->out.status, k->from) != 0 || (k->out.held && !k->review))
		return DB_OK;
	rc = DB_EXEC(db, DB_PI_MOVE, pi_move, NULL, &res, .to = k->to, .reason = k->reason,
	    .id = k->id, .from = k->from);
	if (rc != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_FAIL; /* changed under our lock: impossible */
	if (strcmp(k->to, "completed") == 0) {
		snprintf(acct, sizeof(acct), "partner:%lld:GHS", k->out.partner_id);
		ledger_leg(&legs[n++], COLLECTIONS, "GHS", k->out.amount, 1);
		ledger_leg(&legs[n++], acct, "GHS", k->out.net_amount, 0);
		if (money_cmp_text(k->out.fee, "0", 2) > 0)
			ledger_leg(&legs[n++], "house:fees:GHS", "GHS", k->out.fee, 0);
		if ((rc = ledger_post(db, "payment_intent.completed", k->id, legs, n)) != DB_OK)
			return rc;
		if (collects_into_float(k) && (rc = payout_float_collect(db, &k->ctx->cfg,
		    k->out.network, k->out.amount, k->id)) != DB_OK)
			return rc;
	}
	k->moved = 1;
	return resource_event(db, &intent_kind, k->id, &k->out);
}

/* Runs one transition; 0 (k->moved says whether it happened) or -1. */
static int
move(struct ctx *ctx, struct move *k)
{
	int rc;

	k->ctx = ctx;
	rc = db_tx(ctx->db, move_tx, k);

	if (rc != DB_OK) {
		log_event("error", "payment intent %s: %s -> %s failed: %s", k->id, k->from,
		    k->to, db_error(ctx->db));
		return -1;
	}
	return 0;
}

/* ---- create ---- */

struct create {
	const struct intent_req *in;
	char amount[MONEY_MAX_TEXT];
	char fee[MONEY_MAX_TEXT], net[MONEY_MAX_TEXT];
	const char *metadata;          /* canonical, or NULL */
	long long ttl;
	char provider_ref[MOMO_REF_LEN + 1];
	struct resource_create c;      /* who, the hash, the answer, o */
};

/* The intent's row, inside resource_commit's transaction (the partner's
 * lock held, the reference free); it then writes
 * payment_intent.pending_approval. */
static int
insert(struct db *db, struct resource_create *c, char id[ID_MAX])
{
	struct create *k = c->arg;
	const struct intent_req *in = k->in;

	if (id_new(id, ID_MAX, "pi_") != 0 || momo_new_ref(k->provider_ref) != 0)
		return DB_FAIL;
	return DB_EXEC(db, DB_PI_INSERT, pi_insert, NULL, NULL, .id = id,
	    .partner_id = c->who->id, .reference_id = in->reference_id, .request_hash = c->hash,
	    .amount = k->amount, .fee = k->fee, .net_amount = k->net, .payer_phone = in->phone,
	    .mobile_network = in->network, .description = in->description,
	    .metadata = k->metadata, .provider_ref = k->provider_ref, .ttl = k->ttl);
}

/* The checks that need no database. */
static enum err
check_request(const struct cfg *cfg, struct create *k, char **md)
{
	const struct intent_req *in = k->in;
	struct outcome *o = k->c.o;
	mpz_t v, fee, pct;
	int ok;

	*md = NULL;
	if (strcmp(in->currency, "GHS") != 0)
		return outcome_field(o, ERR_INVALID_CURRENCY, "currency", "GHS");
	mpz_inits(v, fee, pct, NULL);
	ok = money_parse(in->amount, 2, v) == MONEY_OK && mpz_sgn(v) > 0 &&
	    money_parse(cfg->fee_collection_percent, 2, pct) == MONEY_OK &&
	    money_format(v, 2, k->amount, sizeof(k->amount)) == 0;
	if (ok) {
		/* fee = amount x percent / 100, rounded up to the pesewa */
		money_mul(fee, v, 2, pct, 2 + 2, 2, MONEY_UP);
		mpz_sub(v, v, fee);
		ok = money_format(fee, 2, k->fee, sizeof(k->fee)) == 0 &&
		    money_format(v, 2, k->net, sizeof(k->net)) == 0;
	}
	mpz_clears(v, fee, pct, NULL);
	if (!ok)
		return outcome_field(o, ERR_VALIDATION, "amount",
		    "a positive decimal string of GHS with at most 2 places");
	if (partner_request_wallet(in->phone, "payer_phone", in->network, o) != ERR_OK)
		return o->err;
	if (in->description != NULL && partner_request_utf8_chars(in->description) > INTENT_DESCRIPTION_MAX)
		return outcome_field(o, ERR_VALIDATION, "description",
		    "at most 255 characters");
	k->ttl = in->ttl ? in->ttl : INTENT_TTL_DEFAULT;
	if (k->ttl < INTENT_TTL_MIN || k->ttl > INTENT_TTL_MAX)
		return outcome_field(o, ERR_VALIDATION, "ttl_seconds", "60 to 86400");
	return partner_request_metadata(in->metadata, md, o);
}

/*
 * Sends intent in's request-to-pay under its stored reference, counted
 * first (a count with no request is harmless; a request never counted
 * would be sent twice). A refusal rejects the intent (in is then as it
 * stands). 0, or -1 when the database failed.
 */
static int
send_request(struct ctx *ctx, struct intent *in)
{
	const struct prov_momo *m = providers_momo(&ctx->prov, in->network);
	char msisdn[16], why[160], reason[200];
	struct move k;
	enum momo_rc rc;

	if (m == NULL || phone_msisdn(in->phone, msisdn, sizeof(msisdn)) != 0)
		return -1;
	if (DB_EXEC(ctx->db, DB_PI_SENT, by_id, NULL, NULL, .id = in->id) != DB_OK)
		return -1;
	in->sends++;
	why[0] = '\0';
	rc = m->ops->request_to_pay(&m->ep, in->provider_ref, msisdn, in->amount, "GHS",
	    in->id, in->description ? in->description : "cediramp payment", why, sizeof(why));
	if (rc != MOMO_REFUSED)
		return 0; /* accepted, or in doubt / unreached: the worker asks */
	memset(&k, 0, sizeof(k));
	snprintf(reason, sizeof(reason), "the provider refused the request: %s",
	    why[0] ? why : "no reason given");
	k.id = in->id;
	k.owner = in->partner_id;
	k.from = "pending_approval";
	k.to = "rejected";
	k.reason = reason;
	if (move(ctx, &k) != 0)
		return -1;
	intent_free(in);
	*in = k.out;
	return 0;
}

enum err
intent_create(struct ctx *ctx, const struct caller *who,
    const struct intent_req *in, struct intent *out, int *created, struct outcome *o)
{
	struct create k;
	char *md = NULL;
	const char *part[8];
	char ttl[24];
	enum err e;

	memset(out, 0, sizeof(*out));
	memset(&k, 0, sizeof(k));
	*created = 0;
	k.in = in;
	k.c = (struct resource_create){ .kind = &intent_kind, .who = who,
		.reference_id = in->reference_id, .insert = insert, .arg = &k, .out = out,
		.o = o };
	if ((e = check_request(&ctx->cfg, &k, &md)) != ERR_OK)
		goto done;
	k.metadata = md;
	snprintf(ttl, sizeof(ttl), "%lld", k.ttl);
	part[0] = k.amount;
	part[1] = in->currency;
	part[2] = in->phone;
	part[3] = in->network;
	part[4] = in->reference_id;
	part[5] = in->description ? in->description : "";
	part[6] = md ? md : "";
	part[7] = ttl;
	if (partner_request_hash(part, 8, k.c.hash) != 0) {
		e = outcome_err(o, ERR_INTERNAL);
		goto done;
	}
	/* the same request again answers as the first did, whatever changed */
	if ((e = resource_existing(ctx, &k.c)) != ERR_OK || k.c.existing)
		goto done;
	if ((e = partner_request_network(ctx, in->network, "amount", k.amount, o)) != ERR_OK ||
	    (e = resource_commit(ctx, &k.c)) != ERR_OK)
		goto done;
	*created = !k.c.existing;
	if (*created && send_request(ctx, out) != 0)
		log_event("warn", "payment intent %s: request-to-pay not recorded as sent; "
		    "the worker sends it", out->id);
done:
	free(md);
	if (e != ERR_OK)
		intent_free(out);
	return e;
}

/* ---- a partner's cancel, and the payer's answer ---- */

/* Moves who's intent id from pending_approval to to: ERR_OK, or
 * ERR_INVALID_STATE with out as the intent stands (the loser of a race
 * sees the final state), or ERR_NOT_FOUND. */
static enum err
decide(struct ctx *ctx, const struct caller *who, const char *id, const char *to,
    struct intent *out, struct outcome *o)
{
	struct move k;

	outcome_init(o);
	memset(out, 0, sizeof(*out));
	if (!id_has_shape(id, "pi_"))
		return outcome_err(o, ERR_NOT_FOUND);
	memset(&k, 0, sizeof(k));
	k.id = id;
	k.owner = who->id;
	k.from = "pending_approval";
	k.to = to;
	if (move(ctx, &k) != 0) {
		intent_free(&k.out);
		return outcome_err(o, ERR_SERVICE_UNAVAILABLE);
	}
	if (!k.found)
		return outcome_err(o, ERR_NOT_FOUND);
	*out = k.out;
	if (!k.moved && out->held) {
		outcome_fail(o, ERR_INVALID_STATE, "The payment intent is held for review: the "
		    "provider reported a payment that does not match it; it cannot be %s", to);
		outcome_str(o, "status", out->status);
		return ERR_INVALID_STATE;
	}
	if (!k.moved) {
		outcome_fail(o, ERR_INVALID_STATE, "The payment intent is %s; only a "
		    "pending_approval one can be %s", out->status, to);
		outcome_str(o, "status", out->status);
		return ERR_INVALID_STATE;
	}
	o->changed = 1;
	return ERR_OK;
}

enum err
intent_cancel(struct ctx *ctx, const struct caller *who, const char *id,
    struct intent *out, struct outcome *o)
{
	return decide(ctx, who, id, "cancelled", out, o);
}

/* ---- the workers ---- */

static void
check_later(struct ctx *ctx, const char *id)
{
	(void)DB_EXEC(ctx->db, DB_PI_CHECK_LATER, pi_check_later, NULL, NULL,
	    .min_seconds = CHECK_AGAIN_SECONDS, .id = id);
}

/* The provider's status of in's request to pay into st: MOMO_NOT_FOUND
 * when it was never sent, MOMO_UNAVAILABLE for a network without an
 * adapter, else the adapter's answer. */
static enum momo_rc
request_status(struct ctx *ctx, const struct intent *in, struct momo_status *st)
{
	const struct prov_momo *m = providers_momo(&ctx->prov, in->network);

	memset(st, 0, sizeof(*st));
	if (m == NULL)
		return MOMO_UNAVAILABLE;
	if (in->sends == 0)
		return MOMO_NOT_FOUND;
	return m->ops->request_to_pay_status(&m->ep, in->provider_ref, st);
}

/* The transition the provider's status st of in's request leads to, from
 * in's state; to NULL: none. */
static void
next_state(const struct intent *in, const struct momo_status *st, const char **to,
    const char **reason)
{
	int pending = strcmp(in->status, "pending_approval") == 0;

	*to = NULL;
	*reason = NULL;
	if (st->state == MOMO_SUCCESSFUL)
		*to = pending ? "approved" : "completed";
	else if (st->state == MOMO_FAILED) {
		*to = pending ? "rejected" : "failed";
		*reason = st->reason[0] ? st->reason : "the provider reported a failure";
	}
}

/*
 * 1 when st is no SUCCESSFUL, or one about what in asked (its amount, GHS,
 * the payer's number); else 0, in held for review (its state as it was).
 */
static int
answer_ok(struct ctx *ctx, const struct intent *in, const struct momo_status *st)
{
	char why[320];

	if (st->state != MOMO_SUCCESSFUL ||
	    provider_answer_matches(in->amount, in->currency, in->phone, st, why, sizeof(why)))
		return 1;
	(void)intent_review_hold(ctx, in, st, why);
	return 0;
}

int
intent_advance(struct ctx *ctx, const char *id)
{
	const struct prov_momo *m;
	const char *to, *reason;
	struct momo_status st;
	struct intent in;
	struct move k;
	enum momo_rc rc;
	int r = 0;

	if (resource_load_any(ctx->db, &intent_kind, id, 0, &in) != DB_OK)
		return -1;
	if (strcmp(in.status, "pending_approval") != 0 && strcmp(in.status, "approved") != 0) {
		intent_free(&in); /* closed since it was claimed (a cancel) */
		return 0;
	}
	if ((m = providers_momo(&ctx->prov, in.network)) == NULL) {
		intent_free(&in);
		return -1;
	}
	rc = request_status(ctx, &in, &st);
	if (rc == MOMO_NOT_FOUND && strcmp(in.status, "pending_approval") == 0 &&
	    !in.past_ttl) {
		/* the request never arrived: send it again under its reference */
		r = send_request(ctx, &in) == 0 ? 0 : -1;
		if (strcmp(in.status, "pending_approval") == 0)
			check_later(ctx, id);
		intent_free(&in);
		return r;
	}
	if (rc == MOMO_OK && !answer_ok(ctx, &in, &st)) {
		intent_free(&in);
		return 0;
	}
	next_state(&in, &st, &to, &reason);
	if (rc != MOMO_OK || to == NULL) {
		check_later(ctx, id);
		intent_free(&in);
		return 0;
	}
	memset(&k, 0, sizeof(k));
	k.id = id;
	k.owner = in.partner_id;
	k.from = in.status;
	k.to = to;
	k.reason = reason;
	r = move(ctx, &k) != 0 ? -1 : k.moved;
	intent_free(&k.out);
	intent_free(&in);
	return r;
}

int
intent_finish(struct ctx *ctx, const char *id, int complete, const char *reason, int *changed)
{
	struct intent in;
	struct move k;
	int step, expired = 0;

	*changed = 0;
	/* complete: to approved (from pending_approval, or expired: paid
	 * late), then completed; fail: rejected before approval, failed after */
	for (step = 0; step < 2; step++) {
		if (resource_load_any(ctx->db, &intent_kind, id, 0, &in) != DB_OK)
			return -1;
		memset(&k, 0, sizeof(k));
		k.id = id;
		k.any = 1;
		k.review = 1;
		k.from = in.status;
		expired = strcmp(in.status, "expired") == 0;
		if (complete)
			k.to = strcmp(in.status, "approved") == 0 ? "completed" :
			    strcmp(in.status, "pending_approval") == 0 || expired ? "approved" : NULL;
		else
			k.to = strcmp(in.status, "approved") == 0 ? "failed" :
			    strcmp(in.status, "pending_approval") == 0 ? "rejected" : NULL;
		k.reason = complete ? NULL : reason;
		if (k.to == NULL) {
			intent_free(&in);
			break;
		}
		if (move(ctx, &k) != 0) {
			intent_free(&k.out);
			intent_free(&in);
			return -1;
		}
		*changed |= k.moved;
		intent_free(&k.out);
		intent_free(&in);
	}
	if (!complete && expired) {
		/* expired and failed on review: no longer watched for a late payment */
		if (DB_EXEC(ctx->db, DB_PI_LATE_STOP, by_id, NULL, NULL, .id = id) != DB_OK)
			return -1;
	}
	return 0;
}

int
intent_expire_due(struct ctx *ctx, int n)
{
	char (*ids)[ID_MAX] = calloc((size_t)n, sizeof(*ids));
	int got, i, moved = 0;

	if (ids == NULL)
		return -1;
	got = db_claim(ctx->db, DB_PI_EXPIRE_CLAIM, DB_PI_LEASE, n, 60, ids[0], ID_MAX);
	for (i = 0; i < got; i++) {
		const char *to, *reason;
		struct momo_status st;
		struct intent in;
		struct move k;
		enum momo_rc rc;

		if (resource_load_any(ctx->db, &intent_kind, ids[i], 0, &in) != DB_OK)
			continue;
		rc = request_status(ctx, &in, &st);
		memset(&k, 0, sizeof(k));
		k.id = ids[i];
		k.any = 1;
		k.from = "pending_approval";
		if (rc == MOMO_NOT_FOUND || (rc == MOMO_OK && st.state == MOMO_PENDING)) {
			k.to = "expired";
		} else if (rc == MOMO_OK && answer_ok(ctx, &in, &st)) {
			/* paid or declined meanwhile: that, never expired */
			next_state(&in, &st, &to, &reason);
			k.to = to;
			k.reason = reason;
		}
		/* the provider unreachable: never expire what may be paid */
		if (k.to != NULL && move(ctx, &k) == 0 && k.moved)
			moved++;
		intent_free(&k.out);
		intent_free(&in);
	}
	free(ids);
	return got < 0 ? -1 : moved;
}

int
intent_watch_expired(struct ctx *ctx, int n)
{
	char (*ids)[ID_MAX] = calloc((size_t)n, sizeof(*ids));
	int got, i, moved = 0;

	if (ids == NULL)
		return -1;
	/* past the window: no longer asked */
	if (DB_EXEC(ctx->db, DB_PI_LATE_EXPIRE_WATCH, pi_window, NULL, NULL,
	    .seconds = (long long)ctx->cfg.intent_late_check_seconds) != DB_OK) {
		free(ids);
		return -1;
	}
	got = db_claim(ctx->db, DB_PI_LATE_CLAIM, DB_PI_LEASE, n, 60, ids[0], ID_MAX);
	for (i = 0; i < got; i++) {
		struct momo_status st;
		struct intent in;
		struct move k;
		enum momo_rc rc;

		if (resource_load_any(ctx->db, &intent_kind, ids[i], 0, &in) != DB_OK)
			continue;
		rc = request_status(ctx, &in, &st);
		if (rc == MOMO_OK && !answer_ok(ctx, &in, &st)) {
			intent_free(&in);
			continue;
		}
		if (rc == MOMO_OK && st.state == MOMO_SUCCESSFUL) {
			/* paid late: approved, then completed (late) by the payouts
			 * worker, as any approved intent */
			memset(&k, 0, sizeof(k));
			k.id = ids[i];
			k.any = 1;
			k.from = "expired";
			k.to = "approved";
			if (move(ctx, &k) == 0 && k.moved) {
				moved++;
				log_event("warn", "payment intent %s: paid after it expired (%s); "
				    "approved, to be completed late", ids[i], in.expires_at);
			}
			intent_free(&k.out);
		} else {
			/* declined for good: let go; else ask again later */
			(void)db_run(ctx->db, DB_BIND_ANY(rc == MOMO_OK && st.state == MOMO_FAILED ?
			    DB_PI_LATE_STOP : DB_PI_LATE_LATER, by_id, .id = ids[i]), NULL, NULL);
		}
		intent_free(&in);
	}
	free(ids);
	return got < 0 ? -1 : moved;
}

/* One late collection's line (a report_lines printer). */
static void
late_line(FILE *out, const struct db_rows *row)
{
	fprintf(out, "late collection: %s partner %s credited %s GHS; expired at %s, "
	    "completed at %s\n", db_cell(row, 0, DB_COL(pi_late, id)),
	    db_cell(row, 0, DB_COL(pi_late, partner_id)),
	    db_cell(row, 0, DB_COL(pi_late, net_amount)),
	    db_cell(row, 0, DB_COL(pi_late, expires_at)),
	    db_cell(row, 0, DB_COL(pi_late, completed_at)));
}

int
intent_report_late(struct db *db, FILE *out)
{
	return report_lines(db, DB_BIND(DB_PI_LATE, no_args), out, late_line);
}
