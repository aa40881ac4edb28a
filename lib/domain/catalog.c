#include "domain/catalog.h"

#include <string.h>

const struct network catalog_networks[] = {
	{ "MTN", "MTN Mobile Money", "GH", "GHS", "5.00", "10000.00" },
	{ "TELECEL", "Telecel Cash", "GH", "GHS", "5.00", "5000.00" },
	{ "AIRTELTIGO", "AirtelTigo Money", "GH", "GHS", "5.00", "5000.00" },
};
const size_t catalog_nnetworks =
    sizeof(catalog_networks) / sizeof(catalog_networks[0]);

const struct tier catalog_tiers[] = {
	{ "basic", "500.00", "5000.00", "200.00" },
	{ "verified", "5000.00", "50000.00", "2000.00" },
	{ "enterprise", "50000.00", "500000.00", "10000.00" },
};
const size_t catalog_ntiers = sizeof(catalog_tiers) / sizeof(catalog_tiers[0]);

const struct network *
catalog_network(const char *id)
{
	size_t i;

	for (i = 0; i < catalog_nnetworks; i++)
		if (strcmp(catalog_networks[i].id, id) == 0)
			return &catalog_networks[i];
	return NULL;
}

const struct tier *
catalog_tier(const char *name)
{
	size_t i;

	for (i = 0; i < catalog_ntiers; i++)
		if (strcmp(catalog_tiers[i].tier, name) == 0)
			return &catalog_tiers[i];
	return NULL;
}
