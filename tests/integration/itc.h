/* Helpers shared by the conversion, idempotency and paging suites. */
#ifndef CEDIRAMP_ITC_H
#define CEDIRAMP_ITC_H

#include "it.h"

struct itc_wallet {
	char id[96];
	char *token;
	char auth[2200];
};

/* A new wallet user with a token; tier set through the admin tool unless NULL. */
void itc_wallet(struct itc_wallet *w, const char *prefix, const char *tier);
void itc_wallet_free(struct itc_wallet *w);
/* This user's own rate limit for category (admin "user limit"). */
void itc_limit(const struct itc_wallet *w, const char *category, int n);
long itc_post(const struct itc_wallet *w, const char *path, const char *key,
    const char *body, struct it_resp *r);
long itc_get(const struct itc_wallet *w, const char *path, struct it_resp *r);
void itc_faucet(const struct itc_wallet *w, const char *asset, const char *amount);
/* A quote's id (and receiveAmount unless NULL; 40 bytes each). */
int itc_quote(const struct itc_wallet *w, const char *from, const char *amount,
    char *quote_id, char *receive);
long itc_convert(const struct itc_wallet *w, const char *quote_id,
    const char *amount, const char *from, const char *key, struct it_resp *r);
long itc_confirm(const struct itc_wallet *w, const char *conv_id,
    const char *key, struct it_resp *r);
/* Rows in conversions ("conversions") or ledger_entries ("entries"). */
long long itc_count(const char *what);

#endif
