/*
 * The chain gateway's faucet (sandbox) as the adapter reads its answers
 * (issue 13: a simulator failure came back as 400 invalid_amount): a 4xx
 * answer is the gateway refusing (CHAIN_REJECTED, the API's
 * invalid_amount); a 5xx, an unreadable 200 or no connection is
 * CHAIN_UNAVAILABLE (provider_unavailable); no answer in time or a 504 is
 * CHAIN_TIMEOUT (provider_timeout). Against a local receiver
 * (tests/common/receiver.h) on 127.0.0.1 scripted with each answer.
 */
#include <stdio.h>
#include <string.h>

#include "core/strict.h"
#include "providers/chain.h"
#include "receiver.h"
#include "it.h"

static enum chain_rc
faucet_at(int port, long timeout_ms)
{
	struct prov_chain ch;
	char balance[64];

	memset(&ch, 0, sizeof(ch));
	ch.ops = &chain_http;
	(void)strict_copy(ch.ep.provider, sizeof(ch.ep.provider), "chain");
	snprintf(ch.ep.url, sizeof(ch.ep.url), "http://127.0.0.1:%d", port);
	ch.ep.timeout_ms = timeout_ms;
	return chain_http.faucet(&ch, "0x1111111111111111111111111111111111111111",
	    "USDT", "10", balance, sizeof(balance));
}

static void
test_faucet_failures_are_not_refusals(void)
{
	static const struct { int status; enum chain_rc want; } cases[] = {
		{ 400, CHAIN_REJECTED },    /* the gateway's own refusal */
		{ 422, CHAIN_REJECTED },
		{ 500, CHAIN_UNAVAILABLE }, /* issue 13: was a refusal */
		{ 502, CHAIN_UNAVAILABLE },
		{ 503, CHAIN_UNAVAILABLE },
		{ 504, CHAIN_TIMEOUT },
		{ 200, CHAIN_UNAVAILABLE }, /* a 200 without a balance: unreadable */
	};
	struct receiver *rcv = rcv_start();
	size_t i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(rcv);
	for (i = 0; i < NELEM(cases); i++) {
		rcv_script(rcv, NULL, 0, cases[i].status);
		CU_ASSERT_EQUAL(faucet_at(rcv_port(rcv), 2000), cases[i].want);
	}
	CU_ASSERT_EQUAL(rcv_count(rcv), NELEM(cases));
	/* an answer later than the timeout */
	rcv_script(rcv, NULL, 0, 200);
	rcv_set_delay_ms(rcv, 1500);
	CU_ASSERT_EQUAL(faucet_at(rcv_port(rcv), 300), CHAIN_TIMEOUT);
	rcv_stop(rcv);
}

static void
test_faucet_unreachable_is_unavailable(void)
{
	struct receiver *rcv = rcv_start();
	int port;

	CU_ASSERT_PTR_NOT_NULL_FATAL(rcv);
	port = rcv_port(rcv);
	rcv_stop(rcv); /* nothing listens there now */
	CU_ASSERT_EQUAL(faucet_at(port, 2000), CHAIN_UNAVAILABLE);
}

int
it_suite_faucet(void)
{
	static const struct tu_test tests[] = {
		{ "faucet: a failure is not a refusal", test_faucet_failures_are_not_refusals },
		{ "faucet: an unreachable gateway is unavailable", test_faucet_unreachable_is_unavailable },
	};

	return tu_add_suite("chain faucet answers", NULL, NULL, tests, NELEM(tests));
}
