/*
 * The contract as code, served: GET /api/openapi.json and GET
 * /v1/openapi.json answer each API's OpenAPI 3.1 document as JSON with no
 * credentials, info.version the service's (VERSION), every route of the
 * API among its paths; a wrong method is 405 and a query parameter 400,
 * in the API's own envelope. /docs/ serves both HTML references, which
 * fetch nothing from the network.
 */
#include <string.h>

#include "itc.h"

/* GET path with no credentials: 200, application/json, an OpenAPI 3.1
 * document naming the paths of want (NULL-ended). */
static void
document(const char *path, const char *const *want)
{
	struct it_resp r;
	char ct[128];
	json_t *paths;
	size_t i;

	CU_ASSERT_EQUAL_FATAL(it_http("GET", path, NULL, NULL, 0, &r), 0);
	CU_ASSERT_EQUAL(r.status, 200);
	CU_ASSERT_PTR_NOT_NULL(it_header(&r, "Content-Type", ct, sizeof(ct)));
	CU_ASSERT(strncmp(ct, "application/json", 16) == 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r.json);
	CU_ASSERT_STRING_EQUAL(it_str(r.json, "openapi"), "3.1.0");
	/* VERSION's, as the build passes it to every program and this test */
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "info"), "version"),
	    CEDIRAMP_VERSION);
	paths = json_object_get(r.json, "paths");
	for (i = 0; want[i] != NULL; i++)
		IT_CHECK(json_object_get(paths, want[i]) != NULL, want[i]);
	it_resp_free(&r);
}

static void
test_wallet_document(void)
{
	static const char *const want[] = { "/api/openapi.json", "/api/convert/rate",
		"/api/mobile-money/transfer", "/api/transactions/{id}", "/api/users/kyc", NULL };
	struct it_resp r;

	document("/api/openapi.json", want);
	CU_ASSERT_EQUAL_FATAL(it_http("POST", "/api/openapi.json", NULL, "{}", 2, &r), 0);
	it_assert_wallet_error(&r, 405, "method_not_allowed", "POST");
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/api/openapi.json?x=1", NULL, NULL, 0, &r), 0);
	it_assert_wallet_error(&r, 400, "validation_error", "unknown parameter");
	it_resp_free(&r);
}

static void
test_partner_document(void)
{
	static const char *const want[] = { "/v1/openapi.json", "/v1/health",
		"/v1/withdrawals/{id}", "/v1/payment-intents/{id}/cancel",
		"/v1/providers/paystack/webhook", NULL };
	struct it_resp r;

	document("/v1/openapi.json", want);
	CU_ASSERT_EQUAL_FATAL(it_http("DELETE", "/v1/openapi.json", NULL, NULL, 0, &r), 0);
	it_assert_partner_error(&r, 405, "METHOD_NOT_ALLOWED", "DELETE");
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/openapi.json?x=1", NULL, NULL, 0, &r), 0);
	it_assert_partner_error(&r, 400, "VALIDATION_ERROR", "unknown parameter");
	it_resp_free(&r);
}

/* GET path: 200 text/html holding each of want (NULL-ended), and nothing
 * the browser would fetch from the network (no script, stylesheet or font
 * from an http(s) URL). */
static void
page(const char *path, const char *const *want)
{
	static const char *const remote[] = { "<script src=\"http", "<link href=\"http",
		"rel=\"stylesheet\" href=\"http", "fonts.googleapis.com", NULL };
	struct it_resp r;
	char ct[128];
	size_t i;

	CU_ASSERT_EQUAL_FATAL(it_http("GET", path, NULL, NULL, 0, &r), 0);
	IT_CHECK(r.status == 200, path);
	CU_ASSERT_PTR_NOT_NULL(it_header(&r, "Content-Type", ct, sizeof(ct)));
	IT_CHECK(strncmp(ct, "text/html", 9) == 0, ct);
	for (i = 0; want[i] != NULL; i++)
		IT_CHECK(r.body != NULL && it_strstr(r.body, want[i]) != NULL, want[i]);
	for (i = 0; remote[i] != NULL; i++)
		IT_CHECK(r.body == NULL || it_strstr(r.body, remote[i]) == NULL, remote[i]);
	it_resp_free(&r);
}

/* /docs/: the index links both references; each is Redoc's page of its
 * API, Redoc itself inlined (rendered offline in a browser: issue 23). */
static void
test_docs_pages(void)
{
	static const char *const index[] = { "href=\"wallet.html\"",
		"href=\"partner.html\"", "/api/openapi.json", "/v1/openapi.json", NULL };
	static const char *const wallet[] = { "<title>cediramp wallet API " CEDIRAMP_VERSION,
		"Redoc.init(", "/api/mobile-money/transfer", NULL };
	static const char *const partner[] = { "<title>cediramp partner API " CEDIRAMP_VERSION,
		"Redoc.init(", "/v1/withdrawals", NULL };

	page("/docs/", index);
	page("/docs/wallet.html", wallet);
	page("/docs/partner.html", partner);
}

/* Both references in Debian's headless Chromium (tests/docs_browser/
 * render.mjs, DOCS_BROWSER): every operation of the served spec rendered,
 * no console error, nothing asked of the network; screenshots saved. */
static void
test_docs_in_browser(void)
{
	static const char *const checks[] = {
		"wallet: renders every operation", "partner: renders every operation", NULL,
	};
	char env[1200], out[4096];

	snprintf(env, sizeof(env), "BASE_URL='%s' SCREENSHOT_DIR='%s'", it_env("BASE_URL"),
	    it_env("DOCS_SCREENSHOTS"));
	CU_ASSERT_EQUAL(itc_run_client(env, "DOCS_BROWSER", out, sizeof(out)), 0);
	itc_client_checks(out, checks);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\npassed 2 of 2"));
}

int
it_suite_openapi(void)
{
	static const struct tu_test tests[] = {
		{ "GET /api/openapi.json: the wallet API's document, no token", test_wallet_document },
		{ "GET /v1/openapi.json: the partner API's document, no key", test_partner_document },
		{ "/docs/: both HTML references, nothing fetched from the network", test_docs_pages },
		{ "/docs/ in headless Chromium: every operation, no console error", test_docs_in_browser },
	};

	return tu_add_suite("OpenAPI documents", NULL, NULL, tests, NELEM(tests));
}
