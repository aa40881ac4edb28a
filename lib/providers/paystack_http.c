/*
 * paystack_http: the mobile money adapter over Paystack's Transfers and
 * Charges (GHS mobile money), for networks that publish no API of their
 * own (Telecel, AirtelTigo) or an operator's choice for any network
 * (providers.momo.<NETWORK>.adapter = paystack). The calls:
 *
 *   GET  /bank/resolve?account_number=0XXXXXXXXX&bank_code=MTN|VOD|ATL
 *        -> {"status":true,"data":{"account_name"}} | 422 not resolved
 *   POST /transferrecipient {type "mobile_money", name, account_number,
 *        bank_code, currency "GHS"} -> {"data":{"recipient_code"}}
 *        (Paystack answers the existing recipient for a known account)
 *   POST /transfer {source "balance", amount (pesewas), recipient, reason,
 *        currency, reference: our reference} -> {"status":true} queued
 *   GET  /transfer/verify/{reference} -> {"data":{"status",...}}
 *   POST /charge {email, amount, currency, reference, mobile_money
 *        {phone, provider mtn|vod|atl}, metadata} -> {"data":{"status"}}
 *   GET  /transaction/verify/{reference} -> {"data":{"status",...}}
 *   GET  /balance -> {"data":[{"currency","balance"}]}
 *
 * Every call carries Authorization: Bearer <secret key> (the endpoint's
 * secret). Amounts go as integers of pesewas, converted exactly.
 *
 * How answers are classified, as providers/momo.h says for every adapter:
 * a send not reached (or the recipient not created) is MOMO_UNAVAILABLE;
 * 200 with "status": true accepted; a 4xx whose message says the reference
 * is a duplicate MOMO_DUPLICATE; 401 MOMO_UNAVAILABLE; another 4xx
 * refused; a timeout, lost connection or 5xx MOMO_IN_DOUBT. A charge the
 * network wants an OTP, PIN or voucher for (send_otp, send_pin, ...) is
 * refused: this service never collects those from a payer. A verify is
 * "never seen" (MOMO_NOT_FOUND) only on 400 or 404 with "status": false
 * and a message saying "not found": a proxy's 404 is no such answer.
 */
#include "providers/momo.h"

#include <jansson.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/strict.h"
#include "providers/momo_wire.h"
#include "providers/paystack_wire.h"
#include "providers/prov_http.h"

#define REF_MAX 128 /* a reference asked about */
#define TRANSFER_VERIFY "/transfer/verify"

static void
set_why(char *why, size_t whycap, const char *text)
{
	if (why != NULL && whycap > 0)
		strict_clip(why, whycap, text, strlen(text));
}

/* One call with the secret key, counted as operation; as prov_http_call. */
static int
ps_call(const struct prov_endpoint *ep, const char *operation, const char *method,
    const char *path, const json_t *body, struct prov_call *call)
{
	char auth[sizeof(ep->secret) + 32];
	const char *headers[2] = { auth, NULL };
	int rc;

	memset(call, 0, sizeof(*call));
	snprintf(auth, sizeof(auth), "Authorization: Bearer %s", ep->secret);
	rc = prov_http_call(ep, operation, method, path, headers, body, call);
	OPENSSL_cleanse(auth, sizeof(auth));
	return rc;
}

/* 1 when the answer says "status": true. */
static int
answered_true(const struct prov_call *c)
{
	return json_object_get(c->json, "status") == json_true();
}

/* 1 when an answer's message contains word (lowercase; the message in
 * any case). */
static int
message_says(const struct prov_call *c, const char *word)
{
	const char *m = json_string_value(json_object_get(c->json, "message"));
	size_t i, k, n = strlen(word);

	for (i = 0; m != NULL && m[i] != '\0'; i++) {
		for (k = 0; k < n && m[i + k] != '\0' &&
		    (m[i + k] | 0x20) == word[k]; k++)
			;
		if (k == n)
			return 1;
	}
	return 0;
}

/* why = prefix + ": " + the answer's message (or its HTTP status). */
static void
why_of(const struct prov_call *c, const char *prefix, char *why, size_t whycap)
{
	char msg[200], line[260];

	paystack_wire_message(c->json, msg, sizeof(msg));
	if (msg[0] == '\0')
		snprintf(msg, sizeof(msg), "HTTP %ld", c->status);
	snprintf(line, sizeof(line), "%s: %s", prefix, msg);
	set_why(why, whycap, line);
}

/*
 * The outcome of a send (POST /transfer, POST /charge) other than an
 * accepting 200, with why.
 */
static enum momo_rc
send_outcome(int rc, const struct prov_call *c, const char *prefix, char *why,
    size_t whycap)
{
	if (rc != 0) {
		set_why(why, whycap, !c->sent ? "the provider could not be reached" :
		    c->timed_out ? "no answer in time" : "the connection was lost");
		return c->sent ? MOMO_IN_DOUBT : MOMO_UNAVAILABLE;
	}
	/* a 4xx refused it; anything else may have arrived */
	if (c->status >= 400 && c->status < 500)
		why_of(c, prefix, why, whycap);
	else
		why_of(c, c->status >= 500 ? "PROVIDER_ERROR" : "UNEXPECTED_ANSWER", why, whycap);
	if (c->status >= 400 && c->status < 500 && c->status != 401 &&
	    answered_true(c) == 0 && message_says(c, "duplicate"))
		return MOMO_DUPLICATE;
	if (c->status == 401)
		return MOMO_UNAVAILABLE;
	if (c->status >= 400 && c->status < 500)
		return MOMO_REFUSED;
	return MOMO_IN_DOUBT;
}

/* The outcome of a read other than a 200. */
static enum momo_rc
read_outcome(int rc, const struct prov_call *c, int verify)
{
	if (rc != 0)
		return c->timed_out ? MOMO_TIMEOUT : MOMO_UNAVAILABLE;
	if (verify && (c->status == 404 || c->status == 400) &&
	    json_object_get(c->json, "status") == json_false() &&
	    message_says(c, "not found"))
		return MOMO_NOT_FOUND;
	return c->status == 504 ? MOMO_TIMEOUT : MOMO_UNAVAILABLE;
}

static enum momo_rc
ps_lookup(const struct prov_endpoint *ep, const char *msisdn, char *name, size_t cap)
{
	const char *bank = paystack_bank_code(ep->provider), *v;
	char local[16], path[96];
	struct prov_call call;
	const json_t *data;
	enum momo_rc rc;
	int answered;

	if (cap > 0)
		name[0] = '\0';
	if (cap == 0 || bank == NULL || paystack_local_number(msisdn, local, sizeof(local)) != 0)
		return MOMO_NOT_FOUND; /* no number has that form */
	snprintf(path, sizeof(path), "/bank/resolve?account_number=%s&bank_code=%s",
	    local, bank);
	answered = ps_call(ep, "lookup", "GET", path, NULL, &call);
	if (answered == 0 && call.status == 200 && answered_true(&call)) {
		data = json_object_get(call.json, "data");
		v = json_string_value(json_object_get(data, "account_name"));
		if (v != NULL && *v != '\0') {
			/* the provider's text goes into messages: clean it */
			strict_clip(name, cap, v, strlen(v));
			rc = MOMO_OK;
		} else {
			/* the sandbox discloses no name of an ordinary number */
			rc = json_object_get(data, "sandbox_any_name") == json_true() ?
			    MOMO_OK : MOMO_UNAVAILABLE;
		}
	} else if (answered == 0 && (call.status == 422 || call.status == 400 ||
	    call.status == 404) && json_object_get(call.json, "status") == json_false()) {
		rc = MOMO_NOT_FOUND; /* "Could not resolve account name" */
	} else {
		rc = read_outcome(answered, &call, 0);
	}
	prov_call_free(&call);
	return rc;
}

/*
 * The recipient code of local's wallet on ep's network into code: 0, or
 * the momo_rc why not (nothing was sent: a recipient moves no money).
 */
static enum momo_rc
recipient(const struct prov_endpoint *ep, const char *local, const char *currency,
    char code[PAYSTACK_CODE_MAX], char *why, size_t whycap)
{
	struct prov_call call;
	const char *rcp;
	json_t *body;
	enum momo_rc rc = MOMO_UNAVAILABLE;
	int answered;

	body = json_pack("{s:s,s:s,s:s,s:s,s:s}", "type", "mobile_money", "name", local,
	    "account_number", local, "bank_code", paystack_bank_code(ep->provider),
	    "currency", currency);
	if (body == NULL) {
		set_why(why, whycap, "the request could not be built");
		return MOMO_REFUSED;
	}
	answered = ps_call(ep, "recipient", "POST", "/transferrecipient", body, &call);
	json_decref(body);
	rcp = json_string_value(json_object_get(json_object_get(call.json, "data"),
	    "recipient_code"));
	if (answered == 0 && (call.status == 200 || call.status == 201) &&
	    answered_true(&call) && rcp != NULL && strict_copy(code, PAYSTACK_CODE_MAX, rcp) == 0 &&
	    strict_printable(code, strlen(code))) {
		rc = MOMO_OK;
	} else if (answered != 0) {
		set_why(why, whycap, "the provider could not be reached");
	} else {
		why_of(&call, "RECIPIENT_REFUSED", why, whycap);
		/* a refused account is refused; the rest moved nothing either */
		if (call.status >= 400 && call.status < 500 && call.status != 401)
			rc = MOMO_REFUSED;
	}
	prov_call_free(&call);
	return rc;
}

static enum momo_rc
ps_transfer(const struct prov_endpoint *ep, const char *provider_ref, const char *msisdn,
    const char *amount, const char *currency, const char *external_id,
    const char *note, char *why, size_t whycap)
{
	char local[16], code[PAYSTACK_CODE_MAX];
	struct prov_call call;
	long long pesewas;
	json_t *body;
	enum momo_rc rc;
	int answered;

	(void)external_id; /* the reference is ours; Paystack keeps no other */
	set_why(why, whycap, "");
	if (!momo_ref_valid(provider_ref) || paystack_bank_code(ep->provider) == NULL ||
	    paystack_local_number(msisdn, local, sizeof(local)) != 0 ||
	    paystack_pesewas(amount, &pesewas) != 0 || currency == NULL) {
		set_why(why, whycap, "the reference, number, network or amount is not "
		    "one Paystack takes");
		return MOMO_REFUSED;
	}
	if ((rc = recipient(ep, local, currency, code, why, whycap)) != MOMO_OK)
		return rc;
	body = json_pack("{s:s,s:I,s:s,s:s,s:s,s:s}", "source", "balance", "amount",
	    (json_int_t)pesewas, "recipient", code, "reason", note != NULL ? note : "",
	    "currency", currency, "reference", provider_ref);
	if (body == NULL) {
		set_why(why, whycap, "the request could not be built (text that is not UTF-8?)");
		return MOMO_REFUSED;
	}
	answered = ps_call(ep, "transfer", "POST", "/transfer", body, &call);
	json_decref(body);
	if (answered == 0 && call.status == 200 && answered_true(&call))
		rc = MOMO_OK; /* queued (an "otp" one waits: see the README) */
	else
		rc = send_outcome(answered, &call, "TRANSFER_REFUSED", why, whycap);
	prov_call_free(&call);
	return rc;
}

/* The verify of provider_ref under base into rd, counted as operation:
 * MOMO_OK, or MOMO_UNAVAILABLE for a reference that cannot be asked about. */
static enum momo_rc
verify_prepare(const struct prov_endpoint *ep, const char *operation, const char *base,
    const char *provider_ref, struct momo_read *rd)
{
	char r[3 * REF_MAX + 1];

	memset(rd, 0, sizeof(*rd));
	if (provider_ref == NULL || *provider_ref == '\0' || prov_http_escape(provider_ref, r, sizeof(r)) != 0)
		return MOMO_UNAVAILABLE; /* cannot be asked about */
	snprintf(rd->path, sizeof(rd->path), "%s/%s", base, r);
	snprintf(rd->auth, sizeof(rd->auth), "Authorization: Bearer %s", ep->secret);
	rd->headers[0] = rd->auth;
	rd->req = (struct prov_req){ ep, operation, "GET", rd->path, rd->headers, NULL };
	return MOMO_OK;
}

/* What a verify gave (answered, call), read by parse into out. */
static enum momo_rc
verify_answer(int answered, const struct prov_call *call,
    enum momo_rc (*parse)(const json_t *, struct momo_status *), struct momo_status *out)
{
	memset(out, 0, sizeof(*out));
	if (answered == 0 && call->status == 200)
		return parse(call->json, out);
	return read_outcome(answered, call, 1);
}

/* A verify of provider_ref under base (operation), read by parse into out. */
static enum momo_rc
verify(const struct prov_endpoint *ep, const char *operation, const char *base,
    const char *provider_ref, enum momo_rc (*parse)(const json_t *, struct momo_status *),
    struct momo_status *out)
{
	struct momo_read rd;
	struct prov_call call;
	enum momo_rc rc;

	memset(out, 0, sizeof(*out));
	if ((rc = verify_prepare(ep, operation, base, provider_ref, &rd)) == MOMO_OK) {
		rc = verify_answer(prov_http_call(ep, rd.req.operation, rd.req.method,
		    rd.req.path, rd.headers, NULL, &call), &call, parse, out);
		prov_call_free(&call);
	}
	OPENSSL_cleanse(&rd, sizeof(rd));
	return rc;
}

static enum momo_rc
ps_transfer_status(const struct prov_endpoint *ep, const char *provider_ref,
    struct momo_status *out)
{
	return verify(ep, "transfer_status", TRANSFER_VERIFY, provider_ref,
	    paystack_wire_transfer, out);
}

static enum momo_rc
ps_transfer_status_read(const struct prov_endpoint *ep, const char *provider_ref,
    struct momo_read *rd)
{
	return verify_prepare(ep, "transfer_status", TRANSFER_VERIFY, provider_ref, rd);
}

static enum momo_rc
ps_transfer_status_answer(const struct prov_endpoint *ep, const struct momo_read *rd,
    int rc, const struct prov_call *call, struct momo_status *out, int *again)
{
	(void)ep;
	(void)rd;
	*again = 0;
	return verify_answer(rc, call, paystack_wire_transfer, out);
}

/* Charge statuses that wait for the payer to give us something (an OTP, a
 * PIN, a voucher, a birthday, a page to open): refused here. */
static int
needs_payer_input(const char *st)
{
	return strncmp(st, "send_", 5) == 0 || strcmp(st, "open_url") == 0;
}

static enum momo_rc
ps_request_to_pay(const struct prov_endpoint *ep, const char *provider_ref, const char *msisdn,
    const char *amount, const char *currency, const char *external_id,
    const char *note, char *why, size_t whycap)
{
	const char *provider = paystack_charge_provider(ep->provider), *st;
	char local[16], email[sizeof(ep->email_domain) + 16], line[260], gw[200];
	struct prov_call call;
	long long pesewas;
	json_t *body;
	enum momo_rc rc;
	int answered;

	set_why(why, whycap, "");
	if (!momo_ref_valid(provider_ref) || provider == NULL ||
	    paystack_local_number(msisdn, local, sizeof(local)) != 0 ||
	    paystack_pesewas(amount, &pesewas) != 0 || currency == NULL) {
		set_why(why, whycap, "the reference, number, network or amount is not "
		    "one Paystack takes");
		return MOMO_REFUSED;
	}
	if (ep->email_domain[0] == '\0') {
		set_why(why, whycap, "providers.momo.<NETWORK>.charge_email_domain is not set");
		return MOMO_UNAVAILABLE;
	}
	/* Paystack needs an email per customer: the payer's number at ours */
	snprintf(email, sizeof(email), "%s@%s", msisdn, ep->email_domain);
	body = json_pack("{s:s,s:I,s:s,s:s,s:{s:s,s:s},s:{s:s,s:s}}", "email", email,
	    "amount", (json_int_t)pesewas, "currency", currency, "reference", provider_ref,
	    "mobile_money", "phone", local, "provider", provider, "metadata",
	    "external_id", external_id != NULL ? external_id : "", "note",
	    note != NULL ? note : "");
	if (body == NULL) {
		set_why(why, whycap, "the request could not be built (text that is not UTF-8?)");
		return MOMO_REFUSED;
	}
	answered = ps_call(ep, "request_to_pay", "POST", "/charge", body, &call);
	json_decref(body);
	st = json_string_value(json_object_get(json_object_get(call.json, "data"), "status"));
	if (answered != 0 || call.status != 200 || !answered_true(&call)) {
		rc = send_outcome(answered, &call, "CHARGE_REFUSED", why, whycap);
	} else if (st != NULL && needs_payer_input(st)) {
		snprintf(line, sizeof(line), "OTP_REQUIRED: the network asks the payer for "
		    "more than an approval on the phone (%s); not supported", st);
		set_why(why, whycap, line);
		rc = MOMO_REFUSED;
	} else if (st != NULL && strcmp(st, "failed") == 0) {
		gw[0] = '\0';
		if ((st = json_string_value(json_object_get(json_object_get(call.json, "data"),
		    "gateway_response"))) != NULL)
			strict_clip(gw, sizeof(gw), st, strlen(st));
		snprintf(line, sizeof(line), "CHARGE_FAILED: %s", gw[0] ? gw : "no reason given");
		set_why(why, whycap, line);
		rc = MOMO_REFUSED;
	} else {
		rc = MOMO_OK; /* pay_offline, pending, ...: the verify decides */
	}
	prov_call_free(&call);
	return rc;
}

static enum momo_rc
ps_request_to_pay_status(const struct prov_endpoint *ep, const char *provider_ref,
    struct momo_status *out)
{
	return verify(ep, "request_to_pay_status", "/transaction/verify", provider_ref,
	    paystack_wire_charge, out);
}

static enum momo_rc
ps_balance(const struct prov_endpoint *ep, const char *currency, char *amount, size_t cap)
{
	struct prov_call call;
	enum momo_rc rc;
	int answered;

	if (cap > 0)
		amount[0] = '\0';
	answered = ps_call(ep, "balance", "GET", "/balance", NULL, &call);
	if (answered == 0 && call.status == 200)
		rc = paystack_wire_balance(call.json, currency, amount, cap);
	else
		rc = read_outcome(answered, &call, 0);
	prov_call_free(&call);
	return rc;
}

const struct momo_adapter momo_paystack = {
	/* Paystack publishes no health route: its root answers (as the
	 * simulator's does) */
	.health_path = "/",
	.reverses = 1,
	.collects_into_payouts = 1,
	.lookup = ps_lookup,
	.transfer = ps_transfer,
	.transfer_status = ps_transfer_status,
	.transfer_status_read = ps_transfer_status_read,
	.transfer_status_answer = ps_transfer_status_answer,
	.request_to_pay = ps_request_to_pay,
	.request_to_pay_status = ps_request_to_pay_status,
	.balance = ps_balance,
};
