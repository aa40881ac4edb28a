/*
 * console: the console API's handlers (one program, console.fcgi; its
 * route table is main.c's). Each file holds one page's calls.
 */
#ifndef CEDIRAMP_FCGI_CONSOLE_H
#define CEDIRAMP_FCGI_CONSOLE_H

#include "http/app.h"
#include "http/console_auth.h"

/* session.c: sign in, the session, sign out (here, everywhere), reauth */
enum err console_signin_post(struct req *r, struct resp *resp);
enum err console_session_get(struct req *r, struct resp *resp);
enum err console_session_delete(struct req *r, struct resp *resp);
enum err console_sessions_delete(struct req *r, struct resp *resp);
enum err console_reauth_post(struct req *r, struct resp *resp);

/* sandbox.c: self-serve sign-up (a sandbox partner with its owner) */
enum err console_signup_post(struct req *r, struct resp *resp);

/* overview.c: the first page, and a resource's timeline */
enum err console_overview_get(struct req *r, struct resp *resp);
enum err console_events_get(struct req *r, struct resp *resp);

/* keys.c: the partner's API keys */
enum err console_keys_get(struct req *r, struct resp *resp);
enum err console_keys_post(struct req *r, struct resp *resp);
enum err console_key_patch(struct req *r, struct resp *resp);
enum err console_key_delete(struct req *r, struct resp *resp);
enum err console_key_roll_post(struct req *r, struct resp *resp);
/* ... and partner_id's keys as the list shows them (never a secret) into
 * *out (new reference) */
enum err console_keys_json(struct req *r, long long partner_id, struct resp *resp, json_t **out);

/* twofactor.c: two-factor sign-in */
enum err console_2fa_get(struct req *r, struct resp *resp);
enum err console_2fa_post(struct req *r, struct resp *resp);
enum err console_2fa_confirm_post(struct req *r, struct resp *resp);
enum err console_2fa_delete(struct req *r, struct resp *resp);
enum err console_2fa_requirement_put(struct req *r, struct resp *resp);

/* links.c: what the mailed links do */
enum err console_accept_post(struct req *r, struct resp *resp);
enum err console_reset_post(struct req *r, struct resp *resp);
enum err console_reset_confirm_post(struct req *r, struct resp *resp);
enum err console_unlock_post(struct req *r, struct resp *resp);

/* sandbox.c: a new partner's starting coins, as `partner create` gives
 * them: the sandbox's test coins, none in production (NULL) */
const char *console_new_partner_funds(const struct cfg *cfg);

/* sandbox.c: the outgoing mail its sink received (the sandbox's) */
enum err console_sink_mail_get(struct req *r, struct resp *resp);
/* ... and its test helpers: a test deposit, the payer's approve and reject */
enum err console_test_deposit_post(struct req *r, struct resp *resp);
enum err console_test_approve_post(struct req *r, struct resp *resp);
enum err console_test_reject_post(struct req *r, struct resp *resp);

/* team.c: the members (invite, remove) and the audit log */
enum err console_members_get(struct req *r, struct resp *resp);
enum err console_members_post(struct req *r, struct resp *resp);
enum err console_member_patch(struct req *r, struct resp *resp);
enum err console_member_delete(struct req *r, struct resp *resp);
enum err console_audit_get(struct req *r, struct resp *resp);

/* signing.c: the partner's request-signing policy and public keys */
enum err console_signing_get(struct req *r, struct resp *resp);
enum err console_signing_policy_put(struct req *r, struct resp *resp);
enum err console_signing_key_post(struct req *r, struct resp *resp);
enum err console_signing_key_delete(struct req *r, struct resp *resp);

/* ops_partners.c: the back office's partners (list, one, create,
 * suspend, reactivate, tier, credit, adjust) */
enum err console_ops_partners_get(struct req *r, struct resp *resp);
enum err console_ops_partner_get(struct req *r, struct resp *resp);
enum err console_ops_partners_post(struct req *r, struct resp *resp);
enum err console_ops_partner_suspend_post(struct req *r, struct resp *resp);
enum err console_ops_partner_reactivate_post(struct req *r, struct resp *resp);
enum err console_ops_partner_tier_post(struct req *r, struct resp *resp);
enum err console_ops_partner_credit_post(struct req *r, struct resp *resp);
enum err console_ops_partner_adjust_post(struct req *r, struct resp *resp);

/* ops_kyc.c: the back office's KYC review (the queue, one submission,
 * its images, approve, reject) */
enum err console_ops_kyc_list_get(struct req *r, struct resp *resp);
enum err console_ops_kyc_get(struct req *r, struct resp *resp);
enum err console_ops_kyc_image_get(struct req *r, struct resp *resp);
enum err console_ops_kyc_approve_post(struct req *r, struct resp *resp);
enum err console_ops_kyc_reject_post(struct req *r, struct resp *resp);

/* ops_payouts.c: the back office's payouts needing a person (held, in
 * doubt, reversed, refused for float; one payout's page; resolve, retry) */
enum err console_ops_payouts_held_get(struct req *r, struct resp *resp);
enum err console_ops_payout_resolve_post(struct req *r, struct resp *resp);
enum err console_ops_payouts_in_doubt_get(struct req *r, struct resp *resp);
enum err console_ops_payouts_reversed_get(struct req *r, struct resp *resp);
enum err console_ops_payouts_refused_get(struct req *r, struct resp *resp);
enum err console_ops_payout_get(struct req *r, struct resp *resp);
enum err console_ops_payout_retry_post(struct req *r, struct resp *resp);

/* ops_rates.c: the back office's rates (list, set) and chain (status) */
enum err console_ops_rates_get(struct req *r, struct resp *resp);
enum err console_ops_rate_post(struct req *r, struct resp *resp);
enum err console_ops_chain_get(struct req *r, struct resp *resp);

/* ops_signer.c: the back office's view of the signer (held withdrawals,
 * key rotations) */
enum err console_ops_signer_get(struct req *r, struct resp *resp);

/* ops_float.c: the back office's Float and Reconcile pages (the floats,
 * a float's sync, reconcile's runs, the unmatched chain deposits, a
 * deposit's assignment) */
enum err console_ops_floats_get(struct req *r, struct resp *resp);
enum err console_ops_float_sync_post(struct req *r, struct resp *resp);
enum err console_ops_reconcile_get(struct req *r, struct resp *resp);
enum err console_ops_deposits_unmatched_get(struct req *r, struct resp *resp);
enum err console_ops_deposit_assign_post(struct req *r, struct resp *resp);

/* wallet.c: the wallet developer's JWT verification settings */
enum err console_wallet_jwt_get(struct req *r, struct resp *resp);
enum err console_wallet_jwt_put(struct req *r, struct resp *resp);

/* A change done: records action on object (NULL: the session's user) in
 * the audit log, and answers 204. */
enum err console_done(struct req *r, struct resp *resp, const char *action, const char *object);

/* Counts a sign-in or sign-up attempt of r's client address
 * (ratelimit.console_signin): ERR_OK, or 429 with Retry-After. */
enum err console_signin_count(struct req *r, struct resp *resp);

/* The answer of a new session: the Session object (with csrf_token),
 * and its cookie; status 200 or 201. */
enum err console_opened_answer(struct req *r, struct resp *resp,
    const struct console_opened *opened, int status, json_t *extra);

#endif
