#include "domain/quote_redeem.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "core/currency.h"
#include "core/money.h"
#include "core/strict.h"
#include "domain/fxrate.h"
#include "store/db_sig.h"

size_t
quote_key(const struct cfg *cfg, unsigned char key[32])
{
	static const char label[] = "cediramp quote signing key";
	unsigned int n = 0;

	if (cfg->quote_signing_key[0] != '\0') {
		/* the configured key, hashed to a fixed length */
		return EVP_Digest(cfg->quote_signing_key, strlen(cfg->quote_signing_key), key,
		    &n, EVP_sha256(), NULL) == 1 ? n : 0;
	}
	if (cfg->cursor_secret[0] == '\0')
		return 0;
	/* derived, so that a cursor tag and a quote tag never share a key */
	return HMAC(EVP_sha256(), cfg->cursor_secret, (int)strlen(cfg->cursor_secret),
	    (const unsigned char *)label, sizeof(label) - 1, key, &n) != NULL ? n : 0;
}

void
quote_scope(const struct caller *who, char out[32])
{
	snprintf(out, 32, "%c:%lld", who->kind == CALLER_USER ? 'w' : 'p', who->id);
}

/* A token's claims priced again (the arithmetic is deterministic): 0, or
 * -1 when they do not price (a coin or fee the service no longer has). */
static int
priced(const struct quote_token *t, struct quote *q)
{
	const struct currency *c = currency_find(t->coin);
	struct outcome o;

	outcome_init(&o);
	if (c == NULL || quote_price(c, t->amount, t->rate, t->fee_percent, q, &o) != ERR_OK)
		return -1;
	q->expires_at = t->expires_at;
	return 0;
}

/* A stored row (DB_QUOTE_LOCK) into held, when it is who's. */
static void
from_row(const struct db_rows *r, const struct caller *who, struct quote_held *held)
{
	const char *api = who->kind == CALLER_USER ? "wallet" : "partner";
	const char *v = db_cell(r, 0, who->kind == CALLER_USER ? DB_COL(quote_lock, user_id) :
	    DB_COL(quote_lock, partner_id));
	const struct currency *c = currency_find(db_cell(r, 0, DB_COL(quote_lock, from_currency)));
	unsigned long long owner;

	if (v == NULL || c == NULL || strcmp(db_cell(r, 0, DB_COL(quote_lock, api)), api) != 0 ||
	    strict_uint(v, strlen(v), ~0ULL >> 1, &owner) != 0 || (long long)owner != who->id)
		return;
	held->q.from = c;
	if (money_normalize(db_cell(r, 0, DB_COL(quote_lock, amount)), 18, c->scale, held->q.amount,
	    sizeof(held->q.amount)) != 0)
		return;
	db_cell_copy(held->q.rate_exact, sizeof(held->q.rate_exact), r, 0, DB_COL(quote_lock, rate));
	fxrate_display(held->q.rate_exact, held->q.rate, sizeof(held->q.rate));
	db_cell_copy(held->q.fee_percent, sizeof(held->q.fee_percent), r, 0,
	    DB_COL(quote_lock, fee_percent));
	db_cell_copy(held->q.gross, sizeof(held->q.gross), r, 0, DB_COL(quote_lock, gross_amount));
	db_cell_copy(held->q.fee, sizeof(held->q.fee), r, 0, DB_COL(quote_lock, fee));
	db_cell_copy(held->q.receive, sizeof(held->q.receive), r, 0,
	    DB_COL(quote_lock, receive_amount));
	held->expired = strcmp(db_cell(r, 0, DB_COL(quote_lock, expired)), "1") == 0;
	held->found = 1;
}

enum db_rc
quote_find(struct db *db, const struct cfg *cfg, const struct caller *who,
    const char *quote_id, struct quote_held *held)
{
	unsigned char key[32];
	struct quote_token t;
	struct db_rows r;
	char scope[32];
	size_t klen;
	enum db_rc rc;

	memset(held, 0, sizeof(*held));
	if (quote_token_shaped(quote_id)) {
		quote_scope(who, scope);
		if ((klen = quote_key(cfg, key)) == 0 ||
		    quote_token_decode(key, klen, scope, quote_id, &t) != 0 || priced(&t, &held->q) != 0)
			return DB_OK; /* not this caller's, or not a quote at all */
		held->token = held->found = 1;
		held->expired = (long long)time(NULL) >= t.expires_at;
	}
	/* a token's row says whether it was used; a stored quote is its row */
	if ((rc = DB_EXEC(db, DB_QUOTE_LOCK, by_id, &r, NULL, .id = quote_id)) != DB_OK)
		return rc;
	if (r.nrows == 1) {
		held->stored = 1;
		held->used = strcmp(db_cell(&r, 0, DB_COL(quote_lock, used)), "1") == 0;
		if (!held->token)
			from_row(&r, who, held);
	}
	db_rows_free(&r);
	return DB_OK;
}

enum db_rc
quote_use(struct db *db, const struct cfg *cfg, const struct caller *who,
    const char *quote_id, const struct quote_held *held)
{
	const struct quote *q = &held->q;
	struct db_res res;
	enum db_rc rc;

	if (held->stored) {
		if ((rc = DB_EXEC(db, DB_QUOTE_MARK_USED, by_id, NULL, &res, .id = quote_id)) != DB_OK)
			return rc;
		return res.affected == 1 ? DB_OK : DB_DUP;
	}
	/* a token redeemed: its row, written used, in the redeeming
	 * transaction (a second redemption meets the primary key) */
	return DB_EXEC(db, DB_QUOTE_INSERT_USED, quote_insert, NULL, NULL, .id = quote_id,
	    .api = who->kind == CALLER_USER ? "wallet" : "partner",
	    .user_id = who->kind == CALLER_USER ? &who->id : NULL,
	    .partner_id = who->kind == CALLER_PARTNER ? &who->id : NULL,
	    .from_currency = q->from->code, .to_currency = "GHS", .amount = q->amount,
	    .rate = q->rate_exact, .fee_percent = q->fee_percent, .gross_amount = q->gross,
	    .fee = q->fee, .receive_amount = q->receive,
	    /* the token carries its expiry; it was made quotes.ttl_seconds before */
	    .created_at = q->expires_at - (long long)cfg->quote_ttl_seconds,
	    .expires_at = q->expires_at);
}
