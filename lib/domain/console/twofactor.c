#include "domain/console/twofactor.h"

#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/aead.h"
#include "core/strict.h"
#include "domain/apikey.h"
#include "domain/internal.h"
#include "domain/webhook_secret.h"

#define SEALED_HEX (2 * (TOTP_SECRET_BYTES + AEAD_OVERHEAD) + 1)

/* "cediramp console totp v1", NUL, the user's public id, NUL, the key id:
 * what the sealed bytes are bound to. Its length, or 0. */
static size_t
totp_aad(const char *public_id, unsigned long long key_id, unsigned char *aad, size_t cap)
{
	int n = snprintf((char *)aad, cap, "cediramp console totp v1%c%s%c%llu", 0, public_id, 0,
	    key_id);

	return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

/* Seals secret for public_id under cfg's current key: its hex and the
 * key's id. 0, or -1 (no key). */
static int
seal(const struct cfg *cfg, const char *public_id, const unsigned char *secret, char *hex,
    unsigned long long *key_id)
{
	unsigned char aad[128], sealed[TOTP_SECRET_BYTES + AEAD_OVERHEAD];
	struct whsec_keys k;
	size_t alen, slen = 0;
	int rc = -1;

	if (whsec_keys_load(cfg, &k) == 0 && k.have_cur &&
	    (alen = totp_aad(public_id, k.cur_id, aad, sizeof(aad))) > 0 &&
	    aead_seal(k.cur, aad, alen, secret, TOTP_SECRET_BYTES, sealed, sizeof(sealed),
	    &slen) == 0) {
		id_hex(sealed, slen, hex);
		*key_id = k.cur_id;
		rc = 0;
	}
	whsec_keys_wipe(&k);
	return rc;
}

/* Opens hex (sealed under key key_id for public_id) into secret: 0 or -1. */
static int
unseal(const struct cfg *cfg, const char *public_id, const char *hex, unsigned long long key_id,
    unsigned char *secret)
{
	unsigned char aad[128], sealed[TOTP_SECRET_BYTES + AEAD_OVERHEAD];
	const unsigned char *key = NULL;
	struct whsec_keys k;
	size_t alen, olen = 0, i;
	int rc = -1;

	if (hex == NULL || strlen(hex) != 2 * sizeof(sealed))
		return -1;
	for (i = 0; i < sizeof(sealed); i++) {
		int hi = strict_hexval(hex[2 * i]), lo = strict_hexval(hex[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return -1;
		sealed[i] = (unsigned char)(hi << 4 | lo);
	}
	(void)whsec_keys_load(cfg, &k);
	if (k.have_cur && k.cur_id == key_id)
		key = k.cur;
	else if (k.have_prev && k.prev_id == key_id)
		key = k.prev;
	if (key != NULL && (alen = totp_aad(public_id, key_id, aad, sizeof(aad))) > 0 &&
	    aead_open(key, aad, alen, sealed, sizeof(sealed), secret, TOTP_SECRET_BYTES,
	    &olen) == 0 && olen == TOTP_SECRET_BYTES)
		rc = 0;
	whsec_keys_wipe(&k);
	return rc;
}

/* A user's TOTP state. */
struct state {
	char sealed[SEALED_HEX + 8];
	unsigned long long key_id;
	int totp_enabled;
	long long last_step;
};

/* 1 read, 0 no such user, or -(db_rc). */
static int
read_state(struct db *db, long long user_id, struct state *st)
{
	static const struct db_field fields[] = { DB_FIELDS(ct_state, struct state) };
	struct db_rows rows;
	unsigned long long v;
	const char *c;
	int rc, found = 0;

	memset(st, 0, sizeof(*st));
	if ((rc = DB_EXEC(db, DB_CONSOLE_TOTP_GET, cu_id, &rows, NULL, .id = user_id)) != DB_OK)
		return -rc;
	if (rows.nrows == 1 && db_row_read(&rows, 0, fields, DB_NCOLS(ct_state), st) == 0) {
		found = 1;
		db_cell_copy(st->sealed, sizeof(st->sealed), &rows, 0, DB_COL(ct_state, totp_sealed));
		c = db_cell(&rows, 0, DB_COL(ct_state, totp_key_id));
		if (c != NULL && strict_uint(c, strlen(c), ~0ULL >> 1, &v) == 0)
			st->key_id = v;
		c = db_cell(&rows, 0, DB_COL(ct_state, totp_last_step));
		if (c != NULL && strict_uint(c, strlen(c), ~0ULL >> 1, &v) == 0)
			st->last_step = (long long)v;
	}
	db_rows_free(&rows);
	return found;
}

/* The otpauth:// URI of secret for email (percent-encoded) into out. */
static void
otpauth_uri(const char *email, const char *secret, char *out, size_t cap)
{
	char label[3 * CONSOLE_EMAIL_MAX + 1];
	size_t o = 0;
	const char *p;

	for (p = email; *p != '\0' && o + 4 < sizeof(label); p++) {
		unsigned char c = (unsigned char)*p;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		    c == '.' || c == '-' || c == '_' || c == '~')
			label[o++] = (char)c;
		else
			o += (size_t)snprintf(label + o, sizeof(label) - o, "%%%02X", c);
	}
	label[o] = '\0';
	snprintf(out, cap, "otpauth://totp/cediramp:%s?secret=%s&issuer=cediramp&algorithm=SHA1"
	    "&digits=%d&period=%d", label, secret, TOTP_DIGITS, TOTP_STEP_SECONDS);
}

enum err
console_2fa_begin(struct db *db, const struct cfg *cfg, const struct console_session *s,
    struct console_enrolment *out, struct outcome *o)
{
	unsigned char secret[TOTP_SECRET_BYTES];
	unsigned long long key_id = 0;
	char hex[SEALED_HEX];
	struct state st;
	int rc;

	outcome_init(o);
	memset(out, 0, sizeof(*out));
	if ((rc = read_state(db, s->user_id, &st)) < 0)
		return domain_db_fail(o, -rc, "read two-factor");
	if (st.totp_enabled)
		return outcome_fail(o, ERR_INVALID_STATE, "Two-factor sign-in is on already");
	if (RAND_bytes(secret, sizeof(secret)) != 1)
		return outcome_fail(o, ERR_INTERNAL, "no random bytes");
	if (seal(cfg, s->user_public_id, secret, hex, &key_id) != 0 ||
	    totp_base32(secret, sizeof(secret), out->secret, sizeof(out->secret)) != 0) {
		OPENSSL_cleanse(secret, sizeof(secret));
		return outcome_fail(o, ERR_INTERNAL,
		    "two-factor needs webhooks.encryption_key_file (the key secrets are sealed with)");
	}
	OPENSSL_cleanse(secret, sizeof(secret));
	otpauth_uri(s->email, out->secret, out->uri, sizeof(out->uri));
	if ((rc = DB_EXEC(db, DB_CONSOLE_TOTP_PENDING, ct_pending, NULL, NULL, .sealed = hex,
	    .key_id = (long long)key_id, .id = s->user_id)) != DB_OK) {
		memset(out, 0, sizeof(*out));
		return domain_db_fail(o, rc, "store the enrolment");
	}
	o->changed = 1;
	return ERR_OK;
}

/* Checks a TOTP code against st and takes its step: 1 taken, 0 wrong or
 * replayed, or -(db_rc). */
static int
take_code(struct db *db, const struct cfg *cfg, long long user_id, const char *public_id,
    const struct state *st, const char *code)
{
	unsigned char secret[TOTP_SECRET_BYTES];
	struct db_res res;
	long long step;
	int rc;

	if (st->sealed[0] == '\0' || unseal(cfg, public_id, st->sealed, st->key_id, secret) != 0)
		return 0;
	step = totp_match(secret, sizeof(secret), code, (long long)time(NULL), 1);
	OPENSSL_cleanse(secret, sizeof(secret));
	if (step < 0 || step <= st->last_step)
		return 0;
	if ((rc = DB_EXEC(db, DB_CONSOLE_TOTP_USE, ct_use, NULL, &res, .step = step,
	    .id = user_id)) != DB_OK)
		return -rc;
	return res.affected == 1; /* another request took this step first: 0 */
}

/* A recovery code as stored: its 10 characters lower-cased, no dash,
 * hashed. 0, or -1 when it is not one's shape. */
static int
recovery_hash(const char *code, char *hash)
{
	char norm[16];
	size_t n = 0;

	for (; code != NULL && *code != '\0'; code++) {
		char c = *code >= 'A' && *code <= 'Z' ? (char)(*code + 32) : *code;

		if (c == '-')
			continue;
		if (n >= 10 || !((c >= 'a' && c <= 'z') || (c >= '2' && c <= '7')))
			return -1;
		norm[n++] = c;
	}
	if (n != 10)
		return -1;
	apikey_hash(norm, n, hash);
	return 0;
}

/* A fresh set of recovery codes for user_id, replacing any earlier one. */
static int
new_recovery_codes(struct db *db, long long user_id,
    char codes[CONSOLE_RECOVERY_CODES][CONSOLE_RECOVERY_CHARS + 1])
{
	unsigned char raw[CONSOLE_RECOVERY_CODES][7];
	char b[16], hash[APIKEY_HASH_HEX];
	int i, rc;

	if (RAND_bytes(&raw[0][0], sizeof(raw)) != 1)
		return DB_FAIL;
	if ((rc = DB_EXEC(db, DB_CONSOLE_RECOVERY_CLEAR, cu_id, NULL, NULL, .id = user_id)) != DB_OK)
		return rc;
	for (i = 0; i < CONSOLE_RECOVERY_CODES; i++) {
		size_t k;

		if (totp_base32(raw[i], sizeof(raw[i]), b, sizeof(b)) != 0)
			return DB_FAIL;
		for (k = 0; k < 10; k++)
			b[k] = b[k] >= 'A' && b[k] <= 'Z' ? (char)(b[k] + 32) : b[k];
		snprintf(codes[i], CONSOLE_RECOVERY_CHARS + 1, "%.5s-%.5s", b, b + 5);
		(void)recovery_hash(codes[i], hash);
		if ((rc = DB_EXEC(db, DB_CONSOLE_RECOVERY_INSERT, cr_code, NULL, NULL,
		    .user_id = user_id, .code_hash = hash)) != DB_OK)
			return rc;
	}
	OPENSSL_cleanse(raw, sizeof(raw));
	return DB_OK;
}

enum err
console_2fa_confirm(struct db *db, const struct cfg *cfg,
    const struct console_session *s, const char *code,
    char codes[CONSOLE_RECOVERY_CODES][CONSOLE_RECOVERY_CHARS + 1], struct outcome *o)
{
	struct state st;
	int rc;

	outcome_init(o);
	memset(codes, 0, sizeof(char[CONSOLE_RECOVERY_CODES][CONSOLE_RECOVERY_CHARS + 1]));
	if ((rc = read_state(db, s->user_id, &st)) < 0)
		return domain_db_fail(o, -rc, "read two-factor");
	if (st.totp_enabled || st.sealed[0] == '\0')
		return outcome_fail(o, ERR_INVALID_STATE, st.totp_enabled ?
		    "Two-factor sign-in is on already" : "Begin the enrolment first");
	if ((rc = take_code(db, cfg, s->user_id, s->user_public_id, &st, code)) < 0)
		return domain_db_fail(o, -rc, "check the code");
	if (rc == 0)
		return outcome_fail(o, ERR_INVALID_CREDENTIALS, "The code is wrong: check the "
		    "authenticator's clock, or wait for the next code");
	if ((rc = new_recovery_codes(db, s->user_id, codes)) != DB_OK ||
	    (rc = DB_EXEC(db, DB_CONSOLE_TOTP_ENABLE, cu_id, NULL, NULL, .id = s->user_id)) != DB_OK) {
		memset(codes, 0, sizeof(char[CONSOLE_RECOVERY_CODES][CONSOLE_RECOVERY_CHARS + 1]));
		return domain_db_fail(o, rc, "turn two-factor on");
	}
	o->changed = 1;
	return ERR_OK;
}

enum err
console_2fa_disable(struct db *db, const struct console_session *s, struct outcome *o)
{
	int rc;

	outcome_init(o);
	if (s->require_2fa)
		return outcome_fail(o, ERR_INVALID_STATE, console_role_is_ops(s->role_id) ?
		    "The back office requires two-factor sign-in of everyone in it" :
		    "Your partner requires two-factor sign-in of every member");
	if ((rc = DB_EXEC(db, DB_CONSOLE_TOTP_DISABLE, cu_id, NULL, NULL, .id = s->user_id)) != DB_OK ||
	    (rc = DB_EXEC(db, DB_CONSOLE_RECOVERY_CLEAR, cu_id, NULL, NULL, .id = s->user_id)) != DB_OK)
		return domain_db_fail(o, rc, "turn two-factor off");
	o->changed = 1;
	return ERR_OK;
}

enum err
console_2fa_check(struct db *db, const struct cfg *cfg, long long user_id,
    const char *public_id, const char *code, struct outcome *o)
{
	char hash[APIKEY_HASH_HEX];
	struct db_res res;
	struct state st;
	int rc;

	outcome_init(o);
	if ((rc = read_state(db, user_id, &st)) < 0)
		return domain_db_fail(o, -rc, "read two-factor");
	if (rc == 0 || !st.totp_enabled)
		return outcome_fail(o, ERR_INVALID_CREDENTIALS, "Two-factor sign-in is not on");
	if (code != NULL && strlen(code) == TOTP_DIGITS) {
		if ((rc = take_code(db, cfg, user_id, public_id, &st, code)) < 0)
			return domain_db_fail(o, -rc, "check the code");
		if (rc == 1)
			return ERR_OK;
	} else if (recovery_hash(code, hash) == 0) {
		if ((rc = DB_EXEC(db, DB_CONSOLE_RECOVERY_USE, cr_code, NULL, &res, .user_id = user_id,
		    .code_hash = hash)) != DB_OK)
			return domain_db_fail(o, rc, "check the recovery code");
		if (res.affected == 1) {
			o->changed = 1;
			return ERR_OK;
		}
	}
	return outcome_fail(o, ERR_INVALID_CREDENTIALS,
	    "The code is wrong, or was used already");
}

enum err
console_2fa_require(struct db *db, long long partner_id, int required, struct outcome *o)
{
	int rc;

	outcome_init(o);
	if ((rc = DB_EXEC(db, DB_CONSOLE_REQUIRE_2FA, cp_require, NULL, NULL,
	    .required = required ? 1 : 0, .partner_id = partner_id)) != DB_OK)
		return domain_db_fail(o, rc, "store the requirement");
	o->changed = 1;
	return ERR_OK;
}
