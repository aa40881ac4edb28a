/*
 * fuzz_paystack: the Paystack wire parser (providers/paystack_wire.h) on a
 * made-up answer (issue 34): paystack_wire_transfer and
 * paystack_wire_charge against the states paystack_wire.h documents,
 * paystack_wire_balance and paystack_wire_message into buffers of exactly
 * the size given, and the number and amount forms (paystack_local_number,
 * paystack_msisdn, paystack_pesewas, paystack_cedis) on the same text,
 * each round trip holding. Input: a buffer size (1 byte), then the answer
 * body (also taken as a number and an amount).
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "providers/paystack_wire.h"

#include "fuzzutil.h"

/* What a status read may hold, whatever the body said. */
static void
check_status(enum momo_rc rc, const struct momo_status *st)
{
	FZ_CHECK(rc == MOMO_OK || rc == MOMO_UNAVAILABLE);
	if (rc != MOMO_OK)
		return;
	FZ_CHECK(st->state == MOMO_PENDING || st->state == MOMO_SUCCESSFUL ||
	    st->state == MOMO_FAILED);
	FZ_CHECK(memchr(st->reason, '\0', sizeof(st->reason)) != NULL);
	FZ_CHECK(memchr(st->financial_id, '\0', sizeof(st->financial_id)) != NULL);
	FZ_CHECK(memchr(st->amount, '\0', sizeof(st->amount)) != NULL);
	FZ_CHECK(memchr(st->currency, '\0', sizeof(st->currency)) != NULL);
	FZ_CHECK(memchr(st->party, '\0', sizeof(st->party)) != NULL);
	FZ_CHECK(fz_no_controls(st->reason));
	if (st->state != MOMO_FAILED)
		FZ_CHECK(!st->reversed);
	if (st->state == MOMO_FAILED)
		FZ_CHECK(st->reason[0] != '\0');
}

/* The number and amount forms on text: each accepted value round-trips. */
static void
check_forms(const char *text, size_t cap)
{
	char local[16], back[16], cedis[40], *small = malloc(cap > 0 ? cap : 1);
	long long pesewas = -1, again = -1;

	FZ_CHECK(small != NULL);
	if (paystack_local_number(text, local, sizeof(local)) == 0) {
		FZ_CHECK(strlen(local) == 10 && local[0] == '0');
		FZ_CHECK(paystack_msisdn(local, back, sizeof(back)) == 0);
		FZ_CHECK(strcmp(back, text) == 0);
	}
	if (paystack_msisdn(text, back, sizeof(back)) == 0) {
		FZ_CHECK(strlen(back) == 12 && strncmp(back, "233", 3) == 0);
		FZ_CHECK(paystack_local_number(back, local, sizeof(local)) == 0);
		FZ_CHECK(strcmp(local, text) == 0);
	}
	if (paystack_pesewas(text, &pesewas) == 0) {
		FZ_CHECK(pesewas > 0 && pesewas <= (1LL << 53));
		FZ_CHECK(paystack_cedis(pesewas, cedis, sizeof(cedis)) == 0);
		FZ_CHECK(paystack_pesewas(cedis, &again) == 0 && again == pesewas);
		/* a buffer of exactly cap bytes: it fits, or -1 */
		if (paystack_cedis(pesewas, small, cap) == 0)
			FZ_CHECK(strcmp(small, cedis) == 0);
		else
			FZ_CHECK(cap <= strlen(cedis));
	}
	free(small);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct fz_in in = { data, n };
	size_t cap = fz_byte(&in);
	char *text = fz_strndup(in.p, in.n), *out = malloc(cap > 0 ? cap : 1);
	json_error_t e;
	json_t *body = json_loadb((const char *)in.p, in.n, 0, &e);
	struct momo_status st;

	FZ_CHECK(out != NULL);
	if (body != NULL) {
		memset(&st, 0x5a, sizeof(st));
		check_status(paystack_wire_transfer(body, &st), &st);
		memset(&st, 0x5a, sizeof(st));
		check_status(paystack_wire_charge(body, &st), &st);
		if (paystack_wire_balance(body, "GHS", out, cap) == MOMO_OK) {
			long long p;

			FZ_CHECK(memchr(out, '\0', cap) != NULL);
			/* a balance may be 0: read it as cedis with 2 places */
			FZ_CHECK(strchr(out, '.') != NULL && strlen(strchr(out, '.')) == 3);
			FZ_CHECK(strcmp(out, "0.00") == 0 || paystack_pesewas(out, &p) == 0);
		}
		if (cap > 0) {
			paystack_wire_message(body, out, cap);
			FZ_CHECK(memchr(out, '\0', cap) != NULL && fz_no_controls(out));
		}
		json_decref(body);
	}
	check_forms(text, cap);
	free(out);
	free(text);
	return 0;
}
