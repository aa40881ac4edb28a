/*
 * history: a wallet user's conversions and payouts as one list, newest (or
 * oldest) first, filtered by type and status, paged after a position
 * (creation time, id).
 */
#ifndef CEDIRAMP_HISTORY_H
#define CEDIRAMP_HISTORY_H

#include "domain/wallet/conversion.h"
#include "domain/payout.h"

enum history_kind { HISTORY_CONVERSION = 0, HISTORY_PAYOUT };

struct history_item {
	enum history_kind kind;
	struct conversion c;  /* HISTORY_CONVERSION */
	struct payout p;      /* HISTORY_PAYOUT */
	const char *created_db, *id; /* the item's position (into c or p) */
};

/* The filters: type "conversion", "payout" or "" for both; status one of
 * the four or "" for any. */
struct history_query {
	const char *type, *status;
	int asc;
	const char *after, *after_id;
	size_t limit;
};

/*
 * One page of who's history into out (caller's array of q->limit): *n
 * items, *more when others follow, *total what match the filters, counted
 * up to api.list_total_cap (struct db_total). Reads about a page of each
 * table, whatever the history's length. ERR_OK or ERR_SERVICE_UNAVAILABLE.
 */
enum err history_page(struct ctx *ctx, const struct caller *who,
    const struct history_query *q, struct history_item *out, size_t *n,
    int *more, struct db_total *total, struct outcome *o);

/* Transaction id of who (a conversion or a payout) into out; ERR_NOT_FOUND
 * for an unknown id or another user's. */
enum err history_get(struct ctx *ctx, const struct caller *who, const char *id,
    struct history_item *out, struct outcome *o);

#endif
