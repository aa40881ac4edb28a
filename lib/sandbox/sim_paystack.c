/*
 * The Paystack simulator (see sim_paystack.h). Every call needs the
 * network's secret key as a bearer token (401 otherwise); a network not on
 * the paystack adapter is 404 in the service's envelope. The magic
 * suffixes are the shared ledger's (sim_sends.c), in Paystack's terms:
 *   resolve  100 422 not resolved; 101 "Ama Serwaa Boateng"; 102 504;
 *            103 503; others: momo.name.<MSISDN>, else no name and
 *            "sandbox_any_name": true
 *   transfer as sim_sends.c (a refused one 400, a duplicate reference 400
 *            "Duplicate Transfer Reference"); its failure text in
 *            "failures" as "CODE: text"
 *   charge   as a request to pay there; 303 answers "send_otp" (the
 *            network wants an OTP or voucher: the adapter refuses it) and
 *            stays pending
 * A settled send is announced once by a signed webhook (transfer.success,
 * transfer.failed, charge.success) to providers.momo.callback_base +
 * /v1/providers/paystack/webhook (cron/sandbox_providers).
 */
#include "sandbox/sim_paystack.h"

#include <errno.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/id.h"
#include "core/money.h"
#include "core/strict.h"
#include "http/app.h"
#include "providers/momo_reason.h"
#include "providers/momo_wire.h"
#include "providers/paystack_wire.h"
#include "providers/registry.h"
#include "sandbox/settings.h"
#include "sandbox/sim_momo.h"
#include "sandbox/sim_sends.h"
#include "store/db_sig.h"

#define OTP_SUFFIX 303 /* a charge the network wants an OTP for */

/* ---- answers in Paystack's form ---- */

static enum err
answer(struct resp *resp, int status, json_t *body)
{
	return resp_raw_json(resp, status, body);
}

static enum err
ok(struct resp *resp, int status, const char *message, json_t *data)
{
	if (data == NULL)
		return ERR_INTERNAL;
	return answer(resp, status, json_pack("{s:b,s:s,s:o}", "status", 1, "message",
	    message, "data", data));
}

static enum err
refuse(struct resp *resp, int status, const char *message)
{
	return answer(resp, status, json_pack("{s:b,s:s}", "status", 0, "message", message));
}

/* ---- who may call ---- */

/*
 * The path's network when it is on the paystack adapter and the request
 * carries its secret key; else -1 with the answer made in *e.
 */
static int
account_of(struct req *r, struct resp *resp, enum err *e)
{
	const char *net = req_param(r, "network"), *auth = r->authorization, *key;
	int i;

	for (i = 0; i < PROV_NETWORKS; i++)
		if (net != NULL && strcmp(net, prov_network_ids[i]) == 0)
			break;
	if (!r->ctx->cfg.sandbox || i == PROV_NETWORKS ||
	    strcmp(r->ctx->cfg.momo_net[i].adapter, "paystack") != 0) {
		*e = ERR_NOT_FOUND;
		return -1;
	}
	key = r->ctx->cfg.momo_net[i].secret_key;
	if (auth == NULL || strncmp(auth, "Bearer ", 7) != 0 ||
	    strlen(auth + 7) != strlen(key) ||
	    CRYPTO_memcmp(auth + 7, key, strlen(key)) != 0) {
		*e = refuse(resp, 401, "Invalid key");
		return -1;
	}
	return i;
}

/* ---- names ---- */

enum err
sim_paystack_resolve(struct req *r, struct resp *resp)
{
	const char *acct = req_query(r, "account_number"), *bank = req_query(r, "bank_code");
	char msisdn[16], setting[SANDBOX_SETTING_NAME_MAX + 1],
	    name[SANDBOX_SETTING_VALUE_MAX + 1];
	json_t *data;
	enum err e;

	if (account_of(r, resp, &e) < 0)
		return e;
	if (acct == NULL || bank == NULL || paystack_network_of(bank) == NULL)
		return refuse(resp, 400, "account_number and a mobile money bank_code are "
		    "required");
	sim_slow(r->ctx->db, "momo.slow_ms", NULL);
	if (paystack_msisdn(acct, msisdn, sizeof(msisdn)) != 0)
		msisdn[0] = '\0';
	switch (sim_suffix(msisdn)) {
	case -1:
	case 100:
		return refuse(resp, 422, "Could not resolve account name. Check parameters "
		    "or try again.");
	case 101:
		return ok(resp, 200, "Account number resolved", json_pack("{s:s,s:s}",
		    "account_number", acct, "account_name", "Ama Serwaa Boateng"));
	case 102:
		return refuse(resp, 504, "Gateway timeout");
	case 103:
		return refuse(resp, 503, "Service unavailable");
	}
	snprintf(setting, sizeof(setting), "momo.name.%s", msisdn);
	if (sandbox_setting_get(r->ctx->db, setting, name, sizeof(name)) == 0 && name[0])
		data = json_pack("{s:s,s:s}", "account_number", acct, "account_name", name);
	else
		data = json_pack("{s:s,s:n,s:b}", "account_number", acct, "account_name",
		    "sandbox_any_name", 1);
	return ok(resp, 200, "Account number resolved", data);
}

/* ---- transfer recipients ---- */

/* A recipient's code of network and local number into code: 0, or -1. */
static int
recipient_code(struct db *db, const char *network, const char *local, const char *name,
    char code[PAYSTACK_CODE_MAX])
{
	struct db_rows rows;
	int rc = -1;

	if (id_random(code, PAYSTACK_CODE_MAX, "RCP_", 16) != 0)
		return -1;
	/* a known wallet keeps its first code */
	if (DB_EXEC(db, DB_SIM_PS_RECIPIENT_ADD, sim_recipient_add, NULL, NULL,
	    .recipient_code = code, .network = network, .account_number = local,
	    .name = name) != DB_OK)
		return -1;
	if (DB_EXEC(db, DB_SIM_PS_RECIPIENT_OF, sim_recipient_of, &rows, NULL,
	    .network = network, .account_number = local) != DB_OK)
		return -1;
	if (rows.nrows == 1 && strict_copy(code, PAYSTACK_CODE_MAX,
	    db_cell(&rows, 0, DB_COL(sim_recipient_code, recipient_code))) == 0)
		rc = 0;
	db_rows_free(&rows);
	return rc;
}

enum err
sim_paystack_recipient(struct req *r, struct resp *resp)
{
	const char *type = NULL, *name = NULL, *acct = NULL, *bank = NULL, *cur = "GHS", *net;
	char msisdn[16], code[PAYSTACK_CODE_MAX];
	enum err e;

	if (account_of(r, resp, &e) < 0)
		return e;
	if (json_unpack(r->body, "{s:s,s:s,s:s,s:s,s?s}", "type", &type, "name", &name,
	    "account_number", &acct, "bank_code", &bank, "currency", &cur) != 0 ||
	    strcmp(type, "mobile_money") != 0 || (net = paystack_network_of(bank)) == NULL ||
	    strcmp(cur, "GHS") != 0 || !strict_text(name, 1, 100))
		return refuse(resp, 400, "type mobile_money, name, account_number, a mobile "
		    "money bank_code and currency GHS are required");
	if (paystack_msisdn(acct, msisdn, sizeof(msisdn)) != 0)
		return refuse(resp, 400, "account_number: a Ghana mobile number, 0 and 9 digits");
	if (recipient_code(r->ctx->db, net, acct, name, code) != 0)
		return ERR_SERVICE_UNAVAILABLE;
	return ok(resp, 201, "Transfer recipient created successfully", json_pack(
	    "{s:b,s:s,s:s,s:s,s:s,s:{s:s,s:n,s:s,s:s}}", "active", 1, "currency", "GHS",
	    "name", name, "recipient_code", code, "type", "mobile_money", "details",
	    "account_number", acct, "account_name", "bank_code", bank, "bank_name", net));
}

/* ---- transfers and charges ---- */

/* The state of a send in Paystack's words. */
static const char *
word_of(const char *kind, const char *state)
{
	if (strcmp(state, "successful") == 0)
		return "success";
	if (strcmp(state, "failed") == 0 || strcmp(state, "reversed") == 0)
		return state;
	return strcmp(kind, "rtp") == 0 ? "ongoing" : "pending";
}

/* "CODE: text" of a failure code. */
static void
failure_line(const char *reason, char *out, size_t cap)
{
	const char *t = momo_reason_text(reason);

	snprintf(out, cap, "%s: %s", reason, t != NULL ? t : reason);
}

/* pesewas of an amount with 2 places (any sign: a balance) into *out. */
static int
pesewas_of(const char *amount, long long *out)
{
	mpz_t v;
	int rc = -1;

	mpz_init(v);
	if (money_parse(amount, 2, v) == MONEY_OK && mpz_fits_slong_p(v)) {
		*out = (long long)mpz_get_si(v);
		rc = 0;
	}
	mpz_clear(v);
	return rc;
}

json_t *
sim_paystack_data(const char *kind, const char *reference, const char *state,
    const char *reason, const char *financial_id, const char *msisdn,
    const char *amount, const char *currency, const char *network)
{
	const char *word = word_of(kind, state);
	char local[16] = "", code[32], why[200] = "", paid[32], party[32];
	unsigned long long id = 0;
	long long pesewas = 0;

	/* a success says what was paid: the magic ones say it wrong */
	if (strcmp(state, "successful") == 0)
		sim_paid_as(strcmp(kind, "transfer") == 0 ? "transfer" : "rtp", msisdn, amount,
		    paid, party, sizeof(paid));
	else {
		snprintf(paid, sizeof(paid), "%s", amount);
		snprintf(party, sizeof(party), "%s", msisdn);
	}
	(void)paystack_local_number(party, local, sizeof(local));
	(void)pesewas_of(paid, &pesewas);
	if (strcmp(state, "failed") == 0 && reason != NULL && reason[0] != '\0')
		failure_line(reason, why, sizeof(why));
	else if (strcmp(state, "reversed") == 0)
		snprintf(why, sizeof(why), "The recipient's network returned the funds");
	if (strcmp(kind, "transfer") == 0) {
		snprintf(code, sizeof(code), "TRF_%s", financial_id);
		return json_pack("{s:s,s:I,s:s,s:s,s:s,s:s?,s:{s:s,s:{s:s,s:s?}}}",
		    "reference", reference, "amount", (json_int_t)pesewas, "currency", currency,
		    "status", word, "transfer_code", code, "failures", why[0] ? why : NULL,
		    "recipient", "type", "mobile_money", "details", "account_number", local,
		    "bank_code", paystack_bank_code(network));
	}
	/* a charge's id: its financial id's ten digits */
	(void)strict_uint(financial_id, strlen(financial_id), 9999999999ULL, &id);
	return json_pack("{s:I,s:s,s:I,s:s,s:s,s:s,s:s,s:{s:s,s:s?}}", "id",
	    (json_int_t)id, "reference", reference, "amount",
	    (json_int_t)pesewas, "currency", currency, "status", word, "channel",
	    "mobile_money", "gateway_response", why[0] ? why : strcmp(word, "success") == 0 ?
	    "Approved" : "Awaiting approval on the phone", "authorization", "mobile_money_number",
	    local, "bank", paystack_charge_provider(network));
}

/* The URL a settled send's webhook goes to (NULL: none configured). */
static const char *
webhook_url(const struct cfg *c, char *out, size_t cap)
{
	if (c->momo_callback_base[0] == '\0' ||
	    (size_t)snprintf(out, cap, "%s" PAYSTACK_WEBHOOK_PATH, c->momo_callback_base) >= cap)
		return NULL;
	return out;
}

/*
 * Records s (filled in but for the ledger's part) and answers as its plan
 * says in Paystack's words; queued is the message of an accepted one and
 * data its data.
 */
static enum err
record(struct req *r, struct resp *resp, struct sim_send *s, const char *queued,
    json_t *data, const char *duplicate)
{
	char why[200];

	if (sim_send_prepare(r->ctx->db, s, r->body) != 0 ||
	    sim_send_record(r->ctx->db, s) != DB_OK) {
		json_decref(data);
		return ERR_SERVICE_UNAVAILABLE;
	}
	switch (s->answer.status) {
	case 202:
		return ok(resp, 200, queued, data);
	case 409:
		json_decref(data);
		return refuse(resp, 400, duplicate);
	case 503:
		json_decref(data);
		return refuse(resp, 503, "Service unavailable");
	case 504:
		json_decref(data);
		return refuse(resp, 504, "Gateway timeout");
	default:
		json_decref(data);
		failure_line(s->answer.code, why, sizeof(why));
		return refuse(resp, s->answer.status, why);
	}
}

enum err
sim_paystack_transfer(struct req *r, struct resp *resp)
{
	const char *source = NULL, *rcp = NULL, *cur = "GHS", *reason = "";
	char amount[32], msisdn[16], url[400];
	json_int_t pesewas = 0;
	struct db_rows rows;
	struct sim_send s;
	enum err e;
	int i;

	if ((i = account_of(r, resp, &e)) < 0)
		return e;
	memset(&s, 0, sizeof(s));
	if (json_unpack(r->body, "{s:s,s:I,s:s,s?s,s?s,s:s}", "source", &source, "amount",
	    &pesewas, "recipient", &rcp, "currency", &cur, "reason", &reason,
	    "reference", &s.provider_ref) != 0 || strcmp(source, "balance") != 0 || pesewas <= 0)
		return refuse(resp, 400, "source balance, a positive amount in pesewas, a "
		    "recipient and a reference are required");
	if (!momo_ref_valid(s.provider_ref))
		return refuse(resp, 400, "reference: the simulator keeps UUID references");
	if (strcmp(cur, "GHS") != 0)
		return refuse(resp, 400, "Currency not supported: GHS only");
	if (paystack_cedis(pesewas, amount, sizeof(amount)) != 0 || strlen(amount) > 15 ||
	    strlen(reason) > 160)
		return refuse(resp, 400, "amount or reason too large");
	if (DB_EXEC(r->ctx->db, DB_SIM_PS_RECIPIENT_GET, sim_recipient_get, &rows, NULL,
	    .recipient_code = rcp) != DB_OK)
		return ERR_SERVICE_UNAVAILABLE;
	if (rows.nrows != 1 || paystack_msisdn(db_cell(&rows, 0,
	    DB_COL(sim_account, account_number)), msisdn, sizeof(msisdn)) != 0) {
		db_rows_free(&rows);
		return refuse(resp, 404, "Transfer recipient not found");
	}
	db_rows_free(&rows);
	s.network = prov_network_ids[i];
	s.kind = "transfer";
	s.api = "paystack";
	s.msisdn = msisdn;
	s.amount = amount;
	s.currency = "GHS";
	s.external_id = "";
	s.suffix = sim_suffix(msisdn);
	s.callback_url = webhook_url(&r->ctx->cfg, url, sizeof(url));
	return record(r, resp, &s, "Transfer has been queued", json_pack(
	    "{s:s,s:I,s:s,s:s,s:s,s:s}", "reference", s.provider_ref, "amount", pesewas, "currency",
	    "GHS", "status", "pending", "recipient", rcp, "source", "balance"),
	    "Duplicate Transfer Reference");
}

enum err
sim_paystack_charge(struct req *r, struct resp *resp)
{
	const char *email = NULL, *cur = "GHS", *phone = NULL, *provider = NULL, *ext = "";
	char amount[32], msisdn[16], url[400];
	json_int_t pesewas = 0;
	json_t *meta = NULL;
	struct sim_send s;
	enum err e;
	int i, otp;

	if ((i = account_of(r, resp, &e)) < 0)
		return e;
	memset(&s, 0, sizeof(s));
	if (json_unpack(r->body, "{s:s,s:I,s?s,s:s,s:{s:s,s:s},s?o}", "email", &email,
	    "amount", &pesewas, "currency", &cur, "reference", &s.provider_ref, "mobile_money",
	    "phone", &phone, "provider", &provider, "metadata", &meta) != 0 ||
	    strchr(email, '@') == NULL || pesewas <= 0)
		return refuse(resp, 400, "email, a positive amount in pesewas, a reference and "
		    "mobile_money {phone, provider} are required");
	if (!momo_ref_valid(s.provider_ref))
		return refuse(resp, 400, "reference: the simulator keeps UUID references");
	if (strcmp(cur, "GHS") != 0)
		return refuse(resp, 400, "Currency not supported: GHS only");
	if (paystack_network_of(provider) == NULL || paystack_msisdn(phone, msisdn,
	    sizeof(msisdn)) != 0)
		return refuse(resp, 400, "mobile_money: a Ghana mobile number (0 and 9 "
		    "digits) and provider mtn, vod or atl");
	if (paystack_cedis(pesewas, amount, sizeof(amount)) != 0 || strlen(amount) > 15)
		return refuse(resp, 400, "amount too large");
	if (json_is_string(json_object_get(meta, "external_id")))
		ext = json_string_value(json_object_get(meta, "external_id"));
	if (strlen(ext) > 64 || !strict_printable(ext, strlen(ext)))
		ext = "";
	s.network = prov_network_ids[i];
	s.kind = "rtp";
	s.api = "paystack";
	s.msisdn = msisdn;
	s.amount = amount;
	s.currency = "GHS";
	s.external_id = ext;
	s.suffix = sim_suffix(msisdn);
	/* an OTP charge waits for an OTP that never comes: pending for ever */
	otp = s.suffix == OTP_SUFFIX;
	if (otp)
		s.suffix = 301;
	s.callback_url = webhook_url(&r->ctx->cfg, url, sizeof(url));
	return record(r, resp, &s, "Charge attempted", json_pack("{s:s,s:s,s:s}",
	    "reference", s.provider_ref, "status", otp ? "send_otp" : "pay_offline", "display_text",
	    otp ? "Please enter the OTP sent to your phone" :
	    "Please complete authorization process on your mobile phone"),
	    "Duplicate Transaction Reference");
}

/* GET verify of the path's provider_ref of kind. */
static enum err
verify(struct req *r, struct resp *resp, const char *kind)
{
	const char *provider_ref = req_param(r, "ref");
	struct sim_sent t;
	enum err e;
	int i;

	if ((i = account_of(r, resp, &e)) < 0)
		return e;
	switch (sim_send_read(r->ctx->db, provider_ref, prov_network_ids[i], kind, &t)) {
	case SIM_READ_OK:
		break;
	case SIM_READ_NONE:
		return strcmp(kind, "rtp") == 0 ?
		    refuse(resp, 400, "Transaction reference not found") :
		    refuse(resp, 404, "Transfer not found");
	case SIM_READ_UNREACHABLE:
		return refuse(resp, 503, "Service unavailable");
	default:
		return ERR_SERVICE_UNAVAILABLE;
	}
	return ok(resp, 200, strcmp(kind, "rtp") == 0 ? "Verification successful" :
	    "Transfer retrieved", sim_paystack_data(kind, provider_ref, t.state, t.reason,
	    t.financial_id, t.msisdn, t.amount, t.currency, prov_network_ids[i]));
}

enum err
sim_paystack_transfer_verify(struct req *r, struct resp *resp)
{
	return verify(r, resp, "transfer");
}

enum err
sim_paystack_charge_verify(struct req *r, struct resp *resp)
{
	return verify(r, resp, "rtp");
}

enum err
sim_paystack_balance(struct req *r, struct resp *resp)
{
	char amount[32];
	long long pesewas;
	enum err e;
	int i;

	if ((i = account_of(r, resp, &e)) < 0)
		return e;
	if (sim_balance(r->ctx->db, prov_network_ids[i], SIM_ONE_BALANCE, amount,
	    sizeof(amount)) != 0)
		return ERR_SERVICE_UNAVAILABLE;
	if (pesewas_of(amount, &pesewas) != 0 || pesewas < 0)
		return ERR_INTERNAL;
	return ok(resp, 200, "Balances retrieved", json_pack("[{s:s,s:I}]", "currency",
	    "GHS", "balance", (json_int_t)pesewas));
}
