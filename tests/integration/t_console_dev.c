/*
 * The console's Developers and Team changes (docs/console.md) against the
 * real stack: the partner's request signing (its policy and public keys,
 * the partner API obeying them), a member's role changed, a webhook
 * endpoint's events edited and the endpoint disabled and enabled again,
 * and a revoked session refused by every process within a second. Each
 * with its bad input answered by the console's error codes and nothing
 * written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "itc.h"
#include "itc_console.h"

/* The public half of a new Ed25519 key pair (npm's node crypto, as
 * t_signatures makes them) into pem: 0, or -1. */
static int
new_public_key(char *pem, size_t cap)
{
	char dir[] = "/tmp/cediramp-consig-XXXXXX", cmd[600], path[200];
	size_t n;
	FILE *f;

	if (mkdtemp(dir) == NULL)
		return -1;
	snprintf(cmd, sizeof(cmd), "cd %s/.. && node tests/signatures/sign.mjs keygen %s >/dev/null",
	    it_env("CEDIRAMP_BUILD"), dir);
	snprintf(path, sizeof(path), "%s/ed25519.pub.pem", dir);
	if (it_system(cmd) != 0 || (f = fopen(path, "r")) == NULL)
		return -1;
	n = fread(pem, 1, cap - 1, f);
	pem[n] = '\0';
	fclose(f);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	(void)it_system(cmd);
	return n > 0 ? 0 : -1;
}

/* POST /console/api/signing/keys of s with keyid, alg and pem: the status. */
static long
add_key(const struct con_sess *s, const char *keyid, const char *alg, const char *pem,
    struct it_resp *r)
{
	char *body = con_jdump(json_pack("{s:s,s:s,s:s}", "keyid", keyid, "alg", alg,
	    "public_key", pem));

	con_call("POST", "/console/api/signing/keys", body, s, NULL, r);
	free(body);
	return r->status;
}

/* The signing policy and public keys: listed, added, required (the
 * partner API refuses an unsigned request), optional again, removed. */
static void
test_signing(void)
{
	static const struct {
		const char *body, *why;
	} bad[] = {
		{ "{\"alg\":\"ed25519\",\"public_key\":\"x\"}", "no keyid" },
		{ "{\"keyid\":\"a b\",\"alg\":\"ed25519\",\"public_key\":\"PEM\"}", "a keyid with a space" },
		{ "{\"keyid\":5,\"alg\":\"ed25519\",\"public_key\":\"PEM\"}", "a keyid number" },
		{ "{\"keyid\":\"k2\",\"alg\":\"rsa\",\"public_key\":\"PEM\"}", "an unknown alg" },
		{ "{\"keyid\":\"k2\",\"alg\":\"ecdsa-p256-sha256\",\"public_key\":\"PEM\"}",
		  "an Ed25519 key as P-256" },
		{ "{\"keyid\":\"k2\",\"alg\":\"ed25519\",\"public_key\":\"not a key\"}", "not a PEM" },
		{ "{\"keyid\":\"k2\",\"alg\":\"ed25519\",\"public_key\":\"PEM\",\"x\":1}", "an unknown field" },
		{ "{\"keyid\":\"k2\",\"alg\":\"ed25519\",\"public_key\":[]}", "a PEM array" },
		{ "{\"keyid\":", "bad JSON" },
	};
	struct con_sess s, other, viewer;
	struct it_resp r;
	char pem[1200], body[2600], email[160], *esc;
	json_t *d, *k;
	size_t i;

	CU_ASSERT_FATAL(new_public_key(pem, sizeof(pem)) == 0);
	con_signup("Signing Ltd", &s);
	con_signup("Other Signing Ltd", &other);
	con_call("GET", "/console/api/signing", NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT(json_is_false(json_object_get(d, "required")));
	CU_ASSERT_EQUAL(json_array_size(json_object_get(d, "keys")), 0);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(add_key(&s, "console-ed-1", "ed25519", pem, &r), 201);
	k = json_array_get(json_object_get(json_object_get(r.json, "data"), "keys"), 0);
	CU_ASSERT_STRING_EQUAL(it_str(k, "keyid"), "console-ed-1");
	CU_ASSERT_STRING_EQUAL(it_str(k, "alg"), "ed25519");
	CU_ASSERT(it_strlen(it_str(k, "created_at")) == 20);
	it_resp_free(&r);
	/* the same keyid again: a conflict, nothing added */
	CU_ASSERT_EQUAL(add_key(&s, "console-ed-1", "ed25519", pem, &r), 409);
	con_expect_error(&r, 409, "conflict", "a keyid twice");
	it_resp_free(&r);
	/* bad input, PEM standing for the real key */
	d = json_string(pem);
	esc = json_dumps(d, JSON_ENCODE_ANY);
	json_decref(d);
	CU_ASSERT_FATAL(esc != NULL);
	for (i = 0; i < NELEM(bad); i++) {
		const char *at = strstr(bad[i].body, "\"PEM\"");

		if (at != NULL)
			snprintf(body, sizeof(body), "%.*s%s%s", (int)(at - bad[i].body), bad[i].body,
			    esc, at + 5);
		else
			snprintf(body, sizeof(body), "%s", bad[i].body);
		con_refused("POST", "/console/api/signing/keys", body, &s, 400, "validation_error",
		    bad[i].why);
	}
	free(esc);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM partner_signing_keys k JOIN partners p "
	    "ON p.id = k.partner_id WHERE p.public_id = ?", s.partner), 1);
	/* required: the partner API refuses the unsigned request */
	con_refused("PUT", "/console/api/signing/policy", "{\"required\":\"yes\"}", &s, 400,
	    "validation_error", "required as a string");
	con_refused("PUT", "/console/api/signing/policy", "{}", &s, 400, "validation_error",
	    "no required");
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM partners WHERE public_id = ? "
	    "AND signing = 'optional'", s.partner), 1);
	con_call("PUT", "/console/api/signing/policy", "{\"required\":true}", &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT(json_is_true(json_object_get(json_object_get(r.json, "data"), "required")));
	it_resp_free(&r);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM partners WHERE public_id = ? "
	    "AND signing = 'required'", s.partner), 1);
	it_pause_ms(IT_POLICY_PASS_MS, "every web server reads the partner's policy again");
	IT_UNTIL_STEADY("the unsigned request refused", con_partner_get(s.key, "/v1/limits") == 401);
	CU_ASSERT_EQUAL(con_partner_get(s.key, "/v1/limits"), 401);
	con_call("PUT", "/console/api/signing/policy", "{\"required\":false}", &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	it_resp_free(&r);
	it_pause_ms(IT_POLICY_PASS_MS, "every web server reads the partner's policy again");
	IT_UNTIL_STEADY("the unsigned request taken", con_partner_get(s.key, "/v1/limits") == 200);
	CU_ASSERT_EQUAL(con_partner_get(s.key, "/v1/limits"), 200);
	/* a viewer may not see them; another partner's keyid is not found */
	con_add_member(&s, "viewer", email, sizeof(email));
	con_signin(email, &viewer);
	con_refused("GET", "/console/api/signing", NULL, &viewer, 403, "forbidden",
	    "a viewer reads the signing");
	con_refused("DELETE", "/console/api/signing/keys/console-ed-1", NULL, &other, 404,
	    "not_found", "another partner's keyid");
	con_call("GET", "/console/api/signing", NULL, &other, NULL, &r);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(json_object_get(r.json, "data"), "keys")), 0);
	it_resp_free(&r);
	/* removed, and then not found */
	CU_ASSERT_EQUAL(con_status_of("DELETE", "/console/api/signing/keys/console-ed-1", NULL, &s),
	    204);
	con_refused("DELETE", "/console/api/signing/keys/console-ed-1", NULL, &s, 404, "not_found",
	    "a keyid removed twice");
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM partner_signing_keys k JOIN partners p "
	    "ON p.id = k.partner_id WHERE p.public_id = ?", s.partner), 0);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_audit a JOIN partners p "
	    "ON p.id = a.partner_id WHERE p.public_id = ? AND a.action IN ('signing.key_add', "
	    "'signing.require', 'signing.unrequire', 'signing.key_remove')", s.partner), 4);
}

/* The members' list's id of email, as s's console lists it, into id. */
static void
member_id(const struct con_sess *s, const char *email, char *id, size_t cap)
{
	struct it_resp r;
	json_t *m;
	size_t i;

	id[0] = '\0';
	con_call("GET", "/console/api/members", NULL, s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 200);
	json_array_foreach(json_object_get(r.json, "data"), i, m)
		if (it_strcmp(it_str(m, "email"), email) == 0)
			snprintf(id, cap, "%s", it_str(m, "id"));
	it_resp_free(&r);
	CU_ASSERT_FATAL(id[0] != '\0');
}

/* An owner changes a member's role: the member's next request has it. */
static void
test_member_role(void)
{
	static const struct {
		const char *body, *why;
	} bad[] = {
		{ "{\"role\":\"admin\"}", "an unknown role" },
		{ "{\"role\":\"wallet-developer\"}", "the platform's role" },
		{ "{\"role\":3}", "a role number" },
		{ "{}", "no role" },
		{ "{\"role\":\"viewer\",\"email\":\"x@example.test\"}", "an unknown field" },
		{ "[\"viewer\"]", "not an object" },
		{ "{\"role\":", "bad JSON" },
	};
	struct con_sess s, other, dev;
	struct it_resp r;
	char email[160], other_email[160], id[64], other_id[64], own[64], path[160];
	size_t i;

	con_signup("Roles Ltd", &s);
	con_signup("Other Roles Ltd", &other);
	con_add_member(&s, "developer", email, sizeof(email));
	con_add_member(&other, "developer", other_email, sizeof(other_email));
	member_id(&s, email, id, sizeof(id));
	member_id(&s, s.email, own, sizeof(own));
	member_id(&other, other_email, other_id, sizeof(other_id));
	con_signin(email, &dev);
	CU_ASSERT_EQUAL(con_key_post_status(&dev), 201);
	snprintf(path, sizeof(path), "/console/api/members/%s", id);
	for (i = 0; i < NELEM(bad); i++) {
		con_refused("PATCH", path, bad[i].body, &s, 400, "validation_error", bad[i].why);
	}
	/* a developer may not change roles, its own included */
	con_refused("PATCH", path, "{\"role\":\"owner\"}", &dev, 403, "forbidden",
	    "a developer changes a role");
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_users WHERE email = ? "
	    "AND role = 'developer'", email), 1);
	con_call("PATCH", path, "{\"role\":\"viewer\"}", &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "role"), "viewer");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "email"), email);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_users WHERE email = ? "
	    "AND role = 'viewer'", email), 1);
	/* the member's session takes it at its next request */
	IT_UNTIL_STEADY("the viewer's role seen", con_key_post_status(&dev) == 403);
	con_call("GET", "/console/api/session", NULL, &dev, NULL, &r);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(json_object_get(r.json, "data"), "user"),
	    "role"), "viewer");
	it_resp_free(&r);
	/* not one's own; not another partner's member, nor an unknown one */
	snprintf(path, sizeof(path), "/console/api/members/%s", own);
	con_refused("PATCH", path, "{\"role\":\"viewer\"}", &s, 409, "invalid_state",
	    "one's own role");
	snprintf(path, sizeof(path), "/console/api/members/%s", other_id);
	con_refused("PATCH", path, "{\"role\":\"viewer\"}", &s, 404, "not_found",
	    "another partner's member");
	con_refused("PATCH", "/console/api/members/cu_nosuchmember0000000000",
	    "{\"role\":\"viewer\"}", &s, 404, "not_found", "an unknown member");
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_users WHERE email = ? "
	    "AND role = 'owner'", s.email), 1);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_users WHERE email = ? "
	    "AND role = 'developer'", other_email), 1);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_audit a JOIN console_users u "
	    "ON u.public_id = a.object WHERE u.email = ? AND a.action = 'member.role'", email), 1);
}

/* The deliveries of endpoint hook with status (NULL: any). */
static long long
deliveries(const char *hook, const char *status)
{
	return it_db_scalar("SELECT COUNT(*) FROM webhook_deliveries d JOIN webhook_endpoints e "
	    "ON e.id = d.endpoint_id WHERE e.public_id = ? AND d.status = COALESCE(?, d.status)",
	    hook, status);
}

/* PATCH path with body as s: the answer's status, its data's enabled
 * (1, 0, or -1 when absent) into *enabled. */
static long
patch_hook(const struct con_sess *s, const char *path, const char *body, int *enabled)
{
	struct it_resp r;
	json_t *v;
	long st;

	con_call("PATCH", path, body, s, NULL, &r);
	st = r.status;
	v = json_object_get(json_object_get(r.json, "data"), "enabled");
	*enabled = json_is_boolean(v) ? json_is_true(v) : -1;
	it_resp_free(&r);
	return st;
}

/* An endpoint's events edited; disabled, it gets no event and its pending
 * deliveries fail; enabled again, it gets the next one. */
static void
test_webhook_edit(void)
{
	static const struct {
		const char *body, *why;
	} bad[] = {
		{ "{}", "neither events nor enabled" },
		{ "{\"enabled\":\"no\"}", "enabled as a string" },
		{ "{\"enabled\":null}", "enabled null" },
		{ "{\"events\":[]}", "no events" },
		{ "{\"events\":[\"withdrawal.nope\"]}", "an unknown event" },
		{ "{\"events\":[\"withdrawal.pending\",\"withdrawal.pending\"]}", "an event twice" },
		{ "{\"events\":\"withdrawal.pending\"}", "events as a string" },
		{ "{\"url\":\"http://127.0.0.1:9/x\"}", "the url (not editable)" },
		{ "{\"events\":", "bad JSON" },
	};
	struct con_sess s, other;
	struct it_resp r;
	char hook[64], path[160], ref[64], wd[64], events[200];
	json_t *d;
	size_t i;
	int on;

	con_signup("Edit Hooks Ltd", &s);
	con_signup("Other Edit Hooks Ltd", &other);
	/* nothing listens on port 9: a delivery stays pending, retried */
	con_call("POST", "/console/api/webhooks", "{\"url\":\"http://127.0.0.1:9/edit\","
	    "\"events\":[\"withdrawal.completed\"]}", &s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	d = json_object_get(r.json, "data");
	snprintf(hook, sizeof(hook), "%s", it_str(d, "webhook_id"));
	CU_ASSERT(json_is_true(json_object_get(d, "enabled")));
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/webhooks/%s", hook);
	for (i = 0; i < NELEM(bad); i++) {
		con_refused("PATCH", path, bad[i].body, &s, 400, "validation_error", bad[i].why);
	}
	CU_ASSERT_EQUAL(patch_hook(&other, path, "{\"enabled\":false}", &on), 404);
	CU_ASSERT_EQUAL(patch_hook(&s, "/console/api/webhooks/wh_nosuchhook000000000",
	    "{\"enabled\":false}", &on), 404);
	CU_ASSERT_EQUAL(it_db_text("SELECT CONCAT(events, ' ', disabled_at IS NULL) FROM "
	    "webhook_endpoints WHERE public_id = ?", hook, NULL, events, sizeof(events)), 0);
	CU_ASSERT_STRING_EQUAL(events, "withdrawal.completed 1");
	/* the events edited: a withdrawal's pending event now goes to it */
	con_call("PATCH", path, "{\"events\":[\"withdrawal.pending\",\"withdrawal.failed\"]}", &s,
	    NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT_EQUAL(json_array_size(json_object_get(d, "events")), 2);
	CU_ASSERT(it_strcmp(json_string_value(json_array_get(json_object_get(d, "events"), 0)),
	    "withdrawal.pending") == 0);
	it_resp_free(&r);
	con_make_withdrawal(s.key, ref, sizeof(ref), wd, sizeof(wd));
	CU_ASSERT_EQUAL(deliveries(hook, NULL), 1);
	CU_ASSERT_EQUAL(deliveries(hook, "pending"), 1);
	/* disabled: the pending delivery fails, a new event does not come */
	CU_ASSERT_EQUAL(patch_hook(&s, path, "{\"enabled\":false}", &on), 200);
	CU_ASSERT_EQUAL(on, 0);
	CU_ASSERT_EQUAL(deliveries(hook, "failed"), 1);
	con_make_withdrawal(s.key, ref, sizeof(ref), wd, sizeof(wd));
	CU_ASSERT_EQUAL(deliveries(hook, NULL), 1);
	snprintf(path, sizeof(path), "/console/api/webhooks/%s/test", hook);
	con_refused("POST", path, NULL, &s, 404, "not_found",
	    "a test event to a disabled endpoint");
	/* still listed, as disabled */
	con_call("GET", "/console/api/webhooks", NULL, &s, NULL, &r);
	d = json_array_get(json_object_get(r.json, "data"), 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "webhook_id"), hook);
	CU_ASSERT(json_is_false(json_object_get(d, "enabled")));
	CU_ASSERT(json_is_true(json_object_get(d, "active")));
	it_resp_free(&r);
	/* enabled again: the next event comes */
	snprintf(path, sizeof(path), "/console/api/webhooks/%s", hook);
	CU_ASSERT_EQUAL(patch_hook(&s, path, "{\"enabled\":true}", &on), 200);
	CU_ASSERT_EQUAL(on, 1);
	con_make_withdrawal(s.key, ref, sizeof(ref), wd, sizeof(wd));
	CU_ASSERT_EQUAL(deliveries(hook, "pending"), 1);
	CU_ASSERT_EQUAL(deliveries(hook, NULL), 2);
	/* deleted: not found */
	CU_ASSERT_EQUAL(con_status_of("DELETE", path, NULL, &s), 204);
	CU_ASSERT_EQUAL(patch_hook(&s, path, "{\"enabled\":true}", &on), 404);
}

/* The overview's count of withdrawals held for review, as s reads it. */
static long long
held_in_overview(const struct con_sess *s)
{
	struct it_resp r;
	long long n;

	con_call("GET", "/console/api/overview", NULL, s, NULL, &r);
	n = r.status == 200 ? json_integer_value(json_object_get(json_object_get(json_object_get(
	    r.json, "data"), "attention"), "held_withdrawals")) : -1;
	it_resp_free(&r);
	return n;
}

/* A withdrawal whose payout is held for review (the sandbox's 207: the
 * provider paid another amount) needs the partner's attention on the
 * overview until an operator settles it. */
static void
test_held_in_overview(void)
{
	struct con_sess s;
	struct it_resp r;
	char body[400], phone[20], ref[64], id[64], pid[64], args[300], out[300], err[300];

	con_signup("Held Ltd", &s);
	CU_ASSERT_EQUAL(held_in_overview(&s), 0);
	itc_phone(207, phone, sizeof(phone));
	it_unique("held", ref, sizeof(ref));
	snprintf(body, sizeof(body), "{\"amount\":\"5\",\"currency\":\"USDT\","
	    "\"recipient_phone\":\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"%s\"}",
	    phone, ref);
	con_partner_post(s.key, "/v1/withdrawals", body, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	snprintf(id, sizeof(id), "%s", it_str(json_object_get(r.json, "data"), "withdrawal_id"));
	it_resp_free(&r);
	itc_withdrawal_held(id, pid, sizeof(pid));
	IT_UNTIL_STEADY("the hold on the overview", held_in_overview(&s) == 1);
	CU_ASSERT_EQUAL(held_in_overview(&s), 1);
	snprintf(args, sizeof(args), "payout resolve %s --complete --reason 'MTN confirmed it'", pid);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);
	IT_UNTIL_STEADY("the hold settled", held_in_overview(&s) == 0);
	CU_ASSERT_EQUAL(held_in_overview(&s), 0);
}

/* Requests a signed-in page sends to reach every process of every web
 * server (mod_fcgid's and lighttpd's pools are a few processes each). */
#define EVERY_PROCESS 24

/* A revoked session is refused by every process within a second: nothing
 * caches a session (each request reads its row). */
static void
test_revoked_everywhere(void)
{
	struct con_sess s, t;
	unsigned i, n = EVERY_PROCESS * it_web_servers(), refused = 0;

	con_signup("Revoked Ltd", &s);
	con_signin(s.email, &t);
	/* every process has served the session */
	for (i = 0; i < n; i++)
		CU_ASSERT_EQUAL(con_session_status(&t), 200);
	CU_ASSERT_EQUAL(con_status_of("DELETE", "/console/api/session", NULL, &t), 204);
	it_pause_ms(1000, "the bound: a revoked session refused within 1 s");
	for (i = 0; i < n; i++)
		refused += con_session_status(&t) == 401;
	CU_ASSERT_EQUAL(refused, n);
	/* the other session of the same person stands */
	CU_ASSERT_EQUAL(con_session_status(&s), 200);
}

static const struct tu_test tests[] = {
	{ "console developers: request signing", test_signing },
	{ "console developers: a member's role", test_member_role },
	{ "console developers: a webhook edited, disabled, enabled", test_webhook_edit },
	{ "console developers: a revoked session on every process", test_revoked_everywhere },
	{ "console developers: a withdrawal held for review on the overview", test_held_in_overview },
};

int
it_suite_console_dev(void)
{
	return tu_add_suite("console developers", NULL, NULL, tests, NELEM(tests));
}
