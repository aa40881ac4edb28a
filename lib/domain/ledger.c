#include "domain/ledger.h"

#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/strict.h"
#include "domain/internal.h"
#include "store/db_sig.h"

void
ledger_leg(struct ledger_leg *leg, const char *account, const char *asset,
    const char *amount, int debit)
{
	snprintf(leg->account, sizeof(leg->account), "%s", account);
	leg->asset = asset;
	snprintf(leg->amount, sizeof(leg->amount), "%s%s", debit ? "-" : "", amount);
}

/* Parses a signed leg amount at LEDGER_SCALE into v; -1 if malformed/zero. */
static int
leg_value(const char *text, mpz_t v)
{
	int neg = text[0] == '-';

	if (money_parse(text + neg, LEDGER_SCALE, v) != MONEY_OK || mpz_sgn(v) == 0)
		return -1;
	if (neg)
		mpz_neg(v, v);
	return 0;
}

/* 0 when the legs are well-formed and sum to zero for every asset. */
static int
legs_balanced(const struct ledger_leg *legs, size_t n)
{
	mpz_t v, sum;
	size_t i, j;
	int ok = 1;

	mpz_inits(v, sum, NULL);
	for (i = 0; i < n && ok; i++) {
		for (j = 0; j < i; j++)
			if (strcmp(legs[j].asset, legs[i].asset) == 0)
				break;
		if (j < i)
			continue; /* this asset was summed already */
		mpz_set_ui(sum, 0);
		for (j = i; j < n; j++) {
			if (strcmp(legs[j].asset, legs[i].asset) != 0)
				continue;
			if (leg_value(legs[j].amount, v) != 0) {
				ok = 0;
				break;
			}
			mpz_add(sum, sum, v);
		}
		if (mpz_sgn(sum) != 0)
			ok = 0;
	}
	mpz_clears(v, sum, NULL);
	return ok ? 0 : -1;
}

static const char *
account_kind(const char *code)
{
	if (strncmp(code, "user:", 5) == 0)
		return "user";
	if (strncmp(code, "partner:", 8) == 0)
		return "partner";
	return "house";
}

/* One account a posting touches: its id, and the sum of its legs. */
struct touched {
	const char *code;
	const char *asset;
	long long id;
	mpz_t sum;
};

static int
by_code(const void *a, const void *b)
{
	return strcmp(((const struct touched *)a)->code, ((const struct touched *)b)->code);
}

/* The touched account of code among t[0..n) (sorted), or NULL. */
static struct touched *
touched_of(struct touched *t, size_t n, const char *code)
{
	struct touched key = { .code = code };

	return bsearch(&key, t, n, sizeof(*t), by_code);
}

/*
 * The accounts of p's postings, each once, sorted by code, with the sum of
 * its legs (into *t, *nt; the caller frees with touched_free). -1 on low
 * memory or a malformed amount.
 */
static int
touched_collect(const struct ledger_posting *p, size_t n, struct touched **t, size_t *nt)
{
	size_t i, j, k, legs = 0, u = 0;
	struct touched *all;
	mpz_t v;
	int rc = 0;

	for (i = 0; i < n; i++)
		legs += p[i].n;
	if ((all = calloc(legs, sizeof(*all))) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		for (j = 0; j < p[i].n; j++) {
			all[u].code = p[i].legs[j].account;
			all[u].asset = p[i].legs[j].asset;
			u++;
		}
	qsort(all, legs, sizeof(*all), by_code);
	for (i = 0, k = 0; i < legs; i++)
		if (k == 0 || strcmp(all[k - 1].code, all[i].code) != 0)
			all[k++] = all[i];
	for (i = 0; i < k; i++)
		mpz_init(all[i].sum);
	*t = all;
	*nt = k;
	mpz_init(v);
	for (i = 0; i < n && rc == 0; i++)
		for (j = 0; j < p[i].n && rc == 0; j++) {
			if (leg_value(p[i].legs[j].amount, v) != 0)
				rc = -1;
			else
				mpz_add(touched_of(all, k, p[i].legs[j].account)->sum,
				    touched_of(all, k, p[i].legs[j].account)->sum, v);
		}
	mpz_clear(v);
	return rc;
}

static void
touched_free(struct touched *t, size_t n)
{
	size_t i;

	for (i = 0; t != NULL && i < n; i++)
		mpz_clear(t[i].sum);
	free(t);
}

/* Every posting's event, in one statement. DB_DUP: one was posted before. */
static enum db_rc
insert_events(struct db *db, const struct ledger_posting *p, size_t n)
{
	json_t *rows = json_array();
	enum db_rc rc = DB_FAIL;
	size_t i;
	int bad = rows == NULL;

	for (i = 0; i < n && !bad; i++)
		bad = json_array_append_new(rows, json_pack("{s:s,s:s}", "kind", p[i].kind,
		    "ref", p[i].ref_id)) != 0;
	if (!bad)
		rc = domain_exec_changes(db, DB_LEDGER_TX_INSERT_MANY, rows, n);
	json_decref(rows);
	return rc;
}

/* Each touched account made (when new) and locked, in t's order: one
 * global order, so that two writers never deadlock on accounts. */
static enum db_rc
lock_accounts(struct db *db, struct touched *t, size_t nt)
{
	struct db_res res;
	enum db_rc rc;
	size_t i;

	for (i = 0; i < nt; i++) {
		if ((rc = DB_EXEC(db, DB_LEDGER_ACCOUNT_ENSURE, ledger_account, NULL, &res,
		    .code = t[i].code, .asset = t[i].asset,
		    .kind = account_kind(t[i].code))) != DB_OK)
			return rc;
		t[i].id = (long long)res.insert_id;
	}
	return DB_OK;
}

/* Each leg of each posting as an entry of its event, in one statement. */
static enum db_rc
insert_entries(struct db *db, const struct ledger_posting *p, size_t n,
    struct touched *t, size_t nt)
{
	json_t *rows = json_array();
	enum db_rc rc = DB_FAIL;
	size_t i, j, legs = 0;
	int bad = rows == NULL;

	for (i = 0; i < n && !bad; i++)
		for (j = 0; j < p[i].n && !bad; j++, legs++)
			bad = json_array_append_new(rows, json_pack("{s:s,s:s,s:I,s:s,s:s}",
			    "kind", p[i].kind, "ref", p[i].ref_id, "account",
			    (json_int_t)touched_of(t, nt, p[i].legs[j].account)->id,
			    "asset", p[i].legs[j].asset, "amount", p[i].legs[j].amount)) != 0;
	if (!bad)
		rc = domain_exec_changes(db, DB_LEDGER_ENTRY_INSERT_MANY, rows, legs);
	json_decref(rows);
	return rc;
}

/* Each touched account's balance moved by the sum of its legs, once. */
static enum db_rc
move_balances(struct db *db, const struct touched *t, size_t nt)
{
	char sum[MONEY_MAX_TEXT];
	enum db_rc rc;
	size_t i;

	for (i = 0; i < nt; i++) {
		if (mpz_sgn(t[i].sum) == 0)
			continue;
		if (money_format_signed(t[i].sum, LEDGER_SCALE, sum, sizeof(sum)) != 0)
			return DB_FAIL;
		if ((rc = DB_EXEC(db, DB_LEDGER_BALANCE_ADD, ledger_balance_add, NULL, NULL,
		    .amount = sum, .id = t[i].id)) != DB_OK)
			return rc; /* DB_CHECK: a balance would go negative */
	}
	return DB_OK;
}

enum db_rc
ledger_post_many(struct db *db, const struct ledger_posting *p, size_t n)
{
	struct touched *t = NULL;
	size_t i, nt = 0;
	enum db_rc rc = DB_FAIL;

	for (i = 0; i < n; i++)
		if (p[i].n < 2 || p[i].n > LEDGER_MAX_LEGS || legs_balanced(p[i].legs, p[i].n) != 0)
			return DB_FAIL;
	if (n == 0)
		return DB_OK;
	if (touched_collect(p, n, &t, &nt) != 0)
		goto out;
	if ((rc = insert_events(db, p, n)) != DB_OK ||
	    (rc = lock_accounts(db, t, nt)) != DB_OK ||
	    (rc = insert_entries(db, p, n, t, nt)) != DB_OK)
		goto out;
	rc = move_balances(db, t, nt);
out:
	touched_free(t, nt);
	return rc;
}

enum db_rc
ledger_post(struct db *db, const char *kind, const char *ref_id,
    const struct ledger_leg *legs, size_t n)
{
	struct ledger_posting p = { kind, ref_id, legs, n };

	return ledger_post_many(db, &p, 1);
}

enum db_rc
ledger_balance(struct db *db, const char *account, unsigned scale, char *out,
    size_t cap)
{
	struct db_rows rows;
	const char *v;
	mpz_t units;
	enum db_rc rc;
	int neg;

	if ((rc = DB_EXEC(db, DB_LEDGER_BALANCE_GET, ledger_code, &rows, NULL,
	    .code = account)) != DB_OK)
		return rc;
	v = db_cell(&rows, 0, DB_COL(ledger_balance, balance));
	mpz_init(units);
	rc = DB_OK;
	if (v == NULL) {
		mpz_set_ui(units, 0);
	} else {
		/* the column holds 18 places; a user's balance is never negative */
		neg = v[0] == '-';
		if (neg || money_parse(v, LEDGER_SCALE, units) != MONEY_OK)
			rc = DB_FAIL;
		else
			money_rescale(units, units, LEDGER_SCALE, scale, MONEY_DOWN);
	}
	if (rc == DB_OK && money_format(units, scale, out, cap) != 0)
		rc = DB_FAIL;
	mpz_clear(units);
	db_rows_free(&rows);
	return rc;
}

/* Runs one check statement (no arguments; its rows' shapes differ, each
 * row printed whole), printing each row under title: how many, or -1 on
 * error. */
static int
check_rows(struct db *db, enum db_stmt s, const char *title, FILE *report)
{
	struct db_rows rows;
	size_t i, j;
	int found;

	if (db_run(db, DB_BIND_ANY(s, no_args), &rows, NULL) != DB_OK) {
		fprintf(report, "ledger check: %s: %s\n", title, db_error(db));
		return -1;
	}
	found = rows.nrows > INT_MAX ? INT_MAX : (int)rows.nrows;
	for (i = 0; i < rows.nrows; i++) {
		fprintf(report, "%s:", title);
		for (j = 0; j < rows.ncols; j++)
			fprintf(report, " %s", db_cell(&rows, i, j) ? db_cell(&rows, i, j) : "NULL");
		fputc('\n', report);
	}
	db_rows_free(&rows);
	return found;
}

int
ledger_check(struct db *db, FILE *report)
{
	static const struct { enum db_stmt s; const char *title; } checks[] = {
		{ DB_LEDGER_CHECK_TX_SUMS, "unbalanced transaction (tx, asset, sum)" },
		{ DB_LEDGER_CHECK_ASSETS, "entry in a foreign asset (entry, account, asset)" },
		{ DB_LEDGER_CHECK_CACHE, "cached balance differs (account, cached, entries)" },
		{ DB_LEDGER_CHECK_NEGATIVE, "negative balance (account, balance)" },
	};
	size_t i;
	int bad = 0, r;

	for (i = 0; i < sizeof(checks) / sizeof(checks[0]); i++) {
		r = check_rows(db, checks[i].s, checks[i].title, report);
		if (r < 0)
			return -1;
		bad = r > INT_MAX - bad ? INT_MAX : bad + r;
	}
	return bad;
}
