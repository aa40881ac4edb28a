/*
 * The sandbox's ledger of sends (see sim_sends.h). The magic suffixes
 * (the MSISDN's last three digits) of a send:
 *   transfer 200 refused (PAYEE_NOT_ALLOWED_TO_RECEIVE, not accepted); 201
 *            accepted, then FAILED INTERNAL_PROCESSING_ERROR; 202 recorded
 *            as accepted, answered 504, then SUCCESSFUL; 203 the same,
 *            then FAILED; 204 PENDING forever; 205 first send 504 and not
 *            recorded (status 404), the second accepted and SUCCESSFUL;
 *            210-218 accepted, then FAILED with one of MTN's reasons each
 *            (transfer_fails); 206 SUCCESSFUL, and on Paystack reversed
 *            once a status query read it so (sim_momo_callbacks.c); others
 *            accepted, SUCCESSFUL
 *   request to pay 300 FAILED APPROVAL_REJECTED; 310-318 FAILED with one
 *            of MTN's reasons each (rtp_fails); 301 PENDING forever; 302
 *            SUCCESSFUL once (the payer approved), then FAILED
 *            SETTLEMENT_FAILED on every later status query; others
 *            SUCCESSFUL
 *   103      the provider is unreachable for that number (503)
 * A reference reused with another body, sent again after it was
 * accepted, or sent a third time is a duplicate (409).
 */
#include "sandbox/sim_sends.h"

#include <errno.h>
#include <openssl/rand.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/id.h"
#include "core/log.h"
#include "core/money.h"
#include "core/phone.h"
#include "core/strict.h"
#include "domain/payout_float.h"
#include "providers/registry.h"
#include "sandbox/settings.h"
#include "sandbox/sim_momo.h"
#include "store/db_sig.h"

int
sim_suffix(const char *msisdn)
{
	char e164[PHONE_E164_LEN + 1];

	if (msisdn == NULL || strlen(msisdn) != PHONE_E164_LEN - 1)
		return -1;
	e164[0] = '+';
	memcpy(e164 + 1, msisdn, PHONE_E164_LEN); /* with its NUL */
	return phone_suffix(e164);
}

void
sim_paid_as(const char *kind, const char *msisdn, const char *amount, char *out_amount,
    char *out_msisdn, size_t cap)
{
	int rtp = strcmp(kind, "rtp") == 0, sfx;
	mpz_t v;

	if (msisdn == NULL)
		msisdn = "";
	if (amount == NULL)
		amount = "";
	sfx = sim_suffix(msisdn);
	snprintf(out_amount, cap, "%s", amount);
	snprintf(out_msisdn, cap, "%s", msisdn);
	if (sfx == (rtp ? 307 : 207)) {
		mpz_init(v);
		if (money_parse(amount, 2, v) == MONEY_OK) {
			mpz_add_ui(v, v, 100); /* one cedi, in pesewas */
			(void)money_format(v, 2, out_amount, cap);
		}
		mpz_clear(v);
	} else if (sfx == (rtp ? 308 : 208) && strlen(out_msisdn) >= 3) {
		memcpy(out_msisdn + strlen(out_msisdn) - 3, "999", 3);
	}
}

/* Accepted, then FAILED with one of MTN's reasons, by suffix: transfers
 * 210-218, requests to pay 310-318 (docs/sandbox.md). */
static const char *const transfer_fails[] = {
	"PAYEE_NOT_FOUND", "NOT_ALLOWED", "NOT_ENOUGH_FUNDS", "PAYER_LIMIT_REACHED",
	"PAYEE_NOT_ALLOWED_TO_RECEIVE", "EXPIRED", "TRANSACTION_CANCELED",
	"SERVICE_UNAVAILABLE", "INTERNAL_PROCESSING_ERROR",
};
static const char *const rtp_fails[] = {
	"PAYER_NOT_FOUND", "NOT_ALLOWED", "NOT_ENOUGH_FUNDS", "PAYER_LIMIT_REACHED",
	"PAYMENT_NOT_APPROVED", "EXPIRED", "TRANSACTION_CANCELED",
	"SERVICE_UNAVAILABLE", "COULD_NOT_PERFORM_TRANSACTION",
};
#define FAILS_LEN 9

/* The plan of send number nth (1, 2) of kind to a number with suffix. */
static struct sim_plan
plan_of(const char *kind, int suffix, unsigned long long nth)
{
	static const struct sim_plan unreached = { 503, 0, "pending", NULL,
		"SERVICE_UNAVAILABLE", "The service is currently unavailable." };
	static const struct sim_plan ok = { 202, 1, "successful", NULL, NULL, NULL };
	struct sim_plan p = ok;

	if (suffix == 103)
		return unreached;
	if (strcmp(kind, "rtp") == 0) {
		if (suffix >= 310 && suffix < 310 + FAILS_LEN) {
			p.final = "failed";
			p.reason = rtp_fails[suffix - 310];
		} else if (suffix == 300) {
			p.final = "failed";
			p.reason = "APPROVAL_REJECTED";
		} else if (suffix == 301) {
			p.final = "pending";
		}
		return p;
	}
	if (suffix >= 210 && suffix < 210 + FAILS_LEN) {
		p.final = "failed";
		p.reason = transfer_fails[suffix - 210];
		return p;
	}
	switch (suffix) {
	case 200:
		p = (struct sim_plan){ 400, 0, "failed", "PAYEE_NOT_ALLOWED_TO_RECEIVE",
		    "PAYEE_NOT_ALLOWED_TO_RECEIVE", "The payee is not allowed to receive." };
		break;
	case 201:
		p.final = "failed";
		p.reason = "INTERNAL_PROCESSING_ERROR";
		break;
	case 202:
	case 203:
		/* recorded, but the answer is lost on the way */
		p.status = 504;
		p.code = "GATEWAY_TIMEOUT";
		p.message = "The request timed out.";
		if (suffix == 203) {
			p.final = "failed";
			p.reason = "COULD_NOT_PERFORM_TRANSACTION";
		}
		break;
	case 204:
		p.final = "pending";
		break;
	case 205:
		/* the first send is lost before it is recorded */
		if (nth == 1)
			p = (struct sim_plan){ 504, 0, "successful", NULL, "GATEWAY_TIMEOUT",
			    "The request timed out." };
		break;
	}
	return p;
}

static struct sim_plan
duplicate(void)
{
	return (struct sim_plan){ 409, 0, "pending", NULL, "RESOURCE_ALREADY_EXIST",
	    "Duplicated reference id. Creation of resource failed." };
}

/* Records an accepted send of s->provider_ref: PENDING until its settle time. */
static int
accept_send(struct db *db, const struct sim_send *s)
{
	return DB_EXEC(db, DB_SIM_MOMO_TX_ACCEPT, sim_tx_accept, NULL, NULL,
	    .callback_url = s->callback_url, .settle_seconds = s->settle_seconds,
	    .reference = s->provider_ref);
}

/* a column of the locked send (store/stmt_sim.h, sim_tx_lock) */
#define LOCKED(name) DB_COL(sim_tx_lock, name)

/*
 * One send under s->provider_ref, in a transaction: a new reference is recorded
 * (accepted or not, as its plan says); a known one counts the send, then
 * is 409 when its body differs, when it was accepted or when it was sent
 * twice already, and otherwise (a send that was not accepted) follows the
 * plan of a second send. s->answer gets the answer.
 */
static int
send_tx(struct db *db, void *arg)
{
	struct sim_send *s = arg;
	struct db_rows rows;
	unsigned long long sends = 0;
	const char *v;
	int rc, same;

	if ((rc = DB_EXEC(db, DB_SIM_MOMO_TX_LOCK, sim_ref, &rows, NULL, .reference = s->provider_ref)) != DB_OK)
		return rc;
	if (rows.nrows == 0) {
		db_rows_free(&rows);
		s->answer = plan_of(s->kind, s->suffix, 1);
		rc = DB_EXEC(db, DB_SIM_MOMO_TX_INSERT, sim_tx_insert, NULL, NULL,
		    .reference = s->provider_ref, .network = s->network, .kind = s->kind,
		    .msisdn = s->msisdn, .amount = s->amount, .currency = s->currency,
		    .external_id = s->external_id, .body_hash = s->body_hash,
		    .final_state = s->answer.final, .reason = s->answer.reason,
		    .financial_id = s->financial_id, .api = s->api != NULL ? s->api : "mtn");
		if (rc == DB_DUP)
			return DB_RETRY; /* a twin recorded it first: look again */
		if (rc == DB_OK && s->answer.accept)
			rc = accept_send(db, s);
		return rc;
	}
	same = strcmp(db_cell(&rows, 0, LOCKED(network)), s->network) == 0 &&
	    strcmp(db_cell(&rows, 0, LOCKED(kind)), s->kind) == 0 &&
	    strcmp(db_cell(&rows, 0, LOCKED(body_hash)), s->body_hash) == 0;
	v = db_cell(&rows, 0, LOCKED(sends));
	if (v == NULL || strict_uint(v, strlen(v), 1ULL << 32, &sends) != 0)
		sends = 1;
	if (!same)
		s->answer = duplicate();
	else if (s->suffix == 103)
		s->answer = plan_of(s->kind, s->suffix, sends + 1); /* unreachable */
	else if (strcmp(db_cell(&rows, 0, LOCKED(state)), "unaccepted") != 0 || sends >= 2)
		s->answer = duplicate();
	else
		s->answer = plan_of(s->kind, s->suffix, sends + 1);
	db_rows_free(&rows);
	rc = DB_EXEC(db, DB_SIM_MOMO_TX_COUNT_SEND, sim_ref, NULL, NULL, .reference = s->provider_ref);
	if (rc != DB_OK)
		return rc;
	if (s->answer.status != 409 && s->answer.accept)
		rc = accept_send(db, s);
	return rc;
}

/* The SHA-256 of the body as sent (keys sorted) in hex into out. */
static int
body_hash(const json_t *body, char out[2 * SHA256_DIGEST_LENGTH + 1])
{
	unsigned char md[SHA256_DIGEST_LENGTH];
	char *text = json_dumps(body, JSON_COMPACT | JSON_SORT_KEYS);

	if (text == NULL)
		return -1;
	SHA256((const unsigned char *)text, strlen(text), md);
	free(text);
	id_hex(md, sizeof(md), out);
	return 0;
}

/* Ten random digits: a financialTransactionId. */
static int
financial_id(char out[11])
{
	unsigned char b[8];
	unsigned long long v = 0;
	size_t i;

	if (RAND_bytes(b, sizeof(b)) != 1)
		return -1;
	for (i = 0; i < sizeof(b); i++)
		v = v << 8 | b[i];
	snprintf(out, 11, "%010llu", v % 10000000000ULL);
	return 0;
}

int
sim_send_prepare(struct db *db, struct sim_send *s, const json_t *body)
{
	if (body_hash(body, s->body_hash) != 0 || financial_id(s->financial_id) != 0)
		return -1;
	s->settle_seconds = (long long)sandbox_setting_uint(db, "momo.settle_seconds",
	    86400, 5);
	return 0;
}

int
sim_send_record(struct db *db, struct sim_send *s)
{
	return db_tx(db, send_tx, s);
}

/* How a simulated send's row (store/stmt_sim.h, sim_tx) fills a struct sim_sent */
static const struct db_field sent_fields[] = { DB_FIELDS(sim_tx, struct sim_sent) };

enum sim_read
sim_send_read(struct db *db, const char *provider_ref, const char *network, const char *kind,
    struct sim_sent *out)
{
	struct db_bound key = DB_BIND(DB_SIM_MOMO_TX_GET, sim_tx_key, .reference = provider_ref,
	    .network = network, .kind = kind);
	struct db_rows rows;
	const char *reads;
	int reversed, rc;

	memset(out, 0, sizeof(*out));
	if (DB_EXEC(db, DB_SIM_MOMO_TX_SETTLE, sim_tx_key, NULL, NULL, .reference = provider_ref,
	    .network = network, .kind = kind) != DB_OK || db_run(db, key, &rows, NULL) != DB_OK)
		return SIM_READ_FAIL;
	if (rows.nrows != 1) {
		db_rows_free(&rows);
		return SIM_READ_NONE;
	}
	rc = db_row_read(&rows, 0, sent_fields, DB_NCOLS(sim_tx), out);
	reads = db_cell(&rows, 0, DB_COL(sim_tx, success_reads));
	reversed = reads != NULL && strcmp(reads, "0") != 0;
	db_rows_free(&rows);
	if (rc != 0)
		return SIM_READ_FAIL;
	if (sim_suffix(out->msisdn) == 103)
		return SIM_READ_UNREACHABLE;
	if (strcmp(out->state, "unaccepted") == 0)
		return SIM_READ_NONE;
	/* a 206 Paystack transfer: read as successful, then reversed (by the
	 * sandbox_providers worker, sim_momo_callbacks.c): count the reads */
	if (strcmp(kind, "transfer") == 0 && sim_suffix(out->msisdn) == 206 &&
	    strcmp(out->state, "successful") == 0 &&
	    DB_EXEC(db, DB_SIM_MOMO_RTP_READ, sim_ref, NULL, NULL, .reference = provider_ref) != DB_OK)
		return SIM_READ_FAIL;
	/* a 302 request to pay: approved once, then its settlement fails */
	if (strcmp(kind, "rtp") == 0 && sim_suffix(out->msisdn) == 302 &&
	    strcmp(out->state, "successful") == 0) {
		if (DB_EXEC(db, reversed ? DB_SIM_MOMO_RTP_REVERSE : DB_SIM_MOMO_RTP_READ, sim_ref,
		    NULL, NULL, .reference = provider_ref) != DB_OK)
			return SIM_READ_FAIL;
		if (reversed) {
			(void)strict_copy(out->state, sizeof(out->state), "failed");
			(void)strict_copy(out->reason, sizeof(out->reason), "SETTLEMENT_FAILED");
		}
	}
	return SIM_READ_OK;
}

/* The sandbox setting momo.<network>.<what> as GHS with 2 places into
 * out (a negative one only when signed), dflt when unset or malformed. */
static void
setting_amount(struct db *db, const char *network, const char *what, int sign_ok,
    const char *dflt, char out[MONEY_MAX_TEXT])
{
	char name[64], value[64];
	mpz_t v;

	snprintf(name, sizeof(name), "momo.%s.%s", network, what);
	mpz_init(v);
	if (sandbox_setting_get(db, name, value, sizeof(value)) != 0 ||
	    money_parse_signed(value, 2, v) != MONEY_OK || (!sign_ok && mpz_sgn(v) < 0) ||
	    money_format_signed(v, 2, out, MONEY_MAX_TEXT) != 0)
		(void)strict_copy(out, MONEY_MAX_TEXT, dflt);
	mpz_clear(v);
}

/* The out-of-band debits of network's payout account so far (none when
 * unset or malformed) into out. */
static void
out_of_band_debit(struct db *db, const char *network, char out[MONEY_MAX_TEXT])
{
	setting_amount(db, network, "out_of_band_debit", 0, "0.00", out);
}

/* network's payout account's opening balance into out. */
static void
opening_of(struct db *db, const char *network, char out[MONEY_MAX_TEXT])
{
	setting_amount(db, network, "opening_balance", 1, SIM_MOMO_OPENING_BALANCE, out);
}

/* Moves network's opening balance by delta. 0, or -1. */
static int
move_opening(struct db *db, const char *network, const mpz_t delta)
{
	char name[64], value[MONEY_MAX_TEXT];
	struct outcome o;
	mpz_t v;
	int rc = -1;

	opening_of(db, network, value);
	mpz_init(v);
	if (money_parse_signed(value, 2, v) == MONEY_OK) {
		mpz_add(v, v, delta);
		snprintf(name, sizeof(name), "momo.%s.opening_balance", network);
		if (money_format_signed(v, 2, value, sizeof(value)) == 0 &&
		    sandbox_setting_set(db, 1, name, value, &o) == ERR_OK)
			rc = 0;
	}
	mpz_clear(v);
	return rc;
}

int
sim_account_set(struct db *db, const char *network, enum sim_account account,
    const char *balance)
{
	char now[MONEY_MAX_TEXT];
	mpz_t want, have;
	int rc = -1;

	if (sim_balance(db, network, account, now, sizeof(now)) != 0)
		return -1;
	mpz_inits(want, have, NULL);
	if (money_parse_signed(balance, 2, want) == MONEY_OK &&
	    money_parse_signed(now, 2, have) == MONEY_OK) {
		mpz_sub(want, want, have);
		rc = move_opening(db, network, want);
	}
	mpz_clears(want, have, NULL);
	return rc;
}

int
sim_account_deposit(struct db *db, const char *network, const char *amount)
{
	mpz_t v;
	int rc = -1;

	mpz_init(v);
	if (money_parse_signed(amount, 2, v) == MONEY_OK)
		rc = move_opening(db, network, v);
	mpz_clear(v);
	return rc;
}

int
sim_account_reset(struct db *db, const char *network)
{
	char name[64];
	struct outcome o;

	snprintf(name, sizeof(name), "momo.%s.opening_balance", network);
	return sandbox_setting_set(db, 1, name, SIM_MOMO_OPENING_BALANCE, &o) == ERR_OK ? 0 : -1;
}

int
sim_account_follow_float(struct db *db, const struct cfg *c, const char *network,
    const char *float_balance, const char *deposit)
{
	const struct prov_momo *m;
	struct providers p;
	struct db_rows rows;
	char flight[MONEY_MAX_TEXT], want[MONEY_MAX_TEXT];
	mpz_t a, b;
	int rc = -1;

	if (deposit != NULL)
		return sim_account_deposit(db, network, deposit);
	if (float_balance == NULL)
		return sim_account_reset(db, network);
	if (providers_init(&p, c) != 0 || (m = providers_momo(&p, network)) == NULL ||
	    payout_float_in_flight(db, network, &rows, flight, sizeof(flight)) != DB_OK)
		return -1;
	db_rows_free(&rows);
	mpz_inits(a, b, NULL);
	if (money_parse(float_balance, 2, a) == MONEY_OK && money_parse(flight, 2, b) == MONEY_OK) {
		mpz_add(a, a, b);
		if (money_format(a, 2, want, sizeof(want)) == 0)
			rc = sim_account_set(db, network, m->ops->collects_into_payouts ?
			    SIM_ONE_BALANCE : SIM_DISBURSEMENT, want);
	}
	mpz_clears(a, b, NULL);
	return rc;
}

int
sim_balance(struct db *db, const char *network, enum sim_account account, char *out,
    size_t cap)
{
	char debit[MONEY_MAX_TEXT] = "0.00", opening[MONEY_MAX_TEXT] = SIM_MOMO_OPENING_BALANCE;
	struct db_rows rows;
	const char *v;
	int rc = -1;

	if (account != SIM_COLLECTION) {
		out_of_band_debit(db, network, debit);
		opening_of(db, network, opening);
	}
	if (DB_EXEC(db, DB_SIM_MOMO_BALANCE, sim_momo_balance, &rows, NULL, .opening = opening,
	    .paid = account != SIM_COLLECTION, .collected = account != SIM_DISBURSEMENT,
	    .debits = debit, .network = network) != DB_OK)
		return -1;
	v = db_cell(&rows, 0, DB_COL(sim_balance, balance));
	if (v != NULL && strict_copy(out, cap, v) == 0)
		rc = 0;
	db_rows_free(&rows);
	return rc;
}

void
sim_slow(struct db *db, const char *setting, const char *what)
{
	unsigned long long ms = sandbox_setting_uint(db, setting, 60000, 0);
	struct timespec ts = { (time_t)(ms / 1000), (long)(ms % 1000) * 1000000L };

	if (what != NULL && ms > 0)
		log_event("info", "sim: %s answers in %llu ms", what, ms);
	while (ms > 0 && nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}
