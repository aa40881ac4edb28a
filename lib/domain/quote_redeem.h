/*
 * quote_redeem: finding a quote a conversion or a withdrawal names, and
 * recording its one use, whether the quote is a signed id (quoting stored
 * nothing, core/quote_token.h) or a stored row (quotes made before
 * issue 25). Both are seen the same way by the redeemer: the price, the
 * expiry, whether it was used.
 */
#ifndef CEDIRAMP_QUOTE_REDEEM_H
#define CEDIRAMP_QUOTE_REDEEM_H

#include "core/cfg.h"
#include "core/quote_token.h"
#include "domain/caller.h"
#include "domain/quote.h"
#include "store/db.h"

struct quote_held {
	int found;       /* a quote of this caller (for this API) */
	int token;       /* carried by its id: a row exists only once used */
	int stored;      /* it has a row (a token: redeemed, maybe undone since) */
	int expired, used;
	struct quote q;  /* the price (q.from, amount at the coin's scale, rate,
	                    fee percent, gross, fee, receive, expires_at) */
};

/*
 * The key quotes are signed with (cfg quotes.signing_key, or one derived
 * from api.cursor_secret) into key (32 bytes); its length, or 0 when
 * neither is configured.
 */
size_t quote_key(const struct cfg *cfg, unsigned char key[32]);

/* The scope a caller's quotes are bound to ("w:<user id>", "p:<partner
 * id>") into out (32 bytes). */
void quote_scope(const struct caller *who, char out[32]);

/*
 * Finds quote_id for who into held; inside a transaction its row (if any)
 * is locked. DB_OK (held->found says whether it is the caller's), or the
 * database's error.
 */
enum db_rc quote_find(struct db *db, const struct cfg *cfg, const struct caller *who,
    const char *quote_id, struct quote_held *held);

/*
 * Records held's use inside the transaction that redeems it (after a
 * quote_find in the same transaction found it unused): a token's row is
 * written, used; a stored one is marked. DB_OK; DB_DUP when another
 * redemption used it first; or the database's error.
 */
enum db_rc quote_use(struct db *db, const struct cfg *cfg, const struct caller *who,
    const char *quote_id, const struct quote_held *held);

#endif
