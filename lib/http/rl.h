/*
 * rl: per-caller rate limits, counted in MariaDB so that every FastCGI
 * process on every host sees the same count. A caller's window opens at
 * its first request in a category and lasts the configured seconds.
 */
#ifndef CEDIRAMP_RL_H
#define CEDIRAMP_RL_H

#include "core/cfg.h"
#include "store/db.h"

enum rl_category {
	RL_GENERAL = 0, /* the wallet API's default */
	RL_QUOTES,
	RL_CONVERT,
	RL_PAYOUTS,
	RL_BENEFICIARIES,
	RL_KYC,
	RL_PARTNER_MINUTE,
	RL_PARTNER_DAY,
	RL__MAX
};

struct rl_result {
	int limited;                  /* this request is over the limit */
	unsigned long long limit;
	unsigned long long remaining; /* after this request */
	long long reset;              /* Unix time the window closes */
	unsigned long long window;    /* seconds */
};

/* The configured limit of cat (environment defaults applied). */
struct cfg_rate rl_limit(const struct cfg *c, enum rl_category cat);

/*
 * Counts one request of subject ("u:<id>", "p:<id>") in cat at time now
 * and fills out. Returns DB_OK, or the database's error (the caller fails
 * closed: no count, no request).
 */
enum db_rc rl_hit(struct db *db, const struct cfg *c, const char *subject,
    enum rl_category cat, long long now, struct rl_result *out);

/* rl_hit for n (1 or 2) categories at once; out[i] for cats[i]. */
enum db_rc rl_hit_many(struct db *db, const struct cfg *c, const char *subject,
    const enum rl_category *cats, size_t n, long long now, struct rl_result *out);

/* "minute", "hour", "day", or "<n>s" for other windows. */
void rl_window_name(unsigned long long seconds, char *out, size_t cap);

#endif
