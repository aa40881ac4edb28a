/*
 * momo_many: the status of many transfers at once, on any networks, for
 * the payouts worker (domain/payout_batch.c): each network's adapter
 * makes its read (momo_adapter.transfer_status_read), prov_http_many
 * sends them all within a bound, and each adapter reads its answer
 * (transfer_status_answer), as transfer_status would, one at a time.
 */
#ifndef CEDIRAMP_MOMO_MANY_H
#define CEDIRAMP_MOMO_MANY_H

#include <stddef.h>

#include "providers/registry.h"

/* One transfer asked about. */
struct momo_ask {
	const struct prov_momo *m;  /* its network's adapter (borrowed) */
	const char *provider_ref;            /* its reference (borrowed) */
	enum momo_rc rc;            /* the answer, as transfer_status gives it */
	struct momo_status st;      /* with rc MOMO_OK */
};

/*
 * Asks the status of each of the n transfers of asks, at most
 * max_in_flight (0 is 1) in flight at a time, into their rc and st. A read
 * whose adapter says to ask again alone is asked through transfer_status.
 * When memory runs out, each is asked alone.
 */
void momo_transfer_status_many(struct momo_ask *asks, size_t n, unsigned max_in_flight);

#endif
