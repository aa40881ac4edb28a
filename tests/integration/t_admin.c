/*
 * The admin tool against the stack: every write it makes goes through the
 * library, which checks its arguments. A refused command exits 2 (a
 * malformed argument) or 1, says why on stderr as "cediramp-admin: ...",
 * and leaves the database as it was; an accepted one does what it says
 * (a new key authenticates, a revoked one does not, a tier or a limit is
 * stored).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "it.h"

#define PREFIX "cediramp-admin: "

/* The admin tool with args: stdout into out, stderr into err (it.h). */
static int
admin(const char *args, char *out, size_t ocap, char *err, size_t ecap)
{
	return it_admin_run(args, out, ocap, err, ecap);
}

/* The status of GET /v1/limits with key. */
static long
limits_status(const char *key)
{
	char auth[300];
	const char *h[] = { it_bearer(key, auth, sizeof(auth)), NULL };
	struct it_resp r;
	long s;

	if (it_http("GET", "/v1/limits", h, NULL, 0, &r) != 0)
		return -1;
	s = r.status;
	it_resp_free(&r);
	return s;
}

/* Checks a refusal: exit status want, one "cediramp-admin: " line naming what. */
static void
assert_refused(int rc, int want, const char *out, const char *err,
    const char *what, const char *where)
{
	if (rc != want || strncmp(err, PREFIX, strlen(PREFIX)) != 0 ||
	    strstr(err, what) == NULL)
		fprintf(stderr, "%s: exit %d (want %d), stderr %.200s\n", where, rc,
		    want, err);
	IT_CHECK(rc == want, where);
	IT_CHECK(strncmp(err, PREFIX, strlen(PREFIX)) == 0, where);
	IT_CHECK(strstr(err, what) != NULL, where);
	IT_CHECK(out[0] == '\0', where); /* nothing on stdout: no key shown */
}

static void
test_partner_create_refused(void)
{
	static char long_name[300];
	static const struct {
		const char *args, *what;
	} bad[] = {
		{ "partner create --quiet", "name" },
		{ "partner create --name '' --quiet", "name" },
		{ "partner create --name 'IT Bad\tTab' --quiet", "name" },
		{ "partner create --name 'IT Bad Tier Co' --tier gold --quiet", "tier" },
		{ "partner create --name 'IT Bad Tier Co' --tier '' --quiet", "tier" },
		{ "partner create --name 'IT Bad Tier Co' --tier Basic --quiet", "tier" },
		{ long_name, "name" },
	};
	long long partners = it_db_scalar("SELECT COUNT(*) FROM partners", NULL, NULL);
	long long keys = it_db_scalar("SELECT COUNT(*) FROM api_keys", NULL, NULL);
	char out[256], err[1024], x[202];
	size_t i;
	int rc;

	memset(x, 'x', 201);
	x[201] = '\0';
	snprintf(long_name, sizeof(long_name), "partner create --name '%s' --quiet", x);
	CU_ASSERT_TRUE_FATAL(partners >= 0 && keys >= 0);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		rc = admin(bad[i].args, out, sizeof(out), err, sizeof(err));
		assert_refused(rc, 2, out, err, bad[i].what, bad[i].args);
	}
	/* no partner and no key was written by any of them */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners", NULL, NULL), partners);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM api_keys", NULL, NULL), keys);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners WHERE name LIKE 'IT Bad%'",
	    NULL, NULL), 0);

	/* 200 characters is the limit, not past it */
	x[200] = '\0';
	snprintf(long_name, sizeof(long_name), "partner create --name '%s' --quiet", x);
	CU_ASSERT_EQUAL(admin(long_name, out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(strncmp(out, "sk_test_", 8), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners WHERE name = ?", x, NULL), 1);
}

/* The partner id of a key, from the database, into id (64 bytes). */
static int
partner_of_key(const char *key, char *id)
{
	return it_db_text("SELECT p.public_id FROM partners p JOIN api_keys k "
	    "ON k.partner_id = p.id WHERE k.key_hash = SHA2(?, 256)", key, NULL, id, 64);
}

static void
test_partner_key_lifecycle(void)
{
	static char out[65536]; /* partner list: every partner of the stack */
	char key[200], key2[200], id[64], args[300], err[1024];

	CU_ASSERT_EQUAL_FATAL(admin("partner create --name 'IT Admin Co' --tier enterprise --quiet",
	    key, sizeof(key), err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(err[0], '\0');
	CU_ASSERT_EQUAL(strncmp(key, "sk_test_", 8), 0);
	CU_ASSERT_EQUAL(strlen(key), 64);
	CU_ASSERT_EQUAL_FATAL(partner_of_key(key, id), 0);
	CU_ASSERT_EQUAL(strncmp(id, "pt_", 3), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners WHERE public_id = ? "
	    "AND name = 'IT Admin Co' AND tier = 'enterprise' AND environment = 'sandbox'",
	    id, NULL), 1);
	CU_ASSERT_EQUAL(limits_status(key), 200);

	/* a second key (rotation), shown with its ids; both work */
	snprintf(args, sizeof(args), "partner key %s", id);
	CU_ASSERT_EQUAL_FATAL(admin(args, out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, id));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "api_key:    sk_test_"));
	snprintf(args, sizeof(args), "partner key %s --quiet", id);
	CU_ASSERT_EQUAL_FATAL(admin(args, key2, sizeof(key2), err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(strlen(key2), 64);
	CU_ASSERT_EQUAL(limits_status(key2), 200);
	/* verify-key reads the key from standard input: 0 for a live key, 1
	 * for a wrong one, 2 for a key in argv (ps and the shell's history
	 * show it) */
	snprintf(args, sizeof(args), "%s\n", key2);
	CU_ASSERT_EQUAL(it_admin_input(args, "partner verify-key", out, sizeof(out), err,
	    sizeof(err)), 0);
	CU_ASSERT_EQUAL(it_admin_input("sk_test_wrong\n", "partner verify-key", out, sizeof(out),
	    err, sizeof(err)), 1);
	CU_ASSERT_EQUAL(it_admin_input("", "partner verify-key", out, sizeof(out), err,
	    sizeof(err)), 1);
	snprintf(args, sizeof(args), "partner verify-key %s", key2);
	CU_ASSERT_EQUAL(admin(args, out, sizeof(out), err, sizeof(err)), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "standard input"));
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM api_keys k JOIN partners p "
	    "ON p.id = k.partner_id WHERE p.public_id = ? AND k.revoked_at IS NULL", id, NULL), 3);

	/* a key for no such partner, or for a malformed id, is refused */
	CU_ASSERT_EQUAL(admin("partner key pt_doesnotexist0000000000 --quiet", out,
	    sizeof(out), err, sizeof(err)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, PREFIX "no partner pt_doesnotexist"));
	CU_ASSERT_EQUAL(out[0], '\0');
	CU_ASSERT_EQUAL(admin("partner key 'pt_x; DROP' --quiet", out, sizeof(out), err,
	    sizeof(err)), 1);
	CU_ASSERT_EQUAL(strncmp(err, PREFIX, strlen(PREFIX)), 0);

	/* partner list shows it with its three active keys */
	CU_ASSERT_EQUAL(admin("partner list", out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(strncmp(out, "partner_id", 10), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, id));
	if (strstr(out, id) != NULL)
		CU_ASSERT_EQUAL(strncmp(strstr(out, id) + 28 + 1 + 10 + 1 + 10 + 1 + 20 + 1,
		    "3     active    IT Admin Co", 27), 0);

	/* revoking the partner disables every key at once */
	snprintf(args, sizeof(args), "partner revoke %s", id);
	CU_ASSERT_EQUAL(admin(args, out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_STRING_EQUAL(out, "revoked 3 key(s)");
	it_pause_ms(IT_KEY_CACHE_PASS_MS, "every process's cached key expires");
	CU_ASSERT_EQUAL(limits_status(key), 401);
	CU_ASSERT_EQUAL(limits_status(key2), 401);
	snprintf(args, sizeof(args), "%s\n", key);
	CU_ASSERT_EQUAL(it_admin_input(args, "partner verify-key", out, sizeof(out), err,
	    sizeof(err)), 1);

	/* again: nothing left to revoke */
	snprintf(args, sizeof(args), "partner revoke %s", id);
	CU_ASSERT_EQUAL(admin(args, out, sizeof(out), err, sizeof(err)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, PREFIX "no active key matches"));
	/* neither a key id nor a partner id */
	CU_ASSERT_EQUAL(admin("partner revoke short", out, sizeof(out), err, sizeof(err)), 1);
	CU_ASSERT_EQUAL(strncmp(err, PREFIX, strlen(PREFIX)), 0);
}

static void
test_user_tier(void)
{
	char wallet[96], other[96], args[300], out[256], err[1024];

	it_unique("it-admin-tier", wallet, sizeof(wallet));
	snprintf(args, sizeof(args), "user tier %s verified", wallet);
	CU_ASSERT_EQUAL(admin(args, out, sizeof(out), err, sizeof(err)), 0);
	snprintf(args, sizeof(args), "%s: tier verified", wallet);
	CU_ASSERT_STRING_EQUAL(out, args);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM users WHERE wallet_id = ? "
	    "AND tier = 'verified'", wallet, NULL), 1);
	snprintf(args, sizeof(args), "user tier %s none", wallet);
	CU_ASSERT_EQUAL(admin(args, out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM users WHERE wallet_id = ? "
	    "AND tier = 'none'", wallet, NULL), 1);

	/* a tier that does not exist changes nothing */
	snprintf(args, sizeof(args), "user tier %s gold", wallet);
	assert_refused(admin(args, out, sizeof(out), err, sizeof(err)), 2, out, err,
	    "tier", "user tier gold");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM users WHERE wallet_id = ? "
	    "AND tier = 'none'", wallet, NULL), 1);
	/* and creates no user */
	it_unique("it-admin-tier-new", other, sizeof(other));
	snprintf(args, sizeof(args), "user tier %s gold", other);
	assert_refused(admin(args, out, sizeof(out), err, sizeof(err)), 2, out, err,
	    "tier", "user tier gold, new user");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM users WHERE wallet_id = ?",
	    other, NULL), 0);
	/* nor does a wallet id no token could carry */
	assert_refused(admin("user tier 'it admin space' basic", out, sizeof(out), err,
	    sizeof(err)), 2, out, err, "wallet_id", "user tier with a space");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM users WHERE wallet_id = 'it admin space'",
	    NULL, NULL), 0);
}

static void
test_user_limit(void)
{
	char wallet[96], subject[64], args[300], out[256], err[1024], id[32];
	static const char *const bad[][2] = {
		{ "bogus", "category" },
		{ "partner_minute", "category" },
		{ "Convert", "category" },
	};
	size_t i;

	it_unique("it-admin-limit", wallet, sizeof(wallet));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(args, sizeof(args), "user limit %s %s 5", wallet, bad[i][0]);
		assert_refused(admin(args, out, sizeof(out), err, sizeof(err)), 2, out, err,
		    bad[i][1], args);
	}
	snprintf(args, sizeof(args), "user limit %s convert 1000000001", wallet);
	assert_refused(admin(args, out, sizeof(out), err, sizeof(err)), 2, out, err,
	    "limit", "limit over the maximum");
	snprintf(args, sizeof(args), "user limit %s convert -1", wallet);
	CU_ASSERT_EQUAL(admin(args, out, sizeof(out), err, sizeof(err)), 2);
	/* nothing written: no user, no override */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM users WHERE wallet_id = ?",
	    wallet, NULL), 0);

	snprintf(args, sizeof(args), "user limit %s convert 7", wallet);
	CU_ASSERT_EQUAL(admin(args, out, sizeof(out), err, sizeof(err)), 0);
	snprintf(args, sizeof(args), "%s: convert limit 7", wallet);
	CU_ASSERT_STRING_EQUAL(out, args);
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT id FROM users WHERE wallet_id = ?", wallet,
	    NULL, id, sizeof(id)), 0);
	snprintf(subject, sizeof(subject), "u:%s", id);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT limit_count FROM rate_limit_overrides "
	    "WHERE subject = ? AND category = 'convert'", subject, NULL), 7);
	/* an unknown category afterwards leaves the user's overrides alone */
	snprintf(args, sizeof(args), "user limit %s bogus 0", wallet);
	CU_ASSERT_EQUAL(admin(args, out, sizeof(out), err, sizeof(err)), 2);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM rate_limit_overrides "
	    "WHERE subject = ?", subject, NULL), 1);
	/* 0: back to the configured limit */
	snprintf(args, sizeof(args), "user limit %s convert 0", wallet);
	CU_ASSERT_EQUAL(admin(args, out, sizeof(out), err, sizeof(err)), 0);
	snprintf(args, sizeof(args), "%s: convert limit from config", wallet);
	CU_ASSERT_STRING_EQUAL(out, args);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM rate_limit_overrides "
	    "WHERE subject = ?", subject, NULL), 0);
}

/* "rate|updated_at|source" of pair into out. */
static int
rate_row(const char *pair, char *out, size_t cap)
{
	return it_db_text("SELECT CONCAT(rate, '|', updated_at, '|', source) FROM fx_rates "
	    "WHERE pair = ?", pair, NULL, out, cap);
}

static void
test_rate_set_refused(void)
{
	static const char *const bad[] = {
		"rate set DAI 1.123456789",  /* 9 places */
		"rate set DAI 1234567.5",    /* 7 integer digits */
		"rate set DAI 0",
		"rate set DAI 0.00000000",
		"rate set DAI -15.10",
		"rate set DAI 15,10",
		"rate set DAI ' 15.10'",
		"rate set DAI ''",
		"rate set DAI abc",
		"rate set GHS 1.00",
		"rate set dai 15.10",
		"rate set BTC 15.10",
	};
	char before[128], after[128], out[4096], err[1024];
	size_t i;
	int rc;

	CU_ASSERT_EQUAL_FATAL(rate_row("DAI/GHS", before, sizeof(before)), 0);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		rc = admin(bad[i], out, sizeof(out), err, sizeof(err));
		assert_refused(rc, 1, out, err, "", bad[i]);
	}
	CU_ASSERT_EQUAL(rate_row("DAI/GHS", after, sizeof(after)), 0);
	CU_ASSERT_STRING_EQUAL(after, before);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM fx_rates WHERE pair NOT IN "
	    "('USDT/GHS', 'USDC/GHS', 'USDC_E/GHS', 'DAI/GHS', 'GHSFIAT/GHS')", NULL, NULL), 0);

	/* the same rate is accepted: it is stored from source admin, and listed */
	{
		char rate[64], args[128];

		CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT rate FROM fx_rates WHERE pair = 'DAI/GHS'",
		    NULL, NULL, rate, sizeof(rate)), 0);
		snprintf(args, sizeof(args), "rate set DAI %s", rate);
		CU_ASSERT_EQUAL(admin(args, out, sizeof(out), err, sizeof(err)), 0);
		snprintf(args, sizeof(args), "DAI/GHS = %s", rate);
		CU_ASSERT_STRING_EQUAL(out, args);
		CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM fx_rates WHERE pair = 'DAI/GHS' "
		    "AND source = 'admin' AND rate = ?", rate, NULL), 1);
		CU_ASSERT_EQUAL(admin("rate list", out, sizeof(out), err, sizeof(err)), 0);
		CU_ASSERT_PTR_NOT_NULL(strstr(out, "DAI/GHS"));
		CU_ASSERT_PTR_NOT_NULL(strstr(out, " admin"));
	}
}

static void
test_rate_seed(void)
{
	char usdt[128], usdt_after[128], out[256], err[1024];

	CU_ASSERT_EQUAL_FATAL(rate_row("USDT/GHS", usdt, sizeof(usdt)), 0);
	CU_ASSERT_EQUAL(it_db_exec("DELETE FROM fx_rates WHERE pair = 'GHSFIAT/GHS'", NULL, NULL), 1);
	CU_ASSERT_EQUAL(admin("rate seed", out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(out[0], '\0');
	/* the missing rate is back at its start value; the others are kept */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM fx_rates WHERE pair = 'GHSFIAT/GHS' "
	    "AND rate = 1 AND source = 'seed'", NULL, NULL), 1);
	CU_ASSERT_EQUAL(rate_row("USDT/GHS", usdt_after, sizeof(usdt_after)), 0);
	CU_ASSERT_STRING_EQUAL(usdt_after, usdt);
}

static void
test_sim_set(void)
{
	char out[256], err[1024];

	CU_ASSERT_EQUAL(admin("sim set it.admin.knob on", out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_settings WHERE name = 'it.admin.knob' "
	    "AND value = 'on'", NULL, NULL), 1);
	assert_refused(admin("sim set 'it admin knob' on", out, sizeof(out), err, sizeof(err)), 1,
	    out, err, "name", "sim set with a space");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM sim_settings WHERE name = 'it admin knob'",
	    NULL, NULL), 0);
	it_db_exec("DELETE FROM sim_settings WHERE name = 'it.admin.knob'", NULL, NULL);
}

/*
 * With the database stopped, the tool says so and exits 1; nothing is half
 * written once it is back (a partner and its key are one transaction).
 */
static void
test_database_down(void)
{
	char wallet[96], args[300], out[256], err[1024];

	it_unique("it-admin-down", wallet, sizeof(wallet));
	it_stack_after("db-start");
	CU_ASSERT_EQUAL_FATAL(it_stack("db-stop"), 0);
	CU_ASSERT_EQUAL(admin("partner create --name 'IT Down Co' --quiet", out, sizeof(out),
	    err, sizeof(err)), 1);
	CU_ASSERT_EQUAL(out[0], '\0');
	CU_ASSERT_PTR_NOT_NULL(strstr(err, PREFIX "store the partner: the database is unavailable"));
	snprintf(args, sizeof(args), "user tier %s verified", wallet);
	CU_ASSERT_EQUAL(admin(args, out, sizeof(out), err, sizeof(err)), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, PREFIX "find the user: the database is unavailable"));
	CU_ASSERT_EQUAL(admin("rate list", out, sizeof(out), err, sizeof(err)), 1);
	CU_ASSERT_EQUAL(strncmp(err, PREFIX, strlen(PREFIX)), 0);
	CU_ASSERT_EQUAL_FATAL(it_stack("db-start"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partners WHERE name = 'IT Down Co'",
	    NULL, NULL), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM users WHERE wallet_id = ?", wallet,
	    NULL), 0);
	/* and works again */
	CU_ASSERT_EQUAL(admin(args, out, sizeof(out), err, sizeof(err)), 0);
}

int
it_suite_admin(void)
{
	static const struct tu_test tests[] = {
		{ "partner create: bad name or tier exits 2 and writes nothing", test_partner_create_refused },
		{ "partner: created key works, rotation, list, revoke disables", test_partner_key_lifecycle },
		{ "user tier: sets the tier; a bad one changes nothing", test_user_tier },
		{ "user limit: unknown category writes nothing; set and reset", test_user_limit },
		{ "rate set: malformed rates change nothing", test_rate_set_refused },
		{ "rate seed: fills what is missing, keeps the rest", test_rate_seed },
		{ "sim set: stores a setting; a bad name is refused", test_sim_set },
		{ "database down: exits 1 and says so; nothing written", test_database_down },
	};

	return tu_add_suite("admin tool", NULL, NULL, tests, NELEM(tests));
}
