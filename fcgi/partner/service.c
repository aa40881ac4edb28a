/*
 * partner/service: the service itself. GET /v1/health (no key needed),
 * GET /v1/supported-networks (each network's bounds and its provider's
 * state) and GET /v1/openapi.json (this API's OpenAPI document, no key
 * needed; openapi/partner.yaml, built in as JSON).
 */
#include <string.h>

#include "domain/catalog.h"
#include "domain/health.h"
#include "http/account_answer.h"
#include "http/app.h"
#include "http/view_partner.h"

static enum err
get_health(struct req *r, struct resp *resp)
{
	struct health h;
	json_t *data;

	health_check(r->ctx, &h);
	data = health_json(&h, &r->ctx->cfg);
	return data ? resp_ok(resp, 200, data) : ERR_INTERNAL;
}

/* openapi/partner.yaml as JSON, NUL-ended (build/gen/openapi_partner.c,
 * tools/openapi/embed.mjs) */
extern const char openapi_partner_json[];

static enum err
get_openapi(struct req *r, struct resp *resp)
{
	(void)r;
	return resp_raw(resp, 200, openapi_partner_json);
}

static const struct route routes[] = {
	{ "GET", "/v1/health", get_health, ROUTE_PUBLIC | ROUTE_PER_ADDRESS, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/supported-networks", partner_networks_answer, 0, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/openapi.json", get_openapi, ROUTE_PUBLIC | ROUTE_PER_ADDRESS, NULL, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("partner-service", routes, APP_NROUTES(routes));
}
