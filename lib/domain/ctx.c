#include "domain/ctx.h"

#include <curl/curl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/log.h"
#include "core/strict.h"

/* Reads the comma list of algorithm names into JWT_ALG_* bits; -1 on junk. */
static int
parse_algs(const char *s, unsigned *out)
{
	unsigned bits = 0;

	while (*s != '\0') {
		size_t n = strcspn(s, ",");

		if (n == 5 && memcmp(s, "HS256", 5) == 0)
			bits |= JWT_ALG_HS256;
		else if (n == 5 && memcmp(s, "RS256", 5) == 0)
			bits |= JWT_ALG_RS256;
		else if (n == 5 && memcmp(s, "ES256", 5) == 0)
			bits |= JWT_ALG_ES256;
		else
			return -1;
		s += n;
		if (*s == ',')
			s++;
	}
	*out = bits;
	return 0;
}

static int
jwt_setup(struct ctx *ctx)
{
	const struct cfg *c = &ctx->cfg;
	struct jwt_config jc;
	char err[200];

	memset(&jc, 0, sizeof(jc));
	if (parse_algs(c->jwt_algorithms, &jc.algs) != 0) {
		snprintf(ctx->init_error, sizeof(ctx->init_error),
		    "jwt.algorithms: use HS256, RS256, ES256");
		return -1;
	}
	if (c->jwt_hs256_secret[0] == '\0')
		jc.algs &= ~JWT_ALG_HS256;
	if (c->jwt_jwks_file[0] == '\0')
		jc.algs &= ~(JWT_ALG_RS256 | JWT_ALG_ES256);
	if (jc.algs == 0)
		return 0; /* every wallet request will be 401 */
	jc.hs256_secret = (const unsigned char *)c->jwt_hs256_secret;
	jc.hs256_secret_len = strlen(c->jwt_hs256_secret);
	jc.jwks_path = c->jwt_jwks_file;
	jc.issuer = c->jwt_issuer;
	jc.audience = c->jwt_audience;
	jc.leeway_seconds = (long)c->jwt_leeway_seconds;
	if (jwt_verifier_new(&jc, &ctx->jwt, err, sizeof(err)) != 0) {
		snprintf(ctx->init_error, sizeof(ctx->init_error), "jwt: %s", err);
		return -1;
	}
	return 0;
}

int
ctx_init(struct ctx *ctx, const char *program, int prepare_all)
{
	char err[256];

	memset(ctx, 0, sizeof(*ctx));
	ctx->program = program;
	ctx->started = (long long)time(NULL);
	curl_global_init(CURL_GLOBAL_DEFAULT);
	if (cfg_load_default(&ctx->cfg, err, sizeof(err)) != 0) {
		(void)strict_copy(ctx->init_error, sizeof(ctx->init_error), err);
		log_event("error", "config: %s", err);
		return -1;
	}
	if (log_open(ctx->cfg.log_file, program) != 0)
		log_event("warn", "cannot open log file %s", ctx->cfg.log_file);
	if (jwt_setup(ctx) != 0) {
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
	jwt_verifier_free(ctx->jwt);
	ctx->jwt = NULL;
	curl_global_cleanup();
}
