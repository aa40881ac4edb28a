#include "domain/ledger.h"

#include <stdlib.h>
#include <string.h>

#include "core/strict.h"

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

static int
by_account(const void *a, const void *b)
{
	return strcmp(((const struct ledger_leg *)a)->account,
	    ((const struct ledger_leg *)b)->account);
}

/*
 * This process's account ids by code: an account, once made, keeps its id
 * for ever, so a posting need not upsert it again (2 statements and a row
 * lock per posting fewer). An id learnt in a transaction that was then
 * rolled back names no row: the balance update that uses it first finds
 * none, and the account is made as if never seen.
 */
struct known_account {
	char code[LEDGER_CODE_MAX];
	long long id;
};

static struct known_account known[64];
static size_t known_next;

static long long
known_id(const char *code)
{
	size_t i;

	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (known[i].id != 0 && strcmp(known[i].code, code) == 0)
			return known[i].id;
	return 0;
}

static void
know(const char *code, long long id)
{
	size_t i;

	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (known[i].id != 0 && strcmp(known[i].code, code) == 0) {
			known[i].id = id;
			return;
		}
	if (strlen(code) >= sizeof(known[0].code))
		return;
	i = known_next++ % (sizeof(known) / sizeof(known[0]));
	memcpy(known[i].code, code, strlen(code) + 1);
	known[i].id = id;
}

/* leg's amount added to its account's balance, the account's id into *id:
 * through the known id when it still names a row, else made (or found)
 * by its code. */
static enum db_rc
add_to_account(struct db *db, const struct ledger_leg *leg, long long *id)
{
	struct db_arg a[3];
	struct db_res res;
	enum db_rc rc;

	if ((*id = known_id(leg->account)) != 0) {
		a[0] = DB_S(leg->amount);
		a[1] = DB_I(*id);
		a[2] = DB_S(leg->account);
		if ((rc = db_exec(db, DB_LEDGER_BALANCE_ADD_KNOWN, a, 3, NULL, &res)) != DB_OK)
			return rc; /* DB_CHECK: a balance would go negative */
		if (res.affected == 1)
			return DB_OK;
		know(leg->account, 0); /* made in a transaction that did not commit */
	}
	a[0] = DB_S(leg->account);
	a[1] = DB_S(leg->asset);
	a[2] = DB_S(account_kind(leg->account));
	if ((rc = db_exec(db, DB_LEDGER_ACCOUNT_ENSURE, a, 3, NULL, &res)) != DB_OK)
		return rc;
	*id = (long long)res.insert_id;
	a[0] = DB_S(leg->amount);
	a[1] = DB_I(*id);
	if ((rc = db_exec(db, DB_LEDGER_BALANCE_ADD, a, 2, NULL, NULL)) != DB_OK)
		return rc;
	know(leg->account, *id);
	return DB_OK;
}

enum db_rc
ledger_post(struct db *db, const char *kind, const char *ref_id,
    const struct ledger_leg *legs, size_t n)
{
	struct ledger_leg sorted[LEDGER_MAX_LEGS];
	struct db_arg a[4];
	struct db_res res;
	long long tx_id;
	enum db_rc rc;
	size_t i;

	if (n < 2 || n > LEDGER_MAX_LEGS || legs_balanced(legs, n) != 0)
		return DB_FAIL;
	a[0] = DB_S(kind);
	a[1] = DB_S(ref_id);
	if ((rc = db_exec(db, DB_LEDGER_TX_INSERT, a, 2, NULL, &res)) != DB_OK)
		return rc; /* DB_DUP: posted before */
	tx_id = (long long)res.insert_id;
	/* Touch accounts in one global order so two postings never deadlock. */
	memcpy(sorted, legs, n * sizeof(*legs));
	qsort(sorted, n, sizeof(*sorted), by_account);
	for (i = 0; i < n; i++) {
		long long account_id;

		if ((rc = add_to_account(db, &sorted[i], &account_id)) != DB_OK)
			return rc;
		a[0] = DB_I(tx_id);
		a[1] = DB_I(account_id);
		a[2] = DB_S(sorted[i].asset);
		a[3] = DB_S(sorted[i].amount);
		if ((rc = db_exec(db, DB_LEDGER_ENTRY_INSERT, a, 4, NULL, NULL)) != DB_OK)
			return rc;
	}
	return DB_OK;
}

enum db_rc
ledger_balance(struct db *db, const char *account, unsigned scale, char *out,
    size_t cap)
{
	struct db_arg a[1] = { DB_S(account) };
	struct db_rows rows;
	const char *v;
	mpz_t units;
	enum db_rc rc;
	int neg;

	if ((rc = db_exec(db, DB_LEDGER_BALANCE_GET, a, 1, &rows, NULL)) != DB_OK)
		return rc;
	v = db_cell(&rows, 0, 0);
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

/* Runs one check statement, printing each row under title; -1 on error. */
static int
check_rows(struct db *db, enum db_stmt s, const char *title, FILE *report)
{
	struct db_rows rows;
	size_t i, j;
	int found;

	if (db_exec(db, s, NULL, 0, &rows, NULL) != DB_OK) {
		fprintf(report, "ledger check: %s: %s\n", title, db_error(db));
		return -1;
	}
	found = rows.nrows > 0;
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
		bad |= r;
	}
	return bad ? 1 : 0;
}
