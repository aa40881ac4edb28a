/*
 * simulator: the sandbox's stand-ins for the chain gateway and the mobile
 * money provider, reached over HTTP by the same adapters production uses.
 * Mounted under /sim only in the sandbox; production answers 404.
 *
 * GET /sim/chain/health, GET /sim/momo/health: 200 {"status":"ok"}, or
 * the state set in sim_settings ("<which>.health" = ok | slow | down) so
 * tests can drive /v1/health's degraded and down answers.
 */
#include <string.h>
#include <time.h>
#include <errno.h>

#include "app.h"
#include "db.h"

static enum err
sim_health(struct req *r, struct resp *resp, const char *setting)
{
	struct db_arg a[1] = { DB_S(setting) };
	struct db_rows rows;
	char state[16] = "ok";
	const char *v;

	if (!r->ctx->cfg.sandbox)
		return ERR_NOT_FOUND;
	if (db_exec(r->ctx->db, DB_SIM_SETTING_GET, a, 1, &rows, NULL) == DB_OK) {
		v = db_cell(&rows, 0, 0);
		if (v != NULL && strlen(v) < sizeof(state))
			memcpy(state, v, strlen(v) + 1);
		db_rows_free(&rows);
	}
	if (strcmp(state, "down") == 0)
		return ERR_SERVICE_UNAVAILABLE;
	if (strcmp(state, "slow") == 0) {
		/* slower than half the probe timeout: reads as degraded */
		long ms = (long)r->ctx->cfg.provider_timeout_ms * 3 / 4;
		struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

		while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
			;
	}
	return resp_ok(resp, 200, json_pack("{s:s}", "status", "ok"));
}

static enum err
chain_health(struct req *r, struct resp *resp)
{
	return sim_health(r, resp, "chain.health");
}

static enum err
momo_health(struct req *r, struct resp *resp)
{
	return sim_health(r, resp, "momo.health");
}

static const struct route routes[] = {
	{ "GET", "/sim/chain/health", chain_health, ROUTE_PUBLIC, NULL, RL_GENERAL },
	{ "GET", "/sim/momo/health", momo_health, ROUTE_PUBLIC, NULL, RL_GENERAL },
};

int
main(void)
{
	static const struct app app = { "simulator", routes,
	    sizeof(routes) / sizeof(routes[0]) };

	return app_main(&app);
}
