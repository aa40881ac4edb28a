#include "domain/wallet/kyc.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <openssl/crypto.h>

#include "core/b64.h"
#include "core/log.h"
#include "core/strict.h"
#include "core/timefmt.h"
#include "domain/internal.h"
#include "domain/catalog.h"
#include "store/db_sig.h"

#define KYC_LIST_MAX 1000

/* Outcomes of the decision transaction besides the db_rc values. */
#define KYC_TX_NOT_FOUND 100
#define KYC_TX_DECIDED 101

static const char *const document_types[] = { "passport", "national_id",
	"drivers_license", "voter_id" };

/* Tiers from lowest to highest; a decision only ever moves up this list. */
static const char *const tier_order[] = { "none", "basic", "verified",
	"enterprise" };

static int
tier_rank(const char *tier)
{
	size_t i;

	for (i = 0; tier != NULL && i < sizeof(tier_order) / sizeof(tier_order[0]); i++)
		if (strcmp(tier_order[i], tier) == 0)
			return (int)i;
	return -1;
}

/* n decimal digits at s into *v; -1 unless all are digits. */
static int
digits(const char *s, size_t n, int *v)
{
	size_t i;

	*v = 0;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		*v = *v * 10 + (s[i] - '0');
	}
	return 0;
}

static int
days_in_month(int y, int m)
{
	static const int days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

	return m == 2 && leap ? 29 : days[m - 1];
}

enum kyc_dob
kyc_dob_check(const char *s, size_t n, long long now)
{
	time_t t = (time_t)now;
	struct tm today;
	int y, m, d, ty, tm, td;

	if (s == NULL || n != 10 || s[4] != '-' || s[7] != '-' ||
	    digits(s, 4, &y) != 0 || digits(s + 5, 2, &m) != 0 ||
	    digits(s + 8, 2, &d) != 0)
		return KYC_DOB_FORMAT;
	if (y < 1900 || m < 1 || m > 12 || d < 1 || d > days_in_month(y, m))
		return KYC_DOB_NOT_A_DATE;
	gmtime_r(&t, &today);
	ty = today.tm_year + 1900;
	tm = today.tm_mon + 1;
	td = today.tm_mday;
	if (y > ty || (y == ty && (m > tm || (m == tm && d > td))))
		return KYC_DOB_FUTURE;
	/*
	 * Of age once today reaches (y + 18, m, d) as a (year, month, day)
	 * tuple; for 29 February in a common year that is 1 March.
	 */
	if (ty - y < KYC_MIN_AGE ||
	    (ty - y == KYC_MIN_AGE && (tm < m || (tm == m && td < d))))
		return KYC_DOB_UNDER_AGE;
	return KYC_DOB_OK;
}

const char *
kyc_dob_reason(enum kyc_dob d)
{
	switch (d) {
	case KYC_DOB_OK:
		return "";
	case KYC_DOB_FORMAT:
		return "must be a date as YYYY-MM-DD";
	case KYC_DOB_NOT_A_DATE:
		return "not a real date (from 1900-01-01)";
	case KYC_DOB_FUTURE:
		return "is in the future";
	case KYC_DOB_UNDER_AGE:
		return "the holder must be at least 18 years old";
	}
	return "invalid";
}

const char *
kyc_image_type(const unsigned char *p, size_t n)
{
	static const unsigned char jpeg[3] = { 0xff, 0xd8, 0xff };
	static const unsigned char png[8] = { 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a,
		0x1a, 0x0a };

	if (p == NULL)
		return NULL;
	if (n >= sizeof(jpeg) && memcmp(p, jpeg, sizeof(jpeg)) == 0)
		return "image/jpeg";
	if (n >= sizeof(png) && memcmp(p, png, sizeof(png)) == 0)
		return "image/png";
	return NULL;
}

int
kyc_document_type_ok(const char *s, size_t n)
{
	size_t i;

	for (i = 0; s != NULL && i < sizeof(document_types) / sizeof(document_types[0]); i++)
		if (strlen(document_types[i]) == n && memcmp(document_types[i], s, n) == 0)
			return 1;
	return 0;
}

/*
 * The code point of the UTF-8 sequence at s (at most n bytes) into *cp and
 * its length, or 0 for a malformed, overlong or surrogate sequence.
 */
static size_t
utf8_next(const unsigned char *s, size_t n, unsigned long *cp)
{
	static const unsigned long min[5] = { 0, 0, 0x80, 0x800, 0x10000 };
	size_t len, i;
	unsigned long c;

	if (n == 0)
		return 0;
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if ((s[0] & 0xe0) == 0xc0)
		len = 2, c = s[0] & 0x1f;
	else if ((s[0] & 0xf0) == 0xe0)
		len = 3, c = s[0] & 0x0f;
	else if ((s[0] & 0xf8) == 0xf0)
		len = 4, c = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < min[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

int
kyc_name_ok(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, chars = 0, step;
	unsigned long cp;
	int visible = 0;

	if (s == NULL)
		return 0;
	while (i < n) {
		if ((step = utf8_next(p + i, n - i, &cp)) == 0)
			return 0;
		if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))
			return 0;
		if (cp != ' ')
			visible = 1;
		i += step;
		chars++;
	}
	return chars >= 1 && chars <= KYC_NAME_MAX && visible;
}

/* The associated data of an image: id, NUL, role. Its length, or 0. */
static size_t
image_aad(const char *id, const char *role, unsigned char *aad, size_t cap)
{
	size_t il = strlen(id), rl = strlen(role);

	if (il + 1 + rl > cap)
		return 0;
	memcpy(aad, id, il);
	aad[il] = '\0';
	memcpy(aad + il + 1, role, rl);
	return il + 1 + rl;
}

/* kyc_seal_image (seal 1) or kyc_open_image (seal 0): one image under its
 * id and role as associated data. */
static int
image_aead(int seal, const unsigned char key[AEAD_KEY_BYTES], const char *id,
    const char *role, const unsigned char *in, size_t n, unsigned char *out,
    size_t outcap, size_t *outlen)
{
	unsigned char aad[ID_MAX + 32];
	size_t alen = image_aad(id, role, aad, sizeof(aad));

	if (alen == 0)
		return -1;
	return seal ? aead_seal(key, aad, alen, in, n, out, outcap, outlen) :
	    aead_open(key, aad, alen, in, n, out, outcap, outlen);
}

int
kyc_seal_image(const unsigned char key[AEAD_KEY_BYTES], const char *id,
    const char *role, const unsigned char *in, size_t n, unsigned char *out,
    size_t outcap, size_t *outlen)
{
	return image_aead(1, key, id, role, in, n, out, outcap, outlen);
}

int
kyc_open_image(const unsigned char key[AEAD_KEY_BYTES], const char *id,
    const char *role, const unsigned char *in, size_t n, unsigned char *out,
    size_t outcap, size_t *outlen)
{
	return image_aead(0, key, id, role, in, n, out, outcap, outlen);
}

/* One image sealed for storage: owned bytes. */
struct sealed {
	unsigned char *p;
	size_t n;
};

/*
 * Decodes the base64 image txt, checks its magic bytes and seals it as
 * role of submission id into *s (caller frees s->p). The plaintext is
 * wiped before it is freed. Fills o on failure.
 */
static enum err
seal_field(const unsigned char key[AEAD_KEY_BYTES], const char *id,
    const char *role, const struct kyc_text *txt, struct sealed *s,
    struct outcome *o)
{
	size_t cap = b64std_decoded_len(txt->s, txt->n), n;
	unsigned char *plain = NULL;
	enum err e = ERR_OK;

	s->p = NULL;
	s->n = 0;
	if (txt->s == NULL || txt->n == 0 || cap == (size_t)-1 || cap == 0)
		return outcome_field(o, ERR_VALIDATION, role,
		    "must be standard base64 with padding (no data: prefix, no line breaks)");
	if ((plain = malloc(cap)) == NULL)
		return outcome_fail(o, ERR_INTERNAL, "out of memory");
	n = b64std_decode(txt->s, txt->n, plain, cap);
	if (n == (size_t)-1) {
		e = outcome_field(o, ERR_VALIDATION, role,
		    "must be standard base64 with padding (no data: prefix, no line breaks)");
		goto wipe;
	}
	if (kyc_image_type(plain, n) == NULL) {
		e = outcome_field(o, ERR_VALIDATION, role, "must be a JPEG or PNG image");
		goto wipe;
	}
	if ((s->p = malloc(n + AEAD_OVERHEAD)) == NULL) {
		e = outcome_fail(o, ERR_INTERNAL, "out of memory");
		goto wipe;
	}
	if (kyc_seal_image(key, id, role, plain, n, s->p, n + AEAD_OVERHEAD,
	    &s->n) != 0) {
		free(s->p);
		s->p = NULL;
		e = outcome_fail(o, ERR_INTERNAL, "the image could not be encrypted");
	}
wipe:
	OPENSSL_cleanse(plain, cap);
	free(plain);
	return e;
}

/* The text fields, in the order of struct kyc_upload. */
static enum err
check_texts(const struct kyc_upload *in, long long now, struct outcome *o)
{
	const struct kyc_text *t;
	enum kyc_dob d;

	t = &in->document_type;
	if (t->s == NULL || !kyc_document_type_ok(t->s, t->n))
		return outcome_field(o, ERR_VALIDATION, "documentType",
		    "one of passport, national_id, drivers_license, voter_id");
	t = &in->document_number;
	if (t->s == NULL || t->n == 0 || t->n > KYC_NUMBER_MAX ||
	    !strict_printable(t->s, t->n))
		return outcome_field(o, ERR_VALIDATION, "documentNumber",
		    "1 to 64 printable characters");
	t = &in->full_name;
	if (t->s == NULL || !kyc_name_ok(t->s, t->n))
		return outcome_field(o, ERR_VALIDATION, "fullName",
		    "1 to 200 characters, no control characters, not only spaces");
	t = &in->date_of_birth;
	if ((d = kyc_dob_check(t->s, t->n, now)) != KYC_DOB_OK)
		return outcome_field(o, ERR_VALIDATION, "dateOfBirth", kyc_dob_reason(d));
	return ERR_OK;
}

enum err
kyc_submit(struct ctx *ctx, const struct caller *who,
    const struct kyc_upload *in, struct kyc_submission *out,
    struct outcome *o)
{
	unsigned char key[AEAD_KEY_BYTES];
	struct sealed front = { NULL, 0 }, back = { NULL, 0 }, selfie = { NULL, 0 };
	long long now = (long long)time(NULL);
	enum err e;
	int rc;

	outcome_init(o);
	memset(out, 0, sizeof(*out));
	if (ctx->cfg.kyc_encryption_key[0] == '\0') {
		log_event("error", "kyc: kyc.encryption_key is not set in the config; "
		    "KYC uploads answer 503 until it is");
		return outcome_fail(o, ERR_SERVICE_UNAVAILABLE,
		    "KYC uploads are not available right now; try again later");
	}
	if (who == NULL || who->kind != CALLER_USER)
		return outcome_err(o, ERR_FORBIDDEN);
	if ((e = check_texts(in, now, o)) != ERR_OK)
		return e;
	if (aead_key_from_hex(ctx->cfg.kyc_encryption_key, key) != 0)
		return outcome_fail(o, ERR_INTERNAL, "kyc.encryption_key is malformed");
	if (id_new(out->id, sizeof(out->id), KYC_ID_PREFIX) != 0) {
		e = outcome_fail(o, ERR_INTERNAL, "no random bytes for an id");
		goto out;
	}
	if ((e = seal_field(key, out->id, KYC_FRONT, &in->front, &front, o)) != ERR_OK ||
	    (in->back.s != NULL &&
	    (e = seal_field(key, out->id, KYC_BACK, &in->back, &back, o)) != ERR_OK) ||
	    (e = seal_field(key, out->id, KYC_SELFIE, &in->selfie, &selfie, o)) != ERR_OK)
		goto out;
	rc = DB_EXEC(ctx->db, DB_KYC_INSERT, kyc_insert, NULL, NULL, .public_id = out->id,
	    .user_id = who->id,
	    .document_type = { in->document_type.s, in->document_type.n },
	    .document_number = { in->document_number.s, in->document_number.n },
	    .full_name = { in->full_name.s, in->full_name.n },
	    .date_of_birth = { in->date_of_birth.s, in->date_of_birth.n },
	    .document_front = { front.p, front.n }, .document_back = { back.p, back.n },
	    .selfie = { selfie.p, selfie.n }, .submitted_at = now);
	if (rc != DB_OK) {
		e = domain_db_fail(o, rc, "store the submission");
		log_event("error", "kyc: store %s: %s", out->id, db_error(ctx->db));
		goto out;
	}
	(void)strict_copy(out->status, sizeof(out->status), "pending");
	timefmt_iso(now, out->submitted_at, sizeof(out->submitted_at));
	o->changed = 1;
	e = ERR_OK;
out:
	OPENSSL_cleanse(key, sizeof(key));
	free(front.p);
	free(back.p);
	free(selfie.p);
	if (e != ERR_OK)
		memset(out, 0, sizeof(*out));
	return e;
}

enum err
kyc_latest(struct db *db, long long user_id, struct kyc_submission *out,
    int *found, char *tier, size_t tier_cap, struct outcome *o)
{
	struct db_rows rows;
	int rc;

	outcome_init(o);
	memset(out, 0, sizeof(*out));
	*found = 0;
	if (tier_cap > 0)
		tier[0] = '\0';
	if ((rc = DB_EXEC(db, DB_KYC_LATEST, user_id, &rows, NULL, .id = user_id)) != DB_OK)
		return domain_db_fail(o, rc, "read the submission");
	if (rows.nrows == 1)
		db_cell_copy(tier, tier_cap, &rows, 0, DB_COL(kyc_latest, tier));
	if (rows.nrows == 1 && db_cell(&rows, 0, DB_COL(kyc_latest, public_id)) != NULL) {
		db_cell_copy(out->id, sizeof(out->id), &rows, 0, DB_COL(kyc_latest, public_id));
		db_cell_copy(out->status, sizeof(out->status), &rows, 0, DB_COL(kyc_latest, status));
		db_cell_copy(out->submitted_at, sizeof(out->submitted_at), &rows, 0,
		    DB_COL(kyc_latest, submitted_at));
		db_cell_copy(out->decided_at, sizeof(out->decided_at), &rows, 0, DB_COL(kyc_latest, decided_at));
		db_cell_copy(out->rejection_reason, sizeof(out->rejection_reason), &rows, 0,
		    DB_COL(kyc_latest, rejection_reason));
		*found = 1;
	}
	db_rows_free(&rows);
	return ERR_OK;
}

/* 1 when s is shaped like a submission id: "kyc_" and base62. */
static int
submission_id_ok(const char *s)
{
	return id_has_shape(s, KYC_ID_PREFIX);
}

struct decide {
	const char *id;
	int approve;
	const char *tier;   /* approve: the tier it grants */
	const char *reason; /* reject: why */
	const char *by;     /* operator or sandbox */
	struct kyc_decision *out;
};

/*
 * The decision, in one transaction: the submission and its user locked,
 * the submission moved out of pending, the tier raised when lower. A
 * re-run starts over (out is filled afresh).
 */
static int
decide_tx(struct db *db, void *arg)
{
	struct decide *k = arg;
	struct kyc_decision *out = k->out;
	struct db_rows rows;
	struct db_res res;
	unsigned long long sid = 0, uid = 0;
	const char *s;
	char status[12];
	int rc;

	if ((rc = DB_EXEC(db, DB_KYC_LOCK, kyc_public, &rows, NULL, .public_id = k->id)) != DB_OK)
		return rc;
	if (rows.nrows != 1) {
		db_rows_free(&rows);
		return KYC_TX_NOT_FOUND;
	}
	s = db_cell(&rows, 0, DB_COL(kyc_lock, id));
	if (s == NULL || strict_uint(s, strlen(s), ~0ULL >> 1, &sid) != 0 ||
	    (s = db_cell(&rows, 0, DB_COL(kyc_lock, user_id))) == NULL ||
	    strict_uint(s, strlen(s), ~0ULL >> 1, &uid) != 0) {
		db_rows_free(&rows);
		return DB_FAIL;
	}
	db_cell_copy(status, sizeof(status), &rows, 0, DB_COL(kyc_lock, status));
	db_cell_copy(out->wallet_id, sizeof(out->wallet_id), &rows, 0, DB_COL(kyc_lock, wallet_id));
	db_cell_copy(out->tier_before, sizeof(out->tier_before), &rows, 0, DB_COL(kyc_lock, tier));
	db_rows_free(&rows);
	(void)strict_copy(out->id, sizeof(out->id), k->id);
	(void)strict_copy(out->tier, sizeof(out->tier), out->tier_before);
	if (strcmp(status, "pending") != 0) {
		(void)strict_copy(out->status, sizeof(out->status), status);
		return KYC_TX_DECIDED;
	}
	if (k->approve)
		rc = DB_EXEC(db, DB_KYC_APPROVE, kyc_approve, NULL, &res,
		    .approved_tier = k->tier, .decided_by = k->by, .id = (long long)sid);
	else
		rc = DB_EXEC(db, DB_KYC_REJECT, kyc_reject, NULL, &res,
		    .rejection_reason = k->reason, .decided_by = k->by, .id = (long long)sid);
	if (rc != DB_OK)
		return rc;
	if (res.affected != 1)
		return KYC_TX_DECIDED; /* cannot happen under the row lock */
	(void)strict_copy(out->status, sizeof(out->status),
	    k->approve ? "approved" : "rejected");
	if (k->approve && tier_rank(k->tier) > tier_rank(out->tier_before)) {
		rc = DB_EXEC(db, DB_KYC_RAISE_TIER, kyc_tier, NULL, NULL, .tier = k->tier,
		    .id = (long long)uid);
		if (rc != DB_OK)
			return rc;
		(void)strict_copy(out->tier, sizeof(out->tier), k->tier);
	}
	return DB_OK;
}

/* Runs a checked decision; fills o. */
static enum err
decide(struct db *db, struct decide *k, struct outcome *o)
{
	struct kyc_decision *out = k->out;
	int rc;

	rc = db_tx(db, decide_tx, k);
	if (rc == KYC_TX_NOT_FOUND) {
		memset(out, 0, sizeof(*out));
		return outcome_fail(o, ERR_NOT_FOUND, "no KYC submission %s", k->id);
	}
	if (rc == KYC_TX_DECIDED) {
		outcome_str(o, "field", "id");
		outcome_str(o, "status", out->status);
		return outcome_fail(o, ERR_VALIDATION,
		    "KYC submission %s is already %s; a decision is final", k->id,
		    out->status);
	}
	if (rc != DB_OK) {
		memset(out, 0, sizeof(*out));
		return domain_db_fail(o, rc, "record the decision");
	}
	o->changed = 1;
	outcome_str(o, "status", out->status);
	outcome_str(o, "tier", out->tier);
	return ERR_OK;
}

static int
reason_ok(const char *reason)
{
	return strict_text(reason, 1, KYC_REASON_MAX);
}

/* Decision k once the fields it carries are checked (nothing is written
 * when one is malformed). */
static enum err
decide_checked(struct db *db, struct decide *k, struct outcome *o)
{
	outcome_init(o);
	memset(k->out, 0, sizeof(*k->out));
	if (!submission_id_ok(k->id))
		return outcome_field(o, ERR_VALIDATION, "id", "a submission id (kyc_...)");
	if (k->approve && catalog_tier(k->tier) == NULL)
		return outcome_field(o, ERR_VALIDATION, "tier",
		    "basic, verified or enterprise");
	if (!k->approve && !reason_ok(k->reason))
		return outcome_field(o, ERR_VALIDATION, "reason",
		    "1 to 200 printable characters");
	return decide(db, k, o);
}

enum err
kyc_approve(struct db *db, const char *id, const char *tier,
    struct kyc_decision *out, struct outcome *o)
{
	return kyc_approve_by(db, "operator", id, tier, out, o);
}

enum err
kyc_approve_by(struct db *db, const char *by, const char *id, const char *tier,
    struct kyc_decision *out, struct outcome *o)
{
	struct decide k = { .id = id, .approve = 1, .tier = tier ? tier : KYC_DEFAULT_TIER,
		.by = by, .out = out };

	return decide_checked(db, &k, o);
}

enum err
kyc_reject(struct db *db, const char *id, const char *reason,
    struct kyc_decision *out, struct outcome *o)
{
	return kyc_reject_by(db, "operator", id, reason, out, o);
}

enum err
kyc_reject_by(struct db *db, const char *by, const char *id, const char *reason,
    struct kyc_decision *out, struct outcome *o)
{
	struct decide k = { .id = id, .reason = reason, .by = by, .out = out };

	return decide_checked(db, &k, o);
}

/* How a listed submission (store/stmt_kyc.h) fills a struct kyc_row */
static const struct db_field list_fields[] = { DB_FIELDS(kyc_row, struct kyc_row) };

enum err
kyc_list(struct db *db, kyc_row_fn fn, void *arg, struct outcome *o)
{
	struct kyc_row row;
	struct db_rows rows;
	size_t i;
	int rc;

	outcome_init(o);
	rc = DB_EXEC(db, DB_KYC_LIST, kyc_list, &rows, NULL, .limit = KYC_LIST_MAX);
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "list the submissions");
	for (i = 0; i < rows.nrows; i++) {
		memset(&row, 0, sizeof(row));
		/* text only: nothing to fail */
		(void)db_row_read(&rows, i, list_fields, DB_NCOLS(kyc_row), &row);
		if (fn(&row, arg) != 0)
			break;
	}
	db_rows_free(&rows);
	return ERR_OK;
}
