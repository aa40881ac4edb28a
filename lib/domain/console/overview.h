/*
 * overview: what the console's first page shows a partner besides its
 * balances: the last 30 days of withdrawals and collections (count and
 * GHS a day), what needs attention (failed webhook deliveries, failed
 * withdrawals), and a withdrawal's or an intent's timeline (its events:
 * each transition with its time).
 */
#ifndef CEDIRAMP_CONSOLE_OVERVIEW_H
#define CEDIRAMP_CONSOLE_OVERVIEW_H

#include <stddef.h>

#include "core/id.h"
#include "core/outcome.h"
#include "store/db.h"

#define CONSOLE_DAYS 30

struct console_day {
	char day[11];               /* YYYY-MM-DD (UTC) */
	unsigned withdrawals;
	char withdrawn_ghs[40];     /* to recipients */
	unsigned collections;
	char collected_ghs[40];     /* paid by payers */
};

struct console_attention {
	unsigned failed_deliveries;
	unsigned failed_withdrawals; /* in the last 30 days */
	unsigned held_withdrawals;   /* payouts held for an operator's review */
};

/* partner_id's days with any activity of the last CONSOLE_DAYS (oldest
 * first, at most CONSOLE_DAYS + 1: today and 30 before) into days, how
 * many in *n, and what needs attention. ERR_OK or the database's error. */
enum err console_overview(struct db *db, long long partner_id, struct console_day *days,
    size_t *n, struct console_attention *attention, struct outcome *o);

struct console_event {
	char id[ID_MAX];
	char type[41];
	char created_at[32];
};

#define CONSOLE_EVENTS_MAX 32

/* The events of partner_id's resource ref_id (a withdrawal, an intent),
 * oldest first, into ev (at most CONSOLE_EVENTS_MAX): *n. ERR_OK (none:
 * ERR_NOT_FOUND, as for another partner's), or the database's error. */
enum err console_timeline(struct db *db, long long partner_id, const char *ref_id,
    struct console_event *ev, size_t *n, struct outcome *o);

#endif
