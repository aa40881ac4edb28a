/*
 * cediramp-admin: the operator's tool. Reads the same config file as the
 * servers ($CEDIRAMP_CONF). Run without arguments for usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "domain/apikey.h"
#include "core/cfg.h"
#include "store/db.h"
#include "domain/fxrate.h"
#include "sandbox/rates.h"
#include "core/id.h"
#include "http/jwt.h"
#include "store/migrate.h"
#include "domain/refdata.h"
#include "core/strict.h"
#include "domain/user.h"

static const char usage[] =
    "usage: cediramp-admin COMMAND ...\n"
    "  migrate [--dir DIR]                     apply pending schema migrations\n"
    "  partner create --name NAME [--tier basic|verified|enterprise] [--quiet]\n"
    "                                          new partner; prints its API key once\n"
    "  partner key PARTNER_ID [--quiet]        another key for a partner (rotation)\n"
    "  partner revoke KEY_ID|PARTNER_ID        disable one key, or all of a partner's\n"
    "  partner list                            partners and their active key counts\n"
    "  partner verify-key KEY                  exit 0 if KEY authenticates here\n"
    "  user tier WALLET_ID none|basic|verified|enterprise\n"
    "  user limit WALLET_ID CATEGORY N         this user's own rate limit (N 0: back to config);\n"
    "                                          CATEGORY general|quotes|convert|payouts|beneficiaries|kyc\n"
    "  rate set COIN RATE                      set COIN/GHS (USDT, USDC, USDC_E, DAI, GHSFIAT)\n"
    "  rate list                               current rates, their age and source\n"
    "  rate seed                               (sandbox) starting rates where none exist\n"
    "  token mint --wallet WALLET_ID [--ttl SECONDS]   (sandbox) an HS256 wallet token\n"
    "  sim set NAME VALUE                      (sandbox) a simulator setting\n";

/* The value after flag in argv, or NULL. */
static const char *
opt(int argc, char **argv, const char *flag)
{
	int i;

	for (i = 0; i + 1 < argc; i++)
		if (strcmp(argv[i], flag) == 0)
			return argv[i + 1];
	return NULL;
}

static int
has(int argc, char **argv, const char *flag)
{
	int i;

	for (i = 0; i < argc; i++)
		if (strcmp(argv[i], flag) == 0)
			return 1;
	return 0;
}

static int
fail(const char *what, const struct db *db)
{
	fprintf(stderr, "cediramp-admin: %s: %s\n", what, db ? db_error(db) : "");
	return 1;
}

/* Issues a key for partner row id; prints it. */
static int
issue_key(struct db *db, const struct cfg *c, long long partner_id,
    const char *public_id, int quiet)
{
	char key[APIKEY_MAX], key_id[APIKEY_ID_CHARS + 1], hash[APIKEY_HASH_HEX];
	struct db_arg a[4];

	if (apikey_generate(c->sandbox, key, key_id, hash) != 0)
		return fail("random", NULL);
	a[0] = DB_S(key_id);
	a[1] = DB_I(partner_id);
	a[2] = DB_S(hash);
	a[3] = DB_S(c->environment);
	if (db_exec(db, DB_APIKEY_INSERT, a, 4, NULL, NULL) != DB_OK)
		return fail("insert key", db);
	if (quiet)
		printf("%s\n", key);
	else
		printf("partner_id: %s\nkey_id:     %s\napi_key:    %s\n"
		    "(the key is shown once; only its hash is stored)\n",
		    public_id, key_id, key);
	return 0;
}

static int
partner_create(struct db *db, const struct cfg *c, int argc, char **argv)
{
	const char *name = opt(argc, argv, "--name");
	const char *tier = opt(argc, argv, "--tier");
	char public_id[ID_MAX];
	struct db_arg a[4];
	struct db_res res;

	if (tier == NULL)
		tier = "basic";
	if (name == NULL || *name == '\0' || strlen(name) > 200 ||
	    !strict_printable(name, strlen(name))) {
		fprintf(stderr, "partner create: --name of 1 to 200 printable characters\n");
		return 2;
	}
	if (refdata_tier(tier) == NULL) {
		fprintf(stderr, "partner create: --tier basic|verified|enterprise\n");
		return 2;
	}
	if (id_new(public_id, sizeof(public_id), "pt_") != 0)
		return fail("random", NULL);
	a[0] = DB_S(public_id);
	a[1] = DB_S(name);
	a[2] = DB_S(tier);
	a[3] = DB_S(c->environment);
	if (db_exec(db, DB_PARTNER_INSERT, a, 4, NULL, &res) != DB_OK)
		return fail("insert partner", db);
	return issue_key(db, c, (long long)res.insert_id, public_id,
	    has(argc, argv, "--quiet"));
}

static int
partner_key(struct db *db, const struct cfg *c, const char *public_id, int quiet)
{
	struct db_arg a[1] = { DB_S(public_id) };
	struct db_rows rows;
	unsigned long long id;
	const char *v;
	int rc;

	if (db_exec(db, DB_PARTNER_BY_PUBLIC_ID, a, 1, &rows, NULL) != DB_OK)
		return fail("find partner", db);
	v = db_cell(&rows, 0, 0);
	if (rows.nrows != 1 || v == NULL || strict_uint(v, strlen(v), ~0ULL >> 1, &id) != 0 ||
	    strcmp(db_cell(&rows, 0, 4), c->environment) != 0) {
		db_rows_free(&rows);
		fprintf(stderr, "partner key: no partner %s in this environment\n", public_id);
		return 1;
	}
	db_rows_free(&rows);
	rc = issue_key(db, c, (long long)id, public_id, quiet);
	return rc;
}

static int
partner_revoke(struct db *db, const char *which)
{
	struct db_arg a[1] = { DB_S(which) };
	struct db_res res;
	enum db_stmt s = strncmp(which, "pt_", 3) == 0 ?
	    DB_APIKEY_REVOKE_PARTNER : DB_APIKEY_REVOKE;

	if (db_exec(db, s, a, 1, NULL, &res) != DB_OK)
		return fail("revoke", db);
	if (res.affected == 0) {
		fprintf(stderr, "partner revoke: no active key matches %s\n", which);
		return 1;
	}
	printf("revoked %llu key(s)\n", res.affected);
	return 0;
}

static int
partner_list(struct db *db)
{
	struct db_rows rows;
	size_t i;

	if (db_exec(db, DB_PARTNER_LIST, NULL, 0, &rows, NULL) != DB_OK)
		return fail("list", db);
	printf("%-28s %-10s %-10s %-20s %-5s %s\n", "partner_id", "tier", "env",
	    "created_at", "keys", "name");
	for (i = 0; i < rows.nrows; i++)
		printf("%-28s %-10s %-10s %-20s %-5s %s\n", db_cell(&rows, i, 0),
		    db_cell(&rows, i, 2), db_cell(&rows, i, 3), db_cell(&rows, i, 4),
		    db_cell(&rows, i, 5), db_cell(&rows, i, 1));
	db_rows_free(&rows);
	return 0;
}

static int
token_mint(const struct cfg *c, int argc, char **argv)
{
	const char *wallet = opt(argc, argv, "--wallet");
	const char *ttl_s = opt(argc, argv, "--ttl");
	unsigned long long ttl = 3600;
	long long now = (long long)time(NULL);
	char *tok;

	if (!c->sandbox) {
		fprintf(stderr, "token mint: sandbox only\n");
		return 1;
	}
	if (wallet == NULL || *wallet == '\0' || strlen(wallet) > JWT_SUB_MAX ||
	    (ttl_s != NULL && strict_uint(ttl_s, strlen(ttl_s), 365ULL * 86400, &ttl) != 0)) {
		fprintf(stderr, "%s", usage);
		return 2;
	}
	tok = jwt_sign_hs256((const unsigned char *)c->jwt_hs256_secret,
	    strlen(c->jwt_hs256_secret), wallet, now, now + (long long)ttl,
	    c->jwt_issuer[0] ? c->jwt_issuer : NULL,
	    c->jwt_audience[0] ? c->jwt_audience : NULL);
	if (tok == NULL || c->jwt_hs256_secret[0] == '\0') {
		free(tok);
		fprintf(stderr, "token mint: jwt.hs256_secret is not set\n");
		return 1;
	}
	printf("%s\n", tok);
	free(tok);
	return 0;
}

static int
user_tier(struct db *db, const struct cfg *c, const char *wallet, const char *tier)
{
	struct caller who;
	struct db_arg a[2];
	struct db_res res;

	if (strcmp(tier, "none") != 0 && refdata_tier(tier) == NULL) {
		fprintf(stderr, "user tier: none|basic|verified|enterprise\n");
		return 2;
	}
	if (user_resolve(db, wallet, c->sandbox, &who) != DB_OK)
		return fail("user", db);
	a[0] = DB_S(tier);
	a[1] = DB_S(wallet);
	if (db_exec(db, DB_USER_SET_TIER, a, 2, NULL, &res) != DB_OK)
		return fail("set tier", db);
	printf("%s: tier %s\n", wallet, tier);
	return 0;
}

static int
rate_cmd(struct db *db, const struct cfg *c, int argc, char **argv)
{
	const char *sub = argc > 2 ? argv[2] : "", *why = "";
	const struct sandbox_rate *s;
	struct db_rows rows;
	size_t i;

	if (strcmp(sub, "set") == 0 && argc == 5) {
		if (fxrate_set(db, argv[3], argv[4], "admin", &why) != 0) {
			fprintf(stderr, "rate set: %s\n", why);
			return 1;
		}
		printf("%s/GHS = %s\n", argv[3], argv[4]);
		return 0;
	}
	if (strcmp(sub, "list") == 0) {
		if (db_exec(db, DB_FXRATE_LIST, NULL, 0, &rows, NULL) != DB_OK)
			return fail("rate list", db);
		for (i = 0; i < rows.nrows; i++)
			printf("%-12s %-18s %-22s %s\n", db_cell(&rows, i, 0),
			    db_cell(&rows, i, 1), db_cell(&rows, i, 2), db_cell(&rows, i, 3));
		db_rows_free(&rows);
		return 0;
	}
	if (strcmp(sub, "seed") == 0 && c->sandbox) {
		for (s = sandbox_rates; s->coin != NULL; s++) {
			char pair[24];
			struct db_arg a[2];

			snprintf(pair, sizeof(pair), "%s/GHS", s->coin);
			a[0] = DB_S(pair);
			a[1] = DB_S(s->rate);
			if (db_exec(db, DB_FXRATE_SEED, a, 2, NULL, NULL) != DB_OK)
				return fail("rate seed", db);
		}
		return 0;
	}
	fprintf(stderr, "%s", usage);
	return 2;
}

static int
user_limit(struct db *db, const struct cfg *c, const char *wallet,
    const char *category, const char *n_text)
{
	static const char *const cats[] = { "general", "quotes", "convert", "payouts",
		"beneficiaries", "kyc", NULL };
	const char *const *k;
	unsigned long long n;
	struct caller who;
	char subject[40];
	struct db_arg a[3];

	for (k = cats; *k != NULL && strcmp(*k, category) != 0; k++)
		;
	if (*k == NULL || strict_uint(n_text, strlen(n_text), 1000000000ULL, &n) != 0) {
		fprintf(stderr, "%s", usage);
		return 2;
	}
	if (user_resolve(db, wallet, c->sandbox, &who) != DB_OK)
		return fail("user", db);
	snprintf(subject, sizeof(subject), "u:%lld", who.id);
	a[0] = DB_S(subject);
	a[1] = DB_S(category);
	a[2] = DB_I((long long)n);
	if (db_exec(db, n ? DB_RL_OVERRIDE_SET : DB_RL_OVERRIDE_DELETE, a, n ? 3 : 2,
	    NULL, NULL) != DB_OK)
		return fail("user limit", db);
	printf("%s: %s limit %s\n", wallet, category, n ? n_text : "from config");
	return 0;
}

static int
dispatch(struct db *db, const struct cfg *c, int argc, char **argv)
{
	const char *cmd = argv[1], *sub = argc > 2 ? argv[2] : "";

	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "create") == 0)
		return partner_create(db, c, argc, argv);
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "key") == 0 && argc > 3)
		return partner_key(db, c, argv[3], has(argc, argv, "--quiet"));
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "revoke") == 0 && argc == 4)
		return partner_revoke(db, argv[3]);
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "list") == 0)
		return partner_list(db);
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "verify-key") == 0 && argc == 4) {
		struct caller who;

		return apikey_authenticate(db, c->sandbox, argv[3], strlen(argv[3]),
		    &who) == APIKEY_OK ? 0 : 1;
	}
	if (strcmp(cmd, "rate") == 0)
		return rate_cmd(db, c, argc, argv);
	if (strcmp(cmd, "user") == 0 && strcmp(sub, "limit") == 0 && argc == 6)
		return user_limit(db, c, argv[3], argv[4], argv[5]);
	if (strcmp(cmd, "user") == 0 && strcmp(sub, "tier") == 0 && argc == 5)
		return user_tier(db, c, argv[3], argv[4]);
	if (strcmp(cmd, "sim") == 0 && strcmp(sub, "set") == 0 && argc == 5) {
		struct db_arg a[2] = { DB_S(argv[3]), DB_S(argv[4]) };

		if (!c->sandbox) {
			fprintf(stderr, "sim set: sandbox only\n");
			return 1;
		}
		return db_exec(db, DB_SIM_SETTING_SET, a, 2, NULL, NULL) == DB_OK ?
		    0 : fail("sim set", db);
	}
	fprintf(stderr, "%s", usage);
	return 2;
}

int
main(int argc, char **argv)
{
	char err[300];
	struct cfg c;
	struct db *db = NULL;
	int rc;

	if (argc < 2) {
		fprintf(stderr, "%s", usage);
		return 2;
	}
	if (cfg_load_default(&c, err, sizeof(err)) != 0) {
		fprintf(stderr, "cediramp-admin: config: %s\n", err);
		return 1;
	}
	if (strcmp(argv[1], "migrate") == 0) {
		const char *dir = opt(argc, argv, "--dir");

		rc = migrate_apply(&c, dir ? dir : c.schema_dir, stdout);
		if (rc == 0)
			printf("schema up to date\n");
		return rc < 0 ? 1 : 0;
	}
	if (strcmp(argv[1], "token") == 0 && argc > 2 && strcmp(argv[2], "mint") == 0)
		return token_mint(&c, argc, argv);
	db = db_open(&c, 0);
	if (db == NULL)
		return fail("database", NULL);
	rc = dispatch(db, &c, argc, argv);
	db_close(db);
	return rc;
}
