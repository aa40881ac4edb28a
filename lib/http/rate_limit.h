/*
 * rate_limit: per-caller rate limits, counted in MariaDB so that every FastCGI
 * process on every host sees the same count. A caller's window opens at
 * its first request in a category and lasts the configured seconds.
 */
#ifndef CEDIRAMP_RATE_LIMIT_H
#define CEDIRAMP_RATE_LIMIT_H

#include "core/cfg.h"
#include "store/db.h"

enum rate_limit_category {
	RATE_LIMIT_GENERAL = 0, /* the wallet API's default */
	RATE_LIMIT_QUOTES,
	RATE_LIMIT_CONVERT,
	RATE_LIMIT_PAYOUTS,
	RATE_LIMIT_BENEFICIARIES,
	RATE_LIMIT_KYC,
	RATE_LIMIT_PARTNER_MINUTE,
	RATE_LIMIT_PARTNER_DAY,
	RATE_LIMIT_CONSOLE_SIGNIN, /* console sign-ins and sign-ups per client address */
	RATE_LIMIT__MAX
};

struct rate_limit_result {
	int limited;                  /* this request is over the limit */
	unsigned long long limit;
	unsigned long long remaining; /* after this request */
	long long reset;              /* Unix time the window closes */
	unsigned long long window;    /* seconds */
};

/* The configured limit of cat (environment defaults applied). */
struct cfg_rate rate_limit_limit(const struct cfg *c, enum rate_limit_category cat);

/*
 * Counts one request of subject ("u:<id>", "p:<id>") in cat at time now
 * and fills out. Returns DB_OK, or the database's error (the caller fails
 * closed: no count, no request).
 */
enum db_rc rate_limit_hit(struct db *db, const struct cfg *c, const char *subject,
    enum rate_limit_category cat, long long now, struct rate_limit_result *out);

/* rate_limit_hit for n (1 or 2) categories at once; out[i] for cats[i]. */
enum db_rc rate_limit_hit_many(struct db *db, const struct cfg *c, const char *subject,
    const enum rate_limit_category *cats, size_t n, long long now, struct rate_limit_result *out);

/* "minute", "hour", "day", or "<n>s" for other windows. */
void rate_limit_window_name(unsigned long long seconds, char *out, size_t cap);

#endif
