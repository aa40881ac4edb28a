/* The integration suite: every test against the real running stack. */
#include <CUnit/Basic.h>
#include <curl/curl.h>
#include <mysql.h>
#include <stdio.h>
#include <stdlib.h>

#include "children.h"
#include "it.h"

/* Every suite, in the order they run, on the chain simulator. */
static int (*const suites[])(void) = {
	it_suite_reference,
	it_suite_auth,
	it_suite_signatures,
	it_suite_http,
	it_suite_openapi,
	it_suite_db,
	it_suite_quotes,
	it_suite_ratelimit,
	it_suite_convert,
	it_suite_idem,
	it_suite_paging,
	it_suite_growth,
	it_suite_recovery,
	it_suite_admin,
	it_suite_momo,
	it_suite_payouts,
	it_suite_callbacks,
	it_suite_paystack,
	it_suite_reversal,
	it_suite_review,
	it_suite_payout_stress,
	it_suite_float,
	it_suite_float_reconcile,
	it_suite_kyc,
	it_suite_funds,
	it_suite_withdrawals,
	it_suite_withdrawal_ops,
	it_suite_statements,
	it_suite_webhooks,
	it_suite_intents,
	it_suite_faucet,
	it_suite_badinput,
	it_suite_console,
	it_suite_console_dev,
	it_suite_console_wallet,
	it_suite_console_ops,
	it_suite_console_ops_kyc,
	it_suite_console_ops_payouts,
	it_suite_console_ops_partner_money,
	it_suite_console_ops_rates,
	it_suite_console_ops_money,
	it_suite_jwks,
	it_suite_console_pages,
	it_suite_metrics,
};

/* On a stack with a real chain (--chain evm: CHAIN_RPC_URL is set). */
static int (*const chain_suites[])(void) = {
	it_suite_chain,
	it_suite_chain_faults,
	it_suite_console_ops_money_chain,
	it_suite_signer,
};

int
main(void)
{
	int (*const *run)(void) = suites;
	size_t i, n = NELEM(suites);
	char slow[12];
	int rc = 2;

	/* the clients the tests run (a browser's script, a node tool) scale
	 * their own waits by the same factor (3 under the sanitizers) */
	snprintf(slow, sizeof(slow), "%u", tu_slow());
	setenv("TEST_SLOW", slow, 1);

	curl_global_init(CURL_GLOBAL_DEFAULT);
	mysql_library_init(0, NULL, NULL);
	if (CU_initialize_registry() != CUE_SUCCESS)
		goto libs;
	/* every test in bounds, and cleaned up after however it ends; the
	 * children gone with the run should it be ended */
	it_fixture_install();
	child_kill_on_exit_signals();
	if (getenv("CHAIN_RPC_URL") != NULL) {
		run = chain_suites;
		n = NELEM(chain_suites);
	}
	for (i = 0; i < n; i++)
		if (run[i]() != 0) {
			CU_cleanup_registry();
			goto libs;
		}
	/* on a Galera cluster (make test GALERA=1), the cluster's own tests last */
	if (getenv("CEDIRAMP_CLUSTER") != NULL && it_suite_cluster() != 0) {
		CU_cleanup_registry();
		goto libs;
	}
	rc = tu_run();
libs:
	mysql_library_end();
	curl_global_cleanup();
	return rc;
}
