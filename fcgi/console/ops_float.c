/*
 * console/ops_float: the back office's Float and Reconcile pages' calls
 * (docs/console.md, "Back office"): GET /console/api/ops/floats (each
 * network's float beside the provider's balance at its last sync and what
 * payouts in flight drew), POST /console/api/ops/floats/{network}/sync
 * {reason} (`cediramp-admin float sync`'s call), GET
 * /console/api/ops/reconcile (reconcile's last runs with their findings,
 * newest first: limit 1..20, before a run's id), GET
 * /console/api/ops/deposits/unmatched (oldest first: limit 1..500) and
 * POST /console/api/ops/deposits/{id}/assign {partner_id, reason}
 * (`cediramp-admin partner credit ... --reference chain:...`'s call, once).
 * Every role of the back office reads; ops-money changes.
 */
#include <limits.h>
#include <string.h>

#include "core/strict.h"
#include "domain/console/ops_float.h"
#include "domain/payout_float.h"
#include "domain/reconcile_run.h"
#include "http/body.h"
#include "console.h"

#define RUNS_DEFAULT 10
#define DEPOSITS_DEFAULT 100

static const char *const sync_fields[] = { "reason", NULL };
static const char *const assign_fields[] = { "partner_id", "reason", NULL };

/* "" as JSON null, else the text (new reference). */
static json_t *
text_or_null(const char *s)
{
	return s[0] != '\0' ? json_string(s) : json_null();
}

/* The floats as listed, and whether a step failed. */
struct floats {
	struct db *db;
	json_t *a;
	int failed;
};

/* One network's float with what its payouts in flight drew (a new row of
 * f->a). */
static int
one_float(const struct payout_float_row *p, void *arg)
{
	struct floats *f = arg;
	char flight[MONEY_MAX_TEXT];
	struct db_rows rows;
	json_t *o, *sync = json_null();
	size_t n;

	if (payout_float_in_flight(f->db, p->network, &rows, flight, sizeof(flight)) != DB_OK) {
		f->failed = 1;
		return 1;
	}
	n = rows.nrows;
	db_rows_free(&rows);
	if (p->synced_at[0] != '\0')
		sync = json_pack("{s:s,s:o,s:s,s:s}", "at", p->synced_at, "provider_balance",
		    text_or_null(p->sync_provider), "change", p->sync_change, "reason",
		    p->sync_reason);
	o = json_pack("{s:s,s:b,s:o,s:o,s:s,s:I,s:o,s:o}", "network", p->network, "unlimited",
	    p->unlimited, "balance", p->unlimited ? json_null() : json_string(p->balance),
	    "updated_at", text_or_null(p->updated_at), "in_flight", flight, "in_flight_payouts",
	    (json_int_t)n, "last_sync", sync, "difference", p->synced_at[0] != '\0' ?
	    json_string(p->sync_change) : json_null());
	if (o == NULL || json_array_append_new(f->a, o) != 0) {
		f->failed = 1;
		return 1;
	}
	return 0;
}

/* Every network's float into *out (new reference). */
static enum err
floats_json(struct req *r, struct resp *resp, json_t **out)
{
	struct floats f = { r->ctx->db, json_array(), 0 };
	enum err e;

	*out = NULL;
	if (f.a == NULL)
		return ERR_INTERNAL;
	if ((e = payout_float_list(r->ctx->db, &r->ctx->cfg, one_float, &f, &resp->out)) !=
	    ERR_OK || f.failed) {
		json_decref(f.a);
		return e != ERR_OK ? e : resp_fail(resp, ERR_SERVICE_UNAVAILABLE,
		    "What the payouts in flight drew cannot be read now");
	}
	*out = f.a;
	return ERR_OK;
}

enum err
console_ops_floats_get(struct req *r, struct resp *resp)
{
	json_t *a;
	enum err e = floats_json(r, resp, &a);

	return e == ERR_OK ? resp_ok(resp, 200, a) : e;
}

enum err
console_ops_float_sync_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	const char *reason, *network = req_param(r, "network");
	struct payout_float_sync s;
	char provider[MONEY_MAX_TEXT];
	json_t *a, *v, *row = NULL;
	size_t i;
	enum err e;

	if ((e = body_only(r->body, resp, sync_fields)) != ERR_OK ||
	    (e = body_whole_text(r->body, resp, "reason", &reason)) != ERR_OK)
		return e;
	e = console_ops_float_sync(r->ctx, &r->console, network, reason, &from, provider,
	    sizeof(provider), &s, &resp->out);
	/* the network is the path's: one not in the catalog is no float */
	if (e == ERR_VALIDATION && strncmp(resp->out.message, "network:", 8) == 0) {
		outcome_init(&resp->out);
		return resp_fail(resp, ERR_NOT_FOUND, "No such network (MTN, TELECEL, AIRTELTIGO)");
	}
	if (e != ERR_OK)
		return e;
	if ((e = floats_json(r, resp, &a)) != ERR_OK)
		return e;
	json_array_foreach(a, i, v)
		if (strcmp(json_string_value(json_object_get(v, "network")), network) == 0)
			row = json_incref(v);
	json_decref(a);
	if (row == NULL || json_object_set_new(row, "synced", json_pack("{s:s,s:s,s:s,s:s}",
	    "before", s.before, "after", s.after, "provider_balance", provider, "in_flight",
	    s.in_flight)) != 0) {
		json_decref(row);
		return ERR_INTERNAL;
	}
	return resp_ok(resp, 200, row);
}

/* The page's runs and their findings being listed. */
struct runs {
	json_t *findings[RECON_PAGE_MAX + 1];
	int failed;
};

static void
one_finding(size_t i, const char *kind, const char *detail, void *arg)
{
	struct runs *k = arg;

	if (kind == NULL || detail == NULL || json_array_append_new(k->findings[i],
	    json_pack("{s:s,s:s}", "kind", kind, "detail", detail)) != 0)
		k->failed = 1;
}

/* A run as listed, its findings stolen (new reference). */
static json_t *
run_json(const struct reconcile_run *run, json_t *findings)
{
	json_t *counts = json_object(), *o;
	size_t k;

	for (k = 0; k < RECON_KINDS && counts != NULL; k++)
		if (json_object_set_new(counts, reconcile_kind_name[k],
		    json_integer(run->counts[k])) != 0) {
			json_decref(counts);
			counts = NULL;
		}
	o = json_pack("{s:I,s:s,s:s,s:I,s:i,s:o*,s:o,s:b}", "id", (json_int_t)run->id,
	    "started_at", run->started_at, "finished_at", run->finished_at, "duration_ms",
	    (json_int_t)run->duration_ms, "exit_status", run->exit_status, "counts", counts,
	    "findings", findings, "findings_cut", run->findings_cut);
	return o;
}

enum err
console_ops_reconcile_get(struct req *r, struct resp *resp)
{
	const char *lv = req_query(r, "limit"), *bv = req_query(r, "before");
	struct reconcile_run runs[RECON_PAGE_MAX + 1];
	unsigned long long limit = RUNS_DEFAULT, before = 0;
	struct runs k;
	size_t got = 0, i;
	json_t *a;
	enum err e;
	int more;

	if (lv != NULL && (strict_uint(lv, strlen(lv), RECON_PAGE_MAX, &limit) != 0 || limit == 0))
		return resp_invalid(resp, ERR_VALIDATION, "limit", "an integer from 1 to 20");
	if (bv != NULL && (strict_uint(bv, strlen(bv), (unsigned long long)LLONG_MAX, &before) != 0 ||
	    before == 0))
		return resp_invalid(resp, ERR_VALIDATION, "before", "a run's id");
	memset(&k, 0, sizeof(k));
	for (i = 0; i <= limit; i++)
		if ((k.findings[i] = json_array()) == NULL)
			k.failed = 1;
	/* one more than asked: whether there are more */
	e = k.failed ? ERR_INTERNAL : reconcile_run_page(r->ctx->db, (long long)before,
	    (size_t)limit + 1, runs, &got, one_finding, &k, &resp->out);
	a = e == ERR_OK && !k.failed ? json_array() : NULL;
	more = got > limit;
	for (i = 0; i <= limit; i++) {
		if (a != NULL && i < got && i < limit) {
			if (json_array_append_new(a, run_json(&runs[i], k.findings[i])) != 0) {
				json_decref(a);
				a = NULL;
			}
			k.findings[i] = NULL; /* stolen */
		}
		json_decref(k.findings[i]);
	}
	if (e != ERR_OK)
		return e;
	if (a == NULL)
		return ERR_INTERNAL;
	resp->pagination = json_pack("{s:I,s:b,s:o}", "limit", (json_int_t)limit, "has_more", more,
	    "next_before", more ? json_integer(runs[limit - 1].id) : json_null());
	return resp_ok(resp, 200, a);
}

/* A deposit as listed (new reference). */
static json_t *
deposit_json(const struct chain_deposit_row *d)
{
	return json_pack("{s:s,s:I,s:s,s:I,s:I,s:s,s:s,s:o,s:s,s:s,s:s}", "id", d->id, "chain_id",
	    (json_int_t)d->chain_id, "tx_hash", d->tx_hash, "log_index", (json_int_t)d->log_index,
	    "block_number", (json_int_t)d->block_number, "from_address", d->sender, "coin",
	    d->asset, "amount", text_or_null(d->amount), "units", d->units, "deposit_reference",
	    d->deposit_ref, "seen_at", d->seen_at);
}

/* The listing's array, and whether appending failed. */
struct listing {
	json_t *a;
	int failed;
};

static int
one_deposit(const struct chain_deposit_row *d, void *arg)
{
	struct listing *l = arg;

	if (json_array_append_new(l->a, deposit_json(d)) != 0) {
		l->failed = 1;
		return 1;
	}
	return 0;
}

enum err
console_ops_deposits_unmatched_get(struct req *r, struct resp *resp)
{
	const char *lv = req_query(r, "limit");
	unsigned long long limit = DEPOSITS_DEFAULT;
	struct listing l = { NULL, 0 };
	enum err e;
	int more = 0;

	if (lv != NULL && (strict_uint(lv, strlen(lv), CHAIN_DEPOSIT_PAGE_MAX, &limit) != 0 ||
	    limit == 0))
		return resp_invalid(resp, ERR_VALIDATION, "limit", "an integer from 1 to 500");
	if ((l.a = json_array()) == NULL)
		return ERR_INTERNAL;
	if ((e = chain_deposit_unmatched(r->ctx->db, (size_t)limit, one_deposit, &l, &more,
	    &resp->out)) != ERR_OK || l.failed) {
		json_decref(l.a);
		return e != ERR_OK ? e : ERR_INTERNAL;
	}
	resp->pagination = json_pack("{s:I,s:b}", "limit", (json_int_t)limit, "has_more", more);
	return resp_ok(resp, 200, l.a);
}

enum err
console_ops_deposit_assign_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	const char *partner, *reason, *id = req_param(r, "id");
	struct chain_deposit_row d;
	struct funds_deposit credit;
	json_t *dep;
	enum err e;

	if ((e = body_only(r->body, resp, assign_fields)) != ERR_OK ||
	    (e = body_string(r->body, resp, "partner_id", 64, &partner)) != ERR_OK ||
	    (e = body_whole_text(r->body, resp, "reason", &reason)) != ERR_OK)
		return e;
	if ((e = console_ops_deposit_assign(r->ctx, &r->console, id, partner, reason, &from, &d,
	    &credit, &resp->out)) != ERR_OK)
		return e;
	if ((dep = deposit_json(&d)) == NULL ||
	    json_object_set_new(dep, "status", json_string("assigned")) != 0) {
		json_decref(dep);
		return ERR_INTERNAL;
	}
	return resp_ok(resp, 200, json_pack("{s:o,s:s,s:{s:s,s:s,s:s,s:s}}", "deposit", dep,
	    "partner_id", partner, "credit", "deposit_id", credit.id, "currency", credit.currency,
	    "amount", credit.amount, "deposit_reference", credit.deposit_ref));
}
