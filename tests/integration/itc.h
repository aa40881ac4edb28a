/* Helpers shared by the conversion, idempotency, paging, payouts, payout
 * float, withdrawal and webhook suites. */
#ifndef CEDIRAMP_ITC_H
#define CEDIRAMP_ITC_H

#include <sys/types.h>

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


/* ---- payouts (itc_payout.c) ---- */

/* A phone number of this run ending in the three digits suffix. */
void itc_phone(int suffix, char *out, size_t cap);
/* A wallet (tier, or the sandbox's basic) allowed many payouts and verifies. */
void itc_payout_wallet(struct itc_wallet *w, const char *prefix, const char *tier);
/* Converts usdt to GHS for w and settles it: w's GHS grows. */
void itc_fund(const struct itc_wallet *w, const char *usdt);
/* w's GHS balances (GET /api/balances) into available and pending (40 bytes each). */
void itc_balances(const struct itc_wallet *w, char *available, char *pending);
/* a - b of two GHS amounts (2 places, < 10^12) as text; via MariaDB's exact
 * DECIMAL so the test does its own arithmetic independently. */
void itc_ghs_sub(const char *a, const char *b, char *out, size_t cap);
/* POST /api/mobile-money/verify. */
long itc_verify(const struct itc_wallet *w, const char *provider, const char *ph,
    const char *name, struct it_resp *r);
/* A verified beneficiary of w on provider ending in suffix; its id (40 bytes). */
void itc_beneficiary(const struct itc_wallet *w, const char *provider, int suffix,
    char *id);
/* POST /api/mobile-money/transfer of amount GHS under key (may be NULL). */
long itc_transfer(const struct itc_wallet *w, const char *bid, const char *amount,
    const char *key, struct it_resp *r);

/* ---- partners (itc_partner.c) ---- */
struct itc_partner {
	char key[200];
	char pid[64];      /* public id */
	char row[24];      /* partners.id */
	char auth[300];    /* the Authorization header */
};
/* A new partner of tier (unfunded: no starting coins) whose minute and
 * day limits are out of the way of the tests. */
void itc_partner_new(struct itc_partner *p, const char *tier, int unfunded);
/* method path with a JSON body (may be NULL) as p; the status or -1. */
long itc_partner_send(const struct itc_partner *p, const char *method, const char *path,
    const char *body, struct it_resp *r);
long itc_partner_get(const struct itc_partner *p, const char *path, struct it_resp *r);
/* Exactly keys (NULL-terminated) in object o. */
void itc_assert_keys(json_t *o, const char *const *keys, const char *where);
/* ---- webhooks (itc_webhooks.c) ---- */
/* Starts `webhooks --until-idle` on the stack's config plus the config
 * lines extra (drain 60 s); its pid. */
pid_t itc_webhooks_start(const char *extra);
/* Waits for worker pid; its exit status (-1 when it did not exit). */
int itc_webhooks_wait(pid_t pid);
int itc_webhooks_run(const char *extra);
/* p's endpoint at http://127.0.0.1:port/path for events (a JSON array
 * text) with secret; its id into id (64 bytes). */
void itc_register_hook(const struct itc_partner *p, int port, const char *path,
    const char *events, const char *secret, char *id);
#endif
