/*
 * ctx: what a process sets up once at start (config, log, database
 * connection, the provider registry) and every domain call borrows. The
 * HTTP layer adds its JWT verifier (auth_init); the domain never uses it.
 */
#ifndef CEDIRAMP_CTX_H
#define CEDIRAMP_CTX_H

#include <stddef.h>

#include "core/cfg.h"
#include "store/db.h"
#include "providers/registry.h"

struct ctx;

/*
 * What a program may add to the domain's steps for its environment: the
 * sandbox's helpers (lib/sandbox/install.h) fill these in; production
 * leaves them NULL and the domain does what production does.
 */
struct ctx_hooks {
	/* The custody wallet cannot cover amount of asset for what (a
	 * withdrawal's id). 1 when it was refilled at once (the move may be
	 * tried again now); 0 when a refill is under way or none will come
	 * (the move waits for its next check). NULL: it waits for an
	 * operator, which the domain logs. */
	int (*custody_short)(struct ctx *ctx, const char *asset, const char *amount,
	    const char *what);
};

struct ctx {
	struct cfg cfg;
	struct ctx_hooks hooks;   /* NULL members: production's behaviour */
	struct db *db;
	struct providers prov;    /* every adapter, from config */
	struct jwt_verifier *jwt; /* owned by the HTTP layer; NULL elsewhere */
	long long started;        /* Unix time of process start */
	const char *program;
	char init_error[256];     /* non-empty: set-up failed; requests get 500 */
};

struct jwt_verifier;

/*
 * Loads the config from $CEDIRAMP_CONF, opens the log, builds the provider
 * registry and opens the database (prepare_all for servers). Returns 0, or
 * -1 with ctx->init_error set; the ctx is usable (and freeable) either way.
 */
int ctx_init(struct ctx *ctx, const char *program, int prepare_all);
void ctx_free(struct ctx *ctx);

/* How long a request may hold what it created (a conversion, a payout)
 * while its own provider call runs: longer than that call can take (twice
 * providers.timeout_ms), with a margin, in seconds. */
long long ctx_call_lease(const struct ctx *ctx);

#endif
