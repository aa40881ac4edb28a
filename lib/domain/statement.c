#include "domain/statement.h"

#include <stdio.h>
#include <string.h>

#include "core/log.h"
#include "core/money.h"
#include "domain/internal.h"
#include "store/db_sig.h"
#include "domain/ledger.h"

static const struct { const char *kind, *type; } types[] = {
	{ "partner.deposit", "deposit" },
	{ "partner.deposit.reversed", "adjustment" },
	{ "partner.adjustment", "adjustment" },
	{ "withdrawal.hold", "withdrawal hold" },
	{ "withdrawal.converted", "withdrawal completed" },
	{ "withdrawal.refund", "refund" },
	{ "payment_intent.completed", "collection" },
	{ "conversion.completed", "conversion" },
	{ "payout.hold", "payout" },
	{ "payout.refund", "refund" },
	{ "payout.reversal", "refund" },
};

const char *
statement_type(const char *kind)
{
	size_t i;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (strcmp(types[i].kind, kind) == 0)
			return types[i].type;
	return "adjustment";
}

int
statement_csv_field(const char *s, int user, char *out, size_t cap)
{
	int quote = strpbrk(s, ",\"\r\n") != NULL;
	int formula = user && s[0] != '\0' && strchr("=+-@\t\r", s[0]) != NULL;
	size_t n = 0;

#define PUT(c) do { if (n + 1 >= cap) return -1; out[n++] = (c); } while (0)
	if (quote)
		PUT('"');
	if (formula)
		PUT('\'');
	for (; *s != '\0'; s++) {
		if (*s == '"')
			PUT('"');
		PUT(*s);
	}
	if (quote)
		PUT('"');
#undef PUT
	out[n] = '\0';
	return 0;
}

/* One balance of the statement: its ledger account and running total. */
struct balance {
	const char *name;                /* "available" or "pending" */
	char code[LEDGER_CODE_MAX];
	mpz_t run;                       /* LEDGER_SCALE units */
};

struct run {
	const struct statement_req *q;
	struct balance bal[2];
	size_t nbal;
	statement_write_fn wr;
	void *io;
	int started;                     /* the first byte was written */
	char from_iso[40], to_iso[40];
};

/* "YYYY-MM-DD HH:MM:SS[.ffffff]" as ISO 8601 UTC. */
static void
iso_of(const char *db, char *out, size_t cap)
{
	snprintf(out, cap, "%.10sT%sZ", db, strlen(db) > 11 ? db + 11 : "00:00:00");
}

/* One CSV line: amount NULL for an opening or closing line. */
static int
line(struct run *k, const char *date, const char *type, const char *id,
    const char *client_ref, struct balance *b, const mpz_t *amount)
{
	char field[2 * 255 + 4], amt[MONEY_MAX_TEXT] = "", run[MONEY_MAX_TEXT], text[1024];
	unsigned scale = k->q->cur->scale;
	mpz_t v;
	int n;

	mpz_init(v);
	if (amount != NULL) {
		mpz_add(b->run, b->run, *amount);
		money_rescale(v, *amount, LEDGER_SCALE, scale, MONEY_DOWN);
		(void)money_format_signed(v, scale, amt, sizeof(amt));
	}
	money_rescale(v, b->run, LEDGER_SCALE, scale, MONEY_DOWN);
	n = money_format_signed(v, scale, run, sizeof(run));
	mpz_clear(v);
	if (n != 0 || statement_csv_field(client_ref, 1, field, sizeof(field)) != 0)
		return -1;
	n = snprintf(text, sizeof(text), "%s,%s,%s,%s,%s,%s,%s\r\n", date, type, id, field,
	    b->name, amt, run);
	if (n < 0 || (size_t)n >= sizeof(text))
		return -1;
	return k->wr(k->io, text, (size_t)n);
}

static struct balance *
balance_named(struct run *k, const char *name)
{
	size_t i;

	for (i = 0; i < k->nbal; i++)
		if (strcmp(k->bal[i].name, name) == 0)
			return &k->bal[i];
	return NULL;
}

/* a column of a movement row, by its name */
#define MOVED(name) db_cell(row, 0, DB_COL(ledger_movement, name))

/* A movement row: date, kind, id, client reference, balance, amount, gross,
 * fee. */
static int
movement(const struct db_rows *row, void *arg)
{
	struct run *k = arg;
	const char *date = MOVED(created_at), *kind = MOVED(kind), *id = MOVED(ref_id);
	const char *client_ref = MOVED(client_reference), *gross = MOVED(gross), *fee = MOVED(fee);
	const char *amount = MOVED(amount);
	struct balance *b = balance_named(k, MOVED(balance) ? MOVED(balance) : "");
	mpz_t amt, g, f, net;
	int rc = -1, split;

	if (b == NULL || date == NULL || kind == NULL || id == NULL || amount == NULL)
		return -1;
	mpz_inits(amt, g, f, net, NULL);
	if (money_parse_signed(amount, LEDGER_SCALE, amt) != MONEY_OK)
		goto out;
	/* a net movement shown gross and fee, when they add up to it */
	split = gross != NULL && fee != NULL &&
	    money_parse_signed(gross, LEDGER_SCALE, g) == MONEY_OK &&
	    money_parse_signed(fee, LEDGER_SCALE, f) == MONEY_OK && mpz_sgn(f) > 0;
	if (split) {
		mpz_sub(net, g, f);
		split = mpz_cmp(net, amt) == 0;
	}
	if (!split) {
		rc = line(k, date, statement_type(kind), id, client_ref ? client_ref : "", b, &amt);
	} else {
		mpz_neg(f, f);
		rc = line(k, date, statement_type(kind), id, client_ref ? client_ref : "", b, &g);
		if (rc == 0)
			rc = line(k, date, "fee", id, client_ref ? client_ref : "", b, &f);
	}
out:
	mpz_clears(amt, g, f, net, NULL);
	return rc;
}

/* The opening balances (before from), then everything after the first
 * byte: one transaction, so one snapshot. */
static int
statement_tx(struct db *db, void *arg)
{
	struct run *k = arg;
	const struct statement_req *q = k->q;
	struct db_rows rows;
	const char *v;
	enum db_rc rc;
	size_t i;

	for (i = 0; i < k->nbal; i++) {
		if ((rc = DB_EXEC(db, DB_LEDGER_SUM_BEFORE, ledger_before, &rows, NULL,
		    .since = q->from, .code = k->bal[i].code)) != DB_OK)
			return rc;
		v = db_cell(&rows, 0, DB_COL(ledger_before, balance));
		rc = money_parse_signed(v ? v : "0", LEDGER_SCALE, k->bal[i].run) == MONEY_OK ?
		    DB_OK : DB_FAIL;
		db_rows_free(&rows);
		if (rc != DB_OK)
			return rc;
	}
	/* the first byte: from here on the answer is this statement */
	k->started = 1;
	if (k->wr(k->io, STATEMENT_HEADER, strlen(STATEMENT_HEADER)) != 0)
		return DB_FAIL;
	for (i = 0; i < k->nbal; i++)
		if (line(k, k->from_iso, "opening balance", "", "", &k->bal[i], NULL) != 0)
			return DB_FAIL;
	if (q->owner == STATEMENT_PARTNER) {
		rc = db_run_each(db, DB_BIND(DB_LEDGER_STATEMENT_PARTNER, ledger_statement_partner,
		    .available = k->bal[0].code, .pending = k->bal[1].code, .from = q->from,
		    .to = q->to), movement, k);
	} else {
		rc = db_run_each(db, DB_BIND(DB_LEDGER_STATEMENT_USER, ledger_statement_user,
		    .code = k->bal[0].code, .from = q->from, .to = q->to), movement, k);
	}
	if (rc != DB_OK)
		return rc;
	for (i = 0; i < k->nbal; i++)
		if (line(k, k->to_iso, "closing balance", "", "", &k->bal[i], NULL) != 0)
			return DB_FAIL;
	return DB_OK;
}

enum err
statement_write(struct db *db, const struct statement_req *q, statement_write_fn wr,
    void *io, struct outcome *o)
{
	struct run k;
	const char *c = q->cur->code;
	size_t i;
	int rc;

	memset(&k, 0, sizeof(k));
	k.q = q;
	k.wr = wr;
	k.io = io;
	iso_of(q->from, k.from_iso, sizeof(k.from_iso));
	iso_of(q->to, k.to_iso, sizeof(k.to_iso));
	k.bal[0].name = "available";
	if (q->owner == STATEMENT_PARTNER) {
		snprintf(k.bal[0].code, LEDGER_CODE_MAX, "partner:%lld:%s", q->id, c);
		k.bal[1].name = "pending";
		snprintf(k.bal[1].code, LEDGER_CODE_MAX, "partner:%lld:%s:held", q->id, c);
		k.nbal = 2;
	} else {
		snprintf(k.bal[0].code, LEDGER_CODE_MAX, "user:%lld:%s", q->id, c);
		k.nbal = 1;
	}
	for (i = 0; i < k.nbal; i++)
		mpz_init(k.bal[i].run);
	/* one attempt: a retry would write its lines again */
	rc = db_tx_tries(db, statement_tx, &k, 1);
	for (i = 0; i < k.nbal; i++)
		mpz_clear(k.bal[i].run);
	if (rc == DB_OK)
		return ERR_OK;
	if (!k.started)
		return domain_db_fail(o, rc, "read the statement");
	log_event("error", "statement of %s %lld %s cut short: %s",
	    q->owner == STATEMENT_PARTNER ? "partner" : "user", q->id, c, db_error(db));
	return outcome_err(o, ERR_INTERNAL);
}
