#include "domain/console/ops_payout_view.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/strict.h"
#include "store/db_sig.h"

/* Each rows' shape's column names, in order (the JSON's field names). */
#define COL_NAME(x, kind, name, m) #name,
static const char *const payout_names[] = { ops_payout_COLS(COL_NAME, x) NULL };
static const char *const call_names[] = { ops_payout_call_COLS(COL_NAME, x) NULL };
static const char *const event_names[] = { ops_payout_event_COLS(COL_NAME, x) NULL };
static const char *const refusal_names[] = { ops_float_refusal_COLS(COL_NAME, x) NULL };

/* the columns that are counts, and those that are yes or no */
static const char *const numbers[] = { "sends", "checks", "latency_ms", NULL };
static const char *const flags[] = { "due", "leased", NULL };

static int
among(const char *const *set, const char *name)
{
	for (; *set != NULL; set++)
		if (strcmp(*set, name) == 0)
			return 1;
	return 0;
}

/* Row i of r as an object named by names (new reference; NULL: memory). */
static json_t *
row_json(const struct db_rows *r, size_t i, const char *const *names)
{
	json_t *o = json_object();
	size_t c;

	for (c = 0; o != NULL && names[c] != NULL && c < r->ncols; c++) {
		const char *v = db_cell(r, i, c);
		unsigned long long n = 0;
		json_t *j;

		if (v != NULL && among(numbers, names[c]) &&
		    strict_uint(v, strlen(v), (unsigned long long)LLONG_MAX, &n) != 0)
			v = NULL; /* a count the database cannot give */
		j = v == NULL ? json_null() : among(numbers, names[c]) ?
		    json_integer((json_int_t)n) : among(flags, names[c]) ?
		    json_boolean(strcmp(v, "0") != 0) : json_string(v);

		if (json_object_set_new(o, names[c], j) != 0) {
			json_decref(o);
			o = NULL;
		}
	}
	return o;
}

/* Every row of r, as row_json (new reference; NULL: memory). */
static json_t *
rows_json(const struct db_rows *r, const char *const *names)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a != NULL && i < r->nrows; i++)
		if (json_array_append_new(a, row_json(r, i, names)) != 0) {
			json_decref(a);
			a = NULL;
		}
	return a;
}

/* rows (freed here) as an array into *out; o's error when none. */
static enum err
answer(enum db_rc rc, struct db_rows *rows, const char *const *names, json_t **out,
    struct outcome *o)
{
	if (rc != DB_OK)
		return outcome_fail(o, ERR_SERVICE_UNAVAILABLE, "The payouts cannot be read now");
	*out = rows_json(rows, names);
	db_rows_free(rows);
	return *out != NULL ? ERR_OK : outcome_err(o, ERR_INTERNAL);
}

enum err
console_ops_payouts_list(struct db *db, const struct cfg *cfg, enum ops_payout_list which,
    json_t **out, struct outcome *o)
{
	struct db_rows rows;
	enum db_rc rc;

	outcome_init(o);
	*out = NULL;
	switch (which) {
	case OPS_PAYOUTS_IN_DOUBT:
		rc = DB_EXEC(db, DB_OPS_PAYOUTS_DOUBT, ops_doubt, &rows, NULL,
		    .seconds = (long long)cfg->console_ops_doubt_seconds, .n = OPS_PAYOUT_LIST_MAX);
		return answer(rc, &rows, payout_names, out, o);
	case OPS_PAYOUTS_REVERSED:
		rc = DB_EXEC(db, DB_OPS_PAYOUTS_REVERSED, ops_newest, &rows, NULL,
		    .n = OPS_PAYOUT_LIST_MAX);
		return answer(rc, &rows, payout_names, out, o);
	case OPS_PAYOUTS_REFUSED_FOR_FLOAT:
		rc = DB_EXEC(db, DB_OPS_FLOAT_REFUSALS, ops_newest, &rows, NULL,
		    .n = OPS_PAYOUT_LIST_MAX);
		return answer(rc, &rows, refusal_names, out, o);
	}
	return outcome_err(o, ERR_INTERNAL);
}

/* ---- one payout's page ---- */

static const char *
text(const json_t *o, const char *name)
{
	const char *s = json_string_value(json_object_get(o, name));

	return s != NULL ? s : "";
}

/* What the service does next with payout p (new reference). */
static json_t *
next_step(const json_t *p)
{
	const char *status = text(p, "status"), *at = text(p, "next_check_at");
	int due = json_is_true(json_object_get(p, "due"));
	int leased = json_is_true(json_object_get(p, "leased"));
	const char *action, *say;

	if (strcmp(status, "pending") == 0) {
		action = "await_funding";
		say = "It waits for its funding (the conversion or withdrawal that pays for it); "
		    "its owner's worker starts it then.";
	} else if (strcmp(status, "processing") == 0 && text(p, "held_at")[0] != '\0') {
		action = "await_review";
		say = "Nothing until an operator resolves it: the provider paid something other "
		    "than what was asked.";
	} else if (strcmp(status, "processing") == 0 && leased) {
		action = "in_call";
		say = "A request or the payouts worker is calling the provider about it now.";
	} else if (strcmp(status, "processing") == 0) {
		action = "check_status";
		say = due ? "The payouts worker asks the provider for its status on its next run "
		    "(it sends the same reference again only if the provider never saw it)." :
		    "The payouts worker asks the provider for its status at next_check_at (it "
		    "sends the same reference again only if the provider never saw it).";
	} else {
		action = "none";
		say = strcmp(status, "completed") == 0 ? (text(p, "reversed_at")[0] != '\0' ?
		    "Nothing: the provider reversed it and its owner was refunded." :
		    "Nothing: it completed (a provider that may reverse it is watched for a while).") :
		    "Nothing: it failed and its owner was refunded.";
	}
	return json_pack("{s:s,s:s?,s:s}", "action", action, "at",
	    strcmp(action, "check_status") == 0 || strcmp(action, "await_funding") == 0 ?
	    (at[0] ? at : NULL) : NULL, "text", say);
}

/* Appends {at, what, detail} to t when at is set. */
static int
moment(json_t *t, const char *at, const char *what, const char *detail)
{
	if (at == NULL || at[0] == '\0')
		return 0;
	return json_array_append_new(t, json_pack("{s:s,s:s,s:s?}", "at", at, "what", what,
	    "detail", detail != NULL && detail[0] ? detail : NULL));
}

/* a timeline's entry and where it was added: equal times keep that order
 * (created before started, a call before what it caused) */
struct entry {
	json_t *v;
	size_t i;
};

static int
by_time(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int c = strcmp(text(x->v, "at"), text(y->v, "at"));

	return c != 0 ? c : x->i < y->i ? -1 : x->i > y->i;
}

/* The timeline: the payout's moments, its calls and its events, in time
 * order (new reference; NULL: memory). */
static json_t *
timeline(const json_t *p, const json_t *calls, const json_t *events)
{
	json_t *t = json_array(), *v, *sorted;
	struct entry *items;
	const char *status = text(p, "status");
	char what[96];
	size_t i, n;
	int bad = t == NULL;

	bad |= moment(t, text(p, "created_at"), "created", NULL);
	bad |= moment(t, text(p, "processing_at"), "started: its reference goes to the provider",
	    NULL);
	json_array_foreach(calls, i, v) {
		snprintf(what, sizeof(what), "provider call %s: %s%s%s", text(v, "operation"),
		    text(v, "result"), text(v, "state")[0] ? ", " : "", text(v, "state"));
		bad |= moment(t, text(v, "started_at"), what, text(v, "detail"));
	}
	bad |= moment(t, text(p, "held_at"), "held for review", NULL);
	bad |= moment(t, text(p, "completed_at"), strcmp(status, "failed") == 0 ? "failed" :
	    "completed", text(p, "failure_reason"));
	bad |= moment(t, text(p, "reversed_at"), "reversed by the provider", NULL);
	json_array_foreach(events, i, v) {
		snprintf(what, sizeof(what), "event %s", text(v, "type"));
		bad |= moment(t, text(v, "created_at"), what, NULL);
	}
	n = bad ? 0 : json_array_size(t);
	if ((items = calloc(n ? n : 1, sizeof(*items))) == NULL || bad) {
		free(items);
		json_decref(t);
		return NULL;
	}
	for (i = 0; i < n; i++)
		items[i] = (struct entry){ json_array_get(t, i), i };
	qsort(items, n, sizeof(*items), by_time);
	sorted = json_array();
	for (i = 0; sorted != NULL && i < n; i++)
		if (json_array_append(sorted, items[i].v) != 0) {
			json_decref(sorted);
			sorted = NULL;
		}
	free(items);
	json_decref(t);
	return sorted;
}

enum err
console_ops_payout_page(struct db *db, const char *id, json_t **out, struct outcome *o)
{
	struct db_rows rows;
	json_t *p = NULL, *calls = NULL, *events = NULL;
	enum err e;

	outcome_init(o);
	*out = NULL;
	if (DB_EXEC(db, DB_OPS_PAYOUT_GET, by_id, &rows, NULL, .id = id) != DB_OK)
		return outcome_fail(o, ERR_SERVICE_UNAVAILABLE, "The payout cannot be read now");
	if (rows.nrows == 0) {
		db_rows_free(&rows);
		return outcome_fail(o, ERR_NOT_FOUND, "No such payout");
	}
	p = row_json(&rows, 0, payout_names);
	db_rows_free(&rows);
	if (p == NULL)
		return outcome_err(o, ERR_INTERNAL);
	if ((e = answer(DB_EXEC(db, DB_OPS_PAYOUT_CALLS, by_id, &rows, NULL, .id = id), &rows,
	    call_names, &calls, o)) != ERR_OK ||
	    (e = answer(DB_EXEC(db, DB_OPS_PAYOUT_EVENTS, by_id, &rows, NULL, .id = id), &rows,
	    event_names, &events, o)) != ERR_OK) {
		json_decref(p);
		json_decref(calls);
		return e;
	}
	*out = json_pack("{s:O,s:o,s:o,s:O,s:O}", "payout", p, "next", next_step(p),
	    "timeline", timeline(p, calls, events), "calls", calls, "events", events);
	json_decref(p);
	json_decref(calls);
	json_decref(events);
	return *out != NULL ? ERR_OK : outcome_err(o, ERR_INTERNAL);
}
