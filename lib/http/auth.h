/*
 * auth: who is calling. The wallet API takes a JWT bearer token; the
 * partner API an API key bearer. Both fill req->caller on success.
 */
#ifndef CEDIRAMP_AUTH_H
#define CEDIRAMP_AUTH_H

#include "core/err.h"
#include "http/req.h"

/*
 * Returns ERR_OK, ERR_UNAUTHORIZED (no bearer token), ERR_TOKEN_EXPIRED,
 * ERR_TOKEN_INVALID, or ERR_SERVICE_UNAVAILABLE when the user table cannot
 * be reached. why gets a reason for the log line.
 */
enum err auth_wallet(struct req *r, char *why, size_t whylen);

/* Returns ERR_OK, ERR_UNAUTHORIZED or ERR_SERVICE_UNAVAILABLE. */
enum err auth_partner(struct req *r, char *why, size_t whylen);

#endif
