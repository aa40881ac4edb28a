/*
 * stmt_console: the statements of the console's people, sessions, audit
 * log and key pages (domain/console/), with the columns their rows hold;
 * the SQL is in stmt_console.c.
 */
#ifndef CEDIRAMP_STMT_CONSOLE_H
#define CEDIRAMP_STMT_CONSOLE_H

/* a new console user of a partner */
#define cu_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, public_id) ARG(OPT_INT, partner_id) ARG(TEXT, email) ARG(TEXT, role) \
	ARG(TEXT, password_hash)
/* a user by email, with what sign-in weighs: the failures so far, the
 * seconds since the last one, whether the account is locked */
#define cu_by_email_ARGS(ARG, AGAIN) ARG(TEXT, email)
#define cu_signin_COLS(C, x) \
	C(x, ID, id, id) C(x, TEXT, public_id, public_id) C(x, ID, partner_id, partner_id) \
	C(x, TEXT, role, role) C(x, RAW, password_hash, ) \
	C(x, COUNT, failed_signins, failed_signins) C(x, ID, since_failure, since_failure) \
	C(x, FLAG, locked, locked) C(x, FLAG, totp_enabled, totp_enabled)
/* a failed sign-in counted, the account locked at lockout failures */
#define cu_failed_ARGS(ARG, AGAIN) ARG(INT, lockout) ARG(INT, id)
/* a user by its row */
#define cu_id_ARGS(ARG, AGAIN) ARG(INT, id)
/* a partner's users */
#define cu_partner_ARGS(ARG, AGAIN) ARG(INT, partner_id)
#define cu_member_COLS(C, x) \
	C(x, TEXT, public_id, public_id) C(x, TEXT, email, email) C(x, TEXT, role, role) \
	C(x, TEXT, created_at, created_at) C(x, FLAG, locked, locked)

/* a new session: the SHA-256 of its id, its CSRF token, where from */
#define cs_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, session_hash) ARG(INT, user_id) ARG(TEXT, csrf_token) ARG(TEXT, address) \
	ARG(TEXT, user_agent)
/* a live session by the SHA-256 of its id, within its idle and absolute
 * limits (seconds), with its user and partner */
#define cs_find_ARGS(ARG, AGAIN) ARG(TEXT, session_hash) ARG(INT, absolute) ARG(INT, idle)
#define cs_live_COLS(C, x) \
	C(x, ID, id, id) C(x, TEXT, csrf_token, csrf_token) C(x, TEXT, created_at, created_at) \
	C(x, ID, since_reauth, since_reauth) C(x, ID, user_id, user_id) \
	C(x, TEXT, user_public_id, user_public_id) C(x, TEXT, email, email) \
	C(x, TEXT, role, role) C(x, ID, partner_id, partner_id) \
	C(x, TEXT, partner_public_id, partner_public_id) C(x, TEXT, partner_name, partner_name) \
	C(x, TEXT, tier, tier) C(x, TEXT, environment, environment) \
	C(x, FLAG, totp_enabled, totp_enabled) C(x, FLAG, require_2fa, require_2fa)
/* a session by its row (touch, reauth, revoke) */
#define cs_id_ARGS(ARG, AGAIN) ARG(INT, id)
/* every live session of a user */
#define cs_user_ARGS(ARG, AGAIN) ARG(INT, user_id)

/* an audit record; partner and user NULL when unknown, reason NULL when
 * the action takes none (a back-office action's) */
#define ca_insert_ARGS(ARG, AGAIN) \
	ARG(OPT_INT, partner_id) ARG(OPT_INT, user_id) ARG(TEXT, action) ARG(TEXT, object) \
	ARG(TEXT, address) ARG(TEXT, user_agent) ARG(TEXT, reason)
/* a partner's audit log, newest first, below row id before, at most n */
#define ca_page_ARGS(ARG, AGAIN) ARG(INT, partner_id) ARG(INT, before) ARG(INT, n)
#define ca_row_COLS(C, x) \
	C(x, ID, id, id) C(x, TEXT, email, email) C(x, TEXT, action, action) \
	C(x, TEXT, object, object) C(x, TEXT, address, address) \
	C(x, TEXT, user_agent, user_agent) C(x, TEXT, created_at, created_at) \
	C(x, TEXT, reason, reason)

/* a partner's API keys, newest first */
#define ck_list_ARGS(ARG, AGAIN) ARG(INT, partner_id)
#define ck_key_COLS(C, x) \
	C(x, TEXT, key_id, key_id) C(x, TEXT, name, name) C(x, TEXT, state, state) \
	C(x, TEXT, created_at, created_at) C(x, TEXT, last_used_at, last_used_at) \
	C(x, TEXT, last_used_address, last_used_address) C(x, TEXT, expires_at, expires_at) \
	C(x, TEXT, revoked_at, revoked_at)
/* one of a partner's keys revoked, or read (as the list shows it) */
#define ck_revoke_ARGS(ARG, AGAIN) ARG(TEXT, key_id) ARG(INT, partner_id)
/* a partner's new key, named */
#define ck_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, key_id) ARG(INT, partner_id) ARG(TEXT, key_hash) ARG(TEXT, environment) \
	ARG(TEXT, name)
/* a key of a partner renamed */
#define ck_rename_ARGS(ARG, AGAIN) ARG(TEXT, name) ARG(TEXT, key_id) ARG(INT, partner_id)
/* a rolled key's overlap: it expires seconds from now */
#define ck_expire_ARGS(ARG, AGAIN) ARG(INT, seconds) ARG(TEXT, key_id) ARG(INT, partner_id)

/* a user's TOTP state: the sealed secret (hex) and its key's id, whether
 * it is on, the step of the last code accepted */
#define ct_state_COLS(C, x) \
	C(x, RAW, totp_sealed, ) C(x, RAW, totp_key_id, ) C(x, FLAG, totp_enabled, totp_enabled) \
	C(x, RAW, totp_last_step, )
/* a secret being enrolled (not on until a code confirms it) */
#define ct_pending_ARGS(ARG, AGAIN) ARG(TEXT, sealed) ARG(INT, key_id) ARG(INT, id)
/* a code's step taken, once: only a later step than the last */
#define ct_use_ARGS(ARG, AGAIN) ARG(INT, step) ARG(INT, id) AGAIN(INT, step)
/* a recovery code (its SHA-256) of a user: stored, or used once */
#define cr_code_ARGS(ARG, AGAIN) ARG(INT, user_id) ARG(TEXT, code_hash)
/* whether a partner's members must sign in with two factors */
#define cp_require_ARGS(ARG, AGAIN) ARG(INT, required) ARG(INT, partner_id)

/* a link's token: made (expiring seconds from now) ... */
#define ctok_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, token_hash) ARG(TEXT, kind) ARG(OPT_INT, partner_id) ARG(OPT_INT, user_id) \
	ARG(TEXT, email) ARG(TEXT, role) ARG(OPT_INT, created_by) ARG(INT, seconds)
/* ... read, live and unused, locked for its use ... */
#define ctok_find_ARGS(ARG, AGAIN) ARG(TEXT, token_hash) ARG(TEXT, kind)
#define ctok_row_COLS(C, x) \
	C(x, ID, id, id) C(x, ID, partner_id, partner_id) C(x, RAW, user_id, ) \
	C(x, TEXT, email, email) C(x, TEXT, role, role) C(x, TEXT, expires_at, expires_at)
/* a user removed from its partner; a user's password set anew */
#define cu_remove_ARGS(ARG, AGAIN) ARG(INT, id) ARG(INT, partner_id)
/* the wallet's JWT settings (one row): read; written whole (NULL: the
 * config's) by a wallet developer */
#define wjwt_set_ARGS(ARG, AGAIN) ARG(TEXT, issuer) ARG(TEXT, audience) ARG(TEXT, jwks_url) \
	ARG(INT, user_id)
#define wjwt_row_COLS(C, x) C(x, RAW, issuer, ) C(x, RAW, audience, ) C(x, RAW, jwks_url, ) \
	C(x, RAW, updated_at, )
/* a member's new role */
#define cu_role_ARGS(ARG, AGAIN) ARG(TEXT, role) ARG(INT, id) ARG(INT, partner_id)
#define cu_password_ARGS(ARG, AGAIN) ARG(TEXT, password_hash) ARG(INT, id)
/* a partner's member by its public id */
#define cu_public_ARGS(ARG, AGAIN) ARG(TEXT, public_id) ARG(INT, partner_id)
#define cu_brief_COLS(C, x) C(x, ID, id, id) C(x, TEXT, role, role)
/* the mail a sink received: one message ... */
#define sink_insert_ARGS(ARG, AGAIN) \
	ARG(TEXT, mail_from) ARG(TEXT, rcpt_to) ARG(TEXT, subject) ARG(BYTES, body)
/* ... and the newest n sent to a partner's people or invitees */
#define sink_list_ARGS(ARG, AGAIN) ARG(INT, partner_id) AGAIN(INT, partner_id) ARG(INT, n)
/* ... or to one address */
#define sink_mine_ARGS(ARG, AGAIN) ARG(TEXT, rcpt_to) ARG(INT, n)
#define sink_row_COLS(C, x) \
	C(x, ID, id, id) C(x, TEXT, rcpt_to, rcpt_to) C(x, TEXT, subject, subject) \
	C(x, DUP, body, body) C(x, TEXT, received_at, received_at)

/* the overview: a partner's last 30 days, a row a day (GHS), ... */
#define co_partner_ARGS(ARG, AGAIN) ARG(INT, partner_id) AGAIN(INT, partner_id)
/* what needs a partner's attention: the partner, once for each count */
#define co_watch_ARGS(ARG, AGAIN) ARG(INT, partner_id) AGAIN(INT, partner_id) \
	AGAIN(INT, partner_id)
#define co_day_COLS(C, x) \
	C(x, TEXT, day, day) C(x, COUNT, withdrawals, withdrawals) \
	C(x, RAW, withdrawn_ghs, ) C(x, COUNT, collections, collections) \
	C(x, RAW, collected_ghs, )
/* ... and what needs attention: failed deliveries, failed withdrawals */
#define co_attention_COLS(C, x) \
	C(x, COUNT, failed_deliveries, failed_deliveries) \
	C(x, COUNT, failed_withdrawals, failed_withdrawals) \
	C(x, COUNT, held_withdrawals, held_withdrawals)
/* a resource's events (its timeline), oldest first, of a partner */
#define co_events_ARGS(ARG, AGAIN) ARG(TEXT, ref_id) ARG(INT, partner_id)
#define co_event_COLS(C, x) \
	C(x, TEXT, id, id) C(x, TEXT, type, type) C(x, TEXT, created_at, created_at)

/* Its statements (their SQL in stmt_console.c): S(statement, its
 * arguments' shape, its rows' shape), as store/db_sig.h says. */
#define DB_STMTS_CONSOLE(S) \
	S(DB_CONSOLE_USER_INSERT, cu_insert, db_none) \
	S(DB_CONSOLE_USER_BY_EMAIL, cu_by_email, cu_signin) \
	S(DB_CONSOLE_USER_FAILED, cu_failed, db_none) \
	S(DB_CONSOLE_USER_SUCCEEDED, cu_id, db_none) \
	S(DB_CONSOLE_USER_UNLOCK, cu_by_email, db_none) \
	S(DB_CONSOLE_MEMBERS, cu_partner, cu_member) \
	S(DB_CONSOLE_SESSION_INSERT, cs_insert, db_none) \
	S(DB_CONSOLE_SESSION_FIND, cs_find, cs_live) \
	S(DB_CONSOLE_SESSION_FIND_SYNC, cs_find, cs_live) \
	S(DB_CONSOLE_SESSION_TOUCH, cs_id, db_none) \
	S(DB_CONSOLE_SESSION_REAUTH, cs_id, db_none) \
	S(DB_CONSOLE_SESSION_REVOKE, cs_id, db_none) \
	S(DB_CONSOLE_SESSION_REVOKE_USER, cs_user, db_none) \
	S(DB_CONSOLE_AUDIT_INSERT, ca_insert, db_none) \
	S(DB_CONSOLE_AUDIT_PAGE, ca_page, ca_row) \
	S(DB_CONSOLE_KEYS, ck_list, ck_key) \
	S(DB_CONSOLE_KEY_REVOKE, ck_revoke, db_none) \
	S(DB_CONSOLE_KEY_GET, ck_revoke, ck_key) \
	S(DB_CONSOLE_KEY_INSERT, ck_insert, db_none) \
	S(DB_CONSOLE_KEY_RENAME, ck_rename, db_none) \
	S(DB_CONSOLE_KEY_EXPIRE, ck_expire, db_none) \
	S(DB_CONSOLE_TOTP_GET, cu_id, ct_state) \
	S(DB_CONSOLE_TOTP_PENDING, ct_pending, db_none) \
	S(DB_CONSOLE_TOTP_ENABLE, cu_id, db_none) \
	S(DB_CONSOLE_TOTP_USE, ct_use, db_none) \
	S(DB_CONSOLE_TOTP_DISABLE, cu_id, db_none) \
	S(DB_CONSOLE_RECOVERY_CLEAR, cu_id, db_none) \
	S(DB_CONSOLE_RECOVERY_INSERT, cr_code, db_none) \
	S(DB_CONSOLE_RECOVERY_USE, cr_code, db_none) \
	S(DB_CONSOLE_REQUIRE_2FA, cp_require, db_none) \
	S(DB_CONSOLE_TOKEN_INSERT, ctok_insert, db_none) \
	S(DB_CONSOLE_TOKEN_FIND, ctok_find, ctok_row) \
	S(DB_CONSOLE_TOKEN_USE, cu_id, db_none) \
	S(DB_CONSOLE_USER_REMOVE, cu_remove, db_none) \
	S(DB_CONSOLE_USER_ROLE, cu_role, db_none) \
	S(DB_WALLET_JWT_GET, no_args, wjwt_row) \
	S(DB_WALLET_JWT_SET, wjwt_set, db_none) \
	S(DB_CONSOLE_USER_PASSWORD, cu_password, db_none) \
	S(DB_CONSOLE_USER_UNLOCK_ID, cu_id, db_none) \
	S(DB_CONSOLE_USER_BY_PUBLIC, cu_public, cu_brief) \
	S(DB_MAIL_SINK_INSERT, sink_insert, db_none) \
	S(DB_MAIL_SINK_LIST, sink_list, sink_row) \
	S(DB_MAIL_SINK_MINE, sink_mine, sink_row) \
	S(DB_CONSOLE_DAYS, co_partner, co_day) \
	S(DB_CONSOLE_ATTENTION, co_watch, co_attention) \
	S(DB_CONSOLE_EVENTS, co_events, co_event)
#define DB_ARGS_CONSOLE(A) A(cu_insert) A(cu_by_email) A(cu_failed) A(cu_id) A(cu_partner) \
	A(cs_insert) A(cs_find) A(cs_id) A(cs_user) A(ca_insert) A(ca_page) A(ck_list) \
	A(ck_revoke) A(ck_insert) A(ck_rename) A(ck_expire) A(ct_pending) A(ctok_insert) \
	A(ctok_find) A(cu_remove) A(cu_role) A(wjwt_set) A(cu_password) A(cu_public) \
	A(sink_insert) A(sink_list) A(sink_mine) A(ct_use) A(cr_code) A(cp_require) A(co_partner) \
	A(co_watch) A(co_events)
#define DB_ROWS_CONSOLE(R) R(cu_signin) R(cu_member) R(cs_live) R(ca_row) R(ck_key) R(ct_state) R(ctok_row) \
	R(cu_brief) R(sink_row) R(co_day) R(co_attention) R(co_event) R(wjwt_row)

#endif
