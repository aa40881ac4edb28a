/*
 * funds: partners' balances (docs/decisions.md, decision 11). Partners hold USDT and
 * USDC, credited by deposits (the sandbox's helper and starting funds, an
 * operator's credit of a real deposit), and GHS from collected payment
 * intents, all in the ledger: available is partner:<id>:<CUR>, pending
 * (held by withdrawals in flight) partner:<id>:<CUR>:held. Each deposit
 * has a unique reference, so the same deposit cannot be credited twice.
 */
#ifndef CEDIRAMP_FUNDS_H
#define CEDIRAMP_FUNDS_H

#include "core/id.h"
#include "core/money.h"
#include "core/outcome.h"
#include "store/db.h"

#define FUNDS_REFERENCE_MAX 100
#define FUNDS_DEPOSIT_MAX "1000000" /* the most one deposit may credit */
/* Where a deposit came from: a new partner's starting coins; the test
 * deposit helper (POST /v1/sandbox/deposits); an operator's credit of a
 * real deposit; the deposits worker reading the chain. Stored by name
 * ("seed", "sandbox", "operator", "chain"). */
enum funds_source { FUNDS_SEED = 0, FUNDS_TEST, FUNDS_OPERATOR, FUNDS_CHAIN };

struct funds_deposit {
	char id[ID_MAX];
	char currency[8];
	char amount[MONEY_MAX_TEXT];  /* at the currency's scale */
	char deposit_ref[FUNDS_REFERENCE_MAX + 1];  /* unique: credited once */
};

struct funds_balance {
	char currency[8];
	char available[MONEY_MAX_TEXT];
	char pending[MONEY_MAX_TEXT];
};

#define FUNDS_CURRENCIES 3 /* USDT, USDC, GHS */

/*
 * Credits amount of currency (USDT or USDC) to partner row partner_id
 * under deposit_ref (1..100 printable characters; NULL makes one from the
 * deposit's id). ERR_INVALID_CURRENCY, ERR_VALIDATION (amount: positive,
 * the currency's places, at most FUNDS_DEPOSIT_MAX; reference),
 * ERR_DUPLICATE_REFERENCE (that reference was credited already: nothing
 * changes), ERR_SERVICE_UNAVAILABLE. On ERR_OK out is the deposit.
 */
enum err funds_deposit(struct db *db, long long partner_id, const char *currency,
    const char *amount, const char *deposit_ref, enum funds_source source,
    struct funds_deposit *out, struct outcome *o);

/* funds_deposit inside the caller's transaction (a new partner's starting
 * funds); the amount and currency are trusted. DB_OK or the db's error. */
int funds_deposit_tx(struct db *db, long long partner_id, const char *currency,
    const char *amount, const char *deposit_ref, enum funds_source source,
    struct funds_deposit *out);

/*
 * An operator's correction of partner row partner_id's available balance
 * of currency (USDT, USDC or GHS) by amount, signed (-5.25 takes 5.25
 * away), against house:adjustments:<CUR>, once per reference (1 to 40
 * printable characters: the ledger's event key). balance (cap bytes)
 * gets the balance after it. ERR_INVALID_CURRENCY, ERR_VALIDATION
 * (amount: not zero, the currency's places, at most FUNDS_DEPOSIT_MAX
 * either way; reference), ERR_DUPLICATE_REFERENCE, ERR_INSUFFICIENT_BALANCE
 * (it would go below zero), ERR_SERVICE_UNAVAILABLE. Nothing changes on
 * an error.
 */
#define FUNDS_ADJUST_REFERENCE_MAX 40
enum err funds_adjust(struct db *db, long long partner_id, const char *currency,
    const char *amount, const char *reference, char *balance, size_t cap,
    struct outcome *o);

/* The partner's USDT, USDC and GHS balances, in that order. */
enum err funds_balances(struct db *db, long long partner_id,
    struct funds_balance out[FUNDS_CURRENCIES], struct outcome *o);

#endif
