/*
 * momo: the mobile money adapter, one per network, reached through the
 * registry (providers/registry.h). The wire protocol is modelled on the
 * MTN MoMo Open API; the sandbox simulator serves it under /sim/momo/<NET>.
 * The payout and collection operations arrive with the wallet payouts
 * issue; today an adapter answers for the network's health.
 */
#ifndef CEDIRAMP_MOMO_H
#define CEDIRAMP_MOMO_H

struct momo_adapter {
	/* GET url + health_path answers the network's health: a 2xx within
	 * half the timeout is operational (a body {"status":"degraded"|"down"}
	 * is taken at its word), a slower one degraded, anything else down.
	 * A path, not a call, so the registry can probe every network at once. */
	const char *health_path;
};

extern const struct momo_adapter momo_http;

#endif
