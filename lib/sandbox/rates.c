#include "sandbox/rates.h"

#include <stddef.h>

const struct sandbox_rate sandbox_rates[] = {
	{ "USDT", "15.20" },
	{ "USDC", "15.18" },
	{ "USDC_E", "15.15" },
	{ "DAI", "15.10" },
	{ "GHSFIAT", "1.00" },
	{ NULL, NULL },
};
