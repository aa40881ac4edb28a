/*
 * The console's pages (/console/, docs/console.md) in Debian's headless
 * Chromium: tests/console_browser/console.mjs (CONSOLE_BROWSER) signs up
 * and in through the forms, by keyboard too, makes a key pair and uses it,
 * names, renames and rolls one (both keys working in the overlap),
 * registers a request-signing public key (node:crypto's Ed25519), is
 * refused a key id twice, requires signed requests (an unsigned partner
 * API request then 401) and not, and removes the key, cancels a
 * withdrawal and a payment intent (each page with its timeline and
 * deliveries; the hash through the explorer's template), exports the
 * withdrawals as CSV, reads the overview's balances and 30-day chart,
 * shows markup as text, hides what a viewer may not do (and the API
 * refuses it), invites a viewer on the Team page and joins through the
 * link the Sandbox mail page shows, then removes them, changes another
 * member's role from viewer to developer (the member's session taking
 * it), resets a password and lifts a lockout through their mailed links,
 * enrols two-factor on the Security page with npm otplib's codes and asks
 * for the code at sign-in, sends a member without it to enrol when the
 * owner requires it, adds a webhook endpoint, sends it a test event and
 * redelivers it from the log (URLs with markup shown as text), edits an
 * endpoint's events, disables it (no delivery of a withdrawal made then)
 * and enables it again, signs the platform's wallet developer (made by
 * cediramp-admin) in to Wallet webhooks alone (a partner's page by URL
 * said not available), where it adds an endpoint, sends it a test event
 * that the webhooks worker delivers in the wallet form (the signature in
 * the body, checked with the secret the page showed once), redelivers it
 * from its page and deletes it, by mouse and by keyboard (no wallet
 * endpoint is left behind), signs out everywhere, checks the headers that
 * refuse framing, the first load's size and every page with axe-core, and
 * saves a screenshot of each page; and the back office: an operator
 * suspends and reactivates a partner, compliance approves a KYC
 * submission (uploaded here through the wallet API) with its images seen,
 * an operator resolves a payout held for review (made here) with a
 * reason from its page (its timeline and provider calls shown),
 * the platform's finance syncs a float, and the operator assigns an
 * unmatched chain deposit (written here as the deposits worker writes one:
 * this stack reads no chain) to a partner.
 */
#include <stdio.h>
#include <string.h>

#include "itc.h"
#include "itc_ops.h"

/* every check of console.mjs, as it prints it after "ok " */
static const char *const checks[] = {
	"sign up through the form",
	"keyboard only",
	"keys: create a key pair on the page",
	"keys: a key named on the page and renamed in place",
	"signing: an ed25519 public key added on the API keys page",
	"payment intents: listed, cancelled",
	"overview: the balances",
	"a payment intent's page:",
	"a withdrawal's page: its timeline",
	"the on-chain transaction links to the explorer",
	"withdrawals exported as CSV",
	"markup in a company name is shown as text",
	"a viewer sees no keys link",
	"invite through the page and the mail sink",
	"team: the owner changes a member's role",
	"forgot password:",
	"locked out:",
	"two-factor: the sign-in form asks for the code",
	"two-factor: set up on the Security page",
	"two-factor required by an owner",
	"webhooks: an endpoint added on the page",
	"webhooks: a URL holding markup",
	"webhooks: an endpoint's events edited in its form",
	"wallet developer: an operator's account signs in",
	"wallet developer: the JWT settings page",
	"wallet developer, by keyboard:",
	"back office: an operator signs in at /console/ops/",
	"back office: compliance opens a KYC submission from the queue",
	"back office: a partner's owner at /console/ops/",
	"back office: an operator finds a held payout on the Payouts page",
	"back office: the operator sets a rate on the Rates page",
	"back office: the Chain page shows the chain",
	"back office: the Chain page shows the signer",
	"back office: the operator credits a deposit on a partner's page",
	"back office: the platform's finance syncs a float on the Float page",
	"back office: the operator assigns an unmatched chain deposit",
	"framing refused",
	"first load",
	"accessibility",
	"screenshots",
	"sign out everywhere",
	NULL,
};

/* The wallet developer's JWT settings and wallet endpoints the browser
 * made, gone whatever way it ended: every later test's wallet tokens and
 * events are the config's. */
static void
wallet_settings_cleared(void *arg)
{
	(void)arg;
	(void)it_db_exec("DELETE FROM wallet_jwt_settings", NULL, NULL);
	(void)it_db_exec("UPDATE webhook_endpoints SET active = 0, deleted_at = UTC_TIMESTAMP(6) "
	    "WHERE subject_kind = 'platform' AND active = 1", NULL, NULL);
}

/* The browser's unmatched deposit, gone should its check not assign it:
 * no later reconcile lists it. */
static char browser_deposit[120];

static void
browser_deposit_gone(void *arg)
{
	(void)arg;
	(void)it_db_exec("DELETE FROM chain_deposits WHERE id = ? AND status = 'unmatched'",
	    browser_deposit, NULL);
}

static void
test_console_in_browser(void)
{
	char env[2100], out[16384], kyc[64], held[64], dep[120], ref[120],
	    audit[32] = "0", moves[32] = "0";
	struct itc_wallet w;
	int n;

	CU_ASSERT_EQUAL_FATAL(tu_defer(wallet_settings_cleared, NULL), 0);
	/* the submission compliance reviews in the browser */
	itc_wallet(&w, "0xops-kyc-browser", NULL);
	CU_ASSERT_EQUAL_FATAL(itc_ops_kyc_upload(&w, "GHA-7100-23", "Kofi Browser Review", 0, kyc,
	    sizeof(kyc)), 201);
	itc_wallet_free(&w);
	/* the held payout an operator resolves there */
	itc_ops_held_payout(held, sizeof(held));
	/* the records from here on are this run's (a stack keeps its
	 * database from run to run) */
	(void)it_db_text("SELECT COALESCE(MAX(id), 0) FROM console_audit", NULL, NULL, audit,
	    sizeof(audit));
	(void)it_db_text("SELECT COALESCE(MAX(id), 0) FROM payout_float_moves", NULL, NULL, moves,
	    sizeof(moves));
	/* the deposit the operator assigns in the browser */
	itc_ops_unmatched_deposit("USDT", "5250000", 0, dep, ref);
	snprintf(browser_deposit, sizeof(browser_deposit), "%s", dep);
	CU_ASSERT_EQUAL_FATAL(tu_defer(browser_deposit_gone, NULL), 0);
	/* the browser at the first web server: on a cluster only the first
	 * node sends mail (to the sandbox's sink), which the checks read */
	it_http_via(0);
	n = snprintf(env, sizeof(env), "BASE_URL='%s' CONSOLE_SCREENSHOTS='%s' ADMIN='%s' "
	    "KYC_SUBMISSION='%s' HELD_PAYOUT='%s' UNMATCHED_DEPOSIT='%s'", it_base_url(),
	    it_env("CONSOLE_SCREENSHOTS"), it_env("ADMIN"), kyc, held, dep);
	it_http_via(-1);
	CU_ASSERT_FATAL(n > 0 && (size_t)n < sizeof(env));
	CU_ASSERT_EQUAL(itc_run_client(env, "CONSOLE_BROWSER", out, sizeof(out)), 0);
	itc_client_checks(out, checks);
	CU_ASSERT_PTR_NULL(strstr(out, "\nFAIL "));
	/* what the back office's money checks left: the audit's reasons, the
	 * journal's sync, the deposit assigned once */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM console_audit WHERE action = 'float.sync' "
	    "AND object = 'TELECEL' AND reason = 'Telecel statement, browser check' AND id > ?",
	    audit, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM payout_float_moves WHERE kind = 'sync' "
	    "AND network = 'TELECEL' AND amount = -12.50 AND provider_balance = 67.50 AND reason = "
	    "'Telecel statement, browser check' AND id > ?", moves, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM console_audit WHERE action = "
	    "'deposit.assign' AND object = ? AND reason = ?", dep, "Sender named in ticket 5120"), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM chain_deposits WHERE id = ? AND status = "
	    "'assigned' AND credits = 1", dep, NULL), 1);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partner_deposits WHERE deposit_reference "
	    "= ?", ref, NULL), 1);
}

int
it_suite_console_pages(void)
{
	static const struct tu_test tests[] = {
		{ "/console/ in headless Chromium: forms, keys, money, roles, team, mail, sign-out, CSP, axe",
		    test_console_in_browser },
	};

	return tu_add_suite("console pages", NULL, NULL, tests, NELEM(tests));
}
