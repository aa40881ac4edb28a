#include "providers/paystack_wire.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/id.h"
#include "core/money.h"
#include "core/strict.h"

#define MAX_EXACT (1LL << 53) /* JSON numbers past this lose digits */

static const struct {
	const char *network, *bank_code, *provider;
} codes[] = {
	{ "MTN", "MTN", "mtn" },
	{ "TELECEL", "VOD", "vod" },  /* still Vodafone's code at Paystack */
	{ "AIRTELTIGO", "ATL", "atl" },
};

const char *
paystack_bank_code(const char *network)
{
	size_t i;

	for (i = 0; network != NULL && i < sizeof(codes) / sizeof(codes[0]); i++)
		if (strcmp(codes[i].network, network) == 0)
			return codes[i].bank_code;
	return NULL;
}

const char *
paystack_charge_provider(const char *network)
{
	size_t i;

	for (i = 0; network != NULL && i < sizeof(codes) / sizeof(codes[0]); i++)
		if (strcmp(codes[i].network, network) == 0)
			return codes[i].provider;
	return NULL;
}

const char *
paystack_network_of(const char *code)
{
	size_t i;

	for (i = 0; code != NULL && i < sizeof(codes) / sizeof(codes[0]); i++)
		if (strcasecmp(codes[i].bank_code, code) == 0)
			return codes[i].network;
	return NULL;
}

int
paystack_pesewas(const char *amount, long long *out)
{
	mpz_t v;
	int rc = -1;

	if (amount == NULL)
		return -1;
	mpz_init(v);
	if (money_parse(amount, 2, v) == MONEY_OK && mpz_sgn(v) > 0 &&
	    mpz_cmp_si(v, MAX_EXACT) <= 0) {
		*out = (long long)mpz_get_si(v);
		rc = 0;
	}
	mpz_clear(v);
	return rc;
}

int
paystack_cedis(long long pesewas, char *out, size_t cap)
{
	int n;

	if (pesewas < 0)
		return -1;
	n = snprintf(out, cap, "%lld.%02lld", pesewas / 100, pesewas % 100);
	return n > 0 && (size_t)n < cap ? 0 : -1;
}

/* 1 when s is n decimal digits. */
static int
digits(const char *s, size_t n)
{
	size_t i;

	if (s == NULL || strlen(s) != n)
		return 0;
	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

int
paystack_local_number(const char *msisdn, char *out, size_t cap)
{
	if (cap < 11 || !digits(msisdn, 12) || strncmp(msisdn, "233", 3) != 0)
		return -1;
	out[0] = '0';
	memcpy(out + 1, msisdn + 3, 10); /* 9 digits and the NUL */
	return 0;
}

int
paystack_msisdn(const char *local, char *out, size_t cap)
{
	if (cap < 13 || !digits(local, 10) || local[0] != '0')
		return -1;
	memcpy(out, "233", 3);
	memcpy(out + 3, local + 1, 10);
	return 0;
}

/* A JSON string's text when it is a non-empty string, else NULL. */
static const char *
text_of(const json_t *v)
{
	const char *s = json_string_value(v);

	return s != NULL && *s != '\0' ? s : NULL;
}

void
paystack_wire_message(const json_t *body, char *out, size_t cap)
{
	const char *m = text_of(json_object_get(body, "message"));

	if (cap > 0)
		out[0] = '\0';
	if (m != NULL && cap > 0)
		strict_clip(out, cap, m, strlen(m));
}

/* Paystack's failure text of a transfer: "failures" (a string, or an
 * object or array whose first text is taken), else "gateway_response",
 * else "message". */
static const char *
failure_text(const json_t *data)
{
	const json_t *f = json_object_get(data, "failures");
	const char *s;
	size_t i;

	if ((s = text_of(f)) != NULL)
		return s;
	if (json_is_array(f) && json_array_size(f) > 0)
		f = json_array_get(f, 0);
	if (json_is_object(f)) {
		if ((s = text_of(json_object_get(f, "reason"))) != NULL ||
		    (s = text_of(json_object_get(f, "message"))) != NULL)
			return s;
	}
	for (i = 0; i < 2; i++)
		if ((s = text_of(json_object_get(data, i == 0 ? "gateway_response" :
		    "message"))) != NULL)
			return s;
	return "no reason given";
}

/* One status word of an answer and what it means. */
struct word {
	const char *status;
	enum momo_state state;
};

static const struct word transfer_words[] = {
	{ "success", MOMO_SUCCESSFUL }, { "failed", MOMO_FAILED },
	{ "reversed", MOMO_FAILED }, { "rejected", MOMO_FAILED },
	{ "abandoned", MOMO_FAILED }, { "blocked", MOMO_FAILED },
	{ "pending", MOMO_PENDING }, { "otp", MOMO_PENDING },
	{ "processing", MOMO_PENDING }, { "queued", MOMO_PENDING },
	{ "received", MOMO_PENDING },
};

static const struct word charge_words[] = {
	{ "success", MOMO_SUCCESSFUL }, { "failed", MOMO_FAILED },
	{ "abandoned", MOMO_FAILED }, { "reversed", MOMO_FAILED },
	{ "ongoing", MOMO_PENDING }, { "pending", MOMO_PENDING },
	{ "processing", MOMO_PENDING }, { "queued", MOMO_PENDING },
	{ "pay_offline", MOMO_PENDING }, { "send_otp", MOMO_PENDING },
};

/*
 * What a successful verify's data says was paid: amount (pesewas, an
 * integer) as cedis, currency, and the number: a transfer's recipient
 * account ("0XXXXXXXXX"), a charge's authorization mobile_money_number,
 * as 233XXXXXXXXX. What is missing or malformed is left empty, or kept
 * clipped as it came, so that it never matches.
 */
static void
paid_of(const json_t *data, struct momo_status *out)
{
	const json_t *amt = json_object_get(data, "amount");
	const char *cur = text_of(json_object_get(data, "currency"));
	const char *local = text_of(json_object_get(json_object_get(json_object_get(data,
	    "recipient"), "details"), "account_number"));

	if (local == NULL)
		local = text_of(json_object_get(json_object_get(data, "authorization"),
		    "mobile_money_number"));
	if (json_is_integer(amt))
		(void)paystack_cedis((long long)json_integer_value(amt), out->amount,
		    sizeof(out->amount));
	if (cur != NULL)
		strict_clip(out->currency, sizeof(out->currency), cur, strlen(cur));
	if (local != NULL && paystack_msisdn(local, out->party, sizeof(out->party)) != 0)
		strict_clip(out->party, sizeof(out->party), local, strlen(local));
}

/*
 * A verify answer's data into out by the table words (n of them); the
 * failure's reason is prefix + "_" + the status in capitals, ": " and
 * Paystack's text; the financial id is the data's id_key.
 */
static enum momo_rc
read_verify(const json_t *body, const struct word *words, size_t n,
    const char *prefix, const char *id_key, struct momo_status *out)
{
	const json_t *data = json_object_get(body, "data");
	const char *st = json_string_value(json_object_get(data, "status"));
	const json_t *id;
	char upper[16], line[320];
	size_t i, k;

	memset(out, 0, sizeof(*out));
	if (json_object_get(body, "status") != json_true() || st == NULL)
		return MOMO_UNAVAILABLE;
	for (i = 0; i < n && strcmp(words[i].status, st) != 0; i++)
		;
	if (i == n)
		return MOMO_UNAVAILABLE;
	out->state = words[i].state;
	if (out->state == MOMO_SUCCESSFUL) {
		paid_of(data, out);
		id = json_object_get(data, id_key);
		if (json_is_integer(id))
			snprintf(out->financial_id, sizeof(out->financial_id), "%lld",
			    (long long)json_integer_value(id));
		else if (text_of(id) != NULL)
			strict_clip(out->financial_id, sizeof(out->financial_id),
			    text_of(id), strlen(text_of(id)));
	} else if (out->state == MOMO_FAILED) {
		out->reversed = strcmp(st, "reversed") == 0;
		for (k = 0; st[k] != '\0' && k + 1 < sizeof(upper); k++)
			upper[k] = (char)(st[k] >= 'a' && st[k] <= 'z' ? st[k] - 32 : st[k]);
		upper[k] = '\0';
		snprintf(line, sizeof(line), "%s_%s: %s", prefix, upper, failure_text(data));
		strict_clip(out->reason, sizeof(out->reason), line, strlen(line));
	}
	return MOMO_OK;
}

enum momo_rc
paystack_wire_transfer(const json_t *body, struct momo_status *out)
{
	return read_verify(body, transfer_words, sizeof(transfer_words) /
	    sizeof(transfer_words[0]), "TRANSFER", "transfer_code", out);
}

enum momo_rc
paystack_wire_charge(const json_t *body, struct momo_status *out)
{
	return read_verify(body, charge_words, sizeof(charge_words) /
	    sizeof(charge_words[0]), "CHARGE", "id", out);
}

enum momo_rc
paystack_wire_balance(const json_t *body, const char *currency, char *amount,
    size_t cap)
{
	const json_t *data = json_object_get(body, "data"), *row, *v;
	size_t i;

	if (cap > 0)
		amount[0] = '\0';
	if (json_object_get(body, "status") != json_true() || !json_is_array(data))
		return MOMO_UNAVAILABLE;
	json_array_foreach(data, i, row) {
		const char *cur = json_string_value(json_object_get(row, "currency"));

		if (cur == NULL || strcmp(cur, currency) != 0)
			continue;
		v = json_object_get(row, "balance");
		if (!json_is_integer(v) || json_integer_value(v) < 0 ||
		    json_integer_value(v) > MAX_EXACT ||
		    paystack_cedis((long long)json_integer_value(v), amount, cap) != 0)
			return MOMO_UNAVAILABLE;
		return MOMO_OK;
	}
	return MOMO_UNAVAILABLE;
}

int
paystack_sign(const char *key, const char *body, size_t len, char out[129])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0;

	if (HMAC(EVP_sha512(), key, (int)strlen(key), (const unsigned char *)body, len,
	    md, &n) == NULL || n != 64)
		return -1;
	id_hex(md, n, out);
	return 0;
}

int
paystack_signature_ok(const char *key, const char *body, size_t len,
    const char *signature)
{
	char want[129], got[129];
	size_t i, n;
	int ok;

	if (key == NULL || key[0] == '\0' || signature == NULL ||
	    (n = strlen(signature)) != 128 || paystack_sign(key, body, len, want) != 0)
		return 0;
	/* hex either case */
	for (i = 0; i < n; i++)
		got[i] = (char)(signature[i] >= 'A' && signature[i] <= 'F' ?
		    signature[i] + 32 : signature[i]);
	got[n] = '\0';
	ok = CRYPTO_memcmp(want, got, 128) == 0;
	OPENSSL_cleanse(want, sizeof(want));
	return ok;
}
