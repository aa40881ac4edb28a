/*
 * wallet_jwt: the wallet API's JWT verification settings as the wallet
 * developer sets them in its dashboard (docs/console.md, "The wallet
 * developer dashboard"): the issuer and audience a token must name, and
 * the URL of the wallet-login provider's JWKS. Each left unset (NULL in
 * the row, "" here) keeps the config's (jwt.issuer, jwt.audience,
 * jwt.jwks_url); the HS256 secret and the JWKS file stay the config's
 * alone (the sandbox's). The web servers take a change within
 * WALLET_JWT_READ_SECONDS (http/auth.c).
 */
#ifndef CEDIRAMP_WALLET_JWT_H
#define CEDIRAMP_WALLET_JWT_H

#include "core/cfg.h"
#include "core/outcome.h"
#include "domain/console/session.h"
#include "store/db.h"

#define WALLET_JWT_READ_SECONDS 2
#define WALLET_JWT_CLAIM_MAX 255
#define WALLET_JWT_URL_MAX 511

struct wallet_jwt {
	char issuer[WALLET_JWT_CLAIM_MAX + 1];    /* "": the config's */
	char audience[WALLET_JWT_CLAIM_MAX + 1];  /* "": the config's */
	char jwks_url[WALLET_JWT_URL_MAX + 1];    /* "": the config's */
	char updated_at[24];                      /* "": never set */
};

/* The stored settings into out (all "" when never set): 0, or -1 when
 * the database failed. */
int wallet_jwt_get(struct db *db, struct wallet_jwt *out);

/* in's settings over cfg's: each of in's that is set, else cfg's. */
void wallet_jwt_effective(const struct cfg *cfg, const struct wallet_jwt *in,
    struct wallet_jwt *out);

/*
 * Stores in (each "" or NULL member: unset) as s's, the wallet
 * developer's, with an audit record. ERR_VALIDATION naming issuer or
 * audience (not 1 to 255 printable characters) or jwks_url (not a URL the
 * webhooks' rules take: https, or http where webhooks.allow_http is set;
 * no private or refused address); nothing written then.
 */
enum err wallet_jwt_set(struct db *db, const struct cfg *cfg, const struct console_session *s,
    const struct wallet_jwt *in, const struct console_client *from, struct outcome *o);

#endif
