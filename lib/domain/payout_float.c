#include "domain/payout_float.h"

#include <string.h>

#include "core/strict.h"
#include "domain/internal.h"
#include "domain/catalog.h"
#include "store/db_sig.h"

#define SETTING_PREFIX "momo."
#define SETTING_SUFFIX ".float"

/*
 * Journals one move of network's float: kind, amount, the payout or
 * intent it is for (for_id) or the operator's reference, either NULL.
 * DB_DUP when the UNIQUE keys say it was journalled before.
 */
static enum db_rc
move_insert(struct db *db, const char *network, const char *kind,
    const char *amount, const char *for_id, const char *reference)
{
	return DB_EXEC(db, DB_PFLOAT_MOVE_INSERT, pfloat_move, NULL, NULL, .network = network,
	    .kind = kind, .amount = amount, .payout_id = for_id, .reference = reference);
}

enum db_rc
payout_float_draw(struct db *db, const struct cfg *cfg, const char *network, const char *amount,
    const char *payout_id, int *covered)
{
	struct db_rows rows;
	struct db_res res;
	enum db_rc rc;
	const char *v;

	*covered = 0;
	/* the guarded UPDATE takes the row's lock: a concurrent draw waits for
	 * this transaction and then sees the balance it leaves */
	rc = DB_EXEC(db, DB_PFLOAT_DRAW, pfloat_draw, NULL, &res, .amount = amount,
	    .network = network);
	if (rc != DB_OK)
		return rc;
	if (res.affected == 1) {
		*covered = 1;
		return move_insert(db, network, "draw", amount, payout_id, NULL);
	}
	/* not drawn: unlimited, short, or no row (the environment's default) */
	rc = DB_EXEC(db, DB_PFLOAT_LOCK, pfloat_network, &rows, NULL, .network = network);
	if (rc != DB_OK)
		return rc;
	if (rows.nrows == 0)
		*covered = cfg->payout_float_unlimited;
	else
		*covered = (v = db_cell(&rows, 0, DB_COL(pfloat_lock, unlimited))) != NULL &&
		    strcmp(v, "1") == 0;
	db_rows_free(&rows);
	return DB_OK;
}

enum db_rc
payout_float_restore(struct db *db, const char *payout_id)
{
	char network[16], amount[MONEY_MAX_TEXT];
	struct db_rows rows;
	enum db_rc rc;

	if ((rc = DB_EXEC(db, DB_PFLOAT_DRAWN, by_id, &rows, NULL, .id = payout_id)) != DB_OK)
		return rc;
	if (rows.nrows == 0) {
		db_rows_free(&rows);
		return DB_OK; /* it drew nothing: unlimited, or never held */
	}
	db_cell_copy(network, sizeof(network), &rows, 0, DB_COL(pfloat_drawn, network));
	db_cell_copy(amount, sizeof(amount), &rows, 0, DB_COL(pfloat_drawn, amount));
	db_rows_free(&rows);
	/* the UNIQUE (payout_id, kind) makes the restore happen once */
	rc = move_insert(db, network, "restore", amount, payout_id, NULL);
	if (rc == DB_DUP)
		return DB_OK;
	if (rc != DB_OK)
		return rc;
	return DB_EXEC(db, DB_PFLOAT_RESTORE, pfloat_restore, NULL, NULL, .amount = amount,
	    .network = network);
}

/* The float row of network, locked, into out (the default when absent). */
static enum db_rc
read_row(struct db *db, const struct cfg *cfg, const char *network, struct payout_float_row *out)
{
	struct db_rows rows;
	enum db_rc rc;
	const char *v;

	memset(out, 0, sizeof(*out));
	(void)strict_copy(out->network, sizeof(out->network), network);
	rc = DB_EXEC(db, DB_PFLOAT_LOCK, pfloat_network, &rows, NULL, .network = network);
	if (rc != DB_OK)
		return rc;
	if (rows.nrows == 0) {
		(void)strict_copy(out->balance, sizeof(out->balance), "0.00");
		out->unlimited = cfg->payout_float_unlimited;
	} else {
		v = db_cell(&rows, 0, DB_COL(pfloat_lock, balance));
		if (v == NULL || money_normalize(v, 2, 2, out->balance, sizeof(out->balance)) != 0)
			rc = DB_FAIL;
		out->unlimited = (v = db_cell(&rows, 0, DB_COL(pfloat_lock, unlimited))) != NULL &&
		    strcmp(v, "1") == 0;
	}
	db_rows_free(&rows);
	return rc;
}

/* amount as GHS with 2 places into out, strictly positive unless zero_ok. */
static int
parse_ghs(const char *amount, int zero_ok, char *out, size_t cap)
{
	mpz_t v;
	int ok;

	mpz_init(v);
	ok = amount != NULL && money_parse(amount, 2, v) == MONEY_OK &&
	    (zero_ok || mpz_sgn(v) > 0) && money_format(v, 2, out, cap) == 0;
	mpz_clear(v);
	return ok ? 0 : -1;
}

struct topup {
	const struct cfg *cfg;
	const char *network, *amount, *reference;
	struct payout_float_row row;
};

/* The journal's row first (its UNIQUE reference refuses a second run),
 * then the float, in one transaction. */
static int
topup_tx(struct db *db, void *arg)
{
	struct topup *t = arg;
	enum db_rc rc;

	if ((rc = move_insert(db, t->network, "topup", t->amount, NULL, t->reference)) != DB_OK)
		return rc;
	/* a first row: the default */
	rc = DB_EXEC(db, DB_PFLOAT_TOPUP, pfloat_set, NULL, NULL, .network = t->network,
	    .balance = t->amount, .unlimited = t->cfg->payout_float_unlimited);
	if (rc != DB_OK)
		return rc;
	return read_row(db, t->cfg, t->network, &t->row);
}

enum err
payout_float_topup(struct db *db, const struct cfg *cfg, const char *network, const char *amount,
    const char *reference, struct payout_float_row *out, struct outcome *o)
{
	char value[MONEY_MAX_TEXT];
	struct topup t;
	int rc;

	outcome_init(o);
	if (network == NULL || catalog_network(network) == NULL)
		return outcome_field(o, ERR_VALIDATION, "network",
		    "one of MTN, TELECEL, AIRTELTIGO");
	if (parse_ghs(amount, 0, value, sizeof(value)) != 0)
		return outcome_field(o, ERR_VALIDATION, "amount",
		    "a positive GHS amount with at most 2 decimal places");
	if (!strict_text(reference, 1, PAYOUT_FLOAT_REFERENCE_MAX))
		return outcome_field(o, ERR_VALIDATION, "reference",
		    "1 to 100 printable characters");
	memset(&t, 0, sizeof(t));
	t.cfg = cfg;
	t.network = network;
	t.amount = value;
	t.reference = reference;
	rc = db_tx(db, topup_tx, &t);
	if (rc == DB_DUP)
		return outcome_fail(o, ERR_DUPLICATE_REFERENCE,
		    "a top-up with this reference was already added; nothing changed");
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "top up the float");
	o->changed = 1;
	if (out != NULL)
		*out = t.row;
	return ERR_OK;
}

int
payout_float_is_setting(const char *name)
{
	size_t n = name ? strlen(name) : 0;
	size_t p = strlen(SETTING_PREFIX), s = strlen(SETTING_SUFFIX);

	return n > p + s && strncmp(name, SETTING_PREFIX, p) == 0 &&
	    strcmp(name + n - s, SETTING_SUFFIX) == 0;
}

struct set {
	const struct cfg *cfg;
	int unlimited;
	const char *network, *balance;
	struct payout_float_row row;
};

static int
set_tx(struct db *db, void *arg)
{
	struct set *s = arg;
	enum db_rc rc;

	rc = DB_EXEC(db, DB_PFLOAT_SET, pfloat_set, NULL, NULL, .network = s->network,
	    .balance = s->balance, .unlimited = s->unlimited);
	if (rc != DB_OK)
		return rc;
	return read_row(db, s->cfg, s->network, &s->row);
}

enum err
payout_float_set(struct db *db, const struct cfg *cfg, const char *name, const char *value,
    struct payout_float_row *out, struct outcome *o)
{
	const struct network *n = NULL;
	char network[16], balance[MONEY_MAX_TEXT];
	size_t len, p = strlen(SETTING_PREFIX), s = strlen(SETTING_SUFFIX);
	struct set st;
	int rc;

	outcome_init(o);
	if (payout_float_is_setting(name) && (len = strlen(name) - p - s) < sizeof(network)) {
		memcpy(network, name + p, len);
		network[len] = '\0';
		n = catalog_network(network);
	}
	if (n == NULL)
		return outcome_field(o, ERR_VALIDATION, "name",
		    "momo.MTN.float, momo.TELECEL.float or momo.AIRTELTIGO.float");
	memset(&st, 0, sizeof(st));
	st.cfg = cfg;
	st.network = n->id;
	if (value != NULL && strcmp(value, "unlimited") == 0) {
		st.unlimited = 1;
		st.balance = "0.00";
	} else if (parse_ghs(value, 1, balance, sizeof(balance)) == 0) {
		st.balance = balance;
	} else {
		return outcome_field(o, ERR_VALIDATION, "value",
		    "unlimited, or a GHS amount >= 0 with at most 2 decimal places");
	}
	if ((rc = db_tx(db, set_tx, &st)) != DB_OK)
		return domain_db_fail(o, rc, "set the float");
	o->changed = 1;
	if (out != NULL)
		*out = st.row;
	return ERR_OK;
}

/* Row i's last sync into r (its amounts at 2 places, the change signed):
 * 0, or -1 when a stored amount does not read. */
static int
sync_read(const struct db_rows *rows, size_t i, struct payout_float_row *r)
{
	const char *v;
	mpz_t change;
	int rc = 0;

	if (db_cell(rows, i, DB_COL(pfloat_view, synced_at)) == NULL)
		return 0;
	db_cell_copy(r->synced_at, sizeof(r->synced_at), rows, i, DB_COL(pfloat_view, synced_at));
	db_cell_copy(r->sync_reason, sizeof(r->sync_reason), rows, i,
	    DB_COL(pfloat_view, sync_reason));
	if ((v = db_cell(rows, i, DB_COL(pfloat_view, sync_provider))) != NULL &&
	    money_normalize(v, 2, 2, r->sync_provider, sizeof(r->sync_provider)) != 0)
		return -1;
	mpz_init(change);
	if ((v = db_cell(rows, i, DB_COL(pfloat_view, sync_change))) == NULL ||
	    money_parse_signed(v, 2, change) != MONEY_OK ||
	    money_format_signed(change, 2, r->sync_change, sizeof(r->sync_change)) != 0)
		rc = -1;
	mpz_clear(change);
	return rc;
}

enum err
payout_float_list(struct db *db, const struct cfg *cfg, payout_float_row_fn fn, void *arg,
    struct outcome *o)
{
	struct payout_float_row r;
	struct db_rows rows;
	enum db_rc rc;
	size_t i, j;
	const char *v;
	int stop = 0;

	outcome_init(o);
	if ((rc = DB_EXEC(db, DB_PFLOAT_VIEW, no_args, &rows, NULL)) != DB_OK)
		return domain_db_fail(o, rc, "read the floats");
	for (i = 0; i < catalog_nnetworks && !stop; i++) {
		memset(&r, 0, sizeof(r));
		(void)strict_copy(r.network, sizeof(r.network), catalog_networks[i].id);
		(void)strict_copy(r.balance, sizeof(r.balance), "0.00");
		r.unlimited = cfg->payout_float_unlimited;
		for (j = 0; j < rows.nrows; j++) {
			if ((v = db_cell(&rows, j, DB_COL(pfloat_view, network))) == NULL ||
			    strcmp(v, r.network) != 0)
				continue;
			if ((v = db_cell(&rows, j, DB_COL(pfloat_view, balance))) == NULL ||
			    money_normalize(v, 2, 2, r.balance, sizeof(r.balance)) != 0 ||
			    sync_read(&rows, j, &r) != 0) {
				db_rows_free(&rows);
				return outcome_err(o, ERR_INTERNAL);
			}
			r.unlimited = (v = db_cell(&rows, j, DB_COL(pfloat_view, unlimited))) != NULL &&
			    strcmp(v, "1") == 0;
			db_cell_copy(r.updated_at, sizeof(r.updated_at), &rows, j,
			    DB_COL(pfloat_view, updated_at));
		}
		stop = fn(&r, arg);
	}
	db_rows_free(&rows);
	return ERR_OK;
}

/* ---- collections and syncs ---- */

enum db_rc
payout_float_collect(struct db *db, const struct cfg *cfg, const char *network,
    const char *amount, const char *intent_id)
{
	struct payout_float_row row;
	enum db_rc rc;

	if ((rc = read_row(db, cfg, network, &row)) != DB_OK || row.unlimited)
		return rc;
	rc = move_insert(db, network, "collection", amount, intent_id, NULL);
	if (rc == DB_DUP)
		return DB_OK; /* credited before */
	if (rc != DB_OK)
		return rc;
	/* the row was read limited: it exists, or the default is */
	return DB_EXEC(db, DB_PFLOAT_TOPUP, pfloat_set, NULL, NULL, .network = network,
	    .balance = amount, .unlimited = 0);
}

enum db_rc
payout_float_in_flight(struct db *db, const char *network, struct db_rows *rows,
    char *sum, size_t cap)
{
	enum db_rc rc;
	mpz_t total, v;
	size_t i;

	rc = DB_EXEC(db, DB_PFLOAT_IN_FLIGHT, pfloat_network, rows, NULL, .network = network);
	if (rc != DB_OK)
		return rc;
	mpz_inits(total, v, NULL);
	for (i = 0; i < rows->nrows && rc == DB_OK; i++) {
		if (money_parse(db_cell(rows, i, DB_COL(pfloat_pending, amount)), 2, v) != MONEY_OK)
			rc = DB_FAIL;
		mpz_add(total, total, v);
	}
	if (rc == DB_OK && money_format(total, 2, sum, cap) != 0)
		rc = DB_FAIL;
	mpz_clears(total, v, NULL);
	if (rc != DB_OK)
		db_rows_free(rows);
	return rc;
}

struct sync {
	const struct cfg *cfg;
	const char *network, *provider, *reason;
	struct payout_float_sync out;
	int unlimited, short_of_flight;
};

/* Under the float's lock: the float = provider - in flight, the signed
 * change journalled. */
static int
sync_tx(struct db *db, void *arg)
{
	struct sync *s = arg;
	struct payout_float_row row;
	struct db_rows rows;
	char change[MONEY_MAX_TEXT];
	mpz_t before, after, flight;
	enum db_rc rc;

	s->unlimited = s->short_of_flight = 0;
	if ((rc = read_row(db, s->cfg, s->network, &row)) != DB_OK)
		return rc;
	if (row.unlimited) {
		s->unlimited = 1;
		return DB_FAIL;
	}
	if ((rc = payout_float_in_flight(db, s->network, &rows, s->out.in_flight,
	    sizeof(s->out.in_flight))) != DB_OK)
		return rc;
	db_rows_free(&rows);
	(void)strict_copy(s->out.before, sizeof(s->out.before), row.balance);
	mpz_inits(before, after, flight, NULL);
	rc = DB_FAIL;
	if (money_parse(row.balance, 2, before) != MONEY_OK ||
	    money_parse(s->provider, 2, after) != MONEY_OK ||
	    money_parse(s->out.in_flight, 2, flight) != MONEY_OK)
		goto out;
	mpz_sub(after, after, flight);
	if (mpz_sgn(after) < 0) {
		s->short_of_flight = 1;
		goto out;
	}
	if (money_format(after, 2, s->out.after, sizeof(s->out.after)) != 0)
		goto out;
	mpz_sub(before, after, before);
	if (money_format_signed(before, 2, change, sizeof(change)) != 0)
		goto out;
	/* a first row too (a limited default) */
	rc = DB_EXEC(db, DB_PFLOAT_SET, pfloat_set, NULL, NULL, .network = s->network,
	    .balance = s->out.after, .unlimited = 0);
	if (rc != DB_OK)
		goto out;
	rc = DB_EXEC(db, DB_PFLOAT_SYNC_MOVE, pfloat_sync, NULL, NULL, .network = s->network,
	    .amount = change, .reason = s->reason, .provider_balance = s->provider);
out:
	mpz_clears(before, after, flight, NULL);
	return rc;
}

enum err
payout_float_sync_args(const char *network, const char *reason, struct outcome *o)
{
	outcome_init(o);
	if (network == NULL || catalog_network(network) == NULL)
		return outcome_field(o, ERR_VALIDATION, "network",
		    "one of MTN, TELECEL, AIRTELTIGO");
	if (reason == NULL || reason[0] == '\0' || strlen(reason) > 200 ||
	    !strict_printable(reason, strlen(reason)))
		return outcome_field(o, ERR_VALIDATION, "reason", "1 to 200 printable characters");
	return ERR_OK;
}

enum err
payout_float_sync(struct db *db, const struct cfg *cfg, const char *network,
    const char *provider_balance, const char *reason, struct payout_float_sync *out,
    struct outcome *o)
{
	char balance[MONEY_MAX_TEXT];
	struct sync s;
	int rc;

	if (payout_float_sync_args(network, reason, o) != ERR_OK)
		return o->err;
	if (parse_ghs(provider_balance, 1, balance, sizeof(balance)) != 0)
		return outcome_fail(o, ERR_INVALID_STATE, "the provider's balance (%.40s) is not "
		    "a GHS amount >= 0; nothing changed", provider_balance);
	memset(&s, 0, sizeof(s));
	s.cfg = cfg;
	s.network = catalog_network(network)->id;
	s.provider = balance;
	s.reason = reason;
	rc = db_tx(db, sync_tx, &s);
	if (s.unlimited)
		return outcome_fail(o, ERR_INVALID_STATE, "the %s float is unlimited: there is "
		    "nothing to sync", s.network);
	if (s.short_of_flight)
		return outcome_fail(o, ERR_INVALID_STATE, "the provider holds %s, less than "
		    "the %s GHS payouts in flight drew; sync once they settle", balance,
		    s.out.in_flight);
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "sync the float");
	o->changed = 1;
	if (out != NULL)
		*out = s.out;
	return ERR_OK;
}
