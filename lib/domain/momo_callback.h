/*
 * momo_callback: what a mobile money provider's callback does. MTN calls
 * back (PUT or POST to X-Callback-Url) when a transfer or request to pay
 * reaches its final state, but a callback carries no signature: anyone
 * can send one. So it is only a hint. It never settles anything itself:
 * the payout or payment intent it names becomes due for an immediate
 * status query, and only the provider's answer to that query, asked by
 * the payouts worker under its reference, decides. A forged "SUCCESSFUL"
 * costs one status query; a lost callback costs nothing, since the worker
 * polls with backoff anyway. Paystack's webhooks are signed, but they
 * are hints all the same: the verify call decides, as for MTN.
 */
#ifndef CEDIRAMP_MOMO_CALLBACK_H
#define CEDIRAMP_MOMO_CALLBACK_H

#include <jansson.h>

#include "core/err.h"
#include "domain/ctx.h"

/* What a callback names, borrowed from its body: each "" when absent or
 * not a string of 1 to CALLBACK_ID_MAX printable bytes. */
#define CALLBACK_ID_MAX 64
struct callback_ids {
	const char *ext;     /* MTN's externalId: our id */
	const char *provider_ref;     /* MTN's referenceId, Paystack's data.reference */
	const char *status;  /* MTN's status, Paystack's event */
};

/* An MTN callback body's ids into out: 0 when it names an id or a
 * reference, -1 when neither (out filled all the same). No I/O. */
int momo_callback_read(const json_t *body, struct callback_ids *out);

/* A Paystack webhook body's event (out->status) and data.reference
 * (out->provider_ref; out->ext ""): 0 when it has both, else -1. No I/O. */
int paystack_webhook_read(const json_t *body, struct callback_ids *out);

/*
 * The callback body of network (an id of prov_network_ids) made a hint:
 * the open payout or payment intent of that network whose id is the
 * body's externalId, or whose provider reference is its referenceId (MTN
 * sends the first; a proxy may add the second), is due now. *matched says
 * how many were (0: unknown, or settled already; logged and ignored).
 * ERR_OK; ERR_NOT_FOUND for an unknown network; ERR_VALIDATION for a body
 * with neither id as a string of at most 64 bytes; ERR_SERVICE_UNAVAILABLE
 * when the database failed.
 */
enum err momo_callback_hint(struct ctx *ctx, const char *network, const json_t *body,
    int *matched);

/*
 * A Paystack webhook (transfer.success, transfer.failed, transfer.reversed,
 * charge.success, ...) made a hint, as above: raw (len bytes) is the body
 * as it came, signature its x-paystack-signature, which must be the
 * HMAC-SHA512 of raw under the secret key of a network on the paystack
 * adapter; data.reference names the payout or payment intent (our
 * reference at Paystack). ERR_OK (*matched as above); ERR_UNAUTHORIZED
 * when no network's key signed it; ERR_VALIDATION for a body without an
 * event or a data.reference of at most 64 bytes;
 * ERR_SERVICE_UNAVAILABLE.
 */
enum err paystack_webhook_hint(struct ctx *ctx, const char *raw, size_t len,
    const char *signature, const json_t *body, int *matched);

#endif
