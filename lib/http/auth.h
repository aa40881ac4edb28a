/*
 * auth: who is calling. The wallet API takes a JWT bearer token; the
 * partner API an API key bearer. Both fill req->caller on success.
 */
#ifndef CEDIRAMP_AUTH_H
#define CEDIRAMP_AUTH_H

#include "core/err.h"
#include "domain/ctx.h"
#include "http/req.h"
#include "http/resp.h"

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

/*
 * Returns ERR_OK, ERR_UNAUTHORIZED, ERR_PARTNER_SUSPENDED (the key is
 * good, its partner suspended by an operator) or ERR_SERVICE_UNAVAILABLE.
 * On ERR_OK,
 * r->signature_required says whether the key's requests must be signed:
 * then auth_partner_signature must pass before anything else runs.
 */
enum err auth_partner(struct req *r, char *why, size_t whylen);

/* The origin the client addressed, "scheme://host[:port]" (a trusted
 * proxy's X-Forwarded-Proto and X-Forwarded-Host believed), into out:
 * 0, or -1 (no Host, or too long). */
int auth_request_origin(const struct req *r, char *out, size_t cap);

/* The client's address: REMOTE_ADDR, or, from one of http.trusted_proxies,
 * the last X-Forwarded-For entry (the one that proxy wrote) when there is
 * one. Into out (cap bytes); "" when there is none. */
void auth_client_address(const struct req *r, char *out, size_t cap);

/* How old a signature's created may be, and how far ahead of this
 * server's clock (decision 63). */
#define AUTH_SIGNATURE_WINDOW_SECONDS 300
#define AUTH_SIGNATURE_SKEW_SECONDS 5

/*
 * Checks the RFC 9421 signature of a request by a partner whose key
 * requires one (decision 63), body (blen bytes) being the raw body as it
 * came (empty for none), now the Unix time: the Signature-Input and
 * Signature fields, the covered components (@method, @target-uri and
 * content-digest at least), created within AUTH_SIGNATURE_WINDOW_SECONDS
 * (and not more than AUTH_SIGNATURE_SKEW_SECONDS ahead), expires when
 * given, Content-Digest against body, the key the partner registered as
 * keyid, the signature over the rebuilt signature base, and last that it
 * was never accepted before (recorded then, so a second use is refused on
 * every server). ERR_OK; ERR_UNAUTHORIZED with the reason in resp's
 * message ("signature required", "signature invalid: ...", "signature
 * expired: ...", "signature replayed: ...", "content-digest mismatch:
 * ..."); ERR_SERVICE_UNAVAILABLE when the database failed (why set).
 */
enum err auth_partner_signature(struct req *r, const char *body, size_t blen, long long now,
    struct resp *resp, char *why, size_t whylen);

#endif
