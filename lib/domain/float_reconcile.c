#include "domain/float_reconcile.h"

#include <string.h>

#include "core/money.h"
#include "domain/payout_float.h"
#include "providers/registry.h"
#include "store/db_sig.h"

#define NETS 3

struct floats {
	struct payout_float_row row[NETS];
	size_t n;
};

static int
keep(const struct payout_float_row *r, void *arg)
{
	struct floats *f = arg;

	if (f->n < NETS)
		f->row[f->n++] = *r;
	return 0;
}

/* The collections network's provider may hold that are not completed
 * here: rows (the caller frees them), their sum. DB_OK or the error. */
static enum db_rc
collecting(struct db *db, const char *network, struct db_rows *rows, mpz_t sum)
{
	enum db_rc rc;
	mpz_t v;
	size_t i;

	rc = DB_EXEC(db, DB_PFLOAT_COLLECTING, pfloat_network, rows, NULL, .network = network);
	if (rc != DB_OK)
		return rc;
	mpz_init(v);
	for (i = 0; i < rows->nrows && rc == DB_OK; i++) {
		if (money_parse(db_cell(rows, i, DB_COL(pfloat_pending, amount)), 2, v) != MONEY_OK)
			rc = DB_FAIL;
		mpz_add(sum, sum, v);
	}
	mpz_clear(v);
	if (rc != DB_OK)
		db_rows_free(rows);
	return rc;
}

/* Rows of id, amount, status, since (store/stmt_payout_float.h), as lines
 * of what. */
static void
list(FILE *out, const char *what, const struct db_rows *rows)
{
	size_t i;

	for (i = 0; i < rows->nrows; i++)
		fprintf(out, "  %s %s %s GHS %s since %s\n", what,
		    db_cell(rows, i, DB_COL(pfloat_pending, id)),
		    db_cell(rows, i, DB_COL(pfloat_pending, amount)),
		    db_cell(rows, i, DB_COL(pfloat_pending, status)),
		    db_cell(rows, i, DB_COL(pfloat_pending, since)));
}

/* One network's comparison; 1 when its difference is unexplained, 0 when
 * not (or not compared), -1 on a database error. */
static int
compare(struct ctx *ctx, const struct payout_float_row *f, FILE *out)
{
	const struct prov_momo *m = providers_momo(&ctx->prov, f->network);
	struct db_rows payouts, intents;
	char provider[MONEY_MAX_TEXT], flight[MONEY_MAX_TEXT], diff[MONEY_MAX_TEXT],
	    bound[MONEY_MAX_TEXT];
	mpz_t p, b, d, in;
	int rc = -1, collects = m != NULL && m->ops->collects_into_payouts;

	if (f->unlimited) {
		fprintf(out, "float %s: unlimited, not compared with the provider\n", f->network);
		return 0;
	}
	if (m == NULL || m->ops->balance(&m->ep, "GHS", provider, sizeof(provider)) != MOMO_OK) {
		fprintf(out, "float %s: %s; the provider's balance could not be read, not "
		    "compared\n", f->network, f->balance);
		return 0;
	}
	if (payout_float_in_flight(ctx->db, f->network, &payouts, flight, sizeof(flight)) != DB_OK)
		return -1;
	mpz_inits(p, b, d, in, NULL);
	if (money_parse(flight, 2, in) != MONEY_OK ||
	    (collects && collecting(ctx->db, f->network, &intents, in) != DB_OK)) {
		db_rows_free(&payouts);
		goto out;
	}
	if (!collects)
		memset(&intents, 0, sizeof(intents));
	/* an account overdrawn at the provider is a difference like any other */
	if (money_parse_signed(provider, 2, p) == MONEY_OK &&
	    money_parse(f->balance, 2, b) == MONEY_OK) {
		mpz_sub(d, p, b);
		rc = money_format_signed(d, 2, diff, sizeof(diff)) == 0 &&
		    money_format(in, 2, bound, sizeof(bound)) == 0 ? 0 : -1;
	}
	if (rc == 0) {
		if (mpz_sgn(d) == 0)
			fprintf(out, "float %s: provider %s, books %s: matches\n",
			    f->network, provider, f->balance);
		else if (mpz_sgn(d) > 0 && mpz_cmp(d, in) <= 0)
			fprintf(out, "float %s: provider %s, books %s, difference %s "
			    "explained by %s GHS in flight:\n", f->network, provider, f->balance,
			    diff, bound);
		else {
			rc = 1;
			fprintf(out, "float %s: provider %s, books %s, difference %s "
			    "UNEXPLAINED (in flight %s GHS); find the cause, then `cediramp-admin "
			    "float sync %s --reason TEXT`\n", f->network, provider, f->balance,
			    diff, bound, f->network);
		}
		if (mpz_sgn(d) != 0) {
			list(out, "payout", &payouts);
			list(out, "collection", &intents);
		}
	}
	db_rows_free(&payouts);
	if (collects)
		db_rows_free(&intents);
out:
	mpz_clears(p, b, d, in, NULL);
	return rc;
}

int
float_reconcile(struct ctx *ctx, FILE *out)
{
	struct floats f;
	struct outcome o;
	size_t i;
	int n = 0, r;

	memset(&f, 0, sizeof(f));
	if (payout_float_list(ctx->db, &ctx->cfg, keep, &f, &o) != ERR_OK)
		return -1;
	for (i = 0; i < f.n; i++) {
		if ((r = compare(ctx, &f.row[i], out)) < 0)
			return -1;
		n += r;
	}
	return n;
}

enum err
float_sync_from_provider(struct db *db, const struct cfg *cfg, const struct providers *prov,
    const char *network, const char *reason, char *provider, size_t cap,
    struct payout_float_sync *out, struct outcome *o)
{
	const struct prov_momo *m;

	if (cap > 0)
		provider[0] = '\0';
	if (payout_float_sync_args(network, reason, o) != ERR_OK)
		return o->err; /* before the provider is asked */
	if ((m = providers_momo(prov, network)) == NULL)
		return outcome_fail(o, ERR_PROVIDER_UNAVAILABLE, "float sync: %s has no adapter",
		    network);
	if (m->ops->balance(&m->ep, "GHS", provider, cap) != MOMO_OK) {
		if (cap > 0)
			provider[0] = '\0';
		return outcome_fail(o, ERR_PROVIDER_UNAVAILABLE, "float sync: %s's provider did "
		    "not give its balance; nothing changed", network);
	}
	return payout_float_sync(db, cfg, network, provider, reason, out, o);
}
