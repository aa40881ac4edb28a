#include "providers/momo_wire.h"

#include <stdio.h>
#include <string.h>

#include "core/money.h"
#include "core/strict.h"
#include "providers/momo_reason.h"

int
momo_ref_valid(const char *s)
{
	static const size_t dash[4] = { 8, 13, 18, 23 };
	size_t i, d = 0;

	if (s == NULL || strlen(s) != MOMO_REF_LEN)
		return 0;
	for (i = 0; i < MOMO_REF_LEN; i++) {
		char c = s[i];

		if (d < 4 && i == dash[d]) {
			if (c != '-')
				return 0;
			d++;
		} else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
		    (c >= 'A' && c <= 'F'))) {
			return 0;
		}
	}
	return 1;
}

/* A JSON string's text when it is a non-empty string, else NULL. */
static const char *
text_of(const json_t *v)
{
	const char *s = json_string_value(v);

	return s != NULL && *s != '\0' ? s : NULL;
}

void
momo_wire_reason(const json_t *reason, char *out, size_t cap)
{
	const char *code, *msg;
	char line[512];

	out[0] = '\0';
	if (json_is_string(reason)) {
		code = json_string_value(reason);
		msg = NULL;
	} else {
		code = text_of(json_object_get(reason, "code"));
		msg = text_of(json_object_get(reason, "message"));
	}
	if (code != NULL && momo_reason_text(code) != NULL)
		snprintf(line, sizeof(line), "%s: %s", code, momo_reason_text(code));
	else if (code != NULL && msg != NULL)
		snprintf(line, sizeof(line), "%s: %s", code, msg);
	else if (code != NULL || msg != NULL)
		snprintf(line, sizeof(line), "%s", code != NULL ? code : msg);
	else
		return;
	/* the provider's text goes into logs and messages: clean it */
	strict_clip(out, cap, line, strlen(line));
}

enum momo_rc
momo_wire_balance(const json_t *body, const char *currency, char *amount, size_t cap)
{
	const char *v = json_string_value(json_object_get(body, "availableBalance"));
	const char *cur = json_string_value(json_object_get(body, "currency"));
	enum momo_rc rc = MOMO_UNAVAILABLE;
	mpz_t units;

	if (cap > 0)
		amount[0] = '\0';
	if (v == NULL || cur == NULL || strcmp(cur, currency) != 0)
		return MOMO_UNAVAILABLE;
	mpz_init(units);
	if (money_parse(v, 2, units) == MONEY_OK && money_format(units, 2, amount, cap) == 0)
		rc = MOMO_OK;
	mpz_clear(units);
	return rc;
}

/* v (an amount as MTN writes it, "10" or "10.00") with 2 places into out
 * (cap bytes): 0, or -1 when v is no such amount. */
static int
amount_2dp(const char *v, char *out, size_t cap)
{
	mpz_t units;
	int rc = -1;

	mpz_init(units);
	if (money_parse(v, 2, units) == MONEY_OK && money_format(units, 2, out, cap) == 0)
		rc = 0;
	mpz_clear(units);
	return rc;
}

/* What a SUCCESSFUL answer says was paid: amount, currency, and the
 * payee's (a transfer) or payer's (a request to pay) MSISDN. */
static void
paid_of(const json_t *body, struct momo_status *out)
{
	const json_t *party = json_object_get(body, "payee");
	const char *a = text_of(json_object_get(body, "amount"));
	const char *c = text_of(json_object_get(body, "currency"));
	const char *who;

	if (party == NULL)
		party = json_object_get(body, "payer");
	who = text_of(json_object_get(party, "partyId"));
	if (a != NULL && amount_2dp(a, out->amount, sizeof(out->amount)) != 0)
		strict_clip(out->amount, sizeof(out->amount), a, strlen(a));
	if (c != NULL)
		strict_clip(out->currency, sizeof(out->currency), c, strlen(c));
	if (who != NULL)
		strict_clip(out->party, sizeof(out->party), who, strlen(who));
}

enum momo_rc
momo_wire_status(const json_t *body, struct momo_status *out)
{
	const char *st = json_string_value(json_object_get(body, "status"));
	const char *fid;

	memset(out, 0, sizeof(*out));
	if (st == NULL)
		return MOMO_UNAVAILABLE;
	if (strcmp(st, "PENDING") == 0) {
		out->state = MOMO_PENDING;
	} else if (strcmp(st, "SUCCESSFUL") == 0) {
		out->state = MOMO_SUCCESSFUL;
		fid = text_of(json_object_get(body, "financialTransactionId"));
		if (fid != NULL)
			strict_clip(out->financial_id, sizeof(out->financial_id), fid,
			    strlen(fid));
		paid_of(body, out);
	} else if (strcmp(st, "FAILED") == 0) {
		out->state = MOMO_FAILED;
		momo_wire_reason(json_object_get(body, "reason"), out->reason,
		    sizeof(out->reason));
		if (out->reason[0] == '\0')
			(void)strict_copy(out->reason, sizeof(out->reason),
			    "FAILED (no reason given)");
	} else {
		return MOMO_UNAVAILABLE;
	}
	return MOMO_OK;
}

/*
 * Appends s to name (cap bytes, holding len bytes) with control bytes as
 * spaces, stopping before a UTF-8 character that does not fit whole (and
 * then setting *cut: nothing may follow, or the name would skip text).
 * Returns the new length.
 */
static size_t
append_clean(char *name, size_t cap, size_t len, const char *s, int *cut)
{
	size_t i = 0;

	while (s[i] != '\0') {
		unsigned char c = (unsigned char)s[i];
		/* the length of the character starting here (Jansson gives
		 * valid UTF-8) */
		size_t n = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
		size_t k;

		for (k = 1; k < n; k++)
			if (s[i + k] == '\0')
				n = k; /* cut short: never read past the end */
		if (len + n >= cap) {
			*cut = 1;
			break;
		}
		for (k = 0; k < n; k++) {
			unsigned char b = (unsigned char)s[i + k];

			name[len++] = b < 0x20 || b == 0x7f ? ' ' : (char)b;
		}
		i += n;
	}
	name[len] = '\0';
	return len;
}

enum momo_rc
momo_wire_name(const json_t *body, char *name, size_t cap)
{
	const char *full = text_of(json_object_get(body, "name"));
	const char *given = text_of(json_object_get(body, "given_name"));
	const char *family = text_of(json_object_get(body, "family_name"));
	size_t len = 0;
	int cut = 0;

	name[0] = '\0';
	if (full != NULL) {
		append_clean(name, cap, 0, full, &cut);
		return MOMO_OK;
	}
	if (given != NULL)
		len = append_clean(name, cap, len, given, &cut);
	if (given != NULL && family != NULL && !cut)
		len = append_clean(name, cap, len, " ", &cut);
	if (family != NULL && !cut)
		len = append_clean(name, cap, len, family, &cut);
	if (given != NULL || family != NULL)
		return MOMO_OK;
	return json_is_true(json_object_get(body, "sandbox_any_name")) ?
	    MOMO_OK : MOMO_UNAVAILABLE;
}
