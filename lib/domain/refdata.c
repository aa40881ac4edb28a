#include "domain/refdata.h"

#include <string.h>

const struct network refdata_networks[] = {
	{ "MTN", "MTN Mobile Money", "GH", "GHS", "5.00", "10000.00" },
	{ "TELECEL", "Telecel Cash", "GH", "GHS", "5.00", "5000.00" },
	{ "AIRTELTIGO", "AirtelTigo Money", "GH", "GHS", "5.00", "5000.00" },
};
const size_t refdata_nnetworks =
    sizeof(refdata_networks) / sizeof(refdata_networks[0]);

const struct tier refdata_tiers[] = {
	{ "basic", "500.00", "5000.00", "200.00" },
	{ "verified", "5000.00", "50000.00", "2000.00" },
	{ "enterprise", "50000.00", "500000.00", "10000.00" },
};
const size_t refdata_ntiers = sizeof(refdata_tiers) / sizeof(refdata_tiers[0]);

const struct network *
refdata_network(const char *id)
{
	size_t i;

	for (i = 0; i < refdata_nnetworks; i++)
		if (strcmp(refdata_networks[i].id, id) == 0)
			return &refdata_networks[i];
	return NULL;
}

const struct tier *
refdata_tier(const char *name)
{
	size_t i;

	for (i = 0; i < refdata_ntiers; i++)
		if (strcmp(refdata_tiers[i].tier, name) == 0)
			return &refdata_tiers[i];
	return NULL;
}
