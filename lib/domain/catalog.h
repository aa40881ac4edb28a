/*
 * catalog: the fixed tables of the partner spec: mobile money networks
 * with their payout bounds, and KYC tiers with their GHS limits. Amounts
 * are decimal strings with GHS's two places.
 */
#ifndef CEDIRAMP_CATALOG_H
#define CEDIRAMP_CATALOG_H

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

extern const struct network catalog_networks[];
extern const size_t catalog_nnetworks;
extern const struct tier catalog_tiers[];
extern const size_t catalog_ntiers;

/* The network / tier with that exact id, or NULL. */
const struct network *catalog_network(const char *id);
const struct tier *catalog_tier(const char *name);

#endif
