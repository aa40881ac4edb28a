/*
 * itc_ops: the back office's people for its integration tests
 * (t_console_ops.c, t_console_ops_kyc.c, t_console_ops_money.c): one of
 * each role invited by the admin tool, enrolled in two-factor sign-in, the
 * audit's reasons, a wallet user's KYC submission to review, and an
 * unmatched chain deposit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <openssl/evp.h>

#include "itc.h"
#include "itc_ops.h"

/* The token of the newest invitation to the back office mailed to email,
 * as the sandbox's sink stored it: 0, or -1 when there is none yet. */
static int
mailed_token(const char *email, char *token, size_t cap)
{
	static const char link[] = "/console/ops/#/accept?token=";
	char body[4096];
	const char *t;

	if (it_db_text("SELECT body FROM mail_sink WHERE rcpt_to = ? AND subject LIKE "
	    "'%back office%' ORDER BY id DESC LIMIT 1", email, NULL, body, sizeof(body)) != 0 ||
	    (t = strstr(body, link)) == NULL)
		return -1;
	t += strlen(link);
	snprintf(token, cap, "%.*s", (int)strcspn(t, " \r\n"), t);
	return strlen(token) == 43 ? 0 : -1;
}

/* s enrols in two-factor sign-in (the code computed from the URI the
 * console answered, by npm otplib): the URI into uri. */
static void
enrol(const struct con_sess *s, char *uri, size_t cap)
{
	struct it_resp r;
	char code[16], body[64];

	con_call("POST", "/console/api/2fa", "{}", s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	snprintf(uri, cap, "%s", it_str(json_object_get(r.json, "data"), "otpauth_uri") ?
	    it_str(json_object_get(r.json, "data"), "otpauth_uri") : "");
	it_resp_free(&r);
	CU_ASSERT_FATAL(con_totp_now(uri, code, sizeof(code)) == 0);
	snprintf(body, sizeof(body), "{\"code\":\"%s\"}", code);
	con_call("POST", "/console/api/2fa/confirm", body, s, NULL, &r);
	CU_ASSERT_EQUAL_FATAL(r.status, 200);
	it_resp_free(&r);
}

/*
 * Someone of the back office with role, invited by the admin tool, who
 * accepted through the mailed link and enrolled two-factor sign-in: its
 * session into s (its email in s->email), its TOTP URI into uri. Checks on
 * the way what a new one's session says and that nothing but enrolment
 * works before two-factor is on.
 */
void
itc_ops_member(const char *role, struct con_sess *s, char *uri, size_t ucap)
{
	char u[96], args[300], out[300], err[600], token[64];
	struct it_resp r;
	json_t *d;
	char *body;

	memset(s, 0, sizeof(*s));
	it_unique(role, u, sizeof(u));
	snprintf(s->email, sizeof(s->email), "%s@ops.example.test", u);
	snprintf(args, sizeof(args), "operator add %s --role %s", s->email, role);
	CU_ASSERT_EQUAL_FATAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "mail sent"));
	IT_UNTIL("the invitation in the sink", mailed_token(s->email, token, sizeof(token)) == 0);
	CU_ASSERT_FATAL(mailed_token(s->email, token, sizeof(token)) == 0);
	/* an invitation names no partner */
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_tokens WHERE email = ? "
	    "AND kind = 'invite' AND partner_id IS NULL AND used_at IS NULL", s->email), 1);
	body = con_jdump(json_pack("{s:s,s:s}", "token", token, "password", CON_PASSWORD));
	con_call("POST", "/console/api/invitations/accept", body, NULL, NULL, &r);
	free(body);
	CU_ASSERT_EQUAL_FATAL(r.status, 201);
	con_take_session(&r, s);
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "user"), "role"), role);
	CU_ASSERT(json_is_null(json_object_get(d, "partner")));
	CU_ASSERT(json_is_true(json_object_get(json_object_get(d, "two_factor"), "required")));
	CU_ASSERT(json_is_false(json_object_get(json_object_get(d, "two_factor"), "enabled")));
	CU_ASSERT(json_is_true(json_object_get(json_object_get(d, "permissions"), "ops-read")));
	CU_ASSERT(json_is_false(json_object_get(json_object_get(d, "permissions"), "read")));
	CU_ASSERT_EQUAL(json_is_true(json_object_get(json_object_get(d, "permissions"),
	    "ops-partners")), strcmp(role, "operator") == 0);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_users WHERE email = ? "
	    "AND partner_id IS NULL AND totp_enabled = 0", s->email), 1);
	/* before two-factor: the session, enrolment and sign-out only */
	con_refused("GET", "/console/api/ops/partners", NULL, s, 403, "two_factor_enrolment_required",
	    "the back office before enrolling");
	CU_ASSERT_EQUAL(con_session_status(s), 200);
	enrol(s, uri, ucap);
	CU_ASSERT_EQUAL(con_count_where("SELECT COUNT(*) FROM console_users WHERE email = ? "
	    "AND totp_enabled = 1", s->email), 1);
}

/* The records of action on object by s's user with reason (it_db_scalar
 * takes two parameters: the user and the object go as one). */
long long
itc_ops_audited(const struct con_sess *s, const char *action, const char *object,
    const char *reason)
{
	char sql[400], obj[300];

	snprintf(sql, sizeof(sql), "SELECT COUNT(*) FROM console_audit a JOIN console_users u "
	    "ON u.id = a.user_id WHERE CONCAT(u.email, ' ', a.object) = ? AND a.action = '%s' "
	    "AND a.partner_id IS NULL AND a.reason = ?", action);
	snprintf(obj, sizeof(obj), "%s %s", s->email, object);
	return it_db_scalar(sql, obj, reason);
}

/* A 4 by 4 PNG (a small gradient) as a document's front and a selfie (a
 * browser shows it), and a JPEG's first bytes as its back: what an
 * upload's magic-byte check takes. */
const unsigned char itc_ops_png[101] = { 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00,
	0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x04,
	0x08, 0x02, 0x00, 0x00, 0x00, 0x26, 0x93, 0x09, 0x29, 0x00, 0x00, 0x00, 0x2c, 0x49, 0x44,
	0x41, 0x54, 0x78, 0xda, 0x0d, 0xc7, 0x41, 0x01, 0x00, 0x30, 0x10, 0xc2, 0xb0, 0x29, 0x41,
	0x4e, 0xe5, 0x20, 0x07, 0x4d, 0x95, 0xb5, 0xcb, 0x2f, 0xcf, 0x44, 0x62, 0xe3, 0xf2, 0x0c,
	0x82, 0xc5, 0x71, 0xa9, 0xd4, 0xd6, 0xf5, 0x32, 0x99, 0x9d, 0xdb, 0x07, 0x3e, 0xb2, 0x17,
	0xc1, 0xa2, 0x12, 0xe0, 0x11, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42,
	0x60, 0x82 };
const unsigned char itc_ops_jpeg[12] = { 0xff, 0xd8, 0xff, 0xe0, 'o', 'p', 's', 0x00, 0x01,
	0x02, 0xff, 0xd9 };

/* Standard base64 of n bytes at p into a new JSON string. */
static json_t *
b64_string(const unsigned char *p, size_t n)
{
	char *s = malloc(4 * ((n + 2) / 3) + 1);
	json_t *j;

	if (s == NULL)
		return NULL;
	EVP_EncodeBlock((unsigned char *)s, p, (int)n);
	j = json_string(s);
	free(s);
	return j;
}

long
itc_ops_kyc_upload(const struct itc_wallet *w, const char *number, const char *name,
    int with_back, char *id, size_t cap)
{
	json_t *o = json_pack("{s:s,s:s,s:s,s:s,s:o,s:o}", "documentType", "national_id",
	    "documentNumber", number, "fullName", name, "dateOfBirth", "1988-03-06",
	    "documentFront", b64_string(itc_ops_png, sizeof(itc_ops_png)),
	    "selfie", b64_string(itc_ops_png, sizeof(itc_ops_png)));
	struct it_resp r;
	char *body;
	long st;

	if (with_back)
		json_object_set_new(o, "documentBack", b64_string(itc_ops_jpeg, sizeof(itc_ops_jpeg)));
	body = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	st = itc_post(w, "/api/users/kyc-upload", NULL, body, &r);
	free(body);
	id[0] = '\0';
	if (st == 201)
		snprintf(id, cap, "%s", it_str(json_object_get(r.json, "data"), "submissionId"));
	it_resp_free(&r);
	return st;
}

void
itc_ops_withdrawal(int suffix, char *id, size_t cap)
{
	struct itc_partner p;
	char body[400], phone[20], ref[64];
	struct it_resp r;

	itc_partner_new(&p, "enterprise", 0);
	itc_phone(suffix, phone, sizeof(phone));
	it_unique("ops-payout", ref, sizeof(ref));
	snprintf(body, sizeof(body), "{\"amount\":\"5\",\"currency\":\"USDT\",\"recipient_phone\":"
	    "\"%s\",\"mobile_network\":\"MTN\",\"reference_id\":\"%s\"}", phone, ref);
	CU_ASSERT_EQUAL_FATAL(itc_partner_send(&p, "POST", "/v1/withdrawals", body, &r), 201);
	snprintf(id, cap, "%s", it_str(json_object_get(r.json, "data"), "withdrawal_id") ?
	    it_str(json_object_get(r.json, "data"), "withdrawal_id") : "");
	it_resp_free(&r);
}

void
itc_ops_held_payout(char *pid, size_t cap)
{
	char id[64];

	itc_ops_withdrawal(207, id, sizeof(id));
	itc_withdrawal_held(id, pid, cap);
}

void
itc_ops_unmatched_deposit(const char *asset, const char *units, int amount_null, char *id,
    char *ref)
{
	static unsigned serial;
	char sql[1400], hash[67], sender[43], amount[64];
	unsigned long long seed = ((unsigned long long)time(NULL) << 20) ^
	    ((unsigned long long)getpid() << 8) ^ ++serial;
	size_t n = strlen(units);

	snprintf(hash, sizeof(hash), "0x%016llx%016llx%016llx%016llx", seed, seed * 31,
	    seed * 131, seed * 1031);
	snprintf(sender, sizeof(sender), "0x%016llx%016llx%08x", seed * 7, seed * 11, serial);
	snprintf(id, 120, "cd_opsmoney%llx", seed);
	snprintf(ref, 120, "chain:31337:%s:0", hash);
	/* units at 6 places: "7000000" is 7.000000 */
	if (n > 6)
		snprintf(amount, sizeof(amount), "'%.*s.%s'", (int)(n - 6), units, units + n - 6);
	else
		snprintf(amount, sizeof(amount), "'0.%06lld'", atoll(units));
	snprintf(sql, sizeof(sql), "INSERT INTO chain_deposits (id, chain_id, tx_hash, log_index, "
	    "block_number, block_hash, token, asset, sender, units, amount, status, partner_id, "
	    "deposit_reference, credits, note, created_at, updated_at) VALUES (?, 31337, '%s', 0, "
	    "7, '0x%064d', '0x%040d', '%s', '%s', '%s', %s, 'unmatched', NULL, ?, 0, "
	    "'from an address no partner registered', UTC_TIMESTAMP(6), UTC_TIMESTAMP(6))",
	    hash, 0, 0, asset, sender, units, amount_null ? "NULL" : amount);
	CU_ASSERT_EQUAL_FATAL(it_db_exec(sql, id, ref), 1);
}

/* Through HAProxy again, however the test ended. */
static void
via_haproxy_again(void *unused)
{
	(void)unused;
	it_http_via(-1);
}

void
itc_ops_via_first_server(void)
{
	it_http_via(0);
	CU_ASSERT_EQUAL_FATAL(tu_defer(via_haproxy_again, NULL), 0);
}
