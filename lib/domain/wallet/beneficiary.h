/*
 * beneficiary: a wallet user's verified mobile money accounts. Verifying
 * asks the network's provider who holds the number (numbers are portable:
 * the prefix says nothing) and stores the account only when the name the
 * user gave matches the registered one, ignoring case, extra spaces and
 * word order. One account per (user, provider, phone): UNIQUE decides.
 */
#ifndef CEDIRAMP_BENEFICIARY_H
#define CEDIRAMP_BENEFICIARY_H

#include <jansson.h>

#include "core/id.h"
#include "core/outcome.h"
#include "domain/caller.h"
#include "domain/ctx.h"

#define BENEFICIARY_NAME_MAX 200

struct beneficiary {
	char id[ID_MAX];
	long long user_id;
	char provider[16];
	char provider_name[64];
	char phone[16];
	char account_name[BENEFICIARY_NAME_MAX + 1];
	char country[3];
	char currency[4];
	char created_at[32];   /* ISO */
	char created_db[32];   /* "YYYY-MM-DD HH:MM:SS.ffffff", for cursors */
};

/* What the caller asks to verify; country and currency may be NULL
 * (GH and GHS). */
struct beneficiary_req {
	const char *provider, *phone, *account_name, *country, *currency;
};

/*
 * Verifies and stores a beneficiary for who. Errors in o:
 * ERR_PROVIDER_NOT_FOUND (a country other than GH), ERR_INVALID_CURRENCY,
 * ERR_INVALID_PROVIDER, ERR_INVALID_PHONE, ERR_VALIDATION (accountName),
 * ERR_DUPLICATE_BENEFICIARY, ERR_VERIFICATION_FAILED (no such account, or
 * another name), ERR_PROVIDER_TIMEOUT, ERR_PROVIDER_UNAVAILABLE,
 * ERR_SERVICE_UNAVAILABLE. Nothing is stored unless it returns ERR_OK
 * (with o->changed set).
 */
enum err beneficiary_verify(struct ctx *ctx, const struct caller *who,
    const struct beneficiary_req *in, struct beneficiary *out,
    struct outcome *o);

/* Beneficiary id of who into out; ERR_BENEFICIARY_NOT_FOUND for an
 * unknown id or another user's, ERR_SERVICE_UNAVAILABLE. */
enum err beneficiary_get(struct ctx *ctx, const struct caller *who,
    const char *id, struct beneficiary *out, struct outcome *o);

/*
 * One page of who's beneficiaries after (created_db, id) in the order asc
 * or not: at most limit into out (caller's array), *n how many, *more
 * whether others follow, *total how many who has (up to
 * api.list_total_cap, struct db_total). ERR_OK or ERR_SERVICE_UNAVAILABLE.
 */
enum err beneficiary_page(struct ctx *ctx, const struct caller *who, int asc,
    const char *after, const char *after_id, size_t limit,
    struct beneficiary *out, size_t *n, int *more, struct db_total *total,
    struct outcome *o);

/*
 * 1 when given and registered name the same person: equal after folding
 * ASCII case, collapsing white space and sorting the words. An empty
 * registered name (a provider that discloses none) matches any name.
 */
int beneficiary_name_matches(const char *given, const char *registered);

#endif
