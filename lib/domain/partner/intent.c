#include "domain/partner/intent.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/phone.h"
#include "core/strict.h"
#include "domain/internal.h"
#include "domain/ledger.h"
#include "domain/outbox.h"
#include "domain/partner/partner_request.h"
#include "domain/catalog.h"
#include "providers/prov_http.h"
#include "providers/registry.h"

#define CHECK_AGAIN_SECONDS 2     /* a pending request-to-pay asked again, at least */
#define COLLECTIONS "house:collections:GHS" /* what the networks collected for us */

static const char *const statuses[] = { "pending_approval", "approved", "completed",
	"rejected", "cancelled", "expired", "failed" };

int
intent_status_valid(const char *s)
{
	size_t i;

	for (i = 0; s != NULL && i < sizeof(statuses) / sizeof(statuses[0]); i++)
		if (strcmp(s, statuses[i]) == 0)
			return 1;
	return 0;
}

void
intent_free(struct intent *in)
{
	free(in->description);
	free(in->metadata);
	in->description = in->metadata = NULL;
}

/* The columns of PI_COLS (lib/store/db_stmt.c), in order. */
enum { C_ID, C_PARTNER, C_REFERENCE, C_HASH, C_AMOUNT, C_CURRENCY, C_FEE, C_NET,
	C_PHONE, C_NETWORK, C_DESCRIPTION, C_METADATA, C_STATUS, C_PROVIDER_REF, C_SENDS,
	C_REASON, C_EXPIRES, C_CREATED, C_UPDATED, C_COMPLETED, C_LATE, C_PAST };

static int
from_row(const struct db_rows *r, size_t i, struct intent *in)
{
	unsigned long long u;
	const char *v;

	memset(in, 0, sizeof(*in));
	v = db_cell(r, i, C_PARTNER);
	if (v == NULL || strict_uint(v, strlen(v), ~0ULL >> 1, &u) != 0)
		return -1;
	in->partner_id = (long long)u;
	v = db_cell(r, i, C_SENDS);
	if (v == NULL || strict_uint(v, strlen(v), 1000000, &u) != 0)
		return -1;
	in->sends = (unsigned)u;
	db_cell_copy(in->id, sizeof(in->id), r, i, C_ID);
	db_cell_copy(in->reference_id, sizeof(in->reference_id), r, i, C_REFERENCE);
	db_cell_copy(in->request_hash, sizeof(in->request_hash), r, i, C_HASH);
	db_cell_copy(in->amount, sizeof(in->amount), r, i, C_AMOUNT);
	db_cell_copy(in->currency, sizeof(in->currency), r, i, C_CURRENCY);
	db_cell_copy(in->fee, sizeof(in->fee), r, i, C_FEE);
	db_cell_copy(in->net_amount, sizeof(in->net_amount), r, i, C_NET);
	db_cell_copy(in->phone, sizeof(in->phone), r, i, C_PHONE);
	db_cell_copy(in->network, sizeof(in->network), r, i, C_NETWORK);
	db_cell_copy(in->status, sizeof(in->status), r, i, C_STATUS);
	db_cell_copy(in->provider_ref, sizeof(in->provider_ref), r, i, C_PROVIDER_REF);
	db_cell_copy(in->failure_reason, sizeof(in->failure_reason), r, i, C_REASON);
	db_cell_copy(in->expires_at, sizeof(in->expires_at), r, i, C_EXPIRES);
	db_cell_copy(in->created_at, sizeof(in->created_at), r, i, C_CREATED);
	db_cell_copy(in->updated_at, sizeof(in->updated_at), r, i, C_UPDATED);
	db_cell_copy(in->completed_at, sizeof(in->completed_at), r, i, C_COMPLETED);
	in->late = (v = db_cell(r, i, C_LATE)) != NULL && strcmp(v, "1") == 0;
	in->past_ttl = (v = db_cell(r, i, C_PAST)) != NULL && strcmp(v, "1") == 0;
	if ((v = db_cell(r, i, C_DESCRIPTION)) != NULL && (in->description = strdup(v)) == NULL)
		return -1;
	if ((v = db_cell(r, i, C_METADATA)) != NULL && (in->metadata = strdup(v)) == NULL) {
		intent_free(in);
		return -1;
	}
	return 0;
}

/* Runs stmt (one intent's columns) with a; DB_OK, DB_DUP for no row, or
 * the database's error. */
static enum db_rc
load_by(struct db *db, enum db_stmt stmt, const struct db_arg *a, size_t na,
    struct intent *in)
{
	struct db_rows rows;
	enum db_rc rc;

	memset(in, 0, sizeof(*in));
	if ((rc = db_exec(db, stmt, a, na, &rows, NULL)) != DB_OK)
		return rc;
	if (rows.nrows == 0)
		rc = DB_DUP;
	else if (from_row(&rows, 0, in) != 0)
		rc = DB_FAIL;
	db_rows_free(&rows);
	return rc;
}

/* Intent id of partner_id (anyone's when 0), locked when lock. */
static enum db_rc
load(struct db *db, const char *id, long long partner_id, int lock, struct intent *in)
{
	struct db_arg a[2] = { DB_S(id), DB_I(partner_id) };

	return load_by(db, lock ? DB_PI_LOCK : DB_PI_GET, a, 2, in);
}

static json_t *
str_or_null(const char *s)
{
	return s != NULL && s[0] != '\0' ? json_string(s) : json_null();
}

json_t *
intent_json(const struct intent *in)
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
	    json_object_set_new(o, "completed_at", json_string(in->completed_at)) != 0)) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* Reads intent id into *in as it now stands (inside the transaction that
 * changed it) and writes its event "payment_intent.<status>". */
static enum db_rc
event_now(struct db *db, const char *id, struct intent *in)
{
	char type[48];
	json_t *data;
	enum db_rc rc;

	intent_free(in);
	if ((rc = load(db, id, 0, 0, in)) != DB_OK)
		return rc == DB_DUP ? DB_FAIL : rc;
	snprintf(type, sizeof(type), "payment_intent.%s", in->status);
	if ((data = intent_json(in)) == NULL)
		return DB_FAIL;
	rc = outbox_add(db, type, OUTBOX_PARTNER, in->partner_id, in->id, data);
	json_decref(data);
	return rc;
}

/* ---- transitions ---- */

struct move {
	const char *id;
	long long owner;        /* 0: anyone's (the workers) */
	const char *from, *to;
	const char *reason;     /* rejected, failed: why; else NULL */
	struct intent out;      /* the intent afterwards (or as found) */
	int moved;              /* 1: this transaction made the transition */
	int found;
};

/*
 * The transition k->from -> k->to of intent k->id, with its event and, to
 * completed, the credit: the partner's GHS gets net_amount, the fee
 * account the fee, from what the network collected. Moves nothing (DB_OK,
 * k->moved 0) when the intent is not in k->from: k->out is then as found.
 */
static int
move_tx(struct db *db, void *arg)
{
	struct move *k = arg;
	char acct[LEDGER_CODE_MAX];
	struct ledger_leg legs[3];
	struct db_arg a[8];
	struct db_res res;
	size_t n = 0;
	int rc;

	k->moved = k->found = 0;
	intent_free(&k->out);
	if ((rc = load(db, k->id, k->owner, 1, &k->out)) != DB_OK)
		return rc == DB_DUP ? DB_OK : rc;
	k->found = 1;
	if (strcmp(k->out.status, k->from) != 0)
		return DB_OK;
	a[0] = a[1] = a[2] = a[3] = a[4] = DB_S(k->to);
	a[5] = k->reason ? DB_S(k->reason) : DB_NULL;
	a[6] = DB_S(k->id);
	a[7] = DB_S(k->from);
	if ((rc = db_exec(db, DB_PI_MOVE, a, 8, NULL, &res)) != DB_OK)
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
	}
	k->moved = 1;
	return event_now(db, k->id, &k->out);
}

/* Runs one transition; 0 (k->moved says whether it happened) or -1. */
static int
move(struct ctx *ctx, struct move *k)
{
	int rc = db_tx(ctx->db, move_tx, k);

	if (rc != DB_OK) {
		log_event("error", "payment intent %s: %s -> %s failed: %s", k->id, k->from,
		    k->to, db_error(ctx->db));
		return -1;
	}
	return 0;
}

/* ---- create ---- */

struct create {
	const struct caller *who;
	const struct intent_req *in;
	char amount[MONEY_MAX_TEXT];
	char fee[MONEY_MAX_TEXT], net[MONEY_MAX_TEXT];
	const char *metadata;          /* canonical, or NULL */
	long long ttl;
	char hash[65];
	char ref[MOMO_REF_LEN + 1];
	struct intent *out;
	int existing;
	struct outcome *o;
};

/* The existing intent under k's reference: DB_OK (k->existing), DB_FAIL
 * with ERR_DUPLICATE_REFERENCE in o when the request differs, DB_DUP when
 * none, or the database's error. */
static enum db_rc
find_existing(struct db *db, struct create *k)
{
	struct db_arg a[2] = { DB_I(k->who->id), DB_S(k->in->reference_id) };
	enum db_rc rc;

	if ((rc = load_by(db, DB_PI_BY_REFERENCE, a, 2, k->out)) != DB_OK)
		return rc;
	if (strcmp(k->out->request_hash, k->hash) != 0) {
		intent_free(k->out);
		outcome_fail(k->o, ERR_DUPLICATE_REFERENCE, "reference_id %s was used for "
		    "a different payment intent (%s)", k->in->reference_id, k->out->id);
		return DB_FAIL;
	}
	k->existing = 1;
	return DB_OK;
}

static int
create_tx(struct db *db, void *arg)
{
	struct create *k = arg;
	const struct intent_req *in = k->in;
	char id[ID_MAX];
	struct db_arg a[13];
	enum db_rc rc;

	outcome_init(k->o);
	k->existing = 0;
	intent_free(k->out);
	a[0] = DB_I(k->who->id);
	if ((rc = db_exec(db, DB_PARTNER_LOCK, a, 1, NULL, NULL)) != DB_OK)
		return rc;
	if ((rc = find_existing(db, k)) != DB_DUP)
		return rc;
	if (id_new(id, sizeof(id), "pi_") != 0 || momo_new_ref(k->ref) != 0)
		return DB_FAIL;
	a[0] = DB_S(id);
	a[1] = DB_I(k->who->id);
	a[2] = DB_S(in->reference_id);
	a[3] = DB_S(k->hash);
	a[4] = DB_S(k->amount);
	a[5] = DB_S(k->fee);
	a[6] = DB_S(k->net);
	a[7] = DB_S(in->phone);
	a[8] = DB_S(in->network);
	a[9] = in->description ? DB_S(in->description) : DB_NULL;
	a[10] = k->metadata ? DB_S(k->metadata) : DB_NULL;
	a[11] = DB_S(k->ref);
	a[12] = DB_I(k->ttl);
	if ((rc = db_exec(db, DB_PI_INSERT, a, 13, NULL, NULL)) != DB_OK)
		return rc;
	return event_now(db, id, k->out);
}

/* The checks that need no database. */
static enum err
check_request(const struct cfg *cfg, struct create *k, char **md)
{
	const struct intent_req *in = k->in;
	mpz_t v, fee, pct;
	int ok;

	*md = NULL;
	if (strcmp(in->currency, "GHS") != 0)
		return outcome_field(k->o, ERR_INVALID_CURRENCY, "currency", "GHS");
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
		return outcome_field(k->o, ERR_VALIDATION, "amount",
		    "a positive decimal string of GHS with at most 2 places");
	if (!phone_valid(in->phone))
		return outcome_field(k->o, ERR_INVALID_PHONE, "payer_phone",
		    "E.164, a Ghana mobile number: +233 and 9 digits");
	if (catalog_network(in->network) == NULL)
		return outcome_field(k->o, ERR_PROVIDER_NOT_FOUND, "mobile_network",
		    "MTN, TELECEL or AIRTELTIGO");
	if (in->description != NULL && partner_request_utf8_chars(in->description) > INTENT_DESCRIPTION_MAX)
		return outcome_field(k->o, ERR_VALIDATION, "description",
		    "at most 255 characters");
	k->ttl = in->ttl ? in->ttl : INTENT_TTL_DEFAULT;
	if (k->ttl < INTENT_TTL_MIN || k->ttl > INTENT_TTL_MAX)
		return outcome_field(k->o, ERR_VALIDATION, "ttl_seconds", "60 to 86400");
	return partner_request_metadata(in->metadata, md, k->o);
}

/* amount against the network's bounds; then the network's health. */
static enum err
check_network(struct ctx *ctx, const struct create *k)
{
	const struct network *n = catalog_network(k->in->network);
	const struct prov_momo *m = providers_momo(&ctx->prov, k->in->network);

	if (n == NULL || m == NULL)
		return outcome_err(k->o, ERR_INTERNAL);
	if (money_cmp_text(k->amount, n->min_amount, 2) < 0)
		return outcome_fail(k->o, ERR_BELOW_MINIMUM, "amount %s is below the %s "
		    "minimum of %s GHS", k->amount, n->id, n->min_amount);
	if (money_cmp_text(k->amount, n->max_amount, 2) > 0)
		return outcome_fail(k->o, ERR_ABOVE_MAXIMUM, "amount %s is above the %s "
		    "maximum of %s GHS", k->amount, n->id, n->max_amount);
	if (prov_http_probe(m->ep.url, m->ops->health_path, m->ep.timeout_ms) == PROV_DOWN)
		return outcome_fail(k->o, ERR_PROVIDER_UNAVAILABLE,
		    "The %s mobile money network is down; try again later", n->id);
	return ERR_OK;
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
	struct db_arg a[1] = { DB_S(in->id) };
	char msisdn[16], why[160], reason[200];
	struct move k;
	enum momo_rc rc;

	if (m == NULL || phone_msisdn(in->phone, msisdn, sizeof(msisdn)) != 0)
		return -1;
	if (db_exec(ctx->db, DB_PI_SENT, a, 1, NULL, NULL) != DB_OK)
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
	int rc;

	memset(out, 0, sizeof(*out));
	memset(&k, 0, sizeof(k));
	*created = 0;
	k.who = who;
	k.in = in;
	k.out = out;
	k.o = o;
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
	if (partner_request_hash(part, 8, k.hash) != 0) {
		e = outcome_err(o, ERR_INTERNAL);
		goto done;
	}
	/* the same request again answers as the first did, whatever changed */
	switch (find_existing(ctx->db, &k)) {
	case DB_OK:
		e = ERR_OK;
		goto done;
	case DB_DUP:
		break;
	case DB_FAIL:
		e = o->err != ERR_OK ? o->err : outcome_err(o, ERR_INTERNAL);
		goto done;
	default:
		e = outcome_err(o, ERR_SERVICE_UNAVAILABLE);
		goto done;
	}
	if ((e = check_network(ctx, &k)) != ERR_OK)
		goto done;
	rc = db_tx(ctx->db, create_tx, &k);
	if (rc == DB_DUP && o->err == ERR_OK) {
		/* lost a race for the reference to a request that committed */
		rc = find_existing(ctx->db, &k) == DB_OK ? DB_OK : DB_FAIL;
	}
	if (rc != DB_OK) {
		e = o->err != ERR_OK ? o->err : outcome_err(o, rc == DB_DOWN || rc == DB_RETRY ?
		    ERR_SERVICE_UNAVAILABLE : ERR_INTERNAL);
		goto done;
	}
	*created = !k.existing;
	o->changed = *created;
	if (*created && send_request(ctx, out) != 0)
		log_event("warn", "payment intent %s: request-to-pay not recorded as sent; "
		    "the worker sends it", out->id);
	e = ERR_OK;
done:
	free(md);
	if (e != ERR_OK)
		intent_free(out);
	return e;
}

/* ---- reading ---- */

enum err
intent_get(struct ctx *ctx, const struct caller *who, const char *id,
    struct intent *out, struct outcome *o)
{
	enum db_rc rc;

	outcome_init(o);
	memset(out, 0, sizeof(*out));
	if (!id_has_shape(id, "pi_"))
		return outcome_err(o, ERR_NOT_FOUND);
	if ((rc = load(ctx->db, id, who->id, 0, out)) == DB_DUP)
		return outcome_err(o, ERR_NOT_FOUND);
	return rc == DB_OK ? ERR_OK : domain_db_fail(o, rc, "read the payment intent");
}

enum err
intent_list(struct ctx *ctx, const struct caller *who,
    const struct intent_filter *f, unsigned long long offset, size_t limit,
    struct intent *out, size_t *n, unsigned long long *total, struct outcome *o)
{
	struct db_arg a[11];
	struct db_rows rows;
	const char *v;
	size_t i;
	int rc;

	outcome_init(o);
	*n = 0;
	*total = 0;
	if (limit > INTENT_PAGE_MAX)
		limit = INTENT_PAGE_MAX;
	a[0] = DB_I(who->id);
	a[1] = a[2] = f->status ? DB_S(f->status) : DB_NULL;
	a[3] = a[4] = f->from ? DB_S(f->from) : DB_NULL;
	a[5] = a[6] = f->to ? DB_S(f->to) : DB_NULL;
	a[7] = a[8] = f->reference_id ? DB_S(f->reference_id) : DB_NULL;
	if ((rc = db_exec(ctx->db, DB_PI_COUNT, a, 9, &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "count the payment intents");
	v = db_cell(&rows, 0, 0);
	if (v == NULL || strict_uint(v, strlen(v), ~0ULL >> 1, total) != 0) {
		db_rows_free(&rows);
		return outcome_err(o, ERR_INTERNAL);
	}
	db_rows_free(&rows);
	if (offset >= *total || limit == 0)
		return ERR_OK;
	a[9] = DB_I((long long)limit);
	a[10] = DB_I((long long)offset);
	if ((rc = db_exec(ctx->db, DB_PI_PAGE, a, 11, &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "read the payment intents");
	for (i = 0; i < rows.nrows && i < limit; i++)
		if (from_row(&rows, i, &out[i]) != 0) {
			while (i-- > 0)
				intent_free(&out[i]);
			db_rows_free(&rows);
			return outcome_err(o, ERR_INTERNAL);
		}
	*n = i;
	db_rows_free(&rows);
	return ERR_OK;
}

/* ---- a partner's cancel, and the sandbox's payer ---- */

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

enum err
intent_sandbox_decide(struct ctx *ctx, const struct caller *who, const char *id,
    int approve, struct intent *out, struct outcome *o)
{
	return decide(ctx, who, id, approve ? "approved" : "rejected", out, o);
}

/* ---- the workers ---- */

int
intent_claim(struct ctx *ctx, int n, int lease_seconds, char (*out)[ID_MAX])
{
	return db_claim(ctx->db, DB_PI_CLAIM, DB_PI_LEASE, n, lease_seconds, out[0], ID_MAX);
}

static void
check_later(struct ctx *ctx, const char *id)
{
	struct db_arg a[2] = { DB_I(CHECK_AGAIN_SECONDS), DB_S(id) };

	(void)db_exec(ctx->db, DB_PI_CHECK_LATER, a, 2, NULL, NULL);
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

	if (load(ctx->db, id, 0, 0, &in) != DB_OK)
		return -1;
	if ((m = providers_momo(&ctx->prov, in.network)) == NULL) {
		intent_free(&in);
		return -1;
	}
	memset(&st, 0, sizeof(st));
	rc = in.sends > 0 ? m->ops->request_to_pay_status(&m->ep, in.provider_ref, &st) :
	    MOMO_NOT_FOUND;
	if (rc == MOMO_NOT_FOUND && strcmp(in.status, "pending_approval") == 0 &&
	    !in.past_ttl) {
		/* the request never arrived: send it again under its reference */
		r = send_request(ctx, &in) == 0 ? 0 : -1;
		if (strcmp(in.status, "pending_approval") == 0)
			check_later(ctx, id);
		intent_free(&in);
		return r;
	}
	next_state(&in, &st, &to, &reason);
	if (rc != MOMO_OK || to == NULL) {
		check_later(ctx, id);
		intent_free(&in);
		return 0;
	}
	memset(&k, 0, sizeof(k));
	k.id = id;
	k.from = in.status;
	k.to = to;
	k.reason = reason;
	r = move(ctx, &k) != 0 ? -1 : k.moved;
	intent_free(&k.out);
	intent_free(&in);
	return r;
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
		const struct prov_momo *m;
		const char *to, *reason;
		struct momo_status st;
		struct intent in;
		struct move k;
		enum momo_rc rc;

		if (load(ctx->db, ids[i], 0, 0, &in) != DB_OK)
			continue;
		memset(&st, 0, sizeof(st));
		m = providers_momo(&ctx->prov, in.network);
		rc = m == NULL ? MOMO_UNAVAILABLE : in.sends == 0 ? MOMO_NOT_FOUND :
		    m->ops->request_to_pay_status(&m->ep, in.provider_ref, &st);
		memset(&k, 0, sizeof(k));
		k.id = ids[i];
		k.from = "pending_approval";
		if (rc == MOMO_NOT_FOUND || (rc == MOMO_OK && st.state == MOMO_PENDING)) {
			k.to = "expired";
		} else if (rc == MOMO_OK) {
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
intent_report_late(struct db *db, FILE *out)
{
	struct db_rows rows;
	size_t i;
	int n;

	if (db_exec(db, DB_PI_LATE, NULL, 0, &rows, NULL) != DB_OK)
		return -1;
	for (i = 0; i < rows.nrows; i++)
		fprintf(out, "late collection: %s partner %s credited %s GHS; expired at %s, "
		    "completed at %s\n", db_cell(&rows, i, 0), db_cell(&rows, i, 1),
		    db_cell(&rows, i, 2), db_cell(&rows, i, 3), db_cell(&rows, i, 4));
	n = (int)rows.nrows;
	db_rows_free(&rows);
	return n;
}
