/*
 * console/main: the console API (docs/console.md, openapi/console.yaml),
 * one program for every /console/api route: sessions, keys, money, team,
 * and the back office's (/console/api/ops/).
 * Every route but sign-in and sign-up needs a session; a route's action is
 * checked against the session's role before its handler runs.
 */
#include "domain/console/role.h"
#include "http/account_answer.h"
#include "http/resource_answer.h"
#include "http/resource_page.h"
#include "http/statement_query.h"
#include "http/webhook_answer.h"
#include "console.h"

#define READ ROUTE_ACTION(CONSOLE_READ)
#define CANCEL ROUTE_ACTION(CONSOLE_CANCEL)
#define KEYS ROUTE_ACTION(CONSOLE_KEYS)
#define TEAM ROUTE_ACTION(CONSOLE_TEAM)
#define HOOKS ROUTE_ACTION(CONSOLE_WEBHOOKS)
#define SELF ROUTE_ACTION(CONSOLE_ACCOUNT)
#define WALLET ROUTE_ACTION(CONSOLE_WALLET)
#define OPS_READ ROUTE_ACTION(CONSOLE_OPS_READ)
#define OPS_PARTNERS ROUTE_ACTION(CONSOLE_OPS_PARTNERS)
#define OPS_KYC ROUTE_ACTION(CONSOLE_OPS_KYC)
#define OPS_PAYOUTS ROUTE_ACTION(CONSOLE_OPS_PAYOUTS)
#define OPS_MONEY ROUTE_ACTION(CONSOLE_OPS_MONEY)
#define OPS_RATES ROUTE_ACTION(CONSOLE_OPS_RATES)
#define PUBLIC_BODY (ROUTE_PUBLIC | ROUTE_PER_ADDRESS | ROUTE_BODY)
/* what a member may do before enrolling when the partner requires
 * two-factor sign-in */
#define ENROL ROUTE_ENROL

static const char *const audit_params[] = { "limit", "before", NULL };
static const char *const ops_page_params[] = { "limit", "after", NULL };
static const char *const ops_runs_params[] = { "limit", "before", NULL };
static const char *const ops_limit_params[] = { "limit", NULL };

static const struct route routes[] = {
	{ "POST", "/console/api/signup", console_signup_post, PUBLIC_BODY, NULL, 0 },
	{ "POST", "/console/api/session", console_signin_post, PUBLIC_BODY, NULL, 0 },
	{ "POST", "/console/api/invitations/accept", console_accept_post, PUBLIC_BODY, NULL, 0 },
	{ "POST", "/console/api/password/reset", console_reset_post, PUBLIC_BODY, NULL, 0 },
	{ "POST", "/console/api/password/reset/confirm", console_reset_confirm_post, PUBLIC_BODY,
	    NULL, 0 },
	{ "POST", "/console/api/unlock", console_unlock_post, PUBLIC_BODY, NULL, 0 },
	{ "GET", "/console/api/session", console_session_get, SELF | ENROL, NULL, 0 },
	{ "DELETE", "/console/api/session", console_session_delete, SELF | ENROL, NULL, 0 },
	{ "DELETE", "/console/api/sessions", console_sessions_delete, SELF | ENROL, NULL, 0 },
	{ "POST", "/console/api/session/reauth", console_reauth_post, SELF | ENROL | ROUTE_BODY, NULL, 0 },
	{ "GET", "/console/api/2fa", console_2fa_get, SELF | ENROL, NULL, 0 },
	{ "POST", "/console/api/2fa", console_2fa_post, SELF | ENROL | ROUTE_REAUTH | ROUTE_BODY, NULL, 0 },
	{ "POST", "/console/api/2fa/confirm", console_2fa_confirm_post, SELF | ENROL | ROUTE_BODY, NULL, 0 },
	{ "DELETE", "/console/api/2fa", console_2fa_delete, SELF | ROUTE_REAUTH, NULL, 0 },
	{ "PUT", "/console/api/2fa/requirement", console_2fa_requirement_put,
	    TEAM | ROUTE_REAUTH | ROUTE_BODY, NULL, 0 },
	{ "GET", "/console/api/keys", console_keys_get, KEYS, NULL, 0 },
	{ "POST", "/console/api/keys", console_keys_post, KEYS | ROUTE_REAUTH | ROUTE_BODY, NULL, 0 },
	{ "PATCH", "/console/api/keys/:key_id", console_key_patch, KEYS | ROUTE_BODY, NULL, 0 },
	{ "DELETE", "/console/api/keys/:key_id", console_key_delete, KEYS | ROUTE_REAUTH, NULL, 0 },
	{ "POST", "/console/api/keys/:key_id/roll", console_key_roll_post,
	    KEYS | ROUTE_REAUTH | ROUTE_BODY, NULL, 0 },
	{ "GET", "/console/api/signing", console_signing_get, KEYS, NULL, 0 },
	{ "PUT", "/console/api/signing/policy", console_signing_policy_put,
	    KEYS | ROUTE_REAUTH | ROUTE_BODY, NULL, 0 },
	{ "POST", "/console/api/signing/keys", console_signing_key_post,
	    KEYS | ROUTE_REAUTH | ROUTE_BODY, NULL, 0 },
	{ "DELETE", "/console/api/signing/keys/:keyid", console_signing_key_delete,
	    KEYS | ROUTE_REAUTH, NULL, 0 },
	{ "GET", "/console/api/overview", console_overview_get, READ, NULL, 0 },
	{ "GET", "/console/api/networks", partner_networks_answer, READ, NULL, 0 },
	{ "GET", "/console/api/balances", partner_balances_answer, READ, NULL, 0 },
	{ "GET", "/console/api/statements", partner_statement_answer, READ, statement_partner_params,
	    0 },
	{ "GET", "/console/api/withdrawals", withdrawal_list_answer, READ, resource_page_params, 0 },
	{ "GET", "/console/api/withdrawals/:id", withdrawal_get_answer, READ, NULL, 0 },
	{ "POST", "/console/api/withdrawals/:id/cancel", withdrawal_cancel_answer, CANCEL, NULL, 0 },
	{ "GET", "/console/api/withdrawals/:id/events", console_events_get, READ, NULL, 0 },
	{ "GET", "/console/api/payment-intents", intent_list_answer, READ, resource_page_params, 0 },
	{ "GET", "/console/api/payment-intents/:id", intent_get_answer, READ, NULL, 0 },
	{ "POST", "/console/api/payment-intents/:id/cancel", intent_cancel_answer, CANCEL, NULL, 0 },
	{ "GET", "/console/api/payment-intents/:id/events", console_events_get, READ, NULL, 0 },
	{ "GET", "/console/api/webhooks", webhook_list_answer, HOOKS, NULL, 0 },
	/* a new endpoint may answer the secret the service made: a recent password */
	{ "POST", "/console/api/webhooks", webhook_create_answer, HOOKS | ROUTE_REAUTH | ROUTE_BODY,
	    NULL, 0 },
	{ "PATCH", "/console/api/webhooks/:id", webhook_update_answer, HOOKS | ROUTE_BODY, NULL, 0 },
	{ "DELETE", "/console/api/webhooks/:id", webhook_delete_answer, HOOKS, NULL, 0 },
	{ "POST", "/console/api/webhooks/:id/rotate-secret", webhook_rotate_answer,
	    HOOKS | ROUTE_REAUTH | ROUTE_BODY, NULL, 0 },
	{ "POST", "/console/api/webhooks/:id/test", webhook_test_answer, HOOKS, NULL, 0 },
	{ "GET", "/console/api/webhooks/:id/deliveries", webhook_endpoint_log_answer, HOOKS,
	    webhook_endpoint_log_params, 0 },
	{ "GET", "/console/api/webhook-deliveries", webhook_log_answer, HOOKS, webhook_log_params, 0 },
	{ "GET", "/console/api/webhook-deliveries/:id", webhook_delivery_answer, HOOKS, NULL, 0 },
	{ "POST", "/console/api/webhook-deliveries/:id/redeliver", webhook_redeliver_answer, HOOKS,
	    NULL, 0 },
	/* the wallet developer dashboard: the platform's webhooks (the session's
	 * caller is the platform), through the same handlers */
	{ "GET", "/console/api/wallet/jwt", console_wallet_jwt_get, WALLET, NULL, 0 },
	{ "PUT", "/console/api/wallet/jwt", console_wallet_jwt_put,
	    WALLET | ROUTE_REAUTH | ROUTE_BODY, NULL, 0 },
	{ "GET", "/console/api/wallet/webhooks", webhook_list_answer, WALLET, NULL, 0 },
	{ "POST", "/console/api/wallet/webhooks", webhook_create_answer,
	    WALLET | ROUTE_REAUTH | ROUTE_BODY, NULL, 0 },
	{ "PATCH", "/console/api/wallet/webhooks/:id", webhook_update_answer, WALLET | ROUTE_BODY,
	    NULL, 0 },
	{ "DELETE", "/console/api/wallet/webhooks/:id", webhook_delete_answer, WALLET, NULL, 0 },
	{ "POST", "/console/api/wallet/webhooks/:id/rotate-secret", webhook_rotate_answer,
	    WALLET | ROUTE_REAUTH | ROUTE_BODY, NULL, 0 },
	{ "POST", "/console/api/wallet/webhooks/:id/test", webhook_test_answer, WALLET, NULL, 0 },
	{ "GET", "/console/api/wallet/webhooks/:id/deliveries", webhook_endpoint_log_answer, WALLET,
	    webhook_endpoint_log_params, 0 },
	{ "GET", "/console/api/wallet/webhook-deliveries", webhook_log_answer, WALLET,
	    webhook_log_params, 0 },
	{ "GET", "/console/api/wallet/webhook-deliveries/:id", webhook_delivery_answer, WALLET,
	    NULL, 0 },
	{ "POST", "/console/api/wallet/webhook-deliveries/:id/redeliver", webhook_redeliver_answer,
	    WALLET, NULL, 0 },
	{ "GET", "/console/api/members", console_members_get, TEAM, NULL, 0 },
	{ "POST", "/console/api/members", console_members_post, TEAM | ROUTE_REAUTH | ROUTE_BODY,
	    NULL, 0 },
	{ "PATCH", "/console/api/members/:id", console_member_patch, TEAM | ROUTE_REAUTH | ROUTE_BODY,
	    NULL, 0 },
	{ "DELETE", "/console/api/members/:id", console_member_delete, TEAM | ROUTE_REAUTH, NULL, 0 },
	{ "GET", "/console/api/sandbox/mail", console_sink_mail_get, READ, NULL, 0 },
	{ "POST", "/console/api/sandbox/deposits", console_test_deposit_post, CANCEL | ROUTE_BODY,
	    NULL, 0 },
	{ "POST", "/console/api/sandbox/payment-intents/:id/approve", console_test_approve_post,
	    CANCEL, NULL, 0 },
	{ "POST", "/console/api/sandbox/payment-intents/:id/reject", console_test_reject_post,
	    CANCEL, NULL, 0 },
	{ "GET", "/console/api/audit", console_audit_get, TEAM, audit_params, 0 },
	/* the back office (its roles only; every change with a reason): the
	 * partners; a new one's first key is answered once (a recent
	 * password, as a key's creation) */
	{ "GET", "/console/api/ops/partners", console_ops_partners_get, OPS_READ, ops_page_params,
	    0 },
	{ "POST", "/console/api/ops/partners", console_ops_partners_post,
	    OPS_PARTNERS | ROUTE_REAUTH | ROUTE_BODY, NULL, 0 },
	{ "GET", "/console/api/ops/partners/:id", console_ops_partner_get, OPS_READ, NULL, 0 },
	{ "POST", "/console/api/ops/partners/:id/suspend", console_ops_partner_suspend_post,
	    OPS_PARTNERS | ROUTE_BODY, NULL, 0 },
	{ "POST", "/console/api/ops/partners/:id/reactivate", console_ops_partner_reactivate_post,
	    OPS_PARTNERS | ROUTE_BODY, NULL, 0 },
	{ "POST", "/console/api/ops/partners/:id/tier", console_ops_partner_tier_post,
	    OPS_PARTNERS | ROUTE_BODY, NULL, 0 },
	/* a partner's money: the operator and the platform's finance */
	{ "POST", "/console/api/ops/partners/:id/credit", console_ops_partner_credit_post,
	    OPS_MONEY | ROUTE_BODY, NULL, 0 },
	{ "POST", "/console/api/ops/partners/:id/adjust", console_ops_partner_adjust_post,
	    OPS_MONEY | ROUTE_BODY, NULL, 0 },
	/* KYC review: compliance's alone (the fields and the images too) */
	{ "GET", "/console/api/ops/kyc", console_ops_kyc_list_get, OPS_KYC, NULL, 0 },
	{ "GET", "/console/api/ops/kyc/:id", console_ops_kyc_get, OPS_KYC, NULL, 0 },
	{ "GET", "/console/api/ops/kyc/:id/images/:image", console_ops_kyc_image_get, OPS_KYC, NULL,
	    0 },
	{ "POST", "/console/api/ops/kyc/:id/approve", console_ops_kyc_approve_post,
	    OPS_KYC | ROUTE_BODY, NULL, 0 },
	{ "POST", "/console/api/ops/kyc/:id/reject", console_ops_kyc_reject_post,
	    OPS_KYC | ROUTE_BODY, NULL, 0 },
	/* payouts needing a person: every role reads, the operator settles a
	 * held one or makes one due now */
	{ "GET", "/console/api/ops/payouts/held", console_ops_payouts_held_get, OPS_READ, NULL, 0 },
	{ "GET", "/console/api/ops/payouts/in-doubt", console_ops_payouts_in_doubt_get, OPS_READ,
	    NULL, 0 },
	{ "GET", "/console/api/ops/payouts/reversed", console_ops_payouts_reversed_get, OPS_READ,
	    NULL, 0 },
	{ "GET", "/console/api/ops/payouts/refused-for-float", console_ops_payouts_refused_get,
	    OPS_READ, NULL, 0 },
	{ "GET", "/console/api/ops/payouts/:id", console_ops_payout_get, OPS_READ, NULL, 0 },
	{ "POST", "/console/api/ops/payouts/:id/resolve", console_ops_payout_resolve_post,
	    OPS_PAYOUTS | ROUTE_BODY, NULL, 0 },
	{ "POST", "/console/api/ops/payouts/:id/retry", console_ops_payout_retry_post,
	    OPS_PAYOUTS | ROUTE_BODY, NULL, 0 },
	/* rates: every role reads, the operator sets; the chain and the
	 * signer: every role */
	{ "GET", "/console/api/ops/rates", console_ops_rates_get, OPS_READ, NULL, 0 },
	{ "POST", "/console/api/ops/rates/:coin", console_ops_rate_post, OPS_RATES | ROUTE_BODY,
	    NULL, 0 },
	{ "GET", "/console/api/ops/chain", console_ops_chain_get, OPS_READ, NULL, 0 },
	{ "GET", "/console/api/ops/signer", console_ops_signer_get, OPS_READ, NULL, 0 },
	/* the floats, reconcile's runs and the unmatched chain deposits: every
	 * role reads; the operator and the platform's finance sync a float
	 * and assign a deposit (ops-money) */
	{ "GET", "/console/api/ops/floats", console_ops_floats_get, OPS_READ, NULL, 0 },
	{ "POST", "/console/api/ops/floats/:network/sync", console_ops_float_sync_post,
	    OPS_MONEY | ROUTE_BODY, NULL, 0 },
	{ "GET", "/console/api/ops/reconcile", console_ops_reconcile_get, OPS_READ, ops_runs_params,
	    0 },
	{ "GET", "/console/api/ops/deposits/unmatched", console_ops_deposits_unmatched_get, OPS_READ,
	    ops_limit_params, 0 },
	{ "POST", "/console/api/ops/deposits/:id/assign", console_ops_deposit_assign_post,
	    OPS_MONEY | ROUTE_BODY, NULL, 0 },
};

int
main(void)
{
	return app_run("console", routes, APP_NROUTES(routes));
}
