/* sandbox: the sandbox's fixed starting values. */
#ifndef CEDIRAMP_SANDBOX_H
#define CEDIRAMP_SANDBOX_H

struct sandbox_rate {
	const char *coin;
	const char *rate;
};

/* Starting rates to GHS for every source coin, NULL-terminated. */
extern const struct sandbox_rate sandbox_rates[];

#endif
