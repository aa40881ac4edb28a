#include "domain/wallet/beneficiary.h"

#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/phone.h"
#include "core/strict.h"
#include "domain/internal.h"
#include "domain/catalog.h"
#include "domain/lookup_cache.h"
#include "providers/registry.h"
#include "store/db_sig.h"

/* How a beneficiary row (store/stmt_beneficiary.h) fills a struct beneficiary */
static const struct db_field columns[] = { DB_FIELDS(beneficiary, struct beneficiary) };

static int
from_row(const struct db_rows *rows, size_t row, struct beneficiary *b)
{
	const struct network *n;

	memset(b, 0, sizeof(*b));
	if (db_row_read(rows, row, columns, DB_NCOLS(beneficiary), b) != 0)
		return -1;
	n = catalog_network(b->provider);
	(void)strict_copy(b->provider_name, sizeof(b->provider_name), n ? n->name : b->provider);
	return 0;
}

static int
word_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* name folded to lower case, its words sorted and joined by one space,
 * into out (cap bytes). -1 when it does not fit. */
static int
fold_name(const char *name, char *out, size_t cap)
{
	char buf[BENEFICIARY_NAME_MAX * 2 + 2], *words[BENEFICIARY_NAME_MAX];
	size_t i, n = 0, len = strlen(name), o = 0;

	if (len >= sizeof(buf))
		return -1;
	for (i = 0; i <= len; i++) {
		char c = name[i];

		buf[i] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
	}
	for (i = 0; i < len; i++) {
		if (buf[i] == ' ' || buf[i] == '\t') {
			buf[i] = '\0';
		} else if (i == 0 || buf[i - 1] == '\0') {
			if (n == sizeof(words) / sizeof(words[0]))
				return -1;
			words[n++] = &buf[i];
		}
	}
	qsort(words, n, sizeof(words[0]), word_cmp);
	for (i = 0; i < n; i++) {
		size_t w = strlen(words[i]);

		if (o + w + 2 > cap)
			return -1;
		if (i > 0)
			out[o++] = ' ';
		memcpy(out + o, words[i], w);
		o += w;
	}
	if (cap == 0)
		return -1;
	out[o] = '\0';
	return 0;
}

int
beneficiary_name_matches(const char *given, const char *registered)
{
	char a[BENEFICIARY_NAME_MAX * 2 + 2], b[BENEFICIARY_NAME_MAX * 2 + 2];

	if (registered[0] == '\0')
		return 1; /* the provider discloses no name (the sandbox's default) */
	if (fold_name(given, a, sizeof(a)) != 0 || fold_name(registered, b, sizeof(b)) != 0)
		return 0;
	return a[0] != '\0' && strcmp(a, b) == 0;
}

/* The request's fields, checked in the order the errors are documented. */
static enum err
check_request(const struct beneficiary_req *in, struct outcome *o)
{
	const char *country = in->country ? in->country : "GH";
	const char *currency = in->currency ? in->currency : "GHS";
	size_t n = strlen(in->account_name);

	if (strcmp(country, "GH") != 0)
		return outcome_fail(o, ERR_PROVIDER_NOT_FOUND,
		    "Mobile money payouts are available in GH only");
	if (strcmp(currency, "GHS") != 0)
		return outcome_field(o, ERR_INVALID_CURRENCY, "currency", "must be GHS");
	if (catalog_network(in->provider) == NULL)
		return outcome_field(o, ERR_INVALID_PROVIDER, "provider",
		    "one of MTN, TELECEL, AIRTELTIGO");
	if (!phone_valid(in->phone))
		return outcome_field(o, ERR_INVALID_PHONE, "phone",
		    "E.164: +233 and 9 digits, starting 2 or 5");
	if (n == 0 || n > BENEFICIARY_NAME_MAX || !strict_printable(in->account_name, n))
		return outcome_field(o, ERR_VALIDATION, "accountName",
		    "1 to 200 printable characters");
	return ERR_OK;
}

/* Asks the provider whose number phone is and compares the name. */
static enum err
verify_holder(struct ctx *ctx, const struct beneficiary_req *in, struct outcome *o)
{
	const struct prov_momo *m = providers_momo(&ctx->prov, in->provider);
	char msisdn[16], registered[BENEFICIARY_NAME_MAX + 1];

	if (m == NULL || phone_msisdn(in->phone, msisdn, sizeof(msisdn)) != 0)
		return outcome_err(o, ERR_INTERNAL);
	/* a name the provider gave within providers.lookup_cache_seconds is
	 * still compared below: the cache keeps names, never verdicts */
	switch (lookup_cached(ctx, m, in->provider, msisdn, registered, sizeof(registered))) {
	case MOMO_OK:
		break;
	case MOMO_NOT_FOUND:
		return outcome_fail(o, ERR_VERIFICATION_FAILED,
		    "No %s mobile money account holds %s", in->provider, in->phone);
	case MOMO_TIMEOUT:
		return outcome_err(o, ERR_PROVIDER_TIMEOUT);
	default:
		return outcome_err(o, ERR_PROVIDER_UNAVAILABLE);
	}
	if (!beneficiary_name_matches(in->account_name, registered))
		return outcome_err(o, ERR_VERIFICATION_FAILED);
	return ERR_OK;
}

static enum err
load(struct db *db, const char *id, long long user_id, struct beneficiary *out,
    struct outcome *o)
{
	struct db_rows rows;
	enum db_rc rc;
	int found;

	if ((rc = DB_EXEC(db, DB_BEN_GET, ben_get, &rows, NULL, .id = id,
	    .user_id = user_id)) != DB_OK)
		return domain_db_fail(o, rc, "read the beneficiary");
	found = rows.nrows == 1 && from_row(&rows, 0, out) == 0;
	db_rows_free(&rows);
	return found ? ERR_OK : outcome_fail(o, ERR_BENEFICIARY_NOT_FOUND,
	    "No beneficiary with that id");
}

enum err
beneficiary_verify(struct ctx *ctx, const struct caller *who,
    const struct beneficiary_req *in, struct beneficiary *out,
    struct outcome *o)
{
	struct db_rows rows;
	char id[ID_MAX];
	enum db_rc rc;
	int exists;
	enum err e;

	memset(out, 0, sizeof(*out));
	if ((e = check_request(in, o)) != ERR_OK)
		return e;
	/* a known account costs no provider call; UNIQUE still decides races */
	rc = DB_EXEC(ctx->db, DB_BEN_EXISTS, ben_exists, &rows, NULL, .user_id = who->id,
	    .provider = in->provider, .phone = in->phone);
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "read the beneficiaries");
	exists = rows.nrows > 0;
	db_rows_free(&rows);
	if (exists)
		return outcome_err(o, ERR_DUPLICATE_BENEFICIARY);
	if ((e = verify_holder(ctx, in, o)) != ERR_OK)
		return e;
	if (id_new(id, sizeof(id), "bn_") != 0)
		return outcome_err(o, ERR_INTERNAL);
	rc = DB_EXEC(ctx->db, DB_BEN_INSERT, ben_insert, NULL, NULL, .id = id,
	    .user_id = who->id, .provider = in->provider, .phone = in->phone,
	    .account_name = in->account_name, .country = in->country ? in->country : "GH",
	    .currency = in->currency ? in->currency : "GHS");
	if (rc == DB_DUP)
		return outcome_err(o, ERR_DUPLICATE_BENEFICIARY);
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "store the beneficiary");
	if ((e = load(ctx->db, id, who->id, out, o)) != ERR_OK)
		return e;
	o->changed = 1;
	return ERR_OK;
}

enum err
beneficiary_get(struct ctx *ctx, const struct caller *who, const char *id,
    struct beneficiary *out, struct outcome *o)
{
	/* not an id at all (bytes outside the id alphabet): no query */
	if (!id_has_shape(id, "bn_"))
		return outcome_fail(o, ERR_BENEFICIARY_NOT_FOUND, "No beneficiary with that id");
	return load(ctx->db, id, who->id, out, o);
}

enum err
beneficiary_page(struct ctx *ctx, const struct caller *who, int asc,
    const char *after, const char *after_id, size_t limit,
    struct beneficiary *out, size_t *n, int *more, struct db_total *total,
    struct outcome *o)
{
	unsigned long long cap = ctx->cfg.list_total_cap;
	struct db_rows rows;
	enum db_rc rc;
	size_t i;

	*n = 0;
	*more = 0;
	memset(total, 0, sizeof(*total));
	rc = db_run_count_upto(ctx->db, DB_BIND(DB_BEN_COUNT, ben_count, .user_id = who->id,
	    .cap = (long long)cap + 1), cap, total);
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "count the beneficiaries");
	/* one more than the page says whether more exist */
	rc = db_run(ctx->db, DB_BIND_ANY(asc ? DB_BEN_PAGE_ASC : DB_BEN_PAGE_DESC, ben_page,
	    .user_id = who->id, .after = after, .after_id = after_id,
	    .limit = (long long)limit + 1), &rows, NULL);
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "read the beneficiaries");
	for (i = 0; i < rows.nrows && *n < limit; i++)
		if (from_row(&rows, i, &out[*n]) == 0)
			(*n)++;
	*more = rows.nrows > limit;
	db_rows_free(&rows);
	return ERR_OK;
}
