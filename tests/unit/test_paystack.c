/*
 * The Paystack adapter without a network (providers/paystack_wire.h): the
 * networks' codes, pesewas both ways, Ghana numbers in Paystack's local
 * form, verify and balance answers, and the webhook signature against a
 * vector made by openssl(1):
 *   printf '%s' '<body>' | openssl dgst -sha512 -hmac sk_test_abc
 */
#include "providers/paystack_wire.h"

#include <CUnit/Basic.h>
#include <string.h>

#include "unit.h"

static void
test_codes(void)
{
	UNIT_CHECK(strcmp(paystack_bank_code("TELECEL"), "VOD") == 0, "Telecel is VOD");
	UNIT_CHECK(strcmp(paystack_bank_code("AIRTELTIGO"), "ATL") == 0, "AirtelTigo is ATL");
	UNIT_CHECK(strcmp(paystack_bank_code("MTN"), "MTN") == 0, "MTN is MTN");
	UNIT_CHECK(strcmp(paystack_charge_provider("TELECEL"), "vod") == 0, "vod");
	UNIT_CHECK(paystack_bank_code("VODAFONE") == NULL, "no such network");
	UNIT_CHECK(paystack_bank_code(NULL) == NULL, "NULL");
	UNIT_CHECK(strcmp(paystack_network_of("atl"), "AIRTELTIGO") == 0, "atl, any case");
	UNIT_CHECK(paystack_network_of("TGO") == NULL, "unknown code");
}

static void
test_pesewas(void)
{
	static const struct { const char *in; int ok; long long want; } rows[] = {
		{ "12.50", 1, 1250 }, { "0.01", 1, 1 }, { "10", 1, 1000 }, { "10.05", 1, 1005 },
		{ "90071992547409.92", 1, 9007199254740992LL }, /* 2^53 */
		{ "90071992547409.93", 0, 0 }, { "1.005", 0, 0 }, { "0.00", 0, 0 },
		{ "-1.00", 0, 0 }, { "1e3", 0, 0 }, { "", 0, 0 }, { " 1.00", 0, 0 },
	};
	char out[32];
	long long v;
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		v = -1;
		UNIT_CHECK((paystack_pesewas(rows[i].in, &v) == 0) == rows[i].ok, "%s", rows[i].in);
		if (rows[i].ok)
			UNIT_CHECK(v == rows[i].want, "%s: %lld", rows[i].in, v);
	}
	UNIT_CHECK(paystack_pesewas(NULL, &v) != 0, "NULL");
	UNIT_CHECK(paystack_cedis(1005, out, sizeof(out)) == 0 && strcmp(out, "10.05") == 0,
	    "%s", out);
	UNIT_CHECK(paystack_cedis(7, out, sizeof(out)) == 0 && strcmp(out, "0.07") == 0, "%s", out);
	UNIT_CHECK(paystack_cedis(-1, out, sizeof(out)) != 0, "negative");
	UNIT_CHECK(paystack_cedis(100000, out, 5) != 0, "does not fit");
}

static void
test_numbers(void)
{
	char out[16];

	UNIT_CHECK(paystack_local_number("233201234567", out, sizeof(out)) == 0 &&
	    strcmp(out, "0201234567") == 0, "%s", out);
	UNIT_CHECK(paystack_msisdn("0201234567", out, sizeof(out)) == 0 &&
	    strcmp(out, "233201234567") == 0, "%s", out);
	UNIT_CHECK(paystack_local_number("+233201234567", out, sizeof(out)) != 0, "plus");
	UNIT_CHECK(paystack_local_number("234201234567", out, sizeof(out)) != 0, "Nigeria");
	UNIT_CHECK(paystack_local_number("23320123456", out, sizeof(out)) != 0, "short");
	UNIT_CHECK(paystack_msisdn("201234567", out, sizeof(out)) != 0, "no leading 0");
	UNIT_CHECK(paystack_msisdn("02012345x7", out, sizeof(out)) != 0, "not digits");
	UNIT_CHECK(paystack_msisdn("0201234567", out, 12) != 0, "no room");
}

static void
test_transfer_answers(void)
{
	static const struct { const char *body; enum momo_rc rc; enum momo_state state;
	    const char *reason; int reversed; } rows[] = {
		{ "{\"status\":true,\"data\":{\"status\":\"success\",\"transfer_code\":\"TRF_x1\"}}",
		  MOMO_OK, MOMO_SUCCESSFUL, "", 0 },
		{ "{\"status\":true,\"data\":{\"status\":\"pending\"}}", MOMO_OK, MOMO_PENDING, "", 0 },
		{ "{\"status\":true,\"data\":{\"status\":\"otp\"}}", MOMO_OK, MOMO_PENDING, "", 0 },
		{ "{\"status\":true,\"data\":{\"status\":\"failed\",\"failures\":\"Account "
		  "blocked\"}}", MOMO_OK, MOMO_FAILED, "TRANSFER_FAILED: Account blocked", 0 },
		{ "{\"status\":true,\"data\":{\"status\":\"failed\",\"failures\":[{\"reason\":"
		  "\"Limit\"}]}}", MOMO_OK, MOMO_FAILED, "TRANSFER_FAILED: Limit", 0 },
		{ "{\"status\":true,\"data\":{\"status\":\"reversed\"}}", MOMO_OK, MOMO_FAILED,
		  "TRANSFER_REVERSED: no reason given", 1 },
		{ "{\"status\":true,\"data\":{\"status\":\"done\"}}", MOMO_UNAVAILABLE, MOMO_PENDING,
		  "", 0 },
		{ "{\"status\":false,\"data\":{\"status\":\"success\"}}", MOMO_UNAVAILABLE,
		  MOMO_PENDING, "", 0 },
		{ "{\"status\":true}", MOMO_UNAVAILABLE, MOMO_PENDING, "", 0 },
	};
	struct momo_status st;
	json_t *b;
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		UNIT_REQUIRE((b = json_loads(rows[i].body, 0, NULL)) != NULL, "%zu parses", i);
		UNIT_CHECK(paystack_wire_transfer(b, &st) == rows[i].rc, "%s", rows[i].body);
		UNIT_CHECK(st.state == rows[i].state, "%s: state", rows[i].body);
		UNIT_CHECK(strcmp(st.reason, rows[i].reason) == 0, "%s: %s", rows[i].body, st.reason);
		UNIT_CHECK(st.reversed == rows[i].reversed, "%s: reversed", rows[i].body);
		json_decref(b);
	}
	b = json_loads(rows[0].body, 0, NULL);
	UNIT_CHECK(paystack_wire_transfer(b, &st) == MOMO_OK &&
	    strcmp(st.financial_id, "TRF_x1") == 0, "%s", st.financial_id);
	json_decref(b);
	b = json_loads("{\"status\":true,\"data\":{\"status\":\"success\",\"id\":4099260516}}",
	    0, NULL);
	UNIT_CHECK(paystack_wire_charge(b, &st) == MOMO_OK && st.state == MOMO_SUCCESSFUL &&
	    strcmp(st.financial_id, "4099260516") == 0, "%s", st.financial_id);
	json_decref(b);
	b = json_loads("{\"status\":true,\"data\":{\"status\":\"abandoned\",\"gateway_response\":"
	    "\"Timed out\\nwaiting\"}}", 0, NULL);
	UNIT_CHECK(paystack_wire_charge(b, &st) == MOMO_OK && st.state == MOMO_FAILED &&
	    strcmp(st.reason, "CHARGE_ABANDONED: Timed out?waiting") == 0, "%s", st.reason);
	json_decref(b);
}

static void
test_balance(void)
{
	static const struct { const char *body; enum momo_rc rc; const char *want; } rows[] = {
		{ "{\"status\":true,\"data\":[{\"currency\":\"NGN\",\"balance\":5},"
		  "{\"currency\":\"GHS\",\"balance\":100000075}]}", MOMO_OK, "1000000.75" },
		{ "{\"status\":true,\"data\":[{\"currency\":\"GHS\",\"balance\":0}]}", MOMO_OK, "0.00" },
		{ "{\"status\":true,\"data\":[{\"currency\":\"GHS\",\"balance\":\"100\"}]}",
		  MOMO_UNAVAILABLE, "" },
		{ "{\"status\":true,\"data\":[{\"currency\":\"GHS\",\"balance\":-1}]}",
		  MOMO_UNAVAILABLE, "" },
		{ "{\"status\":true,\"data\":[{\"currency\":\"GHS\",\"balance\":1.5}]}",
		  MOMO_UNAVAILABLE, "" },
		{ "{\"status\":true,\"data\":[]}", MOMO_UNAVAILABLE, "" },
		{ "{\"status\":false,\"message\":\"Invalid key\"}", MOMO_UNAVAILABLE, "" },
	};
	char amount[32];
	json_t *b;
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		UNIT_REQUIRE((b = json_loads(rows[i].body, 0, NULL)) != NULL, "%zu parses", i);
		UNIT_CHECK(paystack_wire_balance(b, "GHS", amount, sizeof(amount)) == rows[i].rc,
		    "%s", rows[i].body);
		UNIT_CHECK(strcmp(amount, rows[i].want) == 0, "%s: %s", rows[i].body, amount);
		json_decref(b);
	}
}

static void
test_signature(void)
{
	const char *body = "{\"event\":\"transfer.success\",\"data\":{\"reference\":\"r1\"}}";
	const char *want = "a39ec0073e86910f66b24921d016dbaf3255ba924d023971bed13e8e51495922"
	    "9f5f18ffd284e40d30271555fe29f5897de03cdcf6acdc65ec9ede948dc5e915";
	char sig[129], upper[129];
	size_t i;

	UNIT_REQUIRE(paystack_sign("sk_test_abc", body, strlen(body), sig) == 0, "signed");
	UNIT_CHECK(strcmp(sig, want) == 0, "openssl's vector: %s", sig);
	UNIT_CHECK(paystack_signature_ok("sk_test_abc", body, strlen(body), want), "verifies");
	for (i = 0; i <= 128; i++)
		upper[i] = (char)(want[i] >= 'a' && want[i] <= 'f' ? want[i] - 32 : want[i]);
	UNIT_CHECK(paystack_signature_ok("sk_test_abc", body, strlen(body), upper), "upper hex");
	UNIT_CHECK(!paystack_signature_ok("sk_test_abd", body, strlen(body), want), "other key");
	UNIT_CHECK(!paystack_signature_ok("sk_test_abc", body, strlen(body) - 1, want),
	    "other body");
	UNIT_CHECK(!paystack_signature_ok("sk_test_abc", body, strlen(body), "abc"), "short");
	UNIT_CHECK(!paystack_signature_ok("sk_test_abc", body, strlen(body), NULL), "none");
	UNIT_CHECK(!paystack_signature_ok("", body, strlen(body), want), "no key");
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "bank codes and charge providers of the networks", test_codes },
		{ "pesewas: exact both ways, up to 2^53", test_pesewas },
		{ "Ghana numbers in Paystack's local form", test_numbers },
		{ "transfer and charge verify answers", test_transfer_answers },
		{ "balance answers", test_balance },
		{ "webhook signature: openssl's vector, constant-time compare", test_signature },
	};

	return tu_main("paystack", NULL, NULL, tests, NELEM(tests));
}
