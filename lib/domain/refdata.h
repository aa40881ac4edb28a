/*
 * refdata: the fixed tables of the partner spec: mobile money networks
 * with their payout bounds, and KYC tiers with their GHS limits. Amounts
 * are decimal strings with GHS's two places.
 */
#ifndef CEDIRAMP_REFDATA_H
#define CEDIRAMP_REFDATA_H

#include <stddef.h>

struct network {
	const char *id;   /* MTN, TELECEL, AIRTELTIGO */
	const char *name;
	const char *country;
	const char *currency;
	const char *min_amount;
	const char *max_amount;
};

struct tier {
	const char *tier; /* basic, verified, enterprise */
	const char *daily_limit;
	const char *monthly_limit;
	const char *per_transaction_max;
};

extern const struct network refdata_networks[];
extern const size_t refdata_nnetworks;
extern const struct tier refdata_tiers[];
extern const size_t refdata_ntiers;

/* The network / tier with that exact id, or NULL. */
const struct network *refdata_network(const char *id);
const struct tier *refdata_tier(const char *name);

#endif
