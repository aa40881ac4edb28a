/* Helpers shared by the conversion, idempotency, paging, payouts, payout
 * float, withdrawal and webhook suites. */
#ifndef CEDIRAMP_ITC_H
#define CEDIRAMP_ITC_H

#include <sys/types.h>

#include "it.h"
#include "core/quote_token.h"

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
/* A quote's id (QUOTE_ID_MAX bytes) and receiveAmount unless NULL (40 bytes). */
int itc_quote(const struct itc_wallet *w, const char *from, const char *amount,
    char *quote_id, char *receive);
long itc_convert(const struct itc_wallet *w, const char *quote_id,
    const char *amount, const char *from, const char *key, struct it_resp *r);
long itc_confirm(const struct itc_wallet *w, const char *conversion_id,
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
/* A payout of 10 GHS to a new beneficiary of network whose number ends in
 * suffix: the HTTP status, and its transactionId into pid (64 bytes; ""
 * when none). */
long itc_pay_to(const struct itc_wallet *w, const char *network, int suffix, char *pid);
/* The stack's config (CEDIRAMP_CONF) into c and the registry built from it,
 * as the payout engine builds it, into p: 0, or -1 (said on stderr). */
struct cfg;
struct providers;
int itc_providers(struct cfg *c, struct providers *p);
/*
 * Runs a third-party client test (tests/providers/): the command in the
 * environment variable client (MTN_MOMO_CLIENT, PAYSTACK_SDK_CLIENT) with
 * the environment assignments env before it; its output into out (cap
 * bytes) after a leading '\n', so every line starts with one; said on
 * stderr when it fails. Its exit status (system(3)'s).
 */
int itc_run_client(const char *env, const char *client, char *out, size_t cap);
void itc_client_checks(const char *out, const char *const *checks);
/* The `ref <kind> <uuid>` line of kind in a client's output, into ref (37
 * bytes): 0, or -1. */
int itc_client_ref(const char *out, const char *kind, char *ref);
/* A new provider reference (a UUID v4) into ref (37 bytes). */
void itc_new_ref(char *ref);
/* The simulators settle at once and call back (momo.settle_seconds 0,
 * momo.drop_callbacks 0, chain.confirm_seconds 0): 0, or 1. */
int itc_sim_at_once(void);
/* How many times the simulator saw ref sent (-1: never). */
long long itc_sends_of(const char *ref);
/* How many times payout pid was refunded (ledger). */
long long itc_refunds_of(const char *pid);
/* Payout pid's status in the database is status. */
void itc_expect_payout(const char *pid, const char *status);
/* Runs the workers until withdrawal id's payout is as until says (SQL
 * of payouts' columns), at most 6 times. */
void itc_withdrawal_worked(const char *id, const char *until);
/* Runs the workers until withdrawal id's payout is held for review (its
 * number the sandbox's 207: the provider paid another amount); its payout
 * id into pid (cap bytes). */
void itc_withdrawal_held(const char *id, char *pid, size_t cap);
long itc_transfer(const struct itc_wallet *w, const char *bid, const char *amount,
    const char *key, struct it_resp *r);

/* ---- partners (itc_partner.c) ---- */
/* The payout stress scenario (t_payout_stress.c; the cluster's runs it
 * too): 300 payouts over the nine magic suffixes. stress_prepare makes the
 * wallet, funds it (funded: its GHS balance, 40 bytes) and verifies one
 * beneficiary per suffix; stress_unsettled counts payouts still to
 * settle; stress_verify asserts every send, refund and the balance.
 * unreached: how many payouts may have failed because their provider
 * could not be reached at all (the cluster's: the simulator is each
 * node's own web server, and it dies with its node); each such payout is
 * failed, refunded once, and unknown to the provider. */
#define STRESS_PAYOUTS 300
#define STRESS_SUFFIXES 9
void stress_prepare(struct itc_wallet *w, char bid[STRESS_SUFFIXES][40], char *funded);
long long stress_unsettled(const struct itc_wallet *w);
void stress_verify(const struct itc_wallet *w, const char *funded, long long unreached);

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
/* p's available balance of cur (USDT, USDC, GHS) from GET /v1/balances,
 * into out (40 bytes). */
void itc_partner_available(const struct itc_partner *p, const char *cur, char *out);
/* cur's available and pending (40 bytes each) from GET /v1/balances. */
void itc_partner_balance(const struct itc_partner *p, const char *cur, char *avail,
    char *pend);
/* Exactly keys (NULL-terminated) in object o. */
void itc_assert_keys(json_t *o, const char *const *keys, const char *where);
/* ---- webhooks (itc_webhooks.c) ---- */
/* Starts cron/NAME (with arg, may be NULL) on a copy of the stack's config
 * plus the config lines extra (may be NULL), without waiting; its pid. */
pid_t itc_worker_spawn(const char *name, const char *arg, const char *extra);
/* Starts `webhooks --until-idle` on the stack's config plus the config
 * lines extra (drain 60 s); its pid. */
pid_t itc_webhooks_start(const char *extra);
/* Waits for worker pid; its exit status (-1 when it did not exit). */
int itc_webhooks_wait(pid_t pid);
int itc_webhooks_run(const char *extra);
/* Saves rcv's hits (want of them) with secret and runs the npm verifier
 * (WEBHOOK_VERIFIER, tests/webhooks/verify.mjs) on them as kind ("wallet"
 * or "partner"): 0 when its last line is "verified <ok> of <want>" and its
 * exit status says whether all verified; else -1. Its FAIL lines are kept
 * in fails (cap bytes; may be NULL) rather than printed. */
struct receiver;
int itc_verify_hits(struct receiver *rcv, const char *secret, const char *kind, size_t want,
    size_t ok, char *fails, size_t cap);
/* p's endpoint at http://127.0.0.1:port/path for events (a JSON array
 * text) with secret; its id into id (64 bytes). */
void itc_register_hook(const struct itc_partner *p, int port, const char *path,
    const char *events, const char *secret, char *id);
/* ---- raw HTTP (itc_raw.c): bytes as given, read until the server closes ---- */
struct itc_raw {
	int status;        /* the status line's code; 0 when there was none */
	int timed_out;     /* the read stopped on the timeout, not a close */
	char *raw;         /* everything received (owned) */
	size_t raw_len;
	char *head;        /* the status line and header lines, in raw */
	char *body;        /* the body (dechunked), in raw */
	size_t body_len;
};

/* The stack's port (BASE_URL is http://127.0.0.1:PORT), or -1. */
int itc_raw_port(void);
/* A connection to the stack with send and receive timeouts, or -1. */
int itc_raw_connect(int timeout_ms);
/* Sends all of data; -1 when the server stopped reading. */
int itc_raw_send_all(int fd, const char *data, size_t len);
/* Reads the answer on fd until the server closes it (or the timeout). */
void itc_raw_read(int fd, struct itc_raw *r);
/* One request on a connection of its own: 0 when an answer came, else -1
 * (r is filled either way; free it). */
int itc_raw(const char *req, size_t len, int timeout_ms, struct itc_raw *r);
/* Header name of r's answer into buf, or NULL. */
const char *itc_raw_header(const struct itc_raw *r, const char *name, char *buf,
    size_t cap);
void itc_raw_free(struct itc_raw *r);

/* ---- the chain (itc_chain.c): the sandbox's Anvil node, read and driven
 * over JSON-RPC by the tests themselves (CHAIN_RPC_URL and the CHAIN_*
 * addresses of var/sandbox.env) ---- */

/* A JSON-RPC call (params stolen); its result (new reference), or NULL
 * with the node's error on stderr. */
json_t *itc_rpc(const char *method, json_t *params);
/* A random address, as a wallet (lowercase 0x + 40 hex). */
void itc_chain_address(char out[43]);
/* A random secp256k1 key (64 hex digits) and its address as npm ethers
 * derives it (EIP-55, tests/chain/personal_sign.mjs). */
void itc_chain_key(char key[65], char addr[43]);
/*
 * The deposit address proof (docs/security.md): `partner wallet challenge`
 * for p and addr (its message into msg, 700 bytes, unless NULL), signed by
 * key with ethers' personal_sign into sig (140 bytes), then `partner
 * wallet add ... --signature sig`: the add's exit status, its stderr into
 * err (cap bytes) unless NULL.
 */
int itc_prove_wallet(const struct itc_partner *p, const char *key, const char *addr, char *msg,
    char *sig, char *err, size_t cap);
/* A wallet user whose id (the JWT's sub) is a new address. */
void itc_chain_wallet(struct itc_wallet *w, const char *tier);
/* The token of asset (CHAIN_TOKEN_<ASSET>). */
const char *itc_token(const char *asset);
/* balanceOf(who) of asset's token, in base units, as decimal text (80 bytes). */
void itc_token_balance(const char *asset, const char *who, char *out);
/* A JSON-RPC result that is a hex quantity (or a 32-byte word), taken,
 * as decimal text into out (80 bytes). */
void itc_quantity(json_t *res, char *out);
/* a - b of two decimal integers as text, through MariaDB's DECIMAL(65,0). */
void itc_int_sub(const char *a, const char *b, char *out, size_t cap);
/* The operator key that signs now: the newest rotation's once the gateway
 * took it (cediramp-admin signer rotate), else OPERATOR_ADDRESS. */
void itc_operator(char out[43]);
/* Converted events of the gateway whose id is id (the service's id). */
int itc_converted(const char *id);
/* from calls to with data (0x hex), impersonated (no key needed); waits
 * until it is mined; its hash (67 bytes) unless NULL. 0, or -1. */
int itc_send_as(const char *from, const char *to, const char *data, char *hash);
/* Mints units (decimal text) of asset to who; who approves the gateway
 * for units. */
void itc_mint(const char *asset, const char *who, const char *units);
void itc_approve(const char *asset, const char *who, const char *units);
/* Call data of transfer(to, units). */
void itc_transfer_data(const char *to, const char *units, char *out, size_t cap);
/* Waits until hash has a receipt (mined): its block, or -1 after
 * timeout_ms (0: IT_WAIT_SECONDS; both times tu_slow()). A short bound
 * is for what must not be mined. */
long long itc_wait_mined(const char *hash, int timeout_ms);
/* The head's number. */
long long itc_head(void);
/* Mining: on (a block a second) or off; mine n blocks now. */
void itc_mining(int on);
void itc_mine(int n);
/* cron/NAME on the stack's config plus the lines extra (may be NULL):
 * started (its pid; itc_webhooks_wait waits), or run to its exit status. */
pid_t itc_worker_start(const char *name, const char *extra);
int itc_worker_run(const char *name, const char *extra);
/* Runs the payouts worker until pred(arg) holds or timeout_ms pass (0:
 * IT_WAIT_SECONDS; both times tu_slow()); 1 when it held. */
int itc_until(int (*pred)(const void *arg), const void *arg, int timeout_ms);
/* Predicates for itc_until: the withdrawal, conversion or payout whose id
 * (a C string) arg is, is completed or failed. */
int itc_withdrawal_final(const void *id);
int itc_conversion_final(const void *id);
int itc_payout_final(const void *id);

#endif
