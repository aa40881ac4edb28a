/*
 * metrics: GET /metrics, the Prometheus text exposition of every
 * program's counters (core/metrics.h, merged from metrics.dir) and of the
 * service's state read from the database at scrape time
 * (domain/ops_gauges.h). Served on the metrics listener only (the web
 * servers' configs), and only to the addresses of metrics.allow.
 */
#include "core/cidr.h"
#include "core/metrics.h"
#include "domain/ops_gauges.h"
#include "http/app.h"

#define SCRAPE_MAX (16 * 1024 * 1024)

static enum err
metrics_get(struct req *r, struct resp *resp)
{
	const struct cfg *c = &r->ctx->cfg;
	struct buf out;
	enum err e = ERR_OK;

	if (!cidr_list_has(&c->metrics_allow, req_env(r->envp, "REMOTE_ADDR")))
		return resp_fail(resp, ERR_FORBIDDEN,
		    "This address may not read the metrics (metrics.allow)");
	buf_init(&out, SCRAPE_MAX);
	if (metrics_render(c->metrics_dir, &out) != 0 ||
	    ops_gauges_render(r->ctx, &out) != 0)
		e = ERR_INTERNAL;
	else {
		resp->content_type = "text/plain; version=0.0.4; charset=utf-8";
		e = resp_raw(resp, 200, buf_cstr(&out));
	}
	buf_free(&out);
	return e;
}

static const struct route routes[] = {
	{ "GET", "/metrics", metrics_get, ROUTE_PUBLIC, NULL, 0 },
};

int
main(void)
{
	return app_run("metrics", routes, APP_NROUTES(routes));
}
