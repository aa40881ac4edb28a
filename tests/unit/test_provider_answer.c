/* Unit tests for lib/domain/provider_answer.c and the answers' "what was
 * paid" as the wire readers take it (MTN's and Paystack's). */
#include "domain/provider_answer.h"

#include <CUnit/Basic.h>
#include <jansson.h>
#include <string.h>

#include "providers/momo_wire.h"
#include "providers/paystack_wire.h"
#include "unit.h"

/* A SUCCESSFUL status saying amount, currency, party. */
static struct momo_status
said(const char *amount, const char *currency, const char *party)
{
	struct momo_status st;

	memset(&st, 0, sizeof(st));
	st.state = MOMO_SUCCESSFUL;
	snprintf(st.amount, sizeof(st.amount), "%s", amount);
	snprintf(st.currency, sizeof(st.currency), "%s", currency);
	snprintf(st.party, sizeof(st.party), "%s", party);
	return st;
}

static void
test_matches(void)
{
	static const struct {
		const char *amount, *currency, *party;
		int ok;
	} rows[] = {
		{ "10.00", "GHS", "233241234567", 1 },
		{ "10", "GHS", "233241234567", 1 },        /* the same amount, written short */
		{ "10.01", "GHS", "233241234567", 0 },
		{ "9.99", "GHS", "233241234567", 0 },
		{ "11.00", "GHS", "233241234567", 0 },
		{ "10.00", "USD", "233241234567", 0 },
		{ "10.00", "ghs", "233241234567", 0 },
		{ "10.00", "GHS", "233241234999", 0 },
		{ "10.00", "GHS", "0241234567", 0 },       /* a local form is not read as ours */
		{ "", "GHS", "233241234567", 0 },          /* nothing said: nothing completes */
		{ "10.00", "", "233241234567", 0 },
		{ "10.00", "GHS", "", 0 },
		{ "ten", "GHS", "233241234567", 0 },
		{ "10.000", "GHS", "233241234567", 0 },
		{ "1e1", "GHS", "233241234567", 0 },
	};
	char why[256];
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		struct momo_status st = said(rows[i].amount, rows[i].currency, rows[i].party);

		why[0] = '\0';
		UNIT_CHECK(provider_answer_matches("10.00", "GHS", "+233241234567", &st, why,
		    sizeof(why)) == rows[i].ok, "row %zu: %s %s %s", i, rows[i].amount,
		    rows[i].currency, rows[i].party);
		if (!rows[i].ok)
			UNIT_CHECK(strstr(why, "asked 10.00 GHS to 233241234567") != NULL,
			    "row %zu: %s", i, why);
	}
	{
		struct momo_status st = said("11.00", "GHS", "233241234567");

		CU_ASSERT_EQUAL(provider_answer_matches("10.00", "GHS", "+233241234567", &st, why,
		    sizeof(why)), 0);
		CU_ASSERT_STRING_EQUAL(why, "the provider answered 11.00 GHS to 233241234567; "
		    "asked 10.00 GHS to 233241234567");
	}
}

/* MTN's SUCCESSFUL answer: amount (as MTN writes it), currency, the
 * payee's or payer's partyId. */
static void
test_mtn_paid(void)
{
	struct momo_status st;
	json_t *b;

	b = json_loads("{\"amount\":\"10\",\"currency\":\"GHS\",\"externalId\":\"po_x\","
	    "\"payee\":{\"partyIdType\":\"MSISDN\",\"partyId\":\"233241234567\"},"
	    "\"status\":\"SUCCESSFUL\",\"financialTransactionId\":\"1234567890\"}", 0, NULL);
	CU_ASSERT_EQUAL_FATAL(momo_wire_status(b, &st), MOMO_OK);
	CU_ASSERT_STRING_EQUAL(st.amount, "10.00");
	CU_ASSERT_STRING_EQUAL(st.currency, "GHS");
	CU_ASSERT_STRING_EQUAL(st.party, "233241234567");
	json_decref(b);
	b = json_loads("{\"amount\":\"5.5\",\"currency\":\"GHS\",\"payer\":{\"partyIdType\":"
	    "\"MSISDN\",\"partyId\":\"233201112223\"},\"status\":\"SUCCESSFUL\"}", 0, NULL);
	CU_ASSERT_EQUAL_FATAL(momo_wire_status(b, &st), MOMO_OK);
	CU_ASSERT_STRING_EQUAL(st.amount, "5.50");
	CU_ASSERT_STRING_EQUAL(st.party, "233201112223");
	json_decref(b);
	/* a malformed amount is kept as it came: it matches nothing */
	b = json_loads("{\"amount\":\"10,00\",\"currency\":\"GHS\",\"status\":\"SUCCESSFUL\"}", 0,
	    NULL);
	CU_ASSERT_EQUAL_FATAL(momo_wire_status(b, &st), MOMO_OK);
	CU_ASSERT_STRING_EQUAL(st.amount, "10,00");
	CU_ASSERT_STRING_EQUAL(st.party, "");
	json_decref(b);
}

/* Paystack's verify: pesewas as cedis, the recipient's or the charged
 * number from local form to 233. */
static void
test_paystack_paid(void)
{
	struct momo_status st;
	json_t *b;

	b = json_loads("{\"status\":true,\"data\":{\"amount\":1050,\"currency\":\"GHS\","
	    "\"status\":\"success\",\"transfer_code\":\"TRF_1\",\"recipient\":{\"details\":"
	    "{\"account_number\":\"0241234567\"}}}}", 0, NULL);
	CU_ASSERT_EQUAL_FATAL(paystack_wire_transfer(b, &st), MOMO_OK);
	CU_ASSERT_EQUAL(st.state, MOMO_SUCCESSFUL);
	CU_ASSERT_STRING_EQUAL(st.amount, "10.50");
	CU_ASSERT_STRING_EQUAL(st.currency, "GHS");
	CU_ASSERT_STRING_EQUAL(st.party, "233241234567");
	json_decref(b);
	b = json_loads("{\"status\":true,\"data\":{\"id\":7,\"amount\":500,\"currency\":\"GHS\","
	    "\"status\":\"success\",\"authorization\":{\"mobile_money_number\":\"0201112223\"}}}",
	    0, NULL);
	CU_ASSERT_EQUAL_FATAL(paystack_wire_charge(b, &st), MOMO_OK);
	CU_ASSERT_STRING_EQUAL(st.amount, "5.00");
	CU_ASSERT_STRING_EQUAL(st.party, "233201112223");
	json_decref(b);
	/* no amount, a number not in Ghana's local form */
	b = json_loads("{\"status\":true,\"data\":{\"currency\":\"GHS\",\"status\":\"success\","
	    "\"recipient\":{\"details\":{\"account_number\":\"+12025550100\"}}}}", 0, NULL);
	CU_ASSERT_EQUAL_FATAL(paystack_wire_transfer(b, &st), MOMO_OK);
	CU_ASSERT_STRING_EQUAL(st.amount, "");
	CU_ASSERT_STRING_EQUAL(st.party, "+12025550100");
	json_decref(b);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "what was asked against what was answered", test_matches },
		{ "MTN's success says what was paid", test_mtn_paid },
		{ "Paystack's success says what was paid", test_paystack_paid },
	};

	return tu_main("provider_answer", NULL, NULL, tests, NELEM(tests));
}
