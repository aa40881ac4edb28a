/*
 * The mobile money adapter without a network (providers/momo_wire.h):
 * references (UUID v4 from momo_new_ref, the check of X-Reference-Id),
 * the provider's reasons, status bodies and basicuserinfo names.
 */
#include "providers/momo.h"
#include "providers/momo_reason.h"
#include "providers/momo_wire.h"

#include <CUnit/Basic.h>
#include <string.h>

#include "unit.h"

static void
test_new_ref(void)
{
	char seen[64][MOMO_REF_LEN + 1];
	size_t i, j, k;

	for (i = 0; i < NELEM(seen); i++) {
		char *r = seen[i];

		UNIT_REQUIRE(momo_new_ref(r) == 0, "ref %zu made", i);
		UNIT_CHECK(strlen(r) == MOMO_REF_LEN, "%s: length", r);
		UNIT_CHECK(momo_ref_valid(r), "%s: a UUID", r);
		UNIT_CHECK(r[14] == '4', "%s: version 4", r);
		UNIT_CHECK(strchr("89ab", r[19]) != NULL, "%s: RFC 4122 variant", r);
		for (k = 0; k < MOMO_REF_LEN; k++)
			UNIT_CHECK(!(r[k] >= 'A' && r[k] <= 'F'), "%s: lowercase", r);
		for (j = 0; j < i; j++)
			UNIT_CHECK(strcmp(seen[j], r) != 0, "%s: made twice", r);
	}
}

static void
test_ref_valid_table(void)
{
	static const struct { const char *s; int ok; } rows[] = {
		{ "0b9d5a2e-5b1c-4f7e-9b3a-2c1d0e9f8a7b", 1 },
		{ "0B9D5A2E-5B1C-4F7E-9B3A-2C1D0E9F8A7B", 1 },
		{ "00000000-0000-0000-0000-000000000000", 1 },
		{ "0b9d5a2e-5b1c-4f7e-9b3a-2c1d0e9f8a7", 0 },   /* short */
		{ "0b9d5a2e-5b1c-4f7e-9b3a-2c1d0e9f8a7bb", 0 }, /* long */
		{ "0b9d5a2e5b1c-4f7e-9b3a-2c1d0e9f8a7b-", 0 },  /* dash moved */
		{ "0b9d5a2e-5b1c-4f7e-9b3a-2c1d0e9f8a7g", 0 },  /* not hex */
		{ "0b9d5a2e-5b1c-4f7e-9b3a-2c1d0e9f8a/b", 0 },
		{ "0b9d5a2e-5b1c-4f7e-9b3a-2c1d0e9f8a\nb", 0 },
		{ "{b9d5a2e-5b1c-4f7e-9b3a-2c1d0e9f8a7b}", 0 },
		{ "", 0 },
		{ NULL, 0 },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++)
		UNIT_CHECK(momo_ref_valid(rows[i].s) == rows[i].ok, "row %zu: %s", i,
		    rows[i].s ? rows[i].s : "(null)");
}

static void
test_reason_table(void)
{
	static const struct { const char *json, *want; } rows[] = {
		/* MTN's codes: our text, whatever the provider's message */
		{ "{\"r\":{\"code\":\"PAYEE_NOT_ALLOWED_TO_RECEIVE\",\"message\":\"The payee cannot receive\"}}",
		  "PAYEE_NOT_ALLOWED_TO_RECEIVE: the recipient's account may not receive this "
		  "payment (blocked or over its limit)" },
		{ "{\"r\":\"APPROVAL_REJECTED\"}", "APPROVAL_REJECTED: the payer rejected the payment" },
		{ "{\"r\":{\"code\":\"EXPIRED\"}}",
		  "EXPIRED: the payer did not approve the payment in time" },
		/* another code keeps the provider's message, or stands alone */
		{ "{\"r\":{\"code\":\"NEW_CODE\",\"message\":\"Something new\"}}",
		  "NEW_CODE: Something new" },
		{ "{\"r\":\"NEW_CODE\"}", "NEW_CODE" },
		{ "{\"r\":{\"message\":\"only a message\"}}", "only a message" },
		{ "{\"r\":{\"code\":\"\",\"message\":\"\"}}", "" },
		{ "{\"r\":{\"code\":5}}", "" },
		{ "{\"r\":null}", "" },
		{ "{\"r\":[\"A\"]}", "" },
		/* control and non-ASCII bytes are never passed on */
		{ "{\"r\":\"bad\\nline\\u0007\"}", "bad?line?" },
		{ "{\"r\":\"caf\\u00e9\"}", "caf??" },
	};
	char out[160];
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		json_t *j = json_loads(rows[i].json, 0, NULL);

		UNIT_REQUIRE(j != NULL, "row %zu parses", i);
		memset(out, 'Z', sizeof(out));
		momo_wire_reason(json_object_get(j, "r"), out, sizeof(out));
		UNIT_STR_EQ(out, rows[i].want, rows[i].json);
		json_decref(j);
	}
	/* absent, and clipped to the caller's buffer */
	momo_wire_reason(NULL, out, sizeof(out));
	UNIT_STR_EQ(out, "", "NULL reason");
	{
		json_t *r = json_pack("{s:s,s:s}", "code", "INTERNAL_PROCESSING_ERROR",
		    "message", "x");
		char small[9];

		momo_wire_reason(r, small, sizeof(small));
		UNIT_STR_EQ(small, "INTERNAL", "clipped to 8 characters");
		json_decref(r);
	}
}

/* Every code MTN documents has its own text, none twice, none empty. */
static void
test_reason_codes(void)
{
	static const char *const mtn[] = {
		"PAYEE_NOT_FOUND", "PAYER_NOT_FOUND", "NOT_ALLOWED",
		"NOT_ALLOWED_TARGET_ENVIRONMENT", "INVALID_CALLBACK_URL_HOST",
		"INVALID_CURRENCY", "SERVICE_UNAVAILABLE", "INTERNAL_PROCESSING_ERROR",
		"NOT_ENOUGH_FUNDS", "PAYER_LIMIT_REACHED", "PAYEE_NOT_ALLOWED_TO_RECEIVE",
		"PAYMENT_NOT_APPROVED", "RESOURCE_NOT_FOUND", "APPROVAL_REJECTED", "EXPIRED",
		"TRANSACTION_CANCELED", "RESOURCE_ALREADY_EXIST", "COULD_NOT_PERFORM_TRANSACTION",
	};
	size_t i, j;

	for (i = 0; i < NELEM(mtn); i++)
		UNIT_CHECK(momo_reason_text(mtn[i]) != NULL && momo_reason_text(mtn[i])[0] != '\0',
		    "%s has a text", mtn[i]);
	for (i = 0; i < momo_reasons_len; i++)
		for (j = i + 1; j < momo_reasons_len; j++)
			UNIT_CHECK(strcmp(momo_reasons[i].text, momo_reasons[j].text) != 0 &&
			    strcmp(momo_reasons[i].code, momo_reasons[j].code) != 0,
			    "%s and %s differ", momo_reasons[i].code, momo_reasons[j].code);
	UNIT_CHECK(momo_reason_text("NO_SUCH_CODE") == NULL, "an unknown code");
	UNIT_CHECK(momo_reason_text(NULL) == NULL, "NULL");
}

static void
test_status_table(void)
{
	static const struct {
		const char *json;
		enum momo_rc rc;
		enum momo_state state;
		const char *reason, *fid;
	} rows[] = {
		{ "{\"status\":\"PENDING\"}", MOMO_OK, MOMO_PENDING, "", "" },
		{ "{\"status\":\"SUCCESSFUL\",\"financialTransactionId\":\"1234567890\"}",
		  MOMO_OK, MOMO_SUCCESSFUL, "", "1234567890" },
		{ "{\"status\":\"SUCCESSFUL\"}", MOMO_OK, MOMO_SUCCESSFUL, "", "" },
		{ "{\"status\":\"FAILED\",\"reason\":{\"code\":\"INTERNAL_PROCESSING_ERROR\",\"message\":\"Processing failed\"}}",
		  MOMO_OK, MOMO_FAILED,
		  "INTERNAL_PROCESSING_ERROR: the provider failed to process the transaction", "" },
		{ "{\"status\":\"FAILED\",\"reason\":\"APPROVAL_REJECTED\"}",
		  MOMO_OK, MOMO_FAILED, "APPROVAL_REJECTED: the payer rejected the payment", "" },
		{ "{\"status\":\"FAILED\"}", MOMO_OK, MOMO_FAILED, "FAILED (no reason given)", "" },
		/* the reason of a success, the id of a failure: not taken */
		{ "{\"status\":\"FAILED\",\"reason\":\"EXPIRED\",\"financialTransactionId\":\"9\"}",
		  MOMO_OK, MOMO_FAILED, "EXPIRED: the payer did not approve the payment in time", "" },
		{ "{\"status\":\"SUCCESSFUL\",\"reason\":\"EXPIRED\",\"financialTransactionId\":\"9\"}",
		  MOMO_OK, MOMO_SUCCESSFUL, "", "9" },
		/* nothing that settles anything */
		{ "{\"status\":\"pending\"}", MOMO_UNAVAILABLE, MOMO_PENDING, "", "" },
		{ "{\"status\":\"ONGOING\"}", MOMO_UNAVAILABLE, MOMO_PENDING, "", "" },
		{ "{\"status\":1}", MOMO_UNAVAILABLE, MOMO_PENDING, "", "" },
		{ "{}", MOMO_UNAVAILABLE, MOMO_PENDING, "", "" },
		{ "[\"SUCCESSFUL\"]", MOMO_UNAVAILABLE, MOMO_PENDING, "", "" },
	};
	struct momo_status st;
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		json_t *j = json_loads(rows[i].json, 0, NULL);

		UNIT_REQUIRE(j != NULL, "row %zu parses", i);
		memset(&st, 'Z', sizeof(st));
		UNIT_CHECK(momo_wire_status(j, &st) == rows[i].rc, "%s: rc", rows[i].json);
		UNIT_CHECK(st.state == rows[i].state, "%s: state %d", rows[i].json,
		    (int)st.state);
		UNIT_STR_EQ(st.reason, rows[i].reason, rows[i].json);
		UNIT_STR_EQ(st.financial_id, rows[i].fid, rows[i].json);
		json_decref(j);
	}
	UNIT_CHECK(momo_wire_status(NULL, &st) == MOMO_UNAVAILABLE, "no body");
}

static void
test_name_table(void)
{
	static const struct { const char *json; enum momo_rc rc; const char *name; } rows[] = {
		{ "{\"name\":\"Ama Serwaa Boateng\",\"given_name\":\"Ama\",\"family_name\":\"B\"}",
		  MOMO_OK, "Ama Serwaa Boateng" },
		{ "{\"given_name\":\"Ama Serwaa\",\"family_name\":\"Boateng\"}",
		  MOMO_OK, "Ama Serwaa Boateng" },
		{ "{\"name\":\"\",\"given_name\":\"Kofi\",\"family_name\":\"Mensah\"}",
		  MOMO_OK, "Kofi Mensah" },
		{ "{\"name\":null,\"given_name\":\"Kofi\"}", MOMO_OK, "Kofi" },
		{ "{\"family_name\":\"Mensah\"}", MOMO_OK, "Mensah" },
		{ "{\"name\":\"Line\\nBreak\"}", MOMO_OK, "Line Break" },
		{ "{\"name\":\"Akosua Ad\\u00e9\"}", MOMO_OK, "Akosua Ad\xc3\xa9" },
		/* the sandbox's ordinary numbers: any name verifies */
		{ "{\"name\":null,\"given_name\":null,\"family_name\":null,\"sandbox_any_name\":true}",
		  MOMO_OK, "" },
		/* no name, and no word that any name will do */
		{ "{\"name\":null,\"given_name\":null,\"family_name\":null}", MOMO_UNAVAILABLE, "" },
		{ "{\"sandbox_any_name\":false}", MOMO_UNAVAILABLE, "" },
		{ "{\"sandbox_any_name\":\"true\"}", MOMO_UNAVAILABLE, "" },
		{ "{\"name\":42}", MOMO_UNAVAILABLE, "" },
	};
	char name[64];
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		json_t *j = json_loads(rows[i].json, 0, NULL);

		UNIT_REQUIRE(j != NULL, "row %zu parses", i);
		memset(name, 'Z', sizeof(name));
		UNIT_CHECK(momo_wire_name(j, name, sizeof(name)) == rows[i].rc, "%s: rc",
		    rows[i].json);
		UNIT_STR_EQ(name, rows[i].name, rows[i].json);
		json_decref(j);
	}
}

/* A name longer than the buffer is cut whole characters at a time. */
static void
test_name_clipped(void)
{
	json_t *j = json_pack("{s:s}", "name", "Ad\xc3\xa9l\xc3\xa9");
	char name[5];

	CU_ASSERT_PTR_NOT_NULL_FATAL(j);
	CU_ASSERT_EQUAL(momo_wire_name(j, name, sizeof(name)), MOMO_OK);
	/* "Ad" + e-acute fits 4 bytes; the 'l' would be the fifth */
	CU_ASSERT_STRING_EQUAL(name, "Ad\xc3\xa9");
	CU_ASSERT_EQUAL(momo_wire_name(j, name, 4), MOMO_OK);
	CU_ASSERT_STRING_EQUAL(name, "Ad"); /* never half a character */
	json_decref(j);
}

static void
test_balance_table(void)
{
	static const struct { const char *body, *want; enum momo_rc rc; } t[] = {
		{ "{\"availableBalance\":\"1000000.00\",\"currency\":\"GHS\"}", "1000000.00", MOMO_OK },
		{ "{\"availableBalance\":\"15\",\"currency\":\"GHS\"}", "15.00", MOMO_OK },
		{ "{\"availableBalance\":\"0.5\",\"currency\":\"GHS\"}", "0.50", MOMO_OK },
		{ "{\"availableBalance\":\"0\",\"currency\":\"GHS\"}", "0.00", MOMO_OK },
		/* another currency, none, a number, a sign, 3 places, junk */
		{ "{\"availableBalance\":\"15.00\",\"currency\":\"EUR\"}", "", MOMO_UNAVAILABLE },
		{ "{\"availableBalance\":\"15.00\"}", "", MOMO_UNAVAILABLE },
		{ "{\"availableBalance\":15,\"currency\":\"GHS\"}", "", MOMO_UNAVAILABLE },
		{ "{\"availableBalance\":\"-1.00\",\"currency\":\"GHS\"}", "", MOMO_UNAVAILABLE },
		{ "{\"availableBalance\":\"1.005\",\"currency\":\"GHS\"}", "", MOMO_UNAVAILABLE },
		{ "{\"availableBalance\":\"1e3\",\"currency\":\"GHS\"}", "", MOMO_UNAVAILABLE },
		{ "{\"currency\":\"GHS\"}", "", MOMO_UNAVAILABLE },
		{ "[]", "", MOMO_UNAVAILABLE },
	};
	char out[40];
	size_t i;

	for (i = 0; i < NELEM(t); i++) {
		json_t *j = json_loads(t[i].body, 0, NULL);

		CU_ASSERT_PTR_NOT_NULL_FATAL(j);
		CU_ASSERT_EQUAL(momo_wire_balance(j, "GHS", out, sizeof(out)), t[i].rc);
		CU_ASSERT_STRING_EQUAL(out, t[i].want);
		json_decref(j);
	}
	/* too small a buffer is no answer, never a clipped amount */
	{
		json_t *j = json_loads("{\"availableBalance\":\"1000000.00\",\"currency\":\"GHS\"}",
		    0, NULL);

		CU_ASSERT_EQUAL(momo_wire_balance(j, "GHS", out, 5), MOMO_UNAVAILABLE);
		json_decref(j);
	}
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "momo_new_ref: UUID v4, lowercase, distinct", test_new_ref },
		{ "momo_ref_valid table", test_ref_valid_table },
		{ "momo_wire_reason table", test_reason_table },
		{ "momo_reason: every MTN code has its own text", test_reason_codes },
		{ "momo_wire_status table", test_status_table },
		{ "momo_wire_name table", test_name_table },
		{ "momo_wire_name clips whole characters", test_name_clipped },
		{ "momo_wire_balance table", test_balance_table },
	};

	return tu_main("momo", NULL, NULL, tests, NELEM(tests));
}
