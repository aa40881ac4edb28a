/*
 * The mobile money simulator (see sim_momo.h). State: sim_momo_tokens and
 * sim_momo_transfers (schema/007_sim_momo.sql); knobs in sim_settings:
 * momo.settle_seconds (default 5: how long an accepted transfer stays
 * PENDING), momo.slow_ms (default 0: every lookup answers that late),
 * momo.status_slow_ms (default 0: every status query answers that late,
 * with the state it found on arrival),
 * momo.name.<MSISDN> (the name an ordinary number is registered under).
 *
 * Every API call needs the network's subscription key (when configured),
 * a bearer token this simulator issued for that network and product, and
 * the network's X-Target-Environment. A token needs HTTP Basic with the
 * network's api_user:api_key when those are configured.
 *
 * The magic suffixes (the MSISDN's last three digits):
 *   lookup   100 404 no such account; 101 "Ama Serwaa Boateng"; 102 504
 *            at once; 103 503 (also every transfer, request to pay and
 *            status of that number); others: the name in momo.name.<MSISDN>,
 *            else no name and "sandbox_any_name": true
 *   transfer 200 400 PAYEE_NOT_ALLOWED_TO_RECEIVE (not accepted); 201
 *            accepted, then FAILED INTERNAL_PROCESSING_ERROR; 202 recorded
 *            as accepted, answered 504, then SUCCESSFUL; 203 the same,
 *            then FAILED; 204 PENDING forever; 205 first send 504 and not
 *            recorded (status 404), the second accepted and SUCCESSFUL;
 *            others accepted, SUCCESSFUL
 *            210-218 accepted, then FAILED with one of MTN's reasons each
 *            (transfer_fails)
 *   request to pay 300 FAILED APPROVAL_REJECTED; 310-318 FAILED with one
 *            of MTN's reasons each (rtp_fails); 301 PENDING forever; 302
 *            SUCCESSFUL once (the payer approved), then FAILED
 *            SETTLEMENT_FAILED on every later status query; others
 *            SUCCESSFUL
 * A reference reused with another body, sent again after it was
 * accepted, or sent a third time is 409.
 */
#include "sandbox/sim_momo.h"

#include <errno.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "core/id.h"
#include "core/money.h"
#include "core/phone.h"
#include "core/strict.h"
#include "http/app.h"
#include "providers/momo_reason.h"
#include "providers/momo_wire.h"
#include "providers/registry.h"
#include "sandbox/settings.h"
#include "sandbox/sim_sends.h"
#include "store/db_sig.h"

#define TOKEN_CHARS 48     /* sim_momo_tokens.token */
#define TOKEN_TTL 3600     /* expires_in, as MTN's */
#define TEXT_MAX 160       /* payerMessage, payeeNote */
#define AMOUNT_DIGITS 12   /* integer digits of an amount at most */

/* ---- answers in the API's own form ---- */

/* Answers status with body (stolen; NULL: an empty body) as it is. */
static enum err
answer(struct resp *resp, int status, json_t *body)
{
	return body != NULL ? resp_raw_json(resp, status, body) : resp_raw(resp, status, "");
}

/* Answers status with the API's error body {"code","message"}. */
static enum err
answer_error(struct resp *resp, int status, const char *code, const char *message)
{
	return answer(resp, status, json_pack("{s:s,s:s}", "code", code,
	    "message", message));
}

static enum err
not_found(struct resp *resp)
{
	return answer_error(resp, 404, "RESOURCE_NOT_FOUND",
	    "Requested resource was not found.");
}

static enum err
unreachable(struct resp *resp)
{
	return answer_error(resp, 503, "SERVICE_UNAVAILABLE",
	    "The service is currently unavailable.");
}

static enum err
gateway_timeout(struct resp *resp)
{
	return answer_error(resp, 504, "GATEWAY_TIMEOUT",
	    "The request timed out.");
}

/* ---- who may call ---- */

/* The index of the path's network (registry order), or -1. */
static int
network_of(struct req *r)
{
	const char *net = req_param(r, "network");
	int i;

	for (i = 0; i < PROV_NETWORKS; i++)
		if (net != NULL && strcmp(net, prov_network_ids[i]) == 0)
			return i;
	return -1;
}

/* 1 when a equals b (a may be NULL), in time independent of where they
 * differ. */
static int
same_secret(const char *a, const char *b)
{
	size_t n = strlen(b);

	return a != NULL && strlen(a) == n && CRYPTO_memcmp(a, b, n) == 0;
}

/* 1 when the request carries the network's subscription key (any, when
 * none is configured). */
static int
subscription_ok(struct req *r, const struct cfg_momo *m)
{
	return m->subscription_key[0] == '\0' ||
	    same_secret(req_header(r, "Ocp-Apim-Subscription-Key"), m->subscription_key);
}

/* 1 when the request's HTTP Basic credentials are the network's
 * api_user:api_key (anything, when neither is configured). */
static int
basic_ok(struct req *r, const struct cfg_momo *m)
{
	char want[sizeof(m->api_user) + sizeof(m->api_key) + 1];
	unsigned char got[512];
	const char *h = r->authorization;
	size_t n;
	int len, ok;

	if (m->api_user[0] == '\0' && m->api_key[0] == '\0')
		return 1;
	if (h == NULL || strncmp(h, "Basic ", 6) != 0)
		return 0;
	h += 6;
	n = strlen(h);
	if (n == 0 || n % 4 != 0 || n / 4 * 3 >= sizeof(got))
		return 0;
	len = EVP_DecodeBlock(got, (const unsigned char *)h, (int)n);
	if (len < 0)
		return 0;
	/* EVP_DecodeBlock counts the padding as zero bytes */
	len -= (h[n - 1] == '=') + (h[n - 2] == '=');
	snprintf(want, sizeof(want), "%s:%s", m->api_user, m->api_key);
	ok = (size_t)len == strlen(want) && CRYPTO_memcmp(got, want, (size_t)len) == 0;
	OPENSSL_cleanse(want, sizeof(want));
	OPENSSL_cleanse(got, sizeof(got));
	return ok;
}

/*
 * The checks every API call but the token passes first: the sandbox, a
 * known network (404 in the service's envelope, so that no adapter takes
 * it for the API's own "not found"), the subscription key (401), a bearer
 * token issued here for the network and product (401), and the network's
 * target environment (403). Returns the network's index, or -1 with the
 * answer made and its result in *e.
 */
static int
gate(struct req *r, struct resp *resp, const char *product, enum err *e)
{
	const char *auth = r->authorization, *env, *valid;
	struct db_rows rows;
	const struct cfg_momo *m;
	int i = network_of(r), ok;

	if (!r->ctx->cfg.sandbox || i < 0) {
		*e = ERR_NOT_FOUND;
		return -1;
	}
	m = &r->ctx->cfg.momo_net[i];
	if (!subscription_ok(r, m)) {
		*e = answer_error(resp, 401, "UNAUTHORIZED",
		    "Access denied due to invalid subscription key.");
		return -1;
	}
	if (auth == NULL || strncmp(auth, "Bearer ", 7) != 0 ||
	    strlen(auth + 7) != TOKEN_CHARS) {
		*e = answer_error(resp, 401, "UNAUTHORIZED", "Invalid access token.");
		return -1;
	}
	if (DB_EXEC(r->ctx->db, DB_SIM_MOMO_TOKEN_VALID, sim_token, &rows, NULL,
	    .token = auth + 7, .network = prov_network_ids[i], .product = product) != DB_OK) {
		*e = ERR_SERVICE_UNAVAILABLE;
		return -1;
	}
	valid = db_cell(&rows, 0, DB_COL(count, total));
	ok = valid != NULL && strcmp(valid, "1") == 0;
	db_rows_free(&rows);
	if (!ok) {
		*e = answer_error(resp, 401, "UNAUTHORIZED", "Invalid access token.");
		return -1;
	}
	env = req_header(r, "X-Target-Environment");
	if (env == NULL || strcmp(env, m->target_environment) != 0) {
		*e = answer_error(resp, 403, "NOT_ALLOWED_TARGET_ENVIRONMENT",
		    "Access to target environment is forbidden.");
		return -1;
	}
	return i;
}

/* POST {network}/{product}/token/: a new access token. */
static enum err
issue_token(struct req *r, struct resp *resp, const char *product)
{
	char tok[TOKEN_CHARS + 1];
	const struct cfg_momo *m;
	int i = network_of(r);

	if (!r->ctx->cfg.sandbox || i < 0)
		return ERR_NOT_FOUND;
	m = &r->ctx->cfg.momo_net[i];
	if (!subscription_ok(r, m))
		return answer_error(resp, 401, "UNAUTHORIZED",
		    "Access denied due to invalid subscription key.");
	if (!basic_ok(r, m))
		return answer(resp, 401, json_pack("{s:s}", "error", "login_failed"));
	if (id_random(tok, sizeof(tok), "", TOKEN_CHARS) != 0)
		return ERR_INTERNAL;
	(void)DB_EXEC(r->ctx->db, DB_SIM_MOMO_TOKEN_EXPIRE, no_args, NULL, NULL);
	if (DB_EXEC(r->ctx->db, DB_SIM_MOMO_TOKEN_INSERT, sim_token_insert, NULL, NULL,
	    .token = tok, .network = prov_network_ids[i], .product = product,
	    .ttl = TOKEN_TTL) != DB_OK)
		return ERR_SERVICE_UNAVAILABLE;
	return answer(resp, 200, json_pack("{s:s,s:s,s:i}", "access_token", tok,
	    "token_type", "access_token", "expires_in", TOKEN_TTL));
}

enum err
sim_momo_disbursement_token(struct req *r, struct resp *resp)
{
	return issue_token(r, resp, "disbursement");
}

enum err
sim_momo_collection_token(struct req *r, struct resp *resp)
{
	return issue_token(r, resp, "collection");
}

/* ---- lookups ---- */

/* The body of an ordinary number: the name set for it, else none. */
static json_t *
ordinary_holder(struct db *db, const char *msisdn)
{
	char setting[SANDBOX_SETTING_NAME_MAX + 1], name[SANDBOX_SETTING_VALUE_MAX + 1];
	size_t given;

	snprintf(setting, sizeof(setting), "momo.name.%s", msisdn);
	if (sandbox_setting_get(db, setting, name, sizeof(name)) != 0 || name[0] == '\0')
		return json_pack("{s:n,s:n,s:n,s:b}", "name", "given_name",
		    "family_name", "sandbox_any_name", 1);
	/* the first word is the given name, the rest the family name */
	given = strcspn(name, " ");
	return json_pack("{s:s,s:s#,s:s?}", "name", name, "given_name", name, (int)given,
	    "family_name", name[given] != '\0' ? name + given + 1 : NULL);
}

enum err
sim_momo_lookup(struct req *r, struct resp *resp)
{
	const char *msisdn = req_param(r, "msisdn");
	json_t *body;
	enum err e;

	if (gate(r, resp, "disbursement", &e) < 0)
		return e;
	/* a slow provider, for the caller's own timeout */
	sim_slow(r->ctx->db, "momo.slow_ms", NULL);
	switch (sim_suffix(msisdn)) {
	case -1:
	case 100:
		return answer_error(resp, 404, "RESOURCE_NOT_FOUND",
		    "The account holder was not found.");
	case 101:
		return answer(resp, 200, json_pack("{s:s,s:s,s:s}", "name",
		    "Ama Serwaa Boateng", "given_name", "Ama Serwaa", "family_name",
		    "Boateng"));
	case 102:
		return gateway_timeout(resp);
	case 103:
		return unreachable(resp);
	default:
		body = ordinary_holder(r->ctx->db, msisdn);
		return body != NULL ? answer(resp, 200, body) : ERR_INTERNAL;
	}
}

/*
 * GET .../{product}/v1_0/accountholder/{idtype}/{msisdn}/active: whether
 * the number holds an account that can transact, {"result": true|false},
 * as MTN answers it. The lookup's suffixes: 100 (and a number that is none)
 * false, 102 a gateway timeout, 103 unreachable; every other true. The
 * id type is "msisdn" in any case (MTN asks for small letters, but the npm
 * mtn-momo client sends "MSISDN" for collections); email and party_code
 * are not simulated (400).
 */
static enum err
active_of(struct req *r, struct resp *resp, const char *product)
{
	enum err e;
	int sfx;

	if (gate(r, resp, product, &e) < 0)
		return e;
	if (strcasecmp(req_param(r, "idtype"), "msisdn") != 0)
		return answer_error(resp, 400, "VALIDATION_ERROR",
		    "accountHolderIdType: only msisdn is simulated");
	sfx = sim_suffix(req_param(r, "msisdn"));
	if (sfx == 102)
		return gateway_timeout(resp);
	if (sfx == 103)
		return unreachable(resp);
	return answer(resp, 200, json_pack("{s:b}", "result", sfx != -1 && sfx != 100));
}

enum err
sim_momo_disbursement_active(struct req *r, struct resp *resp)
{
	return active_of(r, resp, "disbursement");
}

enum err
sim_momo_collection_active(struct req *r, struct resp *resp)
{
	return active_of(r, resp, "collection");
}

/*
 * GET .../{product}/v1_0/account/balance: the product's account as MTN
 * answers it, {"availableBalance": "...", "currency": "GHS"}: the opening
 * balance (SIM_MOMO_OPENING_BALANCE) less every successful transfer
 * (disbursement) or plus every successful request to pay (collection) of
 * the network, so it moves with each (sim_balance).
 */
static enum err
balance_of(struct req *r, struct resp *resp, const char *product)
{
	char amount[32];
	enum err e;
	int i;

	if ((i = gate(r, resp, product, &e)) < 0)
		return e;
	if (sim_balance(r->ctx->db, prov_network_ids[i], strcmp(product, "collection") == 0 ?
	    SIM_COLLECTION : SIM_DISBURSEMENT, amount, sizeof(amount)) != 0)
		return ERR_SERVICE_UNAVAILABLE;
	return answer(resp, 200, json_pack("{s:s,s:s}", "availableBalance", amount,
	    "currency", "GHS"));
}

enum err
sim_momo_disbursement_balance(struct req *r, struct resp *resp)
{
	return balance_of(r, resp, "disbursement");
}

enum err
sim_momo_collection_balance(struct req *r, struct resp *resp)
{
	return balance_of(r, resp, "collection");
}

/* ---- transfers and requests to pay ---- */

/* A failure code's message in status bodies: the table's text. */
static const char *
reason_message(const char *code)
{
	const char *t = momo_reason_text(code);

	return t != NULL ? t : code;
}

/*
 * 1 when url may take a callback: an http(s) URL of at most 384 printable
 * bytes, under providers.momo.callback_base when one is set (MTN checks
 * the host against the API user's providerCallbackHost).
 */
static int
callback_url_ok(const struct cfg *c, const char *url)
{
	size_t n = strlen(url), base = strlen(c->momo_callback_base);

	if (n == 0 || n > 384 || !strict_printable(url, n) ||
	    (strncmp(url, "http://", 7) != 0 && strncmp(url, "https://", 8) != 0))
		return 0;
	return base == 0 || (strncmp(url, c->momo_callback_base, base) == 0 &&
	    (url[base] == '/' || url[base] == '\0'));
}

/* 1 when s is at most max bytes of printable ASCII. */
static int
plain_text(const char *s, size_t max)
{
	return strict_text(s, 0, max);
}

/*
 * A send of kind ("transfer" with a payee, "rtp" with a payer): checks
 * the caller and the body, then records and answers it as its plan says.
 */
static enum err
send_money(struct req *r, struct resp *resp, const char *product,
    const char *kind, const char *party)
{
	const char *pm = NULL, *pn = NULL, *type = NULL;
	char amount[MONEY_MAX_TEXT];
	struct sim_send s;
	json_error_t je;
	enum err e;
	mpz_t v;
	int i, bad, rc;

	if ((i = gate(r, resp, product, &e)) < 0)
		return e;
	memset(&s, 0, sizeof(s));
	s.network = prov_network_ids[i];
	s.kind = kind;
	s.provider_ref = req_header(r, "X-Reference-Id");
	if (!momo_ref_valid(s.provider_ref))
		return answer_error(resp, 400, "INVALID_REFERENCE_ID",
		    "X-Reference-Id must be a UUID.");
	s.callback_url = req_header(r, "X-Callback-Url");
	if (s.callback_url != NULL && !callback_url_ok(&r->ctx->cfg, s.callback_url))
		return answer_error(resp, 400, "INVALID_CALLBACK_URL_HOST",
		    "The callback URL's host is not the registered providerCallbackHost.");
	if (json_unpack_ex(r->body, &je, JSON_STRICT, "{s:s,s:s,s:s,s:{s:s,s:s},s?s,s?s}",
	    "amount", &s.amount, "currency", &s.currency, "externalId", &s.external_id,
	    party, "partyIdType", &type, "partyId", &s.msisdn, "payerMessage", &pm,
	    "payeeNote", &pn) != 0) {
		char clip[120];

		return answer_error(resp, 400, "VALIDATION_ERROR",
		    strict_clip(clip, sizeof(clip), je.text, strlen(je.text)));
	}
	if (strcmp(type, "MSISDN") != 0 || (s.suffix = sim_suffix(s.msisdn)) < 0)
		return answer_error(resp, 400, strcmp(kind, "rtp") == 0 ?
		    "PAYER_NOT_FOUND" : "PAYEE_NOT_FOUND",
		    "The party must be a Ghana mobile MSISDN (233 and 9 digits).");
	if (strcmp(s.currency, "GHS") != 0)
		return answer_error(resp, 400, "INVALID_CURRENCY",
		    "The currency must be GHS.");
	mpz_init(v);
	bad = money_parse(s.amount, 2, v) != MONEY_OK || mpz_sgn(v) <= 0 ||
	    money_format(v, 2, amount, sizeof(amount)) != 0 ||
	    strcspn(amount, ".") > AMOUNT_DIGITS;
	mpz_clear(v);
	if (bad)
		return answer_error(resp, 400, "VALIDATION_ERROR",
		    "amount: a positive decimal with at most 2 places");
	s.amount = amount;
	if (!plain_text(s.external_id, 64) || (pm != NULL && strlen(pm) > TEXT_MAX) ||
	    (pn != NULL && strlen(pn) > TEXT_MAX))
		return answer_error(resp, 400, "VALIDATION_ERROR",
		    "externalId: at most 64 printable characters; payerMessage, "
		    "payeeNote: at most 160 bytes");
	s.api = "mtn";
	if (sim_send_prepare(r->ctx->db, &s, r->body) != 0)
		return ERR_INTERNAL;
	rc = sim_send_record(r->ctx->db, &s);
	if (rc != DB_OK)
		return ERR_SERVICE_UNAVAILABLE;
	if (s.answer.status == 202)
		return answer(resp, 202, NULL);
	return answer_error(resp, s.answer.status, s.answer.code, s.answer.message);
}

enum err
sim_momo_transfer(struct req *r, struct resp *resp)
{
	return send_money(r, resp, "disbursement", "transfer", "payee");
}

enum err
sim_momo_request_to_pay(struct req *r, struct resp *resp)
{
	return send_money(r, resp, "collection", "rtp", "payer");
}

json_t *
sim_momo_status_body(const char *kind, const char *state, const char *reason,
    const char *financial_id, const char *msisdn, const char *amount,
    const char *currency, const char *external_id)
{
	int rtp = strcmp(kind, "rtp") == 0;
	char upper[16], paid[32], party[32];
	json_t *o;
	size_t k;

	for (k = 0; state[k] != '\0' && k + 1 < sizeof(upper); k++)
		upper[k] = (char)(state[k] >= 'a' && state[k] <= 'z' ? state[k] - 32 : state[k]);
	upper[k] = '\0';
	/* a success says what was paid: the magic ones say it wrong */
	sim_paid_as(kind, msisdn, amount, paid, party, sizeof(paid));
	if (strcmp(state, "successful") != 0) {
		snprintf(paid, sizeof(paid), "%s", amount);
		snprintf(party, sizeof(party), "%s", msisdn);
	}
	o = json_pack("{s:s,s:s,s:s,s:{s:s,s:s},s:s}", "amount", paid, "currency",
	    currency, "externalId", external_id, rtp ? "payer" : "payee", "partyIdType",
	    "MSISDN", "partyId", party, "status", upper);
	if (o != NULL && strcmp(state, "successful") == 0)
		json_object_set_new(o, "financialTransactionId", json_string(financial_id));
	/* the reason as the API gives it: an object for a transfer, the code
	 * alone for a request to pay */
	if (o != NULL && strcmp(state, "failed") == 0 && reason != NULL)
		json_object_set_new(o, "reason", rtp ? json_string(reason) :
		    json_pack("{s:s,s:s}", "code", reason, "message", reason_message(reason)));
	return o;
}

/*
 * The status of the path's reference of kind (sim_send_read): never seen,
 * or never accepted, is 404; a number that is unreachable (103) 503.
 */
static enum err
status_of(struct req *r, struct resp *resp, const char *product,
    const char *kind)
{
	struct sim_sent t;
	char what[120];
	json_t *o;
	enum err e;
	int i;

	if ((i = gate(r, resp, product, &e)) < 0)
		return e;
	switch (sim_send_read(r->ctx->db, req_param(r, "ref"), prov_network_ids[i],
	    kind, &t)) {
	case SIM_READ_OK:
		break;
	case SIM_READ_NONE:
		return not_found(resp);
	case SIM_READ_UNREACHABLE:
		return unreachable(resp);
	default:
		return ERR_SERVICE_UNAVAILABLE;
	}
	/* read before the wait: the answer is the state the query found */
	snprintf(what, sizeof(what), "the %s status of %s", kind, req_param(r, "ref"));
	sim_slow(r->ctx->db, "momo.status_slow_ms", what);
	o = sim_momo_status_body(kind, t.state, t.reason[0] ? t.reason : NULL,
	    t.financial_id, t.msisdn, t.amount, t.currency, t.external_id);
	return o != NULL ? answer(resp, 200, o) : ERR_INTERNAL;
}

enum err
sim_momo_transfer_status(struct req *r, struct resp *resp)
{
	return status_of(r, resp, "disbursement", "transfer");
}

enum err
sim_momo_request_to_pay_status(struct req *r, struct resp *resp)
{
	return status_of(r, resp, "collection", "rtp");
}
