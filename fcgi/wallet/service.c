/*
 * wallet/service: the wallet API's own description. GET /api/openapi.json
 * answers this API's OpenAPI document (openapi/wallet.yaml, built in as
 * JSON), with no token needed.
 */

#include "http/app.h"

/* openapi/wallet.yaml as JSON, NUL-ended (build/gen/openapi_wallet.c,
 * tools/openapi/embed.mjs) */
extern const char openapi_wallet_json[];

static enum err
get_openapi(struct req *r, struct resp *resp)
{
	(void)r;
	return resp_raw(resp, 200, openapi_wallet_json);
}

static const struct route routes[] = {
	{ "GET", "/api/openapi.json", get_openapi, ROUTE_PUBLIC | ROUTE_PER_ADDRESS, NULL, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("wallet-service", routes, APP_NROUTES(routes));
}
