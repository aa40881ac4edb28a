/*
 * auth: who is calling. The wallet API takes a JWT bearer token; the
 * partner API an API key bearer. Both fill req->caller on success.
 */
#ifndef CEDIRAMP_AUTH_H
#define CEDIRAMP_AUTH_H

#include "core/err.h"
#include "domain/ctx.h"
#include "http/req.h"

/*
 * Builds ctx->jwt from the jwt.* config keys (no usable algorithm leaves it
 * NULL: every wallet request is then 401). 0, or -1 with ctx->init_error.
 */
int auth_init(struct ctx *ctx);
void auth_free(struct ctx *ctx);

/*
 * Returns ERR_OK, ERR_UNAUTHORIZED (no bearer token), ERR_TOKEN_EXPIRED,
 * ERR_TOKEN_INVALID, or ERR_SERVICE_UNAVAILABLE when the user table cannot
 * be reached. why gets a reason for the log line; it is left empty on
 * ERR_OK (the request's log line then carries the handler's message).
 */
enum err auth_wallet(struct req *r, char *why, size_t whylen);

/* Returns ERR_OK, ERR_UNAUTHORIZED or ERR_SERVICE_UNAVAILABLE. */
enum err auth_partner(struct req *r, char *why, size_t whylen);

#endif
