/* GET /v1/health, /v1/supported-networks, /v1/limits against the stack. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "it.h"

/* This suite's own partner (see t_http.c). */
static char suite_key[128];

static int
suite_init(void)
{
	return it_admin("partner create --name 'IT Reference Co' --quiet", suite_key,
	    sizeof(suite_key)) == 0 ? 0 : 1;
}

static json_t *
data_of(const struct it_resp *r)
{
	if (r->json == NULL || json_object_size(r->json) != 2 ||
	    it_str(r->json, "status") == NULL || it_strcmp(it_str(r->json, "status"), "success") != 0)
		return NULL;
	return json_object_get(r->json, "data");
}

/* GETs /v1/health and returns its data (owned by r). */
static json_t *
health(struct it_resp *r)
{
	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/health", NULL, NULL, 0, r), 0);
	CU_ASSERT_EQUAL(r->status, 200);
	return data_of(r);
}

static void
test_health_fields(void)
{
	struct it_resp r;
	json_t *d = health(&r), *s;

	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_EQUAL(json_object_size(d), 6);
	CU_ASSERT_EQUAL(json_object_size(json_object_get(d, "checked_at")), 3);
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "operational");
	CU_ASSERT_STRING_EQUAL(it_str(d, "version"), CEDIRAMP_VERSION);
	CU_ASSERT_TRUE(json_is_integer(json_object_get(d, "uptime_seconds")));
	CU_ASSERT_TRUE(json_integer_value(json_object_get(d, "uptime_seconds")) >= 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "environment"), "sandbox");
	s = json_object_get(d, "services");
	CU_ASSERT_EQUAL(json_object_size(s), 3);
	CU_ASSERT_STRING_EQUAL(it_str(s, "database"), "operational");
	CU_ASSERT_STRING_EQUAL(it_str(s, "blockchain"), "operational");
	CU_ASSERT_STRING_EQUAL(it_str(s, "mobile_money"), "operational");
	it_resp_free(&r);
}

static void
test_health_needs_no_key(void)
{
	const char *bad[] = { "Authorization: Bearer sk_test_nope", NULL };
	struct it_resp r;

	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/health", bad, NULL, 0, &r), 0);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
}

/* 1 when GET /v1/health says operational; else its stored states are
 * made stale (probed again on the next read) and 0. */
static int
operational_now(void)
{
	struct it_resp r;
	json_t *d = health(&r);
	int ok = d != NULL && it_strcmp(it_str(d, "status"), "operational") == 0;

	it_resp_free(&r);
	if (!ok)
		it_health_stale();
	return ok;
}

/* The simulator's health knobs drive the provider checks for real. */
static void
test_health_providers_down_and_slow(void)
{
	struct it_resp r;
	json_t *d;

	it_sim_set("momo.health", "down");
	d = health(&r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "degraded");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "services"), "mobile_money"), "down");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "services"), "blockchain"), "operational");
	it_resp_free(&r);

	it_sim_set("momo.health", "ok");
	it_sim_set("chain.health", "degraded");
	d = health(&r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "degraded");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "services"), "blockchain"), "degraded");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "services"), "mobile_money"), "operational");
	it_resp_free(&r);
	it_db_exec("DELETE FROM sim_settings", NULL, NULL);
	it_health_stale();

	/* a probe still in flight, or one slowed past the provider timeout on
	 * a loaded machine, may answer from before the delete: probe again
	 * until the providers say operational (the settings read itself
	 * waits for the cluster, DB_SIM_SETTING_GET) */
	IT_UNTIL("the providers probed operational again", operational_now());
	d = health(&r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "operational");
	it_resp_free(&r);
}

/* 1 when GET /v1/health says mobile money is down, checked at another
 * time than was_at. */
static int
probed_down(const char *was_at)
{
	struct it_resp r;
	json_t *d = health(&r);
	int ok = d != NULL &&
	    it_strcmp(it_str(json_object_get(d, "services"), "mobile_money"), "down") == 0 &&
	    it_str(json_object_get(d, "checked_at"), "mobile_money") != NULL &&
	    strcmp(it_str(json_object_get(d, "checked_at"), "mobile_money"), was_at) != 0;

	it_resp_free(&r);
	return ok;
}

/*
 * A burst of GET /v1/health probes no provider: every answer is the
 * stored state with the time it was checked, until health.probe_seconds
 * pass; a provider that went down meanwhile (written straight into the
 * simulator, as nothing tells the service) shows at the next probe.
 */
static double
seconds_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
test_health_is_stored(void)
{
	char chain[40] = "", momo[40] = "", seen[40] = "", when[40];
	struct it_resp r;
	json_t *d, *at;
	double t0, elapsed;
	int i, changes = 0;

	it_health_stale();
	t0 = seconds_now();
	d = health(&r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	at = json_object_get(d, "checked_at");
	CU_ASSERT_EQUAL(json_object_size(at), 3);
	snprintf(chain, sizeof(chain), "%s", it_str(at, "blockchain") ? it_str(at, "blockchain") : "");
	snprintf(momo, sizeof(momo), "%s", it_str(at, "mobile_money") ? it_str(at, "mobile_money") : "");
	CU_ASSERT_PTR_NOT_NULL(it_str(at, "database"));
	it_resp_free(&r);
	/* the stored row says the same */
	CU_ASSERT_EQUAL(it_db_text("SELECT DATE_FORMAT(checked_at, '%Y-%m-%dT%H:%i:%sZ') FROM "
	    "provider_health WHERE name = 'chain'", NULL, NULL, when, sizeof(when)), 0);
	CU_ASSERT_STRING_EQUAL(when, chain);
	CU_ASSERT_EQUAL(it_db_exec("REPLACE INTO sim_settings VALUES ('momo.health', 'down')",
	    NULL, NULL), 1);
	/*
	 * The answers hold at any speed (a sanitizer build is slow): one
	 * with the first check time is the stored "operational", never the
	 * provider's live "down"; one with a later time was probed again,
	 * and says "down"; and the check time changes at most once per
	 * window of 5 s (one more for the second the first was stored in).
	 */
	snprintf(seen, sizeof(seen), "%s", momo);
	for (i = 0; i < 40; i++) {
		const char *mm;

		d = health(&r);
		CU_ASSERT_PTR_NOT_NULL_FATAL(d);
		at = json_object_get(d, "checked_at");
		mm = it_str(at, "mobile_money");
		CU_ASSERT_PTR_NOT_NULL_FATAL(mm);
		CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "services"), "mobile_money"),
		    strcmp(mm, momo) == 0 ? "operational" : "down");
		if (strcmp(mm, seen) != 0) {
			changes++;
			snprintf(seen, sizeof(seen), "%s", mm);
		}
		it_resp_free(&r);
	}
	elapsed = seconds_now() - t0;
	CU_ASSERT_TRUE(changes <= 1 + (int)(elapsed / 5.0));
	/* the stored row is what the last answer said */
	CU_ASSERT_EQUAL(it_db_text("SELECT DATE_FORMAT(checked_at, '%Y-%m-%dT%H:%i:%sZ') FROM "
	    "provider_health WHERE name = 'momo:MTN'", NULL, NULL, when, sizeof(when)), 0);
	CU_ASSERT_STRING_EQUAL(when, seen);
	/* after the window: probed (by this request, or by one in flight
	 * elsewhere: HAProxy's checks on a cluster), down */
	if (strcmp(seen, momo) == 0)
		it_pause_ms(5200, "the stored health's 5 s window passes");
	IT_UNTIL("mobile money probed again after the window, down", probed_down(momo));
	it_db_exec("DELETE FROM sim_settings WHERE name = 'momo.health'", NULL, NULL);
	it_health_stale();
}

/*
 * With the database stopped, health answers promptly and says so; the
 * partner API refuses with 503 rather than 401 (it cannot check keys);
 * once the database is back every program reconnects.
 */

/* /v1/health through the front (HAProxy on a cluster) says the database is
 * operational. */
static int
front_db_up(void)
{
	struct it_resp r;
	const char *db;
	int up = 0;

	if (it_http("GET", "/v1/health", NULL, NULL, 0, &r) == 0 && r.json != NULL) {
		db = it_str(json_object_get(json_object_get(r.json, "data"), "services"),
		    "database");
		up = db != NULL && strcmp(db, "operational") == 0;
	}
	it_resp_free(&r);
	return up;
}

static void
test_health_database_down(void)
{
	char auth[200];
	const char *h[] = { it_bearer(suite_key, auth, sizeof(auth)), NULL };
	struct it_resp r;
	time_t t0;
	json_t *d;
	int up = 0;

	/* on a cluster, straight to a web server: HAProxy leaves out a server
	 * whose database is down (3 failed checks), and the nodes' shutdown
	 * can take longer than that */
	it_http_via(0);
	it_stack_after("db-start");
	CU_ASSERT_EQUAL_FATAL(it_stack("db-stop"), 0);
	t0 = time(NULL);
	d = health(&r);
	CU_ASSERT_TRUE(time(NULL) - t0 < 5);
	CU_ASSERT_PTR_NOT_NULL(d);
	if (d != NULL) {
		CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "down");
		CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "services"), "database"), "down");
	}
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_http("GET", "/v1/limits", h, NULL, 0, &r), 0);
	it_assert_partner_error(&r, 503, "SERVICE_UNAVAILABLE", "limits with db down");
	it_resp_free(&r);

	CU_ASSERT_EQUAL_FATAL(it_stack("db-start"), 0);
	d = health(&r);
	CU_ASSERT_PTR_NOT_NULL(d);
	if (d != NULL)
		CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "services"), "database"), "operational");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_http("GET", "/v1/limits", h, NULL, 0, &r), 0);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
	/* and through the front again (HAProxy takes a server back after one
	 * good check), before the next test counts on it */
	it_http_via(-1);
	IT_UNTIL("/v1/health through the front to say the database is operational",
	    (up = front_db_up()));
	CU_ASSERT_TRUE(up);
}

/* The networks' statuses, in the answer's order, into st (16 bytes each). */
static void
network_statuses(char st[3][16])
{
	char auth[200];
	const char *h[] = { it_bearer(suite_key, auth, sizeof(auth)), NULL };
	struct it_resp r;
	size_t i;

	memset(st, 0, 3 * 16);
	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/supported-networks", h, NULL, 0, &r), 0);
	CU_ASSERT_EQUAL(r.status, 200);
	for (i = 0; i < 3 && json_array_size(data_of(&r)) == 3; i++)
		snprintf(st[i], 16, "%s", it_str(json_array_get(data_of(&r), i), "status") ?
		    it_str(json_array_get(data_of(&r), i), "status") : "(none)");
	it_resp_free(&r);
}

/* 1 when every network says operational; else the stored states are made
 * stale (probed again on the next read) and 0. */
static int
all_operational(void)
{
	char st[3][16];
	int ok;

	network_statuses(st);
	ok = strcmp(st[0], "operational") == 0 && strcmp(st[1], "operational") == 0 &&
	    strcmp(st[2], "operational") == 0;
	if (!ok)
		it_health_stale();
	return ok;
}

static void
test_supported_networks(void)
{
	static const struct { const char *id, *min, *max; } want[] = {
		{ "MTN", "5.00", "10000.00" },
		{ "TELECEL", "5.00", "5000.00" },
		{ "AIRTELTIGO", "5.00", "5000.00" },
	};
	char auth[200];
	const char *h[] = { it_bearer(suite_key, auth, sizeof(auth)), NULL };
	struct it_resp r;
	json_t *d;
	size_t i;

	/* the simulators healthy, as the tests before left them */
	IT_UNTIL("every network probed operational", all_operational());
	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/supported-networks", h, NULL, 0, &r), 0);
	CU_ASSERT_EQUAL(r.status, 200);
	d = data_of(&r);
	CU_ASSERT_TRUE_FATAL(json_is_array(d));
	CU_ASSERT_EQUAL_FATAL(json_array_size(d), 3);
	for (i = 0; i < 3; i++) {
		json_t *n = json_array_get(d, i);

		CU_ASSERT_EQUAL(json_object_size(n), 7);
		CU_ASSERT_STRING_EQUAL(it_str(n, "network_id"), want[i].id);
		CU_ASSERT_PTR_NOT_NULL(it_str(n, "name"));
		CU_ASSERT_STRING_EQUAL(it_str(n, "country"), "GH");
		CU_ASSERT_STRING_EQUAL(it_str(n, "currency"), "GHS");
		CU_ASSERT_STRING_EQUAL(it_str(n, "status"), "operational");
		CU_ASSERT_STRING_EQUAL(it_str(n, "min_amount"), want[i].min);
		CU_ASSERT_STRING_EQUAL(it_str(n, "max_amount"), want[i].max);
	}
	it_resp_free(&r);
}

/* Each network reports its own provider's health; /v1/health sums them. */
static void
test_network_status_is_real(void)
{
	char st[3][16];
	struct it_resp r;
	json_t *d;

	it_sim_set("momo.TELECEL.health", "down");
	it_sim_set("momo.AIRTELTIGO.health", "degraded");
	/* on a cluster a probe may still store a state from before the
	 * settings (ci21: AIRTELTIGO "operational"): wait for the new ones */
	IT_UNTIL("TELECEL probed down", it_network_probed("TELECEL", "down"));
	IT_UNTIL("AIRTELTIGO probed degraded", it_network_probed("AIRTELTIGO", "degraded"));
	network_statuses(st);
	CU_ASSERT_STRING_EQUAL(st[0], "operational");
	CU_ASSERT_STRING_EQUAL(st[1], "down");
	CU_ASSERT_STRING_EQUAL(st[2], "degraded");
	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/health", NULL, NULL, 0, &r), 0);
	d = data_of(&r);
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "degraded");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "services"), "mobile_money"), "degraded");
	it_resp_free(&r);

	/* every network down: mobile money is down */
	it_sim_set("momo.MTN.health", "down");
	it_sim_set("momo.AIRTELTIGO.health", "down");
	IT_UNTIL("MTN probed down", it_network_probed("MTN", "down"));
	IT_UNTIL("AIRTELTIGO probed down", it_network_probed("AIRTELTIGO", "down"));
	network_statuses(st);
	CU_ASSERT_STRING_EQUAL(st[0], "down");
	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/health", NULL, NULL, 0, &r), 0);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(data_of(&r), "services"),
	    "mobile_money"), "down");
	it_resp_free(&r);

	it_sim_set("momo.MTN.health", "ok");
	it_sim_set("momo.TELECEL.health", "ok");
	it_sim_set("momo.AIRTELTIGO.health", "ok");
	/* a probe still in flight, or one slowed past the provider timeout on
	 * a loaded machine, may answer from before the settings: probe again
	 * until every network says operational */
	IT_UNTIL("every network probed operational again", all_operational());
	network_statuses(st);
	CU_ASSERT_STRING_EQUAL(st[0], "operational");
	CU_ASSERT_STRING_EQUAL(st[1], "operational");
	CU_ASSERT_STRING_EQUAL(st[2], "operational");
}

static void
test_limits(void)
{
	static const char *want[][4] = {
		{ "basic", "500.00", "5000.00", "200.00" },
		{ "verified", "5000.00", "50000.00", "2000.00" },
		{ "enterprise", "50000.00", "500000.00", "10000.00" },
	};
	char auth[200];
	const char *h[] = { it_bearer(suite_key, auth, sizeof(auth)), NULL };
	struct it_resp r;
	json_t *d;
	size_t i;

	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/limits", h, NULL, 0, &r), 0);
	CU_ASSERT_EQUAL(r.status, 200);
	d = data_of(&r);
	CU_ASSERT_EQUAL_FATAL(json_array_size(d), 3);
	for (i = 0; i < 3; i++) {
		json_t *t = json_array_get(d, i);

		CU_ASSERT_EQUAL(json_object_size(t), 4);
		CU_ASSERT_STRING_EQUAL(it_str(t, "tier"), want[i][0]);
		CU_ASSERT_STRING_EQUAL(it_str(t, "daily_limit"), want[i][1]);
		CU_ASSERT_STRING_EQUAL(it_str(t, "monthly_limit"), want[i][2]);
		CU_ASSERT_STRING_EQUAL(it_str(t, "per_transaction_max"), want[i][3]);
	}
	it_resp_free(&r);
}

int
it_suite_reference(void)
{
	static const struct tu_test tests[] = {
		{ "health: every field, all operational", test_health_fields },
		{ "health: no key needed, a bad key ignored", test_health_needs_no_key },
		{ "health: provider down / degraded from real probes", test_health_providers_down_and_slow },
		{ "health: database stopped, then reconnect", test_health_database_down },
		{ "health: a burst reads the stored states, probed again after the window", test_health_is_stored },
		{ "supported-networks: the spec's three networks", test_supported_networks },
		{ "supported-networks: each network's real status", test_network_status_is_real },
		{ "limits: the tier table", test_limits },
	};

	return tu_add_suite("reference endpoints", suite_init, NULL, tests, NELEM(tests));
}
