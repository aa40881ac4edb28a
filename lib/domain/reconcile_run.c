#include "domain/reconcile_run.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/strict.h"
#include "domain/internal.h"

const char *const reconcile_kind_name[RECON_KINDS] = {
	"late_collections", "reversed_payouts", "held", "unmatched_deposits", "unreversible",
	"float", "ledger",
};

int
reconcile_record_init(struct reconcile_record *r)
{
	memset(r, 0, sizeof(*r));
	r->findings = json_array();
	return r->findings != NULL ? 0 : -1;
}

void
reconcile_record_free(struct reconcile_record *r)
{
	json_decref(r->findings);
	r->findings = NULL;
}

/* The finding being built: its bytes, cleaned. */
struct detail {
	char b[RECON_DETAIL_MAX + 1];
	size_t n;
	int open;
};

/* Appends len bytes of p to d, control characters as spaces, never past
 * RECON_DETAIL_MAX (cut where a UTF-8 character starts). */
static void
detail_add(struct detail *d, const char *p, size_t len)
{
	size_t i, k;

	for (i = 0; i < len && d->n < RECON_DETAIL_MAX; i++) {
		unsigned char c = (unsigned char)p[i];

		d->b[d->n++] = c < 0x20 || c == 0x7f ? ' ' : (char)c;
	}
	/* cut inside a character (p[k] continues it): its bytes kept go too */
	for (k = i; k < len && k > 0 && d->n > 0 && ((unsigned char)p[k] & 0xc0) == 0x80; k--)
		d->n--;
	d->b[d->n] = '\0';
}

/* The finding built so far into r's findings. */
static void
detail_flush(struct reconcile_record *r, enum reconcile_kind kind, struct detail *d)
{
	json_t *s;

	if (!d->open)
		return;
	d->open = 0;
	if (r->findings == NULL)
		return;
	if (json_array_size(r->findings) >= RECON_FINDINGS_MAX) {
		r->cut = 1;
		return;
	}
	/* not UTF-8 (a byte the report copied from elsewhere): left out, said */
	if ((s = json_stringn(d->b, d->n)) == NULL ||
	    json_array_append_new(r->findings, json_pack("{s:s,s:o}", "kind",
	    reconcile_kind_name[kind], "detail", s)) != 0)
		r->cut = 1;
}

void
reconcile_record_text(struct reconcile_record *r, enum reconcile_kind kind, const char *text,
    size_t len)
{
	enum reconcile_kind now = kind;
	struct detail d;
	size_t at = 0, n;

	d.n = 0;
	d.open = 0;
	while (at < len) {
		const char *line = text + at, *nl = memchr(line, '\n', len - at);

		n = nl != NULL ? (size_t)(nl - line) : len - at;
		at += n + (nl != NULL);
		if (n == 0)
			continue;
		if (n > 2 && line[0] == ' ' && line[1] == ' ' && d.open) {
			if (d.n < RECON_DETAIL_MAX)
				d.b[d.n++] = '\n'; /* the join, kept */
			detail_add(&d, line, n);
			continue;
		}
		detail_flush(r, now, &d);
		now = kind;
		if (kind == RECON_UNMATCHED_DEPOSITS) {
			const char *colon = memchr(line, ':', n);

			if (colon != NULL && (size_t)(colon - line) >= 13 &&
			    memcmp(colon - 13, " unreversible", 13) == 0)
				now = RECON_UNREVERSIBLE;
		}
		d.n = 0;
		d.open = 1;
		detail_add(&d, line, n);
	}
	detail_flush(r, now, &d);
}

struct save {
	const struct reconcile_record *r;
	const char *json;
	long long duration_ms;
	int exit_status;
};

static int
save_tx(struct db *db, void *arg)
{
	struct save *s = arg;
	const int *c = s->r->counts;
	struct db_res res;
	int rc;

	if ((rc = DB_EXEC(db, DB_RECON_RUN_INSERT, recon_run, NULL, &res,
	    .duration_ms = s->duration_ms, .exit_status = s->exit_status,
	    .late_collections = c[RECON_LATE_COLLECTIONS],
	    .reversed_payouts = c[RECON_REVERSED_PAYOUTS], .held = c[RECON_HELD],
	    .unmatched_deposits = c[RECON_UNMATCHED_DEPOSITS],
	    .unreversible = c[RECON_UNREVERSIBLE], .float_unexplained = c[RECON_FLOAT],
	    .ledger = c[RECON_LEDGER], .findings_cut = s->r->cut || s->json == NULL)) != DB_OK)
		return rc;
	if (s->json != NULL && (rc = DB_EXEC(db, DB_RECON_FINDINGS_INSERT, recon_findings, NULL,
	    NULL, .run_id = (long long)res.insert_id, .json = s->json)) != DB_OK)
		return rc;
	return DB_EXEC(db, DB_RECON_PRUNE, no_args, NULL, NULL);
}

int
reconcile_record_save(struct db *db, const struct reconcile_record *r, long long duration_ms,
    int exit_status)
{
	struct save s = { r, NULL, duration_ms < 0 ? 0 : duration_ms, exit_status != 0 };
	char *json = r->findings != NULL ? json_dumps(r->findings, JSON_COMPACT) : NULL;
	int rc;

	s.json = json;
	rc = db_tx(db, save_tx, &s);
	free(json);
	return rc;
}

/* A stored count or number (never negative) of rows' row i, col. */
static long long
number(const struct db_rows *rows, size_t i, int col)
{
	const char *v = db_cell(rows, i, col);
	unsigned long long n = 0;

	if (v == NULL || strict_uint(v, strlen(v), (unsigned long long)LLONG_MAX, &n) != 0)
		return 0;
	return (long long)n;
}

enum err
reconcile_run_page(struct db *db, long long before, size_t n, struct reconcile_run *runs,
    size_t *got, reconcile_finding_fn fn, void *arg, struct outcome *o)
{
	static const int count_col[RECON_KINDS] = {
		DB_COL(recon_run, late_collections), DB_COL(recon_run, reversed_payouts),
		DB_COL(recon_run, held), DB_COL(recon_run, unmatched_deposits),
		DB_COL(recon_run, unreversible), DB_COL(recon_run, float_unexplained),
		DB_COL(recon_run, ledger),
	};
	struct db_rows rows;
	size_t i, j, k;
	int rc;

	outcome_init(o);
	*got = 0;
	if ((rc = DB_EXEC(db, DB_RECON_PAGE, recon_page, &rows, NULL,
	    .before = before > 0 ? before : LLONG_MAX,
	    .limit = (long long)n)) != DB_OK)
		return domain_db_fail(o, rc, "read reconcile's runs");
	for (i = 0; i < rows.nrows && i < n; i++) {
		struct reconcile_run *r = &runs[i];

		memset(r, 0, sizeof(*r));
		r->id = number(&rows, i, DB_COL(recon_run, id));
		db_cell_copy(r->started_at, sizeof(r->started_at), &rows, i,
		    DB_COL(recon_run, started_at));
		db_cell_copy(r->finished_at, sizeof(r->finished_at), &rows, i,
		    DB_COL(recon_run, finished_at));
		r->duration_ms = number(&rows, i, DB_COL(recon_run, duration_ms));
		r->exit_status = (int)number(&rows, i, DB_COL(recon_run, exit_status));
		r->findings_cut = number(&rows, i, DB_COL(recon_run, findings_cut)) != 0;
		for (k = 0; k < RECON_KINDS; k++)
			r->counts[k] = number(&rows, i, count_col[k]);
	}
	*got = i;
	db_rows_free(&rows);
	if (*got == 0)
		return ERR_OK;
	/* the page's runs are every run from its oldest to its newest */
	if ((rc = DB_EXEC(db, DB_RECON_FINDINGS, recon_range, &rows, NULL,
	    .low = runs[*got - 1].id, .high = runs[0].id)) != DB_OK)
		return domain_db_fail(o, rc, "read reconcile's findings");
	for (j = 0, i = 0; j < rows.nrows; j++) {
		long long id = number(&rows, j, DB_COL(recon_finding, run_id));

		while (i < *got && runs[i].id > id)
			i++;
		if (i < *got && runs[i].id == id)
			fn(i, db_cell(&rows, j, DB_COL(recon_finding, kind)),
			    db_cell(&rows, j, DB_COL(recon_finding, detail)), arg);
	}
	db_rows_free(&rows);
	return ERR_OK;
}
