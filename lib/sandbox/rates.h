/* sandbox/rates: the sandbox's fixed starting rates. */
#ifndef CEDIRAMP_SANDBOX_RATES_H
#define CEDIRAMP_SANDBOX_RATES_H

struct sandbox_rate {
	const char *coin;
	const char *rate;
};

/* Starting rates to GHS for every source coin, NULL-terminated. */
extern const struct sandbox_rate sandbox_rates[];

#endif
