/*
 * momo: the mobile money adapter, one per network, reached through the
 * registry (providers/registry.h), which picks each network's protocol
 * (providers.momo.<NETWORK>.adapter): momo_http speaks the MTN MoMo Open
 * API (disbursement and collection v1_0), below; momo_paystack speaks
 * Paystack's Transfers and Charges (paystack_http.c). Both answer in the
 * terms of this header. MTN's calls:
 *
 *   POST {url}/{disbursement|collection}/token/   Basic api_user:api_key,
 *        Ocp-Apim-Subscription-Key -> {"access_token","expires_in",...}
 *   GET  {url}/disbursement/v1_0/accountholder/msisdn/{msisdn}/basicuserinfo
 *        -> 200 {"given_name","family_name","name"} | 404
 *   POST {url}/disbursement/v1_0/transfer   X-Reference-Id: <uuid>,
 *        X-Target-Environment, body {amount, currency, externalId,
 *        payee {partyIdType "MSISDN", partyId}, payerMessage, payeeNote}
 *        -> 202 accepted | 409 reference reused | 4xx refused
 *   GET  {url}/disbursement/v1_0/transfer/{provider_ref}
 *        -> 200 {"status":"PENDING|SUCCESSFUL|FAILED","reason":...,
 *           "financialTransactionId"} | 404 never seen
 *   POST {url}/collection/v1_0/requesttopay  (as transfer, with payer)
 *   GET  {url}/collection/v1_0/requesttopay/{provider_ref}  (as transfer status)
 *   GET  {url}/health (ours: the simulator's and a proxy's)
 *
 * Every call carries Authorization: Bearer <token>, X-Target-Environment and
 * Ocp-Apim-Subscription-Key; a send also X-Callback-Url when
 * providers.momo.callback_base is set (a callback is only a hint: see
 * domain/momo_callback.h). The token is cached per network, product and
 * credentials in the process until a minute before its expires_in; a
 * cached token the provider refuses (401) is replaced once. The sandbox
 * simulator serves the same protocol under /sim/momo/<NETWORK> for all
 * three networks (lib/sandbox/sim_momo.c; docs/sandbox.md, "Magic values").
 *
 * How answers are classified. A send (transfer, request_to_pay): no token
 * (the token call failed) or not reached (refused, unresolvable) is
 * MOMO_UNAVAILABLE; 202 MOMO_OK; 409 MOMO_DUPLICATE; 401 (our token
 * refused even when new) MOMO_UNAVAILABLE; any other 4xx MOMO_REFUSED with
 * the provider's {code, message} in why; a timeout, a lost connection, a
 * 5xx or anything else MOMO_IN_DOUBT. A read (lookup, *_status): 200
 * MOMO_OK; 404 MOMO_NOT_FOUND (for a status read only with the provider's
 * own code RESOURCE_NOT_FOUND: a proxy's 404 is MOMO_UNAVAILABLE, never
 * "never seen"); no answer in time or 504 MOMO_TIMEOUT; anything else,
 * and no token, MOMO_UNAVAILABLE.
 *
 * Exactly once: a send is made under a reference the caller generated and
 * committed first. A send that may have arrived (timeout, 5xx, lost
 * connection) is MOMO_IN_DOUBT, never a failure: only the status of the
 * same reference settles it, and the same reference is sent again only
 * when its status is MOMO_NOT_FOUND (the provider never saw it).
 */
#ifndef CEDIRAMP_MOMO_H
#define CEDIRAMP_MOMO_H

#include <stddef.h>

#include "providers/endpoint.h"
#include "providers/prov_http.h"

#define MOMO_REF_LEN 36 /* a UUID: 8-4-4-4-12 lowercase hex */
#define MOMO_TOKEN_MAX 4096 /* an access token (a JWT at MTN) */

/* Our callback route of a network, under providers.momo.callback_base
 * (fcgi/partner/providers.c): a printf format of the network's id. */
/* MTN's callback path under providers.momo.callback_base: the network,
 * then the deployment's callback token (providers.momo.callback_token) */
#define MOMO_CALLBACK_PATH "/v1/providers/momo/%s/callback/%s"

enum momo_rc {
	MOMO_OK = 0,      /* answered as asked (a send: 202 accepted) */
	MOMO_NOT_FOUND,   /* lookup: no such account; status: never seen */
	MOMO_REFUSED,     /* refused outright (4xx): nothing was accepted */
	MOMO_DUPLICATE,   /* 409: the reference was used before */
	MOMO_UNAVAILABLE, /* not reached (connection refused, no token, or a
	                     read answered 5xx): nothing was sent */
	MOMO_TIMEOUT,     /* a read with no answer in time */
	MOMO_IN_DOUBT     /* a send that may have arrived: timeout, 5xx, lost
	                     connection; ask for the status of the reference */
};

enum momo_state { MOMO_PENDING = 0, MOMO_SUCCESSFUL, MOMO_FAILED };

struct momo_status {
	enum momo_state state;
	char reason[160];        /* FAILED: the provider's reason, as text */
	char financial_id[64];   /* SUCCESSFUL: the provider's own reference */
	int reversed;            /* FAILED: it had succeeded, and the provider
	                            reversed it (Paystack's "reversed") */
	/* SUCCESSFUL: what the provider says was paid, as it said it (""
	 * when it did not): the amount with 2 places (a malformed one kept
	 * clipped as it came, so that it never matches), the currency, and
	 * the counterparty's number as 233XXXXXXXXX (MTN's payee or payer
	 * partyId, Paystack's recipient account or charged number). A
	 * payout or payment intent completes only when all three are what
	 * was asked for (domain/provider_answer.h). */
	char amount[32];
	char currency[8];
	char party[24];
};

/*
 * A status read made ready for a call made elsewhere (transfer_status in
 * two halves: providers/momo_many.h sends many at once). req borrows the
 * buffers below, which hold a credential: wipe the read after use.
 */
struct momo_read {
	struct prov_req req;
	const char *headers[4];
	char path[448];
	char auth[MOMO_TOKEN_MAX + 32];
	char env[64];
	char sub[192];
	int cached_token;        /* MTN: the token came from the cache */
};

struct momo_adapter {
	/* GET url + health_path answers the network's health (a path, not a
	 * call, so the registry can probe every network at once). */
	const char *health_path;

	/* 1 when the provider may reverse a transfer after it succeeded
	 * (Paystack's "reversed"): completed payouts are watched for it
	 * (domain/payout_reversal.h). MTN's Open API has no such state. */
	int reverses;

	/* 1 when collections land in the payout account (Paystack: one
	 * balance), so a completed collection adds to the network's payout
	 * float; MTN keeps a collection account apart from disbursements. */
	int collects_into_payouts;

	/* The name registered to msisdn ("233XXXXXXXXX") into name (cap
	 * bytes): "name", else given_name + " " + family_name. MOMO_OK,
	 * MOMO_NOT_FOUND, MOMO_UNAVAILABLE (also an answer without a name),
	 * MOMO_TIMEOUT. MOMO_OK with an EMPTY name means the provider does
	 * not disclose a name (the sandbox simulator's ordinary numbers):
	 * any name verifies. */
	enum momo_rc (*lookup)(const struct prov_endpoint *ep, const char *msisdn,
	    char *name, size_t cap);

	/* Pays amount (decimal text, 2 places) of currency to msisdn under
	 * provider_ref; external_id and note go with it. MOMO_OK (accepted),
	 * MOMO_REFUSED (why: the provider's reason), MOMO_DUPLICATE,
	 * MOMO_UNAVAILABLE (nothing sent), MOMO_IN_DOUBT. */
	enum momo_rc (*transfer)(const struct prov_endpoint *ep, const char *provider_ref,
	    const char *msisdn, const char *amount, const char *currency,
	    const char *external_id, const char *note, char *why, size_t whycap);

	/* The status of transfer provider_ref into out. MOMO_OK, MOMO_NOT_FOUND (never
	 * seen), MOMO_UNAVAILABLE, MOMO_TIMEOUT. */
	enum momo_rc (*transfer_status)(const struct prov_endpoint *ep,
	    const char *provider_ref, struct momo_status *out);

	/* transfer_status's first half: the read of provider_ref into *rd, ready to
	 * send. MOMO_OK; or its answer without a call (MOMO_UNAVAILABLE: no
	 * token could be had, or provider_ref cannot be asked about). */
	enum momo_rc (*transfer_status_read)(const struct prov_endpoint *ep,
	    const char *provider_ref, struct momo_read *rd);

	/* Its second half: what the call of rd gave (rc and call, as
	 * prov_http_call gives them) read as transfer_status would read it,
	 * into out; *again 1 when that answer does not count and the status
	 * is to be asked alone, through transfer_status (MTN: a cached token
	 * refused, now forgotten). */
	enum momo_rc (*transfer_status_answer)(const struct prov_endpoint *ep,
	    const struct momo_read *rd, int rc, const struct prov_call *call,
	    struct momo_status *out, int *again);

	/* Asks msisdn to pay amount under provider_ref (collection); as transfer. */
	enum momo_rc (*request_to_pay)(const struct prov_endpoint *ep,
	    const char *provider_ref, const char *msisdn, const char *amount,
	    const char *currency, const char *external_id, const char *note,
	    char *why, size_t whycap);

	/* The status of request-to-pay provider_ref; as transfer_status. */
	enum momo_rc (*request_to_pay_status)(const struct prov_endpoint *ep,
	    const char *provider_ref, struct momo_status *out);

	/* What the disbursement account holds, in currency, into amount (cap
	 * bytes, 2 places): MOMO_OK, MOMO_UNAVAILABLE, MOMO_TIMEOUT. */
	enum momo_rc (*balance)(const struct prov_endpoint *ep, const char *currency,
	    char *amount, size_t cap);
};

extern const struct momo_adapter momo_http;     /* MTN's MoMo Open API */
extern const struct momo_adapter momo_paystack; /* Paystack (paystack_http.c) */

/* A new random reference (UUID v4, lowercase) into out (MOMO_REF_LEN + 1
 * bytes). 0, or -1 when the random source fails. */
int momo_new_ref(char out[MOMO_REF_LEN + 1]);

#endif
