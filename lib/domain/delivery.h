/*
 * delivery: the webhooks worker's work (cron/webhooks). Claims due
 * deliveries (SELECT ... FOR UPDATE SKIP LOCKED, then a lease of
 * webhooks.lease_seconds), sends up to webhooks.max_in_flight at once
 * through the registry's webhook sender (providers/webhook_http.h, which
 * owns the network: the pinned, re-checked addresses, the timeout, the
 * capped read), and records every attempt:
 *
 *   - any 2xx answer delivers it;
 *   - anything else (another status, a timeout, a refused address, no
 *     connection) is a failed attempt: the next one is due after the
 *     retry policy's next delay (docs/decisions.md, decision 3), or, when the policy
 *     has no delay left, the delivery is failed.
 *
 * An endpoint gets the events about one resource (a withdrawal, a payout,
 * an intent: the event's ref_id) in the order they happened: a delivery is
 * not claimed while an earlier one of its resource to its endpoint is
 * pending (a failing one holds the later ones back until it is delivered
 * or failed for good).
 *
 * Delivery is at least once: an attempt is recorded after it ends, so a
 * worker that dies mid-drain leaves its claimed deliveries pending, to be
 * claimed again once their lease passes; receivers deduplicate on the
 * event id (webhook-id).
 */
#ifndef CEDIRAMP_DELIVERY_H
#define CEDIRAMP_DELIVERY_H

#include "domain/ctx.h"

/* The retry policy in force: delays in microseconds (already divided by
 * webhooks.retry_clock_divisor), how many. */
struct delivery_policy {
	long long delay_us[8];
	unsigned n;
	long long timeout_ms;
};

/* The policy cfg selects (webhooks.retry_policy 1 or 2). */
void delivery_policy(const struct cfg *cfg, struct delivery_policy *p);

struct delivery_stats {
	long long attempts;    /* sent (or refused before sending) */
	long long delivered;
	long long retried;     /* failed, another attempt scheduled */
	long long failed;      /* failed for good */
	long long errors;      /* database trouble */
};

/*
 * Drains deliveries for up to webhooks.drain_seconds: claims what is due,
 * including retries that fall due meanwhile, and exits once that time is
 * spent and what is in flight has ended. With until_idle it exits as soon
 * as nothing is in flight and nothing pending falls due before the time
 * is spent (scripts and tests). 0, or -1 when the database could not be
 * read at all.
 */
int delivery_drain(struct ctx *ctx, int until_idle, struct delivery_stats *st);

#endif
