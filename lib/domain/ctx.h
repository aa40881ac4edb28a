/*
 * ctx: what a process sets up once at start (config, log, database
 * connection, JWT verifier) and every request borrows.
 */
#ifndef CEDIRAMP_CTX_H
#define CEDIRAMP_CTX_H

#include <stddef.h>

#include "core/cfg.h"
#include "store/db.h"
#include "http/jwt.h"

struct ctx {
	struct cfg cfg;
	struct db *db;
	struct jwt_verifier *jwt; /* NULL when no algorithm is usable */
	long long started;        /* Unix time of process start */
	const char *program;
	char init_error[256];     /* non-empty: set-up failed; requests get 500 */
};

/*
 * Loads the config from $CEDIRAMP_CONF, opens the log, builds the JWT
 * verifier and opens the database (prepare_all for servers). Returns 0, or
 * -1 with ctx->init_error set; the ctx is usable (and freeable) either way.
 */
int ctx_init(struct ctx *ctx, const char *program, int prepare_all);
void ctx_free(struct ctx *ctx);

#endif
