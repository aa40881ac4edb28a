/*
 * delivery_record: how the webhooks worker (domain/delivery.c, the only
 * file that includes this header) records the attempts that ended: many
 * in one transaction of a few statements, or, when that fails, each in its
 * own. An attempt is recorded after it ends: a worker that dies first
 * leaves its delivery pending, sent again once its lease passes (at least
 * once; receivers deduplicate on webhook-id).
 */
#ifndef CEDIRAMP_DELIVERY_RECORD_H
#define CEDIRAMP_DELIVERY_RECORD_H

#include "domain/delivery.h"
#include "providers/webhook_http.h"

/* One attempt that ended (or was refused before it was sent). */
struct delivery_attempt {
	char did[24];                   /* webhook_deliveries.id */
	long long start_us, end_us;     /* CLOCK_REALTIME microseconds */
	long status;                    /* the answer's; 0: none came */
	char error[WEBHOOK_ERROR_MAX];  /* with status 0: why */
	char body[WEBHOOK_READ_MAX];    /* the answer's first bytes (body_len) */
	size_t body_len;
};

/*
 * Records the n attempts of a: each attempt's row, and its delivery
 * delivered (any 2xx, even one failed meanwhile), due again after the
 * policy's next delay, failed for good when the policy has none left, or
 * only counted when it is no longer pending. All in one transaction; when
 * that fails, each in one of its own. Counts into st; an attempt not
 * recorded is an error (logged): its delivery is tried again when its
 * lease ends.
 */
void delivery_record_many(struct ctx *ctx, const struct delivery_policy *policy,
    const struct delivery_attempt *a, size_t n, struct delivery_stats *st);

#endif
