#include "core/currency.h"

#include <stddef.h>
#include <string.h>

static const struct currency currencies[] = {
	{ "USDT", 6, CURRENCY_STABLECOIN | CURRENCY_CONVERTIBLE | CURRENCY_PARTNER },
	{ "USDC", 6, CURRENCY_STABLECOIN | CURRENCY_CONVERTIBLE | CURRENCY_PARTNER },
	{ "USDC_E", 6, CURRENCY_STABLECOIN | CURRENCY_CONVERTIBLE },
	{ "DAI", 18, CURRENCY_STABLECOIN | CURRENCY_CONVERTIBLE },
	{ "GHSFIAT", 2, CURRENCY_STABLECOIN },
	{ "GHS", 2, 0 },
};
#define NCURRENCIES (sizeof(currencies) / sizeof(currencies[0]))

const struct currency *
currency_find(const char *code)
{
	size_t i;

	for (i = 0; i < NCURRENCIES; i++)
		if (strcmp(currencies[i].code, code) == 0)
			return &currencies[i];
	return NULL;
}

const struct currency *
currency_ghs(void)
{
	return &currencies[NCURRENCIES - 1];
}

const struct currency *
currency_source(unsigned i)
{
	size_t n = 0, j;

	for (j = 0; j < NCURRENCIES; j++)
		if (currencies[j].flags & CURRENCY_STABLECOIN) {
			if (n == i)
				return &currencies[j];
			n++;
		}
	return NULL;
}
