/*
 * The wallet developer dashboard (docs/console.md) against the real stack:
 * an operator makes the platform's wallet-developer account, which signs
 * in to the console with no partner and may do nothing of a partner's; its
 * wallet webhooks get a wallet user's payout events in the wallet
 * contract's form (checked by the npm verifier, not our own code), with
 * their log, redelivery and test event; a user's own endpoint (decision 4)
 * wins over them; a partner's people may not reach them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "itc.h"
#include "itc_console.h"
#include "receiver.h"

#define WALLET_SECRET "wallet-developer-secret-0123456789abcdef"

/* The platform's endpoints, deleted whatever way the test ends: another
 * test's wallet user without an endpoint expects its events to go nowhere. */
static void
platform_hooks_deleted(void *arg)
{
	(void)arg;
	(void)it_db_exec("UPDATE webhook_endpoints SET active = 0, deleted_at = UTC_TIMESTAMP(6) "
	    "WHERE subject_kind = 'platform' AND active = 1", NULL, NULL);
}

/* The deliveries of the event about payout po to endpoints of kind. */
static long long
deliveries_of(const char *po, const char *kind)
{
	return it_db_scalar("SELECT COUNT(*) FROM webhook_deliveries d JOIN outbox_events v "
	    "ON v.id = d.event_id WHERE v.ref_id = ? AND d.subject_kind = ?", po, kind);
}

/* How many of rcv's hits at path have a body holding needle; the first's
 * index into *first (-1: none). (Another test's wallet user may have a
 * payout settled by the same worker run: its event comes to the
 * platform's endpoint too.) */
static size_t
hits_with(struct receiver *rcv, const char *needle, const char *path, int *first)
{
	size_t i, n = rcv_count(rcv), found = 0;
	struct rcv_hit h;

	*first = -1;
	for (i = 0; i < n; i++) {
		if (rcv_get(rcv, i, &h) != 0)
			continue;
		if (strstr(h.body, needle) != NULL && strcmp(h.path, path) == 0 && found++ == 0)
			*first = (int)i;
		rcv_hit_free(&h);
	}
	return found;
}

/* A completed payout of w to bid of amount GHS: its id into po (64 bytes). */
static void
paid(const struct itc_wallet *w, const char *bid, const char *amount, char *po)
{
	char out[2000];
	struct it_resp r;

	CU_ASSERT_EQUAL_FATAL(itc_transfer(w, bid, amount, NULL, &r), 201);
	snprintf(po, 64, "%s", it_str(json_object_get(r.json, "data"), "transactionId"));
	it_resp_free(&r);
	/* the worker's runs until it is done (a run takes a batch: other
	 * tests' payouts may come first) */
	IT_UNTIL("the payout completed", (it_worker_output("payouts", out, sizeof(out)),
	    it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND status = 'completed'",
	    po, NULL) == 1));
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payouts WHERE id = ? AND status = "
	    "'completed'", po, NULL), 1);
}

/* The operator's account: no partner, and a partner's role refused it. */
static void
make_developer(const struct con_sess *owner, char *email, size_t cap)
{
	char u[96], args[400], out[200], err[400];

	it_unique("walletdev", u, sizeof(u));
	snprintf(email, cap, "%s@example.test", u);
	snprintf(args, sizeof(args), "console user add --partner %s --email %s "
	    "--role wallet-developer", owner->partner, email);
	CU_ASSERT_EQUAL(it_admin_input(CON_PASSWORD, args, out, sizeof(out), err, sizeof(err)), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "partner"));
	snprintf(args, sizeof(args), "console user add --email %s --role owner", email);
	CU_ASSERT_EQUAL(it_admin_input(CON_PASSWORD, args, out, sizeof(out), err, sizeof(err)), 2);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_users WHERE email = ?",
	    email), 0);
	snprintf(args, sizeof(args), "console user add --email %s --role wallet-developer", email);
	CU_ASSERT_EQUAL_FATAL(it_admin_input(CON_PASSWORD, args, out, sizeof(out), err,
	    sizeof(err)), 0);
	CU_ASSERT(strncmp(out, "cu_", 3) == 0);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_users WHERE email = ? "
	    "AND role = 'wallet-developer' AND partner_id IS NULL", email), 1);
}

/* The session of a wallet developer: no partner, the wallet's rights only. */
static void
test_wallet_developer_session(void)
{
	static const char *const partner_only[] = { "/console/api/withdrawals",
		"/console/api/keys", "/console/api/overview", "/console/api/members",
		"/console/api/webhooks", "/console/api/signing", "/console/api/balances" };
	struct con_sess owner, dev;
	struct it_resp r;
	char email[160];
	json_t *d, *may;
	size_t i;

	con_signup("Wallet Platform Ltd", &owner);
	make_developer(&owner, email, sizeof(email));
	con_signin(email, &dev);
	con_call("GET", "/console/api/session", NULL, &dev, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT(json_is_null(json_object_get(d, "partner")));
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "user"), "role"), "wallet-developer");
	may = json_object_get(d, "permissions");
	CU_ASSERT(json_is_true(json_object_get(may, "wallet")));
	CU_ASSERT(json_is_true(json_object_get(may, "account")));
	CU_ASSERT(json_is_false(json_object_get(may, "read")));
	CU_ASSERT(json_is_false(json_object_get(may, "keys")));
	it_resp_free(&r);
	for (i = 0; i < NELEM(partner_only); i++)
		con_refused("GET", partner_only[i], NULL, &dev, 403, "forbidden", partner_only[i]);
	con_refused("POST", "/console/api/keys", "{}", &dev, 403, "forbidden", "a key made");
	/* a partner's owner may not reach the wallet's webhooks */
	con_refused("GET", "/console/api/wallet/webhooks", NULL, &owner, 403, "forbidden",
	    "an owner lists the wallet's webhooks");
	con_refused("POST", "/console/api/wallet/webhooks", "{\"url\":\"http://127.0.0.1:9/x\","
	    "\"events\":[\"payout.completed\"]}", &owner, 403, "forbidden",
	    "an owner adds a wallet webhook");
	/* its own account: two-factor, sign-out */
	CU_ASSERT_EQUAL(con_status_of("GET", "/console/api/2fa", NULL, &dev), 200);
	CU_ASSERT_EQUAL(con_status_of("DELETE", "/console/api/session", NULL, &dev), 204);
	IT_UNTIL_STEADY("the session ended", con_session_status(&dev) == 401);
}

/* POST /console/api/wallet/webhooks as dev of url and events (JSON
 * text): the status, its id into id (64 bytes). */
static long
add_hook(const struct con_sess *dev, const char *url, const char *events, char *id)
{
	char body[600];
	struct it_resp r;
	long st;

	snprintf(body, sizeof(body), "{\"url\":\"%s\",\"events\":%s,\"secret\":\"" WALLET_SECRET
	    "\"}", url, events);
	con_call("POST", "/console/api/wallet/webhooks", body, dev, NULL, &r);
	st = r.status;
	snprintf(id, 64, "%s", it_str(json_object_get(r.json, "data"), "webhook_id") ?
	    it_str(json_object_get(r.json, "data"), "webhook_id") : "");
	it_resp_free(&r);
	return st;
}

/* The wallet's webhooks: a user's payout event to the platform's endpoint,
 * signed as the wallet contract says; its log, redelivery and test event;
 * the user's own endpoint winning over it. */
static void
test_wallet_webhooks(void)
{
	struct receiver *rcv = rcv_start();
	struct con_sess owner, dev;
	struct itc_wallet w;
	struct rcv_hit h;
	struct it_resp r;
	char email[160], url[200], hook[64], bid[40], po[64], evt[64], path[200], args[300];
	char out[300], err[300];
	size_t n;
	json_t *d;
	int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(rcv);
	CU_ASSERT_EQUAL_FATAL(tu_defer(platform_hooks_deleted, NULL), 0);
	con_signup("Wallet Hooks Ltd", &owner);
	make_developer(&owner, email, sizeof(email));
	con_signin(email, &dev);
	snprintf(url, sizeof(url), "http://127.0.0.1:%d/platform", rcv_port(rcv));
	/* a partner's event type, or none, refused; nothing stored */
	CU_ASSERT_EQUAL(add_hook(&dev, url, "[\"withdrawal.pending\"]", hook), 400);
	CU_ASSERT_EQUAL(add_hook(&dev, url, "[]", hook), 400);
	CU_ASSERT_EQUAL(add_hook(&dev, "http://10.0.0.1/x", "[\"payout.completed\"]", hook), 400);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_endpoints WHERE "
	    "subject_kind = 'platform' AND active = 1", NULL, NULL), 0);
	CU_ASSERT_EQUAL_FATAL(add_hook(&dev, url, "[\"payout.completed\",\"payout.failed\"]",
	    hook), 201);
	con_call("GET", "/console/api/wallet/webhooks", NULL, &dev, NULL, &r);
	d = json_array_get(json_object_get(r.json, "data"), 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "webhook_id"), hook);
	CU_ASSERT(json_is_true(json_object_get(d, "enabled")));
	CU_ASSERT(json_object_get(d, "secret") == NULL);
	it_resp_free(&r);

	/* a wallet user without an endpoint of its own: the platform's gets it */
	itc_payout_wallet(&w, "0xwdev", NULL);
	itc_fund(&w, "12");
	itc_beneficiary(&w, "MTN", 556, bid);
	paid(&w, bid, "50", po);
	CU_ASSERT_EQUAL(deliveries_of(po, "platform"), 1);
	CU_ASSERT_EQUAL(itc_webhooks_run(""), 0);
	IT_UNTIL("the payout's event at the platform's endpoint",
	    hits_with(rcv, po, "/platform", &i) == 1);
	CU_ASSERT_EQUAL_FATAL(hits_with(rcv, po, "/platform", &i), 1);
	CU_ASSERT_EQUAL_FATAL(rcv_get(rcv, (size_t)i, &h), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(h.body, "\"event\":\"payout.completed\""));
	rcv_hit_free(&h);

	/* its log: the event, read and redelivered; a partner's owner cannot */
	con_call("GET", "/console/api/wallet/webhook-deliveries", NULL, &dev, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_array_get(json_object_get(r.json, "data"), 0);
	CU_ASSERT_STRING_EQUAL(it_str(d, "event_type"), "payout.completed");
	CU_ASSERT_STRING_EQUAL(it_str(d, "webhook_id"), hook);
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "delivered");
	snprintf(evt, sizeof(evt), "%s", it_str(d, "event_id") ? it_str(d, "event_id") : "");
	it_resp_free(&r);
	snprintf(path, sizeof(path), "/console/api/wallet/webhook-deliveries/%s", evt);
	CU_ASSERT_EQUAL(con_status_of("GET", path, NULL, &dev), 200);
	snprintf(path, sizeof(path), "/console/api/webhook-deliveries/%s", evt);
	con_refused("GET", path, NULL, &owner, 404, "not_found", "a partner reads the wallet's event");
	snprintf(path, sizeof(path), "/console/api/wallet/webhook-deliveries/%s/redeliver", evt);
	CU_ASSERT_EQUAL(con_status_of("POST", path, NULL, &dev), 202);
	CU_ASSERT_EQUAL(itc_webhooks_run(""), 0);
	IT_UNTIL("the redelivery", hits_with(rcv, po, "/platform", &i) == 2);
	CU_ASSERT_EQUAL(hits_with(rcv, po, "/platform", &i), 2);

	/* a test event, in the wallet's form too */
	snprintf(path, sizeof(path), "/console/api/wallet/webhooks/%s/test", hook);
	CU_ASSERT_EQUAL(con_status_of("POST", path, NULL, &dev), 202);
	CU_ASSERT_EQUAL(itc_webhooks_run(""), 0);
	IT_UNTIL("the test event", hits_with(rcv, hook, "/platform", &i) == 1);
	CU_ASSERT_EQUAL_FATAL(rcv_get(rcv, (size_t)i, &h), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(h.body, "\"event\":\"webhook.test\""));
	rcv_hit_free(&h);
	/* every one verifies with the npm libraries, as the wallet's form */
	n = rcv_count(rcv);
	CU_ASSERT_EQUAL(itc_verify_hits(rcv, WALLET_SECRET, "wallet", n, n, NULL, 0), 0);

	/* the user's own endpoint (decision 4) wins: the platform's gets nothing */
	snprintf(args, sizeof(args), "user webhook %s http://127.0.0.1:%d/own", w.id,
	    rcv_port(rcv));
	CU_ASSERT_EQUAL(it_admin_input(WALLET_SECRET "\n", args, out, sizeof(out), err,
	    sizeof(err)), 0);
	paid(&w, bid, "40", po);
	CU_ASSERT_EQUAL(deliveries_of(po, "user"), 1);
	CU_ASSERT_EQUAL(deliveries_of(po, "platform"), 0);
	/* removed, the platform's gets the next again */
	snprintf(args, sizeof(args), "user webhook %s --delete", w.id);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);
	paid(&w, bid, "30", po);
	CU_ASSERT_EQUAL(deliveries_of(po, "user"), 0);
	CU_ASSERT_EQUAL(deliveries_of(po, "platform"), 1);
	/* disabled, and deleted: nothing more goes to it */
	snprintf(path, sizeof(path), "/console/api/wallet/webhooks/%s", hook);
	CU_ASSERT_EQUAL(con_status_of("PATCH", path, "{\"enabled\":false}", &dev), 200);
	paid(&w, bid, "20", po);
	CU_ASSERT_EQUAL(deliveries_of(po, "platform"), 0);
	CU_ASSERT_EQUAL(con_status_of("DELETE", path, NULL, &dev), 204);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM webhook_endpoints WHERE "
	    "subject_kind = 'platform' AND active = 1", NULL, NULL), 0);
	itc_wallet_free(&w);
	rcv_stop(rcv);
}

static const struct tu_test tests[] = {
	{ "console wallet: the wallet developer's session", test_wallet_developer_session },
	{ "console wallet: the wallet's webhooks", test_wallet_webhooks },
};

int
it_suite_console_wallet(void)
{
	return tu_add_suite("console wallet", NULL, NULL, tests, NELEM(tests));
}
