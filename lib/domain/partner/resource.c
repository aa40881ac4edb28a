#include "domain/partner/resource.h"

#include <stdio.h>
#include <string.h>

#include "core/strict.h"
#include "domain/internal.h"
#include "domain/outbox.h"
#include "store/db_sig.h"

/* The member of r at offset at. */
#define MEMBER(r, at) ((char *)(r) + (at))

static const char *
id_of(const struct resource_kind *k, const void *r)
{
	return MEMBER(r, k->id_at);
}

static long long
partner_of(const struct resource_kind *k, const void *r)
{
	long long v;

	memcpy(&v, MEMBER(r, k->partner_at), sizeof(v));
	return v;
}

int
resource_status_valid(const struct resource_kind *k, const char *s)
{
	size_t i;

	for (i = 0; s != NULL && i < k->nstatuses; i++)
		if (strcmp(s, k->statuses[i]) == 0)
			return 1;
	return 0;
}

/* Runs b (a statement of one resource's columns) into out: DB_OK, DB_DUP
 * for no row, or the database's error (out empty). */
static enum db_rc
load_by(struct db *db, const struct resource_kind *k, struct db_bound b, void *out)
{
	struct db_rows rows;
	enum db_rc rc;

	memset(out, 0, k->size);
	if ((rc = db_run(db, b, &rows, NULL)) != DB_OK)
		return rc;
	if (rows.nrows == 0)
		rc = DB_DUP;
	else if (k->from_row(&rows, 0, out) != 0) {
		k->free(out);
		rc = DB_FAIL;
	}
	db_rows_free(&rows);
	return rc;
}

enum db_rc
resource_load(struct db *db, const struct resource_kind *k, const char *id,
    long long partner_id, int lock, void *out)
{
	if (partner_id <= 0)
		return DB_DUP; /* no owner is nobody's, never anyone's */
	return load_by(db, k, DB_BIND_ANY(lock ? k->lock : k->get, res_by_owner, .id = id,
	    .partner_id = partner_id), out);
}

enum db_rc
resource_load_any(struct db *db, const struct resource_kind *k, const char *id, int lock,
    void *out)
{
	return load_by(db, k, DB_BIND_ANY(lock ? k->lock_any : k->get_any, by_id, .id = id), out);
}

enum err
resource_get(struct ctx *ctx, const struct resource_kind *k,
    const struct caller *who, const char *id, void *out, struct outcome *o)
{
	char what[64];
	enum db_rc rc;

	outcome_init(o);
	memset(out, 0, k->size);
	if (!id_has_shape(id, k->id_prefix) ||
	    (rc = resource_load(ctx->db, k, id, who->id, 0, out)) == DB_DUP)
		return outcome_fail(o, ERR_NOT_FOUND, "No %s with that id", k->noun);
	if (rc == DB_OK)
		return ERR_OK;
	snprintf(what, sizeof(what), "read the %s", k->noun);
	return domain_db_fail(o, rc, what);
}

enum db_rc
resource_event(struct db *db, const struct resource_kind *k, const char *id, void *out)
{
	char type[64];
	json_t *data;
	enum db_rc rc;

	k->free(out);
	if ((rc = resource_load_any(db, k, id, 0, out)) != DB_OK)
		return rc == DB_DUP ? DB_FAIL : rc; /* written in this transaction */
	snprintf(type, sizeof(type), "%s.%s", k->event_prefix, MEMBER(out, k->status_at));
	if ((data = k->payload(out)) == NULL)
		return DB_FAIL;
	rc = outbox_add(db, type, OUTBOX_PARTNER, partner_of(k, out), id_of(k, out), data);
	json_decref(data);
	return rc;
}

enum err
resource_list(struct ctx *ctx, const struct resource_kind *k,
    const struct caller *who, const struct resource_filter *f,
    unsigned long long offset, size_t limit, void *out, size_t *n,
    struct db_total *total, struct outcome *o)
{
	unsigned long long cap = offset + ctx->cfg.list_total_cap;
	char what[64];
	struct db_rows rows;
	enum db_rc rc;
	size_t i;

	outcome_init(o);
	*n = 0;
	memset(total, 0, sizeof(*total));
	if (limit > k->page_max)
		limit = k->page_max;
	if (f->status == NULL && f->from == NULL && f->to == NULL && f->reference_id == NULL)
		/* no filter: the count reads one index alone */
		rc = db_run_count_upto(ctx->db, DB_BIND_ANY(k->count_all, res_count_all,
		    .partner_id = who->id, .cap = (long long)cap + 1), cap, total);
	else
		rc = db_run_count_upto(ctx->db, DB_BIND_ANY(k->count, res_count,
		    .partner_id = who->id, .status = f->status, .from = f->from, .to = f->to,
		    .reference_id = f->reference_id, .cap = (long long)cap + 1), cap, total);
	if (rc != DB_OK) {
		snprintf(what, sizeof(what), "count the %ss", k->noun);
		return domain_db_fail(o, rc, what);
	}
	if (offset >= total->count || limit == 0)
		return ERR_OK;
	rc = db_run(ctx->db, DB_BIND_ANY(k->page, res_page, .partner_id = who->id,
	    .status = f->status, .from = f->from, .to = f->to, .reference_id = f->reference_id,
	    .limit = (long long)limit, .offset = (long long)offset), &rows, NULL);
	if (rc != DB_OK) {
		snprintf(what, sizeof(what), "read the %ss", k->noun);
		return domain_db_fail(o, rc, what);
	}
	for (i = 0; i < rows.nrows && i < limit; i++)
		if (k->from_row(&rows, i, MEMBER(out, i * k->size)) != 0) {
			k->free(MEMBER(out, i * k->size));
			while (i-- > 0)
				k->free(MEMBER(out, i * k->size));
			db_rows_free(&rows);
			return outcome_err(o, ERR_INTERNAL);
		}
	*n = i;
	db_rows_free(&rows);
	return ERR_OK;
}

int
resource_claim(struct ctx *ctx, const struct resource_kind *k, int n,
    int lease_seconds, char (*out)[ID_MAX])
{
	return db_claim(ctx->db, k->claim, k->lease, n, lease_seconds, out[0], ID_MAX);
}

/* ---- create ---- */

/* The resource under c's reference: DB_OK (c->existing, c->out filled) for
 * the same request; DB_FAIL with ERR_DUPLICATE_REFERENCE in c->o for a
 * different one; DB_DUP when there is none; or the database's error. */
static enum db_rc
find_existing(struct db *db, struct resource_create *c)
{
	const struct resource_kind *k = c->kind;
	enum db_rc rc;

	rc = load_by(db, k, DB_BIND_ANY(k->by_reference, res_by_reference,
	    .partner_id = c->who->id, .reference_id = c->reference_id), c->out);
	if (rc != DB_OK)
		return rc;
	if (strcmp(MEMBER(c->out, k->hash_at), c->hash) != 0) {
		outcome_fail(c->o, ERR_DUPLICATE_REFERENCE, "reference_id %s was used for "
		    "a different %s (%s)", c->reference_id, k->noun, id_of(k, c->out));
		k->free(c->out);
		memset(c->out, 0, k->size);
		return DB_FAIL;
	}
	c->existing = 1;
	return DB_OK;
}

enum err
resource_existing(struct ctx *ctx, struct resource_create *c)
{
	c->existing = 0;
	switch (find_existing(ctx->db, c)) {
	case DB_OK:
	case DB_DUP:
		return ERR_OK;
	case DB_FAIL:
		return c->o->err != ERR_OK ? c->o->err : outcome_err(c->o, ERR_INTERNAL);
	default:
		return outcome_err(c->o, ERR_SERVICE_UNAVAILABLE);
	}
}

static int
create_tx(struct db *db, void *arg)
{
	struct resource_create *c = arg;
	char id[ID_MAX];
	enum db_rc rc;

	outcome_init(c->o);
	c->existing = 0;
	c->kind->free(c->out); /* a retried transaction starts over */
	if ((rc = DB_EXEC(db, DB_PARTNER_LOCK, partner_by_row, NULL, NULL,
	    .id = c->who->id)) != DB_OK)
		return rc;
	if ((rc = find_existing(db, c)) != DB_DUP)
		return rc; /* made already (DB_OK: nothing to write), or refused */
	if ((rc = c->insert(db, c, id)) != DB_OK)
		return rc;
	return resource_event(db, c->kind, id, c->out); /* also the answer: one read */
}

enum err
resource_commit(struct ctx *ctx, struct resource_create *c)
{
	int rc = db_tx(ctx->db, create_tx, c);

	if (rc == DB_DUP && c->o->err == ERR_OK) /* lost the reference to a committed twin */
		rc = find_existing(ctx->db, c) == DB_OK ? DB_OK : DB_FAIL;
	if (rc == DB_OK) {
		c->o->changed = !c->existing;
		return ERR_OK;
	}
	c->kind->free(c->out);
	if (c->o->err != ERR_OK)
		return c->o->err;
	if (rc == DB_CHECK) /* a balance would go below zero: a race for it lost */
		return outcome_err(c->o, ERR_INSUFFICIENT_BALANCE);
	return outcome_err(c->o, domain_db_err(rc));
}
