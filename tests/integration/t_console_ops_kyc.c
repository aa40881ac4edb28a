/*
 * The back office's KYC review (docs/console.md, "Back office") against
 * the real stack: a wallet user's submission, uploaded through the wallet
 * API, is in compliance's queue (pending before decided, oldest first),
 * its fields read as uploaded, its images opened on the server (the bytes
 * uploaded, their type, Cache-Control: no-store), approved with a tier
 * (the user's tier raised) or rejected with a reason (the user reads it),
 * once: each decision is the admin tool's, audited with its reason. Every
 * other role (operator, finance, read-only, a partner's owner) is refused
 * each route, images included, and every bad input changes nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "itc.h"
#include "itc_console.h"
#include "itc_ops.h"

#define OPS_KYC "/console/api/ops/kyc"

/* The submission id's status, tier granted, reason and decider, as one
 * text ("pending|||" while pending) into out. */
static void
stored(const char *id, char *out, size_t cap)
{
	out[0] = '\0';
	(void)it_db_text("SELECT CONCAT(status, '|', IFNULL(approved_tier, ''), '|', "
	    "IFNULL(rejection_reason, ''), '|', IFNULL(decided_by, '')) FROM kyc_submissions "
	    "WHERE public_id = ?", id, NULL, out, cap);
}

/* Wallet user w's tier as the database holds it, into out. */
static void
tier_of(const struct itc_wallet *w, char *out, size_t cap)
{
	out[0] = '\0';
	(void)it_db_text("SELECT tier FROM users WHERE wallet_id = ?", w->id, NULL, out, cap);
}

/* The back-office records with a reason (every KYC decision's). */
static long long
reasons(void)
{
	return it_db_scalar("SELECT COUNT(*) FROM console_audit WHERE reason IS NOT NULL", NULL,
	    NULL);
}

/* The position of id in the queue's answer r, or -1. */
static long
queue_at(const struct it_resp *r, const char *id, const char **status)
{
	json_t *a = json_object_get(r->json, "data"), *k;
	size_t i;

	json_array_foreach(a, i, k)
		if (strcmp(it_str(k, "id") ? it_str(k, "id") : "", id) == 0) {
			*status = it_str(k, "status");
			return (long)i;
		}
	return -1;
}

/* Image name of submission id as s reads it: its status, and whether the
 * body is exactly want (n bytes) sent as type, never to be stored. */
static void
image_is(const struct con_sess *s, const char *id, const char *name, const unsigned char *want,
    size_t n, const char *type)
{
	char path[200], h[128];
	struct it_resp r;

	snprintf(path, sizeof(path), OPS_KYC "/%s/images/%s", id, name);
	con_call("GET", path, NULL, s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	IT_CHECK(r.len == n && memcmp(r.body, want, n) == 0, path);
	CU_ASSERT_STRING_EQUAL(it_header(&r, "Content-Type", h, sizeof(h)) ? h : "", type);
	/* never stored: the program's no-store (lighttpd adds the console
	 * pages' no-cache beside it, a second Cache-Control line) */
	IT_CHECK(r.headers != NULL && strstr(r.headers, "\nCache-Control: no-store\r\n") != NULL,
	    "Cache-Control: no-store");
	CU_ASSERT_STRING_EQUAL(it_header(&r, "X-Content-Type-Options", h, sizeof(h)) ? h : "",
	    "nosniff");
	it_resp_free(&r);
}

/* Compliance reads the queue, a submission, its images; approves one,
 * rejects another, and neither decision is taken twice. */
static void
test_review(void)
{
	struct itc_wallet a, b;
	struct con_sess s;
	struct it_resp r;
	char uri[1100], ida[64], idb[64], path[200], got[300], tier[32];
	const char *st = NULL;
	long at, bt;
	json_t *d;

	itc_ops_member("compliance", &s, uri, sizeof(uri));
	itc_wallet(&a, "0xops-kyc-a", NULL);
	itc_wallet(&b, "0xops-kyc-b", NULL);
	CU_ASSERT_EQUAL_FATAL(itc_ops_kyc_upload(&a, "GHA-7001-23", "Kofi Ops Review", 1, ida,
	    sizeof(ida)), 201);
	CU_ASSERT_EQUAL_FATAL(itc_ops_kyc_upload(&b, "GHA-7002-23", "Esi Ops Review", 0, idb,
	    sizeof(idb)), 201);

	/* the queue: both pending, a (older) before b, nothing decided before them */
	con_call("GET", OPS_KYC, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 200);
	at = queue_at(&r, ida, &st);
	CU_ASSERT(at >= 0 && st != NULL && strcmp(st, "pending") == 0);
	bt = queue_at(&r, idb, &st);
	CU_ASSERT(bt > at);
	CU_ASSERT_STRING_EQUAL(it_str(json_array_get(json_object_get(r.json, "data"), (size_t)at),
	    "wallet_id"), a.id);
	it_resp_free(&r);

	/* one: its fields as uploaded, its images named */
	snprintf(path, sizeof(path), OPS_KYC "/%s", ida);
	con_call("GET", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "id"), ida);
	CU_ASSERT_STRING_EQUAL(it_str(d, "wallet_id"), a.id);
	CU_ASSERT_STRING_EQUAL(it_str(d, "document_type"), "national_id");
	CU_ASSERT_STRING_EQUAL(it_str(d, "document_number"), "GHA-7001-23");
	CU_ASSERT_STRING_EQUAL(it_str(d, "full_name"), "Kofi Ops Review");
	CU_ASSERT_STRING_EQUAL(it_str(d, "date_of_birth"), "1988-03-06");
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "pending");
	CU_ASSERT_STRING_EQUAL(it_str(d, "user_tier"), "basic");
	CU_ASSERT(json_is_null(json_object_get(d, "decided_at")));
	CU_ASSERT_EQUAL(json_array_size(json_object_get(d, "images")), 3);
	it_resp_free(&r);
	snprintf(path, sizeof(path), OPS_KYC "/%s", idb);
	con_call("GET", path, NULL, &s, NULL, &r);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(json_object_get(r.json, "data"), "images")),
	    2);
	it_resp_free(&r);

	/* the images: the bytes uploaded, opened on the server */
	image_is(&s, ida, "front", itc_ops_png, sizeof(itc_ops_png), "image/png");
	image_is(&s, ida, "back", itc_ops_jpeg, sizeof(itc_ops_jpeg), "image/jpeg");
	image_is(&s, ida, "selfie", itc_ops_png, sizeof(itc_ops_png), "image/png");
	snprintf(path, sizeof(path), OPS_KYC "/%s/images/back", idb);
	con_refused("GET", path, NULL, &s, 404, "not_found", "no back was sent");

	/* approved with a tier: the user's raised, the reason audited */
	snprintf(path, sizeof(path), OPS_KYC "/%s/approve", ida);
	con_call("POST", path, "{\"tier\":\"verified\",\"reason\":\"Ghana card matches selfie\"}",
	    &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "approved");
	CU_ASSERT_STRING_EQUAL(it_str(d, "approved_tier"), "verified");
	CU_ASSERT_STRING_EQUAL(it_str(d, "user_tier"), "verified");
	CU_ASSERT_STRING_EQUAL(it_str(d, "decided_by"), "operator");
	it_resp_free(&r);
	stored(ida, got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "approved|verified||operator");
	tier_of(&a, tier, sizeof(tier));
	CU_ASSERT_STRING_EQUAL(tier, "verified");
	CU_ASSERT_EQUAL(itc_ops_audited(&s, "kyc.approve", ida, "Ghana card matches selfie"), 1);

	/* rejected with a reason: the user reads it; the tier stays */
	snprintf(path, sizeof(path), OPS_KYC "/%s/reject", idb);
	con_call("POST", path, "{\"reason\":\"Selfie does not match the document\"}", &s, NULL, &r);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "rejection_reason"),
	    "Selfie does not match the document");
	it_resp_free(&r);
	stored(idb, got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "rejected||Selfie does not match the document|operator");
	tier_of(&b, tier, sizeof(tier));
	CU_ASSERT_STRING_EQUAL(tier, "basic");
	CU_ASSERT_EQUAL(itc_ops_audited(&s, "kyc.reject", idb,
	    "Selfie does not match the document"), 1);
	CU_ASSERT_EQUAL(itc_get(&b, "/api/users/kyc", &r), 200);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.body, "Selfie does not match the document"));
	it_resp_free(&r);

	/* a decision is final: 409, nothing changes, nothing audited */
	snprintf(path, sizeof(path), OPS_KYC "/%s/reject", ida);
	con_refused("POST", path, "{\"reason\":\"changed my mind\"}", &s, 409, "invalid_state",
	    "reject an approved one");
	snprintf(path, sizeof(path), OPS_KYC "/%s/approve", idb);
	con_refused("POST", path, "{\"tier\":\"basic\",\"reason\":\"changed my mind\"}", &s, 409,
	    "invalid_state", "approve a rejected one");
	stored(ida, got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "approved|verified||operator");
	stored(idb, got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "rejected||Selfie does not match the document|operator");
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM console_audit WHERE reason = "
	    "'changed my mind'", NULL, NULL), 0);

	/* decided ones come after every pending one */
	con_call("GET", OPS_KYC, NULL, &s, NULL, &r);
	CU_ASSERT(queue_at(&r, ida, &st) >= 0 && st != NULL && strcmp(st, "approved") == 0);
	{
		json_t *k, *a2 = json_object_get(r.json, "data");
		size_t i;
		int decided = 0;

		json_array_foreach(a2, i, k) {
			int pending = strcmp(it_str(k, "status"), "pending") == 0;

			IT_CHECK(!(decided && pending), "a pending one after a decided one");
			decided |= !pending;
		}
	}
	it_resp_free(&r);
	itc_wallet_free(&a);
	itc_wallet_free(&b);
}

/* Every other role, and a partner's owner, is refused each KYC route
 * (the images too), and nothing changes. */
static void
test_refused(void)
{
	static const char *const roles[] = { "operator", "finance", "read-only", NULL };
	static const struct {
		const char *method, *fmt, *body;
	} routes[] = {
		{ "GET", OPS_KYC, NULL },
		{ "GET", OPS_KYC "/%s", NULL },
		{ "GET", OPS_KYC "/%s/images/front", NULL },
		{ "GET", OPS_KYC "/%s/images/selfie", NULL },
		{ "POST", OPS_KYC "/%s/approve", "{\"tier\":\"enterprise\",\"reason\":\"not mine\"}" },
		{ "POST", OPS_KYC "/%s/reject", "{\"reason\":\"not mine\"}" },
	};
	struct itc_wallet w;
	struct con_sess s;
	char uri[1100], id[64], path[200], got[300];
	long long audit = reasons();
	size_t i, j;

	itc_wallet(&w, "0xops-kyc-refused", NULL);
	CU_ASSERT_EQUAL_FATAL(itc_ops_kyc_upload(&w, "GHA-7003-23", "Yaw Not Yours", 1, id,
	    sizeof(id)), 201);
	/* the back office's other roles, then (NULL) a partner's owner */
	for (i = 0; i < NELEM(roles); i++) {
		if (roles[i] != NULL)
			itc_ops_member(roles[i], &s, uri, sizeof(uri));
		else
			con_signup("KYC Curious Ltd", &s);
		for (j = 0; j < NELEM(routes); j++) {
			snprintf(path, sizeof(path), routes[j].fmt, id);
			con_refused(routes[j].method, path, routes[j].body, &s, 403, "forbidden", path);
		}
	}
	stored(id, got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "pending|||");
	CU_ASSERT_EQUAL(reasons(), audit);
	con_refused("GET", OPS_KYC, NULL, NULL, 401, "unauthorized", "no session");
	itc_wallet_free(&w);
}

/* Every KYC route's bad inputs, as compliance sends them: nothing
 * written. */
static void
test_bad_inputs(void)
{
	static const struct {
		const char *method, *fmt, *body, *code;
		long status;
	} cases[] = {
		{ "GET", OPS_KYC "/kyc_nope", NULL, "not_found", 404 },
		{ "GET", OPS_KYC "/nope", NULL, "not_found", 404 },
		{ "GET", OPS_KYC "?limit=1", NULL, "validation_error", 400 },
		{ "GET", OPS_KYC "/kyc_nope/images/front", NULL, "not_found", 404 },
		{ "GET", OPS_KYC "/%s/images/documentFront", NULL, "not_found", 404 },
		{ "GET", OPS_KYC "/%s/images/passport", NULL, "not_found", 404 },
		{ "DELETE", OPS_KYC "/%s", NULL, "method_not_allowed", 405 },
		{ "POST", OPS_KYC "/%s", "{}", "method_not_allowed", 405 },
		{ "POST", OPS_KYC "/%s/approve", "{", "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/approve", "[]", "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/approve", "{}", "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/approve", "{\"reason\":\"ok\"}", "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/approve", "{\"tier\":\"verified\"}", "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/approve", "{\"tier\":\"gold\",\"reason\":\"ok\"}",
		    "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/approve", "{\"tier\":\"none\",\"reason\":\"ok\"}",
		    "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/approve", "{\"tier\":1,\"reason\":\"ok\"}", "validation_error",
		    400 },
		{ "POST", OPS_KYC "/%s/approve", "{\"tier\":\"verified\",\"reason\":\"\"}",
		    "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/approve", "{\"tier\":\"verified\",\"reason\":\"   \"}",
		    "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/approve", "{\"tier\":\"verified\",\"reason\":\"a\\u0000b\"}",
		    "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/approve", "{\"tier\":\"verified\",\"reason\":\"%r\"}",
		    "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/approve", "{\"tier\":\"verified\",\"reason\":\"ok\",\"x\":1}",
		    "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/approve", "{\"tier\":\"verified\",\"tier\":\"basic\","
		    "\"reason\":\"ok\"}", "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/reject", "{}", "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/reject", "{\"reason\":null}", "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/reject", "{\"reason\":[\"x\"]}", "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/reject", "{\"reason\":\"bad\\tline\"}", "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/reject", "{\"reason\":\"%r\"}", "validation_error", 400 },
		{ "POST", OPS_KYC "/%s/reject", "{\"reason\":\"no\",\"tier\":\"basic\"}",
		    "validation_error", 400 },
		{ "POST", OPS_KYC "/kyc_nope/approve", "{\"tier\":\"basic\",\"reason\":\"ok\"}",
		    "not_found", 404 },
		{ "POST", OPS_KYC "/nope/reject", "{\"reason\":\"ok\"}", "not_found", 404 },
	};
	struct itc_wallet w;
	struct con_sess s;
	char uri[1100], id[64], path[200], body[400], got[300], tier[32], long_reason[202];
	long long audit;
	size_t i;

	itc_ops_member("compliance", &s, uri, sizeof(uri));
	itc_wallet(&w, "0xops-kyc-bad", NULL);
	CU_ASSERT_EQUAL_FATAL(itc_ops_kyc_upload(&w, "GHA-7004-23", "Ama Bad Inputs", 0, id,
	    sizeof(id)), 201);
	memset(long_reason, 'r', 201);
	long_reason[201] = '\0';
	audit = reasons();
	for (i = 0; i < NELEM(cases); i++) {
		const char *p = cases[i].body ? strstr(cases[i].body, "%r") : NULL;

		snprintf(path, sizeof(path), cases[i].fmt, id);
		if (p != NULL)
			snprintf(body, sizeof(body), "%.*s%s%s", (int)(p - cases[i].body),
			    cases[i].body, long_reason, p + 2);
		else
			snprintf(body, sizeof(body), "%s", cases[i].body ? cases[i].body : "");
		con_refused(cases[i].method, path, cases[i].body ? body : NULL, &s, cases[i].status,
		    cases[i].code, path);
	}
	stored(id, got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "pending|||");
	tier_of(&w, tier, sizeof(tier));
	CU_ASSERT_STRING_EQUAL(tier, "basic");
	CU_ASSERT_EQUAL(reasons(), audit);
	/* a change without the CSRF token: 403 */
	{
		struct con_sess bad = s;

		snprintf(bad.csrf, sizeof(bad.csrf), "%s", "x");
		snprintf(path, sizeof(path), OPS_KYC "/%s/reject", id);
		con_refused("POST", path, "{\"reason\":\"r\"}", &bad, 403, "csrf_failed",
		    "no CSRF token");
	}
	stored(id, got, sizeof(got));
	CU_ASSERT_STRING_EQUAL(got, "pending|||");
	itc_wallet_free(&w);
}

int
it_suite_console_ops_kyc(void)
{
	static const struct tu_test tests[] = {
		{ "compliance reviews the queue, a submission and its images; approves and rejects once",
		    test_review },
		{ "operator, finance, read-only and a partner's owner are refused KYC, images too",
		    test_refused },
		{ "every KYC route's bad inputs, nothing written", test_bad_inputs },
	};

	return tu_add_suite("console ops kyc", NULL, NULL, tests, NELEM(tests));
}
