#include "domain/ctx.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/log.h"
#include "core/metrics.h"
#include "core/strict.h"

int
ctx_init(struct ctx *ctx, const char *program, int prepare_all)
{
	char err[256];

	memset(ctx, 0, sizeof(*ctx));
	ctx->program = program;
	ctx->started = (long long)time(NULL);
	providers_global_init();
	if (cfg_load_default(&ctx->cfg, err, sizeof(err)) != 0) {
		(void)strict_copy(ctx->init_error, sizeof(ctx->init_error), err);
		log_event("error", "config: %s", err);
		return -1;
	}
	if (log_open(ctx->cfg.log_file, program) != 0)
		log_event("warn", "cannot open log file %s", ctx->cfg.log_file);
	/* a failure is logged, and the program runs without metrics */
	(void)metrics_open(ctx->cfg.metrics_dir, program);
	if (providers_init(&ctx->prov, &ctx->cfg) != 0) {
		snprintf(ctx->init_error, sizeof(ctx->init_error),
		    "providers: a URL is too long");
		log_event("error", "%s", ctx->init_error);
		return -1;
	}
	/* a wrong chain id or an unusable key file: refuse to run */
	if (providers_open(&ctx->prov, err, sizeof(err)) != 0) {
		snprintf(ctx->init_error, sizeof(ctx->init_error), "chain: %.240s", err);
		log_event("error", "%s", ctx->init_error);
		return -1;
	}
	ctx->db = db_open(&ctx->cfg, prepare_all);
	if (ctx->db == NULL) {
		snprintf(ctx->init_error, sizeof(ctx->init_error), "out of memory");
		return -1;
	}
	if (db_error(ctx->db)[0] != '\0')
		log_event("warn", "database: %s", db_error(ctx->db));
	return 0;
}

void
ctx_free(struct ctx *ctx)
{
	db_close(ctx->db);
	ctx->db = NULL;
	metrics_close();
	providers_global_cleanup();
}

long long
ctx_call_lease(const struct ctx *ctx)
{
	return (long long)ctx->cfg.provider_timeout_ms / 1000 * 2 + 10;
}
