/*
 * The sandbox's mobile money ledger of sends, shared by the MTN simulator
 * (sim_momo.c) and the Paystack simulator (sim_paystack.c): whichever
 * protocol a send came in, the magic suffix of its number decides what
 * happens to it (docs/sandbox.md, "Magic values"), and it is kept in
 * sim_momo_transfers, where the balance, the settling clock and the
 * callbacks (sim_momo_callbacks.c) find it.
 */
#ifndef CEDIRAMP_SIM_SENDS_H
#define CEDIRAMP_SIM_SENDS_H

#include <jansson.h>
#include <openssl/sha.h>

#include <stddef.h>

#include "core/cfg.h"
#include "store/db.h"

/* What a send leads to: its answer, and whether it is accepted. */
struct sim_plan {
	int status;           /* 202, or the error answered (MTN's terms) */
	int accept;           /* recorded as accepted (it settles later) */
	const char *final;    /* final_state: successful, failed, pending */
	const char *reason;   /* the failure's code (final failed) */
	const char *code, *message; /* the error body of status */
};

/* One send, as the simulators fill it in, and its answer. */
struct sim_send {
	const char *provider_ref, *network, *kind, *msisdn, *amount, *currency, *external_id;
	const char *api;          /* "mtn" or "paystack": the callback's form */
	const char *callback_url; /* where its final state is called back; NULL */
	char body_hash[2 * SHA256_DIGEST_LENGTH + 1];
	char financial_id[11];
	long long settle_seconds;
	int suffix;
	struct sim_plan answer; /* out */
};

/* The magic suffix of msisdn ("233" and 9 digits of a Ghana mobile
 * number), or -1 for anything else. */
int sim_suffix(const char *msisdn);

/*
 * What a SUCCESSFUL answer says was paid for a send to msisdn of amount:
 * the truth into out_amount and out_msisdn (cap bytes each), but for the
 * magic suffixes that make the provider's answer disagree with what was
 * asked (docs/sandbox.md): a transfer to 207 or a request to pay from 307
 * answers one cedi more; 208 and 308 another number (its last three
 * digits 999). The payout or payment intent is then held for review.
 */
void sim_paid_as(const char *kind, const char *msisdn, const char *amount,
    char *out_amount, char *out_msisdn, size_t cap);

/*
 * Readies s for sim_send_record: the body's hash (keys sorted, so a repeat
 * of the same body matches), a new financial id, and the settle time
 * (sandbox setting momo.settle_seconds, default 5). 0, or -1.
 */
int sim_send_prepare(struct db *db, struct sim_send *s, const json_t *body);

/*
 * Records one send under s->provider_ref, in a transaction: a new reference is
 * recorded (accepted or not, as its plan says); a known one counts the
 * send, then is a duplicate (409) when its body differs, when it was
 * accepted or when it was sent twice already, and otherwise follows the
 * plan of a second send. s->answer gets the answer. A DB rc.
 */
int sim_send_record(struct db *db, struct sim_send *s);

/* A send as a status query reads it. */
struct sim_sent {
	char state[12];        /* pending, successful, failed */
	char reason[64];       /* "" unless failed */
	char financial_id[16];
	char msisdn[16];
	char amount[32];
	char currency[4];
	char external_id[72];
	char created_at[32];   /* ISO 8601, UTC */
};

enum sim_read { SIM_READ_OK = 0, SIM_READ_NONE, SIM_READ_UNREACHABLE, SIM_READ_FAIL };

/*
 * The send provider_ref of network and kind, past its settle time moved to its
 * final state first, into out: SIM_READ_OK; SIM_READ_NONE never seen or
 * never accepted; SIM_READ_UNREACHABLE a number ending 103;
 * SIM_READ_FAIL the database. A 302 request to pay reads SUCCESSFUL once,
 * then FAILED SETTLEMENT_FAILED.
 */
enum sim_read sim_send_read(struct db *db, const char *provider_ref, const char *network,
    const char *kind, struct sim_sent *out);

/* A simulated network's accounts: MTN keeps disbursements and
 * collections apart; a Paystack account holds both. */
enum sim_account { SIM_DISBURSEMENT, SIM_COLLECTION, SIM_ONE_BALANCE };

/*
 * network's account into out (cap bytes, 2 places): the opening balance
 * (SIM_MOMO_OPENING_BALANCE; a payout account's as sim_account_set and
 * sim_account_deposit moved it), less every successful transfer (the payout
 * accounts: disbursement, one balance) and the out-of-band debits of the
 * sandbox setting momo.<NETWORK>.out_of_band_debit (GHS, 2 places; a
 * debit the service did not make, for reconcile to find), plus every
 * successful request to pay (collection, one balance), whichever protocol
 * they came in. 0, or -1 when the database failed.
 */
int sim_balance(struct db *db, const char *network, enum sim_account account, char *out,
    size_t cap);

/*
 * The sandbox keeps each network's simulated payout account in step with
 * the payout float where an operator's shortcut moves the float without
 * the provider: its opening balance (the sandbox setting
 * momo.<NETWORK>.opening_balance, default SIM_MOMO_OPENING_BALANCE)
 * changes so that the account holds balance (sim_account_set: after `sim
 * set momo.<NET>.float`, the float plus what payouts in flight drew), or
 * gains amount (sim_account_deposit: a `float add` top-up, as the
 * operator's deposit at the provider would). account is the network's
 * payout account (SIM_DISBURSEMENT on MTN, SIM_ONE_BALANCE on Paystack).
 * 0, or -1.
 */
int sim_account_set(struct db *db, const char *network, enum sim_account account,
    const char *balance);
int sim_account_deposit(struct db *db, const char *network, const char *amount);
/* The account's opening balance back to SIM_MOMO_OPENING_BALANCE (a float
 * unlimited again). 0, or -1. */
int sim_account_reset(struct db *db, const char *network);

/*
 * The operator's float shortcuts, followed by network's simulated payout
 * account (its adapter says which: c's registry): deposit (a `float add`
 * top-up) deposited; else float_balance (`sim set momo.<NET>.float`, a
 * limited float) plus what payouts in flight drew becomes its balance;
 * else (unlimited again) it is reset. 0, or -1.
 */
int sim_account_follow_float(struct db *db, const struct cfg *c, const char *network,
    const char *float_balance, const char *deposit);

/* Waits as long as the sandbox setting named says, in milliseconds
 * (default 0, at most a minute): momo.slow_ms, a slow lookup for the
 * caller's own timeout; momo.status_slow_ms, a status answer held back
 * while a test acts meanwhile. With what (not NULL) and a wait, the log
 * says "sim: <what> answers in N ms" first, so a test can wait for it. */
void sim_slow(struct db *db, const char *setting, const char *what);

#endif
