/*
 * ledger: double-entry bookkeeping in MariaDB. Every business event posts
 * one ledger transaction whose legs sum to zero per asset; entries are
 * never changed or removed (triggers refuse it); an account's balance is a
 * cache of its entries, kept in the same transaction. Posting is meant to
 * run inside the db_tx that makes the state change it records.
 *
 * Account codes: "user:<id>:GHS", "partner:<id>:<asset>" (and
 * "partner:<id>:<asset>:held", what withdrawals in flight hold), and house
 * accounts "house:pool:<asset>" (conversion pool), "house:fees:GHS",
 * "house:chain:<asset>" (coins on chain), "house:payouts_in_flight:GHS".
 * Only house accounts may go below zero (a CHECK constraint).
 */
#ifndef CEDIRAMP_LEDGER_H
#define CEDIRAMP_LEDGER_H

#include <stdio.h>

#include "store/db.h"
#include "core/money.h"

#define LEDGER_SCALE 18 /* the widest asset scale: DAI */
#define LEDGER_CODE_MAX 80
#define LEDGER_MAX_LEGS 8

struct ledger_leg {
	char account[LEDGER_CODE_MAX]; /* code, see above */
	const char *asset;             /* "GHS", "USDT", ... */
	char amount[MONEY_MAX_TEXT];   /* signed decimal: + credit, - debit */
};

/* Fills leg; amount is the decimal text, negated when debit. */
void ledger_leg(struct ledger_leg *leg, const char *account, const char *asset,
    const char *amount, int debit);

/*
 * Posts event (kind, ref_id) with n legs. Returns DB_OK; DB_DUP when that
 * event was already posted (nothing is written: the UNIQUE key on the
 * event is the last defence against double credit); DB_CHECK when a user
 * or partner balance would go below zero; DB_FAIL for legs that do not sum
 * to zero per asset or malformed amounts; or the database's error. The
 * caller's db_tx rolls back on anything but DB_OK.
 */
enum db_rc ledger_post(struct db *db, const char *kind, const char *ref_id,
    const struct ledger_leg *legs, size_t n);

/* One posting of ledger_post_many: an event and its legs (borrowed). */
struct ledger_posting {
	const char *kind;
	const char *ref_id;
	const struct ledger_leg *legs;
	size_t n;
};

/*
 * Posts n postings, each as ledger_post would, in the caller's
 * transaction: every event first, in one statement (DB_DUP when one was
 * posted before), then every account any of them touches, made when new
 * and locked in one global order (by code: two writers never deadlock on
 * accounts), then every entry in one statement, then each account's
 * balance moved once by the sum of its legs. So many postings cost a few
 * statements more than one. Returns as ledger_post; the caller rolls back
 * on anything but DB_OK.
 */
enum db_rc ledger_post_many(struct db *db, const struct ledger_posting *p, size_t n);

/* The balance of account as decimal text at its asset's scale ("0.00" if
 * the account has never been posted to). */
enum db_rc ledger_balance(struct db *db, const char *account, unsigned scale,
    char *out, size_t cap);

/*
 * The invariant check: every ledger transaction sums to zero per asset;
 * every entry's asset is its account's; every cached balance equals its
 * entries; no user or partner balance is below zero. Prints each offending
 * row to report. Returns how many rows offend (0 when all hold), or -1 if
 * the database could not be read.
 */
int ledger_check(struct db *db, FILE *report);

#endif
