/*
 * paystack_wire: the parts of the Paystack adapter (paystack_http.c) that
 * need no network: the network's codes, amounts in pesewas, Ghana numbers
 * in Paystack's local form, reading answers and checking a webhook's
 * signature. Shared by the adapter, the sandbox simulator, our webhook
 * route and the unit tests (tests/unit/test_paystack.c).
 */
#ifndef CEDIRAMP_PAYSTACK_WIRE_H
#define CEDIRAMP_PAYSTACK_WIRE_H

#include <stddef.h>
#include <jansson.h>

#include "providers/momo.h"

/* A Paystack secret key at most (sk_live_ / sk_test_ and 40 hex digits). */
#define PAYSTACK_KEY_MAX 128
/* Our webhook route: one for every network, whose secret signs it. */
#define PAYSTACK_WEBHOOK_PATH "/v1/providers/paystack/webhook"
/* A recipient code (RCP_ and its id) at most. */
#define PAYSTACK_CODE_MAX 64

/*
 * A network's codes at Paystack: the transfer recipient's bank_code
 * ("MTN", "VOD", "ATL") and the charge's mobile_money.provider ("mtn",
 * "vod", "atl"). NULL for a network Paystack does not serve.
 */
const char *paystack_bank_code(const char *network);
const char *paystack_charge_provider(const char *network);
/* The network of a bank_code or charge provider (either case); NULL. */
const char *paystack_network_of(const char *code);

/*
 * amount (decimal text, at most 2 places, positive) in pesewas into *out:
 * 0, or -1 when it is not such an amount or does not fit in 2^53 (the
 * largest integer every JSON reader keeps exactly).
 */
int paystack_pesewas(const char *amount, long long *out);

/* pesewas as cedis with 2 places into out (cap bytes): 0, or -1 when it
 * is negative or does not fit. */
int paystack_cedis(long long pesewas, char *out, size_t cap);

/* "233XXXXXXXXX" as Paystack's Ghana account number "0XXXXXXXXX" into out
 * (cap >= 11); and back ("0XXXXXXXXX" to "233XXXXXXXXX", cap >= 13).
 * 0, or -1 for anything else. */
int paystack_local_number(const char *msisdn, char *out, size_t cap);
int paystack_msisdn(const char *local, char *out, size_t cap);

/*
 * The data of a GET /transfer/verify/{reference} answer into out:
 * success SUCCESSFUL (financial_id: the transfer_code); failed, reversed,
 * rejected, abandoned and blocked FAILED (out->reversed for reversed;
 * reason "TRANSFER_<STATUS>: " and Paystack's failure text); pending,
 * otp, processing, queued and received PENDING. MOMO_OK, or
 * MOMO_UNAVAILABLE for a body that says none of these.
 */
enum momo_rc paystack_wire_transfer(const json_t *body, struct momo_status *out);

/*
 * The data of a GET /transaction/verify/{reference} answer into out:
 * success SUCCESSFUL (financial_id: the transaction's id); failed,
 * abandoned and reversed FAILED ("CHARGE_<STATUS>: " and the
 * gateway_response); ongoing, pending, processing, queued, pay_offline
 * and send_otp PENDING. As paystack_wire_transfer otherwise.
 */
enum momo_rc paystack_wire_charge(const json_t *body, struct momo_status *out);

/*
 * A GET /balance answer ({"data": [{"currency", "balance"}]}, balance an
 * integer of pesewas) into amount (cap bytes, 2 places) for currency:
 * MOMO_OK, or MOMO_UNAVAILABLE (no such currency, a malformed body).
 */
enum momo_rc paystack_wire_balance(const json_t *body, const char *currency,
    char *amount, size_t cap);

/* The answer's "message" as one line of text into out ("" when none). */
void paystack_wire_message(const json_t *body, char *out, size_t cap);

/*
 * 1 when signature (x-paystack-signature: the HMAC-SHA512 of the raw body
 * under the secret key, in hex) is body's under key, compared in constant
 * time; else 0.
 */
int paystack_signature_ok(const char *key, const char *body, size_t len,
    const char *signature);

/* The signature of body under key, 128 hex digits, into out. 0 or -1. */
int paystack_sign(const char *key, const char *body, size_t len,
    char out[129]);

#endif
