/*
 * The wallet API's tokens from a wallet-login provider's published keys
 * (jwt.jwks_url; docs/wallet-api.md, "Tokens from a JWKS URL"): npm jose
 * plays the provider (tests/jwks/jwks.mjs, JWKS_CLIENT), serving its JWKS
 * on JWKS_PORT, which the test stacks' config names, and signing ES256
 * tokens. A token of a published key is taken; after a key rotation the
 * new key's tokens are taken once the service fetched the set again (on
 * their unknown kid, at most once per jwt.jwks_refetch_seconds: 1 s in
 * the test stacks); while the provider is down, the last good set stays.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "children.h"
#include "it.h"
#include "itc_console.h"

/* The provider's keys and set live here (beside the stack's config), its
 * key ids a, b and c of this run (a provider never reuses one). */
static char dir[600], ka[32], kb[32], kc[32];

/* Runs the jose tool with args: 0 when it exited 0. */
static int
jose(const char *args, char *out, size_t cap)
{
	char cmd[1600];

	snprintf(cmd, sizeof(cmd), "%s %s", it_env("JWKS_CLIENT"), args);
	if (out == NULL)
		return it_system(cmd);
	if (it_output(cmd, out, cap) != 0)
		return -1;
	out[strcspn(out, "\r\n")] = '\0';
	return 0;
}

/* A token of key kid for wallet, signed by jose, into tok. */
static void
token(const char *kid, const char *wallet, char *tok, size_t cap)
{
	char args[900];

	snprintf(args, sizeof(args), "sign '%s' %s %s", dir, kid, wallet);
	CU_ASSERT_FATAL(jose(args, tok, cap) == 0 && strncmp(tok, "eyJ", 3) == 0);
}

/* The status of GET /api/transactions with tok. */
static long
wallet_status(const char *tok)
{
	char auth[1200];
	const char *h[] = { auth, NULL };
	struct it_resp r;
	long st;

	snprintf(auth, sizeof(auth), "Authorization: Bearer %s", tok);
	CU_ASSERT_FATAL(it_http("GET", "/api/transactions", h, NULL, 0, &r) == 0);
	st = r.status;
	it_resp_free(&r);
	return st;
}

/* 1 when tok is answered status n times in a row (each process met has
 * the set, or the settings). */
static int
answered(const char *tok, long status, int n)
{
	while (n-- > 0)
		if (wallet_status(tok) != status)
			return 0;
	return 1;
}

#define taken(tok, n) answered((tok), 200, (n))
#define refused(tok, n) answered((tok), 401, (n))

/* A new key of the provider, kid: made by jose in dir. */
static void
new_key(const char *kid)
{
	char args[900];

	snprintf(args, sizeof(args), "key '%s' %s", dir, kid);
	CU_ASSERT_FATAL(jose(args, NULL, 0) == 0);
}

/*
 * The provider of this test (name: its directory's), serving dir on
 * JWKS_PORT once it answers: its process group's leader. Each test runs
 * on one web server (on a cluster, the first): each process keeps the set
 * it fetched, and the web server's own choice of process (mod_fcgid
 * reuses the last idle one) keeps this thread's requests on few.
 */
static pid_t
provider_start(const char *name)
{
	char args[900];
	const char *argv[] = { "/bin/sh", "-c", args, NULL };
	pid_t server;

	it_http_via(0);
	snprintf(dir, sizeof(dir), "%s.%s-%d", it_env("CEDIRAMP_CONF"), name, (int)getpid());
	CU_ASSERT_FATAL(mkdir(dir, 0700) == 0 || access(dir, W_OK) == 0);
	snprintf(args, sizeof(args), "exec %s serve %s '%s'", it_env("JWKS_CLIENT"),
	    it_env("JWKS_PORT"), dir);
	server = child_start("/bin/sh", (char *const *)argv, NULL, 1);
	CU_ASSERT_FATAL(server > 0);
	return server;
}

/* Waits for the provider to serve its set (published first). */
static void
provider_up(void)
{
	char ping[64];

	snprintf(ping, sizeof(ping), "ping %s", it_env("JWKS_PORT"));
	IT_UNTIL("the provider's JWKS served", jose(ping, NULL, 0) == 0);
	CU_ASSERT_FATAL(jose(ping, NULL, 0) == 0);
}

/* Stops the provider server, and sends this thread's requests anywhere. */
static void
provider_stop(pid_t server)
{
	kill(-server, SIGTERM);
	CU_ASSERT(child_wait(server, 10, "the JWKS server") != -1);
	it_http_via(-1);
}

static void
publish(const char *kids)
{
	char args[900];

	snprintf(args, sizeof(args), "publish '%s' %s", dir, kids);
	CU_ASSERT_FATAL(jose(args, NULL, 0) == 0);
}

static void
test_jwks_rotation(void)
{
	char args[900], wallet[64], tok_a[1100], tok_b[1100], tok_c[1100], path[700];
	pid_t server = provider_start("jwks");

	snprintf(wallet, sizeof(wallet), "0xjwks%lld", (long long)time(NULL));
	snprintf(ka, sizeof(ka), "a-%lld", (long long)time(NULL));
	snprintf(kb, sizeof(kb), "b-%lld", (long long)time(NULL));
	snprintf(kc, sizeof(kc), "c-%lld", (long long)time(NULL));
	new_key(ka);
	new_key(kb);
	new_key(kc);
	publish(ka);
	provider_up();
	/* a published key's token: taken (once this process fetched the set) */
	token(ka, wallet, tok_a, sizeof(tok_a));
	IT_UNTIL("a token of the published key taken, 8 times in a row", taken(tok_a, 8));
	CU_ASSERT_EQUAL(wallet_status(tok_a), 200);
	/* a key not published: refused, whatever is fetched */
	token(kb, wallet, tok_b, sizeof(tok_b));
	CU_ASSERT_EQUAL(wallet_status(tok_b), 401);
	/* the provider rotates: b published beside a; its tokens are taken
	 * once the set is fetched again on their unknown kid */
	snprintf(args, sizeof(args), "%s %s", ka, kb);
	publish(args);
	IT_UNTIL("the rotated key's token taken, 8 times in a row", taken(tok_b, 8));
	CU_ASSERT_EQUAL(wallet_status(tok_b), 200);
	CU_ASSERT_EQUAL(wallet_status(tok_a), 200);
	/* the provider down: an unknown kid's fetch fails, the last good set
	 * stays (every web server process that fetched keeps both keys) */
	snprintf(path, sizeof(path), "%s/down", dir);
	CU_ASSERT_FATAL(fclose(fopen(path, "w")) == 0);
	token(kc, wallet, tok_c, sizeof(tok_c));
	CU_ASSERT_EQUAL(wallet_status(tok_c), 401);
	it_pause_ms(1200, "jwt.jwks_refetch_seconds (1) passes, so a fetch is tried and fails");
	CU_ASSERT_EQUAL(wallet_status(tok_c), 401);
	CU_ASSERT_EQUAL(wallet_status(tok_b), 200);
	CU_ASSERT_EQUAL(wallet_status(tok_a), 200);
	unlink(path);
	provider_stop(server);
}

/* The wallet developer's settings cleared, whatever way the test ends:
 * every other test's tokens are the config's. */
static void
settings_cleared(void *arg)
{
	(void)arg;
	(void)it_db_exec("DELETE FROM wallet_jwt_settings", NULL, NULL);
}

/* PUT /console/api/wallet/jwt body as dev: its status; the effective
 * jwks_url into url (600 bytes) when given. */
static long
settings_put(const struct con_sess *dev, const char *body, char *url)
{
	struct it_resp r;
	long st;

	con_call("PUT", "/console/api/wallet/jwt", body, dev, NULL, &r);
	st = r.status;
	if (url != NULL)
		snprintf(url, 600, "%s", it_str(json_object_get(json_object_get(r.json, "data"),
		    "effective"), "jwks_url") ? it_str(json_object_get(json_object_get(r.json,
		    "data"), "effective"), "jwks_url") : "");
	it_resp_free(&r);
	return st;
}

/*
 * The wallet developer's dashboard sets the JWT verification: a JWKS URL
 * of its own (the provider's other set), then an issuer and an audience a
 * token must name; cleared, the config's are in force again. Bad input is
 * refused and changes nothing; a partner's owner may not touch them.
 */
static void
test_dashboard_settings(void)
{
	static const struct {
		const char *body, *why;
	} bad[] = {
		{ "{\"jwks_url\":\"ftp://127.0.0.1/jwks.json\"}", "an ftp URL" },
		{ "{\"jwks_url\":\"http://10.0.0.1/jwks.json\"}", "a private address" },
		{ "{\"jwks_url\":\"\"}", "an empty URL" },
		{ "{\"issuer\":\"\"}", "an empty issuer" },
		{ "{\"issuer\":5}", "an issuer number" },
		{ "{\"audience\":\"a\\u0001b\"}", "a control character" },
		{ "{\"issuer\":\"x\",\"kid\":\"y\"}", "an unknown field" },
		{ "[]", "not an object" },
		{ "{\"issuer\":", "bad JSON" },
	};
	char args[900], wallet[64], kd[32], tok_a[1100], tok_d[1100], tok_iss[1100];
	char email[160], u[96], out[200], err[400], body[900], url[600], big[400];
	struct con_sess owner, dev;
	pid_t server = provider_start("jwks-settings");
	size_t i;

	CU_ASSERT_EQUAL_FATAL(tu_defer(settings_cleared, NULL), 0);
	snprintf(wallet, sizeof(wallet), "0xjwkset%lld", (long long)time(NULL));
	snprintf(ka, sizeof(ka), "sa-%lld", (long long)time(NULL));
	snprintf(kd, sizeof(kd), "sd-%lld", (long long)time(NULL));
	new_key(ka);
	new_key(kd);
	/* the config's URL (/jwks.json) has a; the provider's other set, d */
	publish(ka);
	snprintf(args, sizeof(args), "publish-as '%s' other %s", dir, kd);
	CU_ASSERT_FATAL(jose(args, NULL, 0) == 0);
	provider_up();
	token(ka, wallet, tok_a, sizeof(tok_a));
	token(kd, wallet, tok_d, sizeof(tok_d));
	IT_UNTIL("the config's key taken", taken(tok_a, 8));
	CU_ASSERT_EQUAL(wallet_status(tok_d), 401);

	/* the wallet developer, an operator's account */
	con_signup("JWT Settings Ltd", &owner);
	it_unique("jwtdev", u, sizeof(u));
	snprintf(email, sizeof(email), "%s@example.test", u);
	snprintf(args, sizeof(args), "console user add --email %s --role wallet-developer", email);
	CU_ASSERT_EQUAL_FATAL(it_admin_input(CON_PASSWORD, args, out, sizeof(out), err,
	    sizeof(err)), 0);
	con_signin(email, &dev);
	con_refused("PUT", "/console/api/wallet/jwt", "{}", &owner, 403, "forbidden",
	    "an owner sets the wallet's JWT");
	memset(big, 'i', 300);
	big[300] = '\0';
	snprintf(body, sizeof(body), "{\"issuer\":\"%s\"}", big);
	con_refused("PUT", "/console/api/wallet/jwt", body, &dev, 400, "validation_error",
	    "a 300-character issuer");
	for (i = 0; i < NELEM(bad); i++)
		con_refused("PUT", "/console/api/wallet/jwt", bad[i].body, &dev, 400,
		    "validation_error", bad[i].why);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM wallet_jwt_settings", NULL, NULL), 0);

	/* its own JWKS URL: d's tokens taken, a's refused */
	snprintf(body, sizeof(body), "{\"jwks_url\":\"http://127.0.0.1:%s/other.json\"}",
	    it_env("JWKS_PORT"));
	CU_ASSERT_EQUAL(settings_put(&dev, body, url), 200);
	CU_ASSERT_PTR_NOT_NULL(strstr(url, "/other.json"));
	IT_UNTIL("the dashboard's JWKS URL in force", taken(tok_d, 8));
	CU_ASSERT_EQUAL(wallet_status(tok_d), 200);
	CU_ASSERT(refused(tok_a, 4));
	/* an issuer and an audience: a token naming neither is refused, one
	 * naming both taken */
	snprintf(body, sizeof(body), "{\"jwks_url\":\"http://127.0.0.1:%s/other.json\","
	    "\"issuer\":\"https://login.example.test\",\"audience\":\"cediramp-wallet\"}",
	    it_env("JWKS_PORT"));
	CU_ASSERT_EQUAL(settings_put(&dev, body, NULL), 200);
	snprintf(args, sizeof(args), "sign '%s' %s %s https://login.example.test cediramp-wallet",
	    dir, kd, wallet);
	CU_ASSERT_FATAL(jose(args, tok_iss, sizeof(tok_iss)) == 0);
	IT_UNTIL("the issuer and audience in force", refused(tok_d, 8));
	CU_ASSERT_EQUAL(wallet_status(tok_d), 401);
	CU_ASSERT_EQUAL(wallet_status(tok_iss), 200);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM console_audit WHERE action = "
	    "'wallet.jwt'", NULL, NULL) >= 2, 1);
	/* cleared: the config's again */
	CU_ASSERT_EQUAL(settings_put(&dev, "{}", url), 200);
	CU_ASSERT_PTR_NOT_NULL(strstr(url, "/jwks.json"));
	IT_UNTIL("the config's settings in force again", taken(tok_a, 8));
	CU_ASSERT_EQUAL(wallet_status(tok_d), 401);
	it_pause_ms(IT_JWT_SETTINGS_PASS_MS, "every process reads the settings again");
	provider_stop(server);
}

static const struct tu_test tests[] = {
	{ "wallet tokens from a JWKS URL: npm jose's keys, a rotation, the provider down",
	    test_jwks_rotation },
	{ "the wallet developer's JWT settings: its JWKS URL, issuer and audience",
	    test_dashboard_settings },
};

int
it_suite_jwks(void)
{
	return tu_add_suite("jwks", NULL, NULL, tests, NELEM(tests));
}
