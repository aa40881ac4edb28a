/*
 * itc_ops: the back office's people, for the back office's integration
 * tests (itc_ops.c).
 */
#ifndef CEDIRAMP_ITC_OPS_H
#define CEDIRAMP_ITC_OPS_H

#include <stddef.h>

#include "itc.h"
#include "itc_console.h"

/*
 * Someone of the back office with role, invited by the admin tool, who
 * accepted through the mailed link and enrolled two-factor sign-in: its
 * session into s (its email in s->email), its TOTP URI into uri. Checks on
 * the way what a new one's session says and that nothing but enrolment
 * works before two-factor is on (CUnit assertions, fatal ones included).
 */
void itc_ops_member(const char *role, struct con_sess *s, char *uri, size_t ucap);

/* The audit records of action on object by s's user with reason, kept
 * with no partner. */
long long itc_ops_audited(const struct con_sess *s, const char *action, const char *object,
    const char *reason);

/* The images itc_ops_kyc_upload sends: the front and the selfie (a PNG)
 * and the back (a JPEG's magic bytes). */
extern const unsigned char itc_ops_png[101];
extern const unsigned char itc_ops_jpeg[12];

/* w uploads a KYC submission (national_id number, full name name, born
 * 1988-03-06; the back too when with_back): its id into id (cap bytes;
 * "" unless 201). The upload's status. */
long itc_ops_kyc_upload(const struct itc_wallet *w, const char *number, const char *name,
    int with_back, char *id, size_t cap);

/* A new partner's withdrawal of 5 USDT to an MTN number ending in suffix
 * (the sandbox's magic values): its id into id (cap bytes). */
void itc_ops_withdrawal(int suffix, char *id, size_t cap);

/* A new partner's withdrawal held for review (its number the sandbox's
 * 207: the provider paid another amount): its payout id into pid (cap
 * bytes). */
void itc_ops_held_payout(char *pid, size_t cap);

/*
 * An unmatched chain deposit of units base units of asset (6 places;
 * amount_null: recorded without an amount, as one not exact at its
 * places), written as the deposits worker writes one from an address no
 * partner registered: the chain simulator's stacks read no chain logs, so
 * there the row is made here (the EVM pass's suite makes real ones,
 * t_console_ops_money.c). Its id into id, its deposit reference into ref
 * (120 bytes each).
 */
void itc_ops_unmatched_deposit(const char *asset, const char *units, int amount_null, char *id,
    char *ref);

/*
 * The running test's requests straight to the first web server, until it
 * ends however it ends (a no-op on one server). On a cluster only node 1
 * mails (the sandbox's sink), each node's config names its own
 * simulators, and behind HAProxy every request comes from HAProxy's
 * address (console.ops_allow could not tell 127.0.0.2 from 127.0.0.1).
 */
void itc_ops_via_first_server(void);

#endif
