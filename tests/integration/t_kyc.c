/*
 * KYC against the real stack: every bad upload answers its exact status
 * and code and writes no row; a good one answers 201 and stores its images
 * sealed (no plaintext in the row, opening with the configured key and
 * only as their own submission's); GET /api/users/kyc before and after,
 * per user; the daily limit; the operators' decisions through the admin
 * tool; the sandbox worker's magic numbers (and nothing in production);
 * and a tier-none user refused a conversion until a magic upload is
 * approved.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <openssl/evp.h>

#include "itc.h"
#include "core/aead.h"
#include "core/cfg.h"
#include "domain/wallet/kyc.h"
#include "sandbox/kyc.h"

#define UPLOAD "/api/users/kyc-upload"
#define PREFIX "cediramp-admin: "

/* A small JPEG (JFIF header) and PNG (signature and IHDR) as uploaded. */
static const unsigned char jpeg[] = { 0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 'J', 'F',
	'I', 'F', 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff,
	0xdb, 0x00, 0x43, 0x00, 0x08, 0x06, 0x06, 0x07, 0x06, 0x05, 0x08, 0xff, 0xd9 };
static const unsigned char png[] = { 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a,
	0x00, 0x00, 0x00, 0x0d, 'I', 'H', 'D', 'R', 0x00, 0x00, 0x00, 0x01, 0x00,
	0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xde };
static const unsigned char selfie[] = { 0xff, 0xd8, 0xff, 0xe1, 's', 'e', 'l', 'f',
	'i', 'e', 0x00, 0x2a, 0x13, 0x37, 0xff, 0xd9 };

/* Standard base64 of n bytes (caller frees). */
static char *
b64(const unsigned char *p, size_t n)
{
	char *s = malloc(4 * ((n + 2) / 3) + 1);

	if (s != NULL)
		EVP_EncodeBlock((unsigned char *)s, p, (int)n);
	return s;
}

/*
 * A valid upload with documentNumber number, changed: without member
 * drop (NULL: none), and member set to value (stolen; NULL: none). The
 * JSON text is the caller's to free.
 */
static char *
upload_body(const char *number, const char *drop, const char *set, json_t *value)
{
	char *front = b64(jpeg, sizeof(jpeg)), *back = b64(png, sizeof(png));
	char *face = b64(selfie, sizeof(selfie)), *s;
	json_t *o = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s}", "documentType", "passport",
	    "documentNumber", number, "fullName", "Ama Serwaa Mensah",
	    "dateOfBirth", "1990-05-17", "documentFront", front, "documentBack", back,
	    "selfie", face);

	if (drop != NULL)
		json_object_del(o, drop);
	if (set != NULL)
		json_object_set_new(o, set, value);
	s = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	free(front);
	free(back);
	free(face);
	return s;
}

static long long
kyc_rows(void)
{
	return it_db_scalar("SELECT COUNT(*) FROM kyc_submissions", NULL, NULL);
}

/* POSTs a valid upload with number; its submission id into id (64 bytes). */
static long
upload(const struct itc_wallet *w, const char *number, char *id)
{
	char *body = upload_body(number, NULL, NULL, NULL);
	struct it_resp r;
	long st = itc_post(w, UPLOAD, NULL, body, &r);

	id[0] = '\0';
	if (st == 201)
		snprintf(id, 64, "%s", it_str(json_object_get(r.json, "data"), "submissionId"));
	it_resp_free(&r);
	free(body);
	return st;
}

/* The field the error's data names, or "". */
static const char *
err_field(const struct it_resp *r)
{
	const char *f = it_str(json_object_get(r->json, "data"), "field");

	return f ? f : "";
}

/* YYYY-MM-DD of today (UTC) plus day_offset days, years back, into out (32 bytes). */
static void
years_ago(int years, int day_offset, char *out)
{
	time_t t = time(NULL) + (time_t)day_offset * 86400;
	struct tm tm;

	gmtime_r(&t, &tm);
	snprintf(out, 32, "%04d-%02d-%02d", tm.tm_year + 1900 - years, tm.tm_mon + 1,
	    tm.tm_mday);
}

static void
test_bad_uploads(void)
{
	static char under18[32], tomorrow18[32], future[32];
	static char n65[66], name201[202];
	struct row {
		const char *label, *drop, *set;
		json_t *value;
		const char *field; /* the context's field; NULL: not checked */
	};
	struct itc_wallet w;
	struct it_resp r;
	long long before;
	char *body;
	size_t i;

	memset(n65, '7', 65);
	memset(name201, 'a', 201);
	years_ago(17, 0, under18);
	years_ago(18, 1, tomorrow18); /* 18 tomorrow: still 17 today */
	years_ago(-1, 0, future);
	{
		struct row rows[] = {
			{ "missing documentType", "documentType", NULL, NULL, "documentType" },
			{ "missing documentNumber", "documentNumber", NULL, NULL, "documentNumber" },
			{ "missing fullName", "fullName", NULL, NULL, "fullName" },
			{ "missing dateOfBirth", "dateOfBirth", NULL, NULL, "dateOfBirth" },
			{ "missing documentFront", "documentFront", NULL, NULL, "documentFront" },
			{ "missing selfie", "selfie", NULL, NULL, "selfie" },
			{ "null selfie", NULL, "selfie", json_null(), "selfie" },
			{ "documentType a number", NULL, "documentType", json_integer(1), "documentType" },
			{ "documentNumber a number", NULL, "documentNumber", json_integer(1234), "documentNumber" },
			{ "fullName a boolean", NULL, "fullName", json_true(), "fullName" },
			{ "dateOfBirth a number", NULL, "dateOfBirth", json_integer(19900517), "dateOfBirth" },
			{ "documentFront an object", NULL, "documentFront", json_object(), "documentFront" },
			{ "documentBack an array", NULL, "documentBack", json_array(), "documentBack" },
			{ "selfie a number", NULL, "selfie", json_real(1.5), "selfie" },
			{ "documentType id_card", NULL, "documentType", json_string("id_card"), "documentType" },
			{ "documentType Passport", NULL, "documentType", json_string("Passport"), "documentType" },
			{ "documentType empty", NULL, "documentType", json_string(""), "documentType" },
			{ "documentNumber empty", NULL, "documentNumber", json_string(""), "documentNumber" },
			{ "documentNumber 65 characters", NULL, "documentNumber", json_string(n65), "documentNumber" },
			{ "documentNumber with a tab", NULL, "documentNumber", json_string("G12\t34"), "documentNumber" },
			{ "fullName empty", NULL, "fullName", json_string(""), "fullName" },
			{ "fullName 201 characters", NULL, "fullName", json_string(name201), "fullName" },
			{ "fullName with a newline", NULL, "fullName", json_string("Ama\nMensah"), "fullName" },
			{ "dateOfBirth Feb 30", NULL, "dateOfBirth", json_string("1990-02-30"), "dateOfBirth" },
			{ "dateOfBirth Feb 29 of 2001", NULL, "dateOfBirth", json_string("2001-02-29"), "dateOfBirth" },
			{ "dateOfBirth month 13", NULL, "dateOfBirth", json_string("1990-13-01"), "dateOfBirth" },
			{ "dateOfBirth DD/MM/YYYY", NULL, "dateOfBirth", json_string("17/05/1990"), "dateOfBirth" },
			{ "dateOfBirth with a time", NULL, "dateOfBirth", json_string("1990-05-17T00:00:00Z"), "dateOfBirth" },
			{ "dateOfBirth 17 years ago", NULL, "dateOfBirth", json_string(under18), "dateOfBirth" },
			{ "dateOfBirth 18 tomorrow", NULL, "dateOfBirth", json_string(tomorrow18), "dateOfBirth" },
			{ "dateOfBirth next year", NULL, "dateOfBirth", json_string(future), "dateOfBirth" },
			{ "documentFront not base64", NULL, "documentFront", json_string("not base64!!"), "documentFront" },
			{ "documentFront unpadded", NULL, "documentFront", json_string("/9j/4A"), "documentFront" },
			{ "documentFront url alphabet", NULL, "documentFront", json_string("_9j_4AAQ"), "documentFront" },
			{ "documentFront with a line break", NULL, "documentFront", json_string("/9j/\n4AAQ"), "documentFront" },
			{ "documentFront a data URL", NULL, "documentFront",
			    json_string("data:image/jpeg;base64,/9j/4AAQ"), "documentFront" },
			{ "documentFront empty", NULL, "documentFront", json_string(""), "documentFront" },
			{ "documentFront a GIF", NULL, "documentFront", json_string("R0lGODlhAQABAAAAACw="), "documentFront" },
			{ "documentBack text", NULL, "documentBack", json_string("aGVsbG8sIHdvcmxk"), "documentBack" },
			{ "selfie a GIF", NULL, "selfie", json_string("R0lGODdhAQABAAAAACw="), "selfie" },
			{ "selfie a PDF", NULL, "selfie", json_string("JVBERi0xLjcK"), "selfie" },
			{ "an unknown field", NULL, "nationality", json_string("GH"), "nationality" },
		};

		itc_wallet(&w, "0xkyc-bad", NULL);
		itc_limit(&w, "kyc", 1000); /* every request counts against the 3 a day */
		before = kyc_rows();
		CU_ASSERT_TRUE_FATAL(before >= 0);
		for (i = 0; i < NELEM(rows); i++) {
			body = upload_body("G-1234567", rows[i].drop, rows[i].set, rows[i].value);
			CU_ASSERT_PTR_NOT_NULL_FATAL(body);
			itc_post(&w, UPLOAD, NULL, body, &r);
			it_assert_wallet_error(&r, 400, "validation_error", rows[i].label);
			if (strcmp(err_field(&r), rows[i].field) != 0)
				fprintf(stderr, "%s: field \"%s\", want %s\n", rows[i].label,
				    err_field(&r), rows[i].field);
			IT_CHECK(strcmp(err_field(&r), rows[i].field) == 0, rows[i].label);
			/* the message names the field, never echoes an image */
			IT_CHECK(it_strstr(r.body, "/9j/") == NULL, rows[i].label);
			it_resp_free(&r);
			free(body);
		}
	}
	/* bodies that are not one JSON object, and the wrong media type */
	{
		static const char *const bad_json[] = { "{", "[]", "\"x\"", "",
			"{\"documentType\":\"passport\",\"documentType\":\"passport\"}",
			"{\"a\":1} {}" };
		const char *h[] = { w.auth, "Content-Type: text/plain", NULL };

		for (i = 0; i < NELEM(bad_json); i++) {
			itc_post(&w, UPLOAD, NULL, bad_json[i], &r);
			it_assert_wallet_error(&r, 400, "validation_error", bad_json[i]);
			it_resp_free(&r);
		}
		body = upload_body("G-1234567", NULL, NULL, NULL);
		CU_ASSERT_EQUAL(it_http("POST", UPLOAD, h, body, strlen(body), &r), 0);
		it_assert_wallet_error(&r, 415, "unsupported_media_type", "text/plain");
		it_resp_free(&r);
		free(body);
	}
	/* a body over 8 MiB: 413, decided before any program reads it */
	{
		size_t n = 8u * 1024 * 1024 + 1;
		char *big = malloc(n + 1);

		CU_ASSERT_PTR_NOT_NULL_FATAL(big);
		memset(big, 'A', n);
		memcpy(big, "{\"documentFront\":\"", 18);
		memcpy(big + n - 2, "\"}", 2);
		big[n] = '\0';
		itc_post(&w, UPLOAD, NULL, big, &r);
		it_assert_wallet_error(&r, 413, "payload_too_large", "8 MiB + 1 body");
		it_resp_free(&r);
		free(big);
	}
	CU_ASSERT_EQUAL(kyc_rows(), before);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM kyc_submissions k JOIN users u "
	    "ON u.id = k.user_id WHERE u.wallet_id = ?", w.id, NULL), 0);
	itc_wallet_free(&w);
}

/* The sealed BLOB of column col of submission id, bytes into out. */
static size_t
stored_blob(const char *id, const char *col, unsigned char *out, size_t cap)
{
	char sql[160], hex[1024];
	size_t i, n;

	snprintf(sql, sizeof(sql), "SELECT HEX(%s) FROM kyc_submissions WHERE public_id = ?", col);
	if (it_db_text(sql, id, NULL, hex, sizeof(hex)) != 0)
		return 0;
	n = strlen(hex) / 2;
	if (n > cap)
		return 0;
	for (i = 0; i < n; i++) {
		unsigned v = 0;
		int k;

		for (k = 0; k < 2; k++) {
			char c = hex[2 * i + (size_t)k];

			v = v * 16 + (unsigned)(c <= '9' ? c - '0' : c - 'A' + 10);
		}
		out[i] = (unsigned char)v;
	}
	return n;
}

/* 1 when the n bytes of needle appear anywhere in the m bytes of hay. */
static int
contains(const unsigned char *hay, size_t m, const unsigned char *needle, size_t n)
{
	size_t i;

	for (i = 0; n <= m && i <= m - n; i++)
		if (memcmp(hay + i, needle, n) == 0)
			return 1;
	return 0;
}

/*
 * The stored image col of id: no plaintext (no magic at the start, not the
 * image, the image nowhere inside), the length of iv, tag and image, and
 * it opens with the configured key as role of id, and as nothing else.
 */
static void
check_sealed(const char *id, const char *col, const char *role,
    const unsigned char *img, size_t n, const unsigned char *key)
{
	unsigned char blob[512], plain[512];
	size_t len = stored_blob(id, col, blob, sizeof(blob)), got;

	IT_CHECK(len == n + AEAD_OVERHEAD, role);
	IT_CHECK(len >= 3 && memcmp(blob, img, 3) != 0, role);
	IT_CHECK(kyc_image_type(blob, len) == NULL, role);
	IT_CHECK(!contains(blob, len, img, n), role);
	IT_CHECK(!contains(blob, len, img + 4, 8), role);
	IT_CHECK(kyc_open_image(key, id, role, blob, len, plain, sizeof(plain), &got) == 0 &&
	    got == n && memcmp(plain, img, n) == 0, role);
	IT_CHECK(kyc_open_image(key, id, strcmp(role, KYC_SELFIE) ? KYC_SELFIE : KYC_FRONT,
	    blob, len, plain, sizeof(plain), &got) != 0, role);
	IT_CHECK(kyc_open_image(key, "kyc_someoneelse", role, blob, len, plain,
	    sizeof(plain), &got) != 0, role);
	/* and one flipped byte of what is stored fails authentication */
	if (len > AEAD_OVERHEAD) {
		blob[len - 1] ^= 0x01;
		IT_CHECK(kyc_open_image(key, id, role, blob, len, plain, sizeof(plain), &got) != 0,
		    role);
	}
}

/* 1 when the file at path contains text, 0 when not, -1 when unreadable. */
static int
file_contains(const char *path, const char *text)
{
	static char buf[1 << 16];
	size_t tl = strlen(text), keep = 0, have, n;
	FILE *f = fopen(path, "re");
	int found = 0;

	if (f == NULL)
		return -1;
	if (tl == 0 || tl >= sizeof(buf) / 2) {
		fclose(f);
		return -1;
	}
	while (!found && (n = fread(buf + keep, 1, sizeof(buf) - 1 - keep, f)) > 0) {
		have = keep + n;
		buf[have] = '\0';
		found = strstr(buf, text) != NULL;
		/* the last tl - 1 bytes may start a match that the next read ends */
		keep = have < tl - 1 ? have : tl - 1;
		memmove(buf, buf + have - keep, keep);
	}
	fclose(f);
	return found;
}

static void
test_upload_stored_sealed(void)
{
	unsigned char key[AEAD_KEY_BYTES];
	struct itc_wallet w;
	struct it_resp r, g;
	char *body, *front = b64(jpeg, sizeof(jpeg)), err[256], ts[64];
	const char *id, *at;
	long long before = kyc_rows();
	struct cfg c;
	json_t *d;

	cfg_defaults(&c);
	CU_ASSERT_EQUAL_FATAL(cfg_load(it_env("CEDIRAMP_CONF"), &c, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(aead_key_from_hex(c.kyc_encryption_key, key), 0);
	itc_wallet(&w, "0xkyc-ok", NULL);
	itc_limit(&w, "kyc", 100); /* five uploads here; the limit has its own test */
	body = upload_body("G-7654321", NULL, NULL, NULL);
	CU_ASSERT_EQUAL_FATAL(itc_post(&w, UPLOAD, NULL, body, &r), 201);
	d = json_object_get(r.json, "data");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(r.json, "status")), 1);
	CU_ASSERT_STRING_EQUAL(it_str(r.json, "code"), "success");
	CU_ASSERT_EQUAL(json_object_size(d), 3);
	id = it_str(d, "submissionId");
	at = it_str(d, "submittedAt");
	CU_ASSERT_FATAL(id != NULL && at != NULL);
	CU_ASSERT_EQUAL(strncmp(id, "kyc_", 4), 0);
	CU_ASSERT_EQUAL(strlen(id), 4 + 24);
	CU_ASSERT_STRING_EQUAL(it_str(d, "status"), "pending");
	CU_ASSERT_EQUAL(strlen(at), 20);
	CU_ASSERT(at[4] == '-' && at[7] == '-' && at[10] == 'T' && at[13] == ':' && at[19] == 'Z');
	/* the answer carries nothing of the images */
	CU_ASSERT_PTR_NULL(it_strstr(r.body, front));
	CU_ASSERT_EQUAL(kyc_rows(), before + 1);

	/* the row: this user, the fields, pending, and the time answered */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM kyc_submissions k JOIN users u "
	    "ON u.id = k.user_id WHERE k.public_id = ? AND u.wallet_id = ? "
	    "AND k.document_type = 'passport' AND k.document_number = 'G-7654321' "
	    "AND k.full_name = 'Ama Serwaa Mensah' AND k.date_of_birth = '1990-05-17' "
	    "AND k.status = 'pending' AND k.decided_at IS NULL", id, w.id), 1);
	CU_ASSERT_EQUAL(it_db_text("SELECT DATE_FORMAT(submitted_at, '%Y-%m-%dT%H:%i:%sZ') "
	    "FROM kyc_submissions WHERE public_id = ?", id, NULL, ts, sizeof(ts)), 0);
	CU_ASSERT_STRING_EQUAL(ts, at);
	check_sealed(id, "document_front", KYC_FRONT, jpeg, sizeof(jpeg), key);
	check_sealed(id, "document_back", KYC_BACK, png, sizeof(png), key);
	check_sealed(id, "selfie", KYC_SELFIE, selfie, sizeof(selfie), key);

	/* GET never shows images either */
	CU_ASSERT_EQUAL(itc_get(&w, "/api/users/kyc", &g), 200);
	CU_ASSERT_PTR_NULL(strstr(g.body, front));
	/* nor does the log (the programs' log, where this stack has one) */
	if (c.log_file[0] != '\0')
		CU_ASSERT_EQUAL(file_contains(c.log_file, front), 0);
	it_resp_free(&g);

	/* without the optional back: stored as NULL */
	free(body);
	body = upload_body("G-7654322", "documentBack", NULL, NULL);
	it_resp_free(&r);
	CU_ASSERT_EQUAL_FATAL(itc_post(&w, UPLOAD, NULL, body, &r), 201);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM kyc_submissions WHERE public_id = ? "
	    "AND document_back IS NULL", it_str(json_object_get(r.json, "data"), "submissionId"),
	    NULL), 1);
	it_resp_free(&r);
	/* a null optional back is absent too; PNG and a UTF-8 name pass */
	free(body);
	{
		char *png64 = b64(png, sizeof(png));

		body = upload_body("G-7654323", NULL, "documentBack", json_null());
		CU_ASSERT_EQUAL(itc_post(&w, UPLOAD, NULL, body, &r), 201);
		it_resp_free(&r);
		free(body);
		body = upload_body("G-7654324", NULL, "fullName",
		    json_string("Kofi \xc6\x86" "d\xc9\x94 Boat\xc3\xa9ng"));
		CU_ASSERT_EQUAL(itc_post(&w, UPLOAD, NULL, body, &r), 201);
		it_resp_free(&r);
		free(body);
		body = upload_body("G-7654325", NULL, "documentFront", json_string(png64));
		CU_ASSERT_EQUAL(itc_post(&w, UPLOAD, NULL, body, &r), 201);
		it_resp_free(&r);
		free(png64);
	}
	free(body);
	free(front);
	itc_wallet_free(&w);
}

/* GET /api/users/kyc's data for w (borrowed from r, which the caller frees). */
static json_t *
kyc_view(const struct itc_wallet *w, struct it_resp *r)
{
	if (itc_get(w, "/api/users/kyc", r) != 200)
		return NULL;
	return json_object_get(r->json, "data");
}

static void
test_status_per_user(void)
{
	struct itc_wallet u, v;
	struct it_resp r;
	char id1[64], id2[64];
	json_t *d, *l;

	itc_wallet(&u, "0xkyc-view", NULL);
	itc_wallet(&v, "0xkyc-other", "verified");
	/* before any submission */
	d = kyc_view(&u, &r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_EQUAL(json_object_size(d), 2);
	CU_ASSERT_STRING_EQUAL(it_str(d, "tier"), "basic"); /* sandbox start */
	CU_ASSERT_TRUE(json_is_null(json_object_get(d, "latestSubmission")));
	it_resp_free(&r);

	CU_ASSERT_EQUAL_FATAL(upload(&u, "P-5550001", id1), 201);
	d = kyc_view(&u, &r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	l = json_object_get(d, "latestSubmission");
	CU_ASSERT_EQUAL(json_object_size(l), 5);
	CU_ASSERT_STRING_EQUAL(it_str(l, "submissionId"), id1);
	CU_ASSERT_STRING_EQUAL(it_str(l, "status"), "pending");
	CU_ASSERT_PTR_NOT_NULL(it_str(l, "submittedAt"));
	CU_ASSERT_TRUE(json_is_null(json_object_get(l, "decidedAt")));
	CU_ASSERT_TRUE(json_is_null(json_object_get(l, "rejectionReason")));
	CU_ASSERT_STRING_EQUAL(it_str(d, "tier"), "basic");
	it_resp_free(&r);

	/* another user sees its own (none), never this one */
	d = kyc_view(&v, &r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(it_str(d, "tier"), "verified");
	CU_ASSERT_TRUE(json_is_null(json_object_get(d, "latestSubmission")));
	CU_ASSERT_PTR_NULL(it_strstr(r.body, id1));
	it_resp_free(&r);

	/* the latest is the newest, also within one second */
	CU_ASSERT_EQUAL_FATAL(upload(&u, "P-5550002", id2), 201);
	d = kyc_view(&u, &r);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "latestSubmission"), "submissionId"), id2);
	it_resp_free(&r);

	/* the route's edges: no token, a wrong method, an unknown path, a query */
	{
		const char *none[] = { NULL };

		CU_ASSERT_EQUAL(it_http("GET", "/api/users/kyc", none, NULL, 0, &r), 0);
		it_assert_wallet_error(&r, 401, "unauthorized", "no token");
		it_resp_free(&r);
		CU_ASSERT_EQUAL(itc_post(&u, "/api/users/kyc", NULL, "{}", &r), 405);
		it_assert_wallet_error(&r, 405, "method_not_allowed", "POST kyc");
		it_resp_free(&r);
		CU_ASSERT_EQUAL(itc_get(&u, UPLOAD, &r), 405);
		it_resp_free(&r);
		CU_ASSERT_EQUAL(itc_get(&u, "/api/users/kycx", &r), 404);
		it_assert_wallet_error(&r, 404, "not_found", "unknown users path");
		it_resp_free(&r);
		CU_ASSERT_EQUAL(itc_get(&u, "/api/users/kyc?all=1", &r), 400);
		it_assert_wallet_error(&r, 400, "validation_error", "unknown query parameter");
		it_resp_free(&r);
	}
	itc_wallet_free(&u);
	itc_wallet_free(&v);
}

static void
test_daily_limit(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char id[64], hdr[64], *body;
	long long before = kyc_rows();
	json_t *d;
	int i;

	itc_wallet(&w, "0xkyc-limit", NULL);
	for (i = 0; i < 3; i++)
		CU_ASSERT_EQUAL(upload(&w, "L-0001", id), 201);
	body = upload_body("L-0001", NULL, NULL, NULL);
	CU_ASSERT_EQUAL(itc_post(&w, UPLOAD, NULL, body, &r), 429);
	it_assert_wallet_error(&r, 429, "rate_limit_exceeded", "4th upload");
	d = json_object_get(r.json, "data");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(d, "limit")), 3);
	CU_ASSERT_STRING_EQUAL(it_str(d, "window"), "day");
	CU_ASSERT_PTR_NOT_NULL(it_header(&r, "Retry-After", hdr, sizeof(hdr)));
	it_resp_free(&r);
	free(body);
	CU_ASSERT_EQUAL(kyc_rows(), before + 3);
	/* reading the status is not a submission */
	CU_ASSERT_EQUAL(itc_get(&w, "/api/users/kyc", &r), 200);
	it_resp_free(&r);
	itc_wallet_free(&w);
}

/* "status|approved_tier|rejection_reason|decided_by|decided_at" of id. */
static void
decision_of(const char *id, char *out, size_t cap)
{
	if (it_db_text("SELECT CONCAT_WS('|', status, IFNULL(approved_tier, '-'), "
	    "IFNULL(rejection_reason, '-'), IFNULL(decided_by, '-'), "
	    "IFNULL(decided_at, '-')) FROM kyc_submissions WHERE public_id = ?",
	    id, NULL, out, cap) != 0)
		snprintf(out, cap, "(none)");
}

static void
tier_of(const struct itc_wallet *w, char *out, size_t cap)
{
	if (it_db_text("SELECT tier FROM users WHERE wallet_id = ?", w->id, NULL, out, cap) != 0)
		snprintf(out, cap, "(none)");
}

/* Checks an admin refusal: exit status want, a message naming what, nothing on stdout. */
static void
refused(int rc, int want, const char *out, const char *err, const char *what,
    const char *where)
{
	if (rc != want || strstr(err, what) == NULL)
		fprintf(stderr, "%s: exit %d (want %d), stderr %.300s\n", where, rc, want, err);
	IT_CHECK(rc == want, where);
	IT_CHECK(strncmp(err, PREFIX, strlen(PREFIX)) == 0 || want == 2, where);
	IT_CHECK(strstr(err, what) != NULL, where);
	IT_CHECK(out[0] == '\0', where);
}

static void
test_admin_decisions(void)
{
	static char out[1 << 17];
	struct itc_wallet a, e, n;
	struct it_resp r;
	char ida[64], ide[64], idn[64], args[600], err[2048], want[400], d1[300], d2[300];
	char tier[32], reason201[202];
	const char *line, *p;
	json_t *l;

	itc_wallet(&a, "0xkyc-adm", NULL);               /* basic */
	itc_wallet(&e, "0xkyc-adm-ent", "enterprise");
	itc_wallet(&n, "0xkyc-adm-none", "none");
	CU_ASSERT_EQUAL_FATAL(upload(&a, "P-4242", ida), 201);
	CU_ASSERT_EQUAL_FATAL(upload(&e, "P-4243", ide), 201);
	CU_ASSERT_EQUAL_FATAL(upload(&n, "P-4244", idn), 201);

	/* list: a header, then every pending one before any decided one */
	CU_ASSERT_EQUAL(it_admin_run("kyc list", out, sizeof(out), err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(strncmp(out, "id ", 3), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "wallet"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "submitted"));
	line = strstr(out, ida);
	CU_ASSERT_PTR_NOT_NULL_FATAL(line);
	CU_ASSERT_PTR_NOT_NULL(strstr(line, a.id));
	CU_ASSERT(strstr(line, " passport ") != NULL && strstr(line, " pending ") != NULL);
	/* nothing decided comes before it */
	for (p = out; p < line; p = strchr(p, '\n') + 1) {
		IT_CHECK(strncmp(p, "id ", 3) == 0 || strstr(p, " pending ") != NULL ||
		    strchr(p, '\n') == NULL, "kyc list order");
		if (strchr(p, '\n') == NULL)
			break;
	}

	/* refusals change nothing */
	decision_of(ida, d1, sizeof(d1));
	snprintf(args, sizeof(args), "kyc approve %s --tier gold", ida);
	refused(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 1, out, err, "tier",
	    "approve --tier gold");
	snprintf(args, sizeof(args), "kyc approve %s --tier none", ida);
	refused(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 1, out, err, "tier",
	    "approve --tier none");
	snprintf(args, sizeof(args), "kyc reject %s --reason ''", ida);
	refused(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 1, out, err, "reason",
	    "reject with an empty reason");
	memset(reason201, 'r', 201);
	reason201[201] = '\0';
	snprintf(args, sizeof(args), "kyc reject %s --reason %s", ida, reason201);
	refused(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 1, out, err, "reason",
	    "reject with 201 characters");
	snprintf(args, sizeof(args), "kyc reject %s", ida);
	refused(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 2, out, err, "usage",
	    "reject without --reason");
	refused(it_admin_run("kyc approve kyc_doesnotexist000000000000", out, sizeof(out), err,
	    sizeof(err)), 1, out, err, "no KYC submission kyc_doesnotexist", "unknown id");
	refused(it_admin_run("kyc approve bogus", out, sizeof(out), err, sizeof(err)), 1, out,
	    err, "id", "malformed id");
	refused(it_admin_run("kyc reject 'kyc_x; DROP' --reason no", out, sizeof(out), err,
	    sizeof(err)), 1, out, err, "id", "id with a space");
	refused(it_admin_run("kyc approve", out, sizeof(out), err, sizeof(err)), 2, out, err,
	    "usage", "approve without an id");
	decision_of(ida, d2, sizeof(d2));
	CU_ASSERT_STRING_EQUAL(d2, d1);
	CU_ASSERT_EQUAL(strncmp(d1, "pending|-|-|-|-", 15), 0);

	/* approve: default tier verified, raised from basic */
	snprintf(args, sizeof(args), "kyc approve %s", ida);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);
	snprintf(want, sizeof(want), "%s: approved (wallet %s, tier basic -> verified)", ida, a.id);
	CU_ASSERT_STRING_EQUAL(out, want);
	decision_of(ida, d1, sizeof(d1));
	CU_ASSERT_EQUAL(strncmp(d1, "approved|verified|-|operator|", 29), 0);
	tier_of(&a, tier, sizeof(tier));
	CU_ASSERT_STRING_EQUAL(tier, "verified");
	l = NULL;
	if (itc_get(&a, "/api/users/kyc", &r) == 200) {
		json_t *d = json_object_get(r.json, "data");

		l = json_object_get(d, "latestSubmission");
		CU_ASSERT_STRING_EQUAL(it_str(d, "tier"), "verified");
		CU_ASSERT_STRING_EQUAL(it_str(l, "status"), "approved");
		CU_ASSERT_PTR_NOT_NULL(it_str(l, "decidedAt"));
		CU_ASSERT_TRUE(json_is_null(json_object_get(l, "rejectionReason")));
	}
	CU_ASSERT_PTR_NOT_NULL(l);
	it_resp_free(&r);

	/* a decision is final: neither a second approval nor a rejection */
	snprintf(args, sizeof(args), "kyc approve %s --tier enterprise", ida);
	refused(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 1, out, err,
	    "already approved", "approve twice");
	snprintf(args, sizeof(args), "kyc reject %s --reason 'Changed my mind'", ida);
	refused(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 1, out, err,
	    "already approved", "reject after approve");
	decision_of(ida, d2, sizeof(d2));
	CU_ASSERT_STRING_EQUAL(d2, d1);
	tier_of(&a, tier, sizeof(tier));
	CU_ASSERT_STRING_EQUAL(tier, "verified");

	/* approval never lowers: enterprise stays enterprise */
	snprintf(args, sizeof(args), "kyc approve %s --tier basic", ide);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);
	snprintf(want, sizeof(want), "%s: approved (wallet %s keeps tier enterprise)", ide, e.id);
	CU_ASSERT_STRING_EQUAL(out, want);
	tier_of(&e, tier, sizeof(tier));
	CU_ASSERT_STRING_EQUAL(tier, "enterprise");
	decision_of(ide, d1, sizeof(d1));
	CU_ASSERT_EQUAL(strncmp(d1, "approved|basic|-|operator|", 26), 0);

	/* reject: the reason is stored and shown; the tier is untouched */
	snprintf(args, sizeof(args), "kyc reject %s --reason 'Photo is blurred'", idn);
	CU_ASSERT_EQUAL(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 0);
	snprintf(want, sizeof(want), "%s: rejected (wallet %s, tier none)", idn, n.id);
	CU_ASSERT_STRING_EQUAL(out, want);
	decision_of(idn, d1, sizeof(d1));
	CU_ASSERT_EQUAL(strncmp(d1, "rejected|-|Photo is blurred|operator|", 37), 0);
	tier_of(&n, tier, sizeof(tier));
	CU_ASSERT_STRING_EQUAL(tier, "none");
	if (itc_get(&n, "/api/users/kyc", &r) == 200) {
		json_t *d = json_object_get(r.json, "data");

		l = json_object_get(d, "latestSubmission");
		CU_ASSERT_STRING_EQUAL(it_str(d, "tier"), "none");
		CU_ASSERT_STRING_EQUAL(it_str(l, "status"), "rejected");
		CU_ASSERT_STRING_EQUAL(it_str(l, "rejectionReason"), "Photo is blurred");
		CU_ASSERT_PTR_NOT_NULL(it_str(l, "decidedAt"));
	}
	it_resp_free(&r);
	snprintf(args, sizeof(args), "kyc approve %s", idn);
	refused(it_admin_run(args, out, sizeof(out), err, sizeof(err)), 1, out, err,
	    "already rejected", "approve after reject");
	tier_of(&n, tier, sizeof(tier));
	CU_ASSERT_STRING_EQUAL(tier, "none");

	/* the list shows both decisions, after the pending ones */
	CU_ASSERT_EQUAL(it_admin_run("kyc list", out, sizeof(out), err, sizeof(err)), 0);
	line = strstr(out, idn);
	CU_ASSERT(line != NULL && strstr(line, " rejected ") != NULL);
	itc_wallet_free(&a);
	itc_wallet_free(&e);
	itc_wallet_free(&n);
}

/* Runs the kyc worker with the stack's config and environment = production. */
static int
worker_in_production(void)
{
	char path[] = "/tmp/cediramp-it-kyc-prod-XXXXXX", cmd[2048], line[1024];
	FILE *in, *outf;
	int fd, rc;

	if ((fd = mkstemp(path)) < 0)
		return -1;
	outf = fdopen(fd, "w");
	in = fopen(it_env("CEDIRAMP_CONF"), "re");
	if (outf == NULL || in == NULL) {
		if (outf != NULL)
			fclose(outf);
		if (in != NULL)
			fclose(in);
		unlink(path);
		return -1;
	}
	while (fgets(line, sizeof(line), in) != NULL)
		fputs(line, outf);
	/* the last value wins; loopback webhooks are for the sandbox only */
	fputs("environment = production\nwebhooks.allow_loopback = 0\n", outf);
	fclose(in);
	fclose(outf);
	snprintf(cmd, sizeof(cmd), "CEDIRAMP_CONF=%s %s/cron/kyc >/dev/null 2>&1", path,
	    it_env("CEDIRAMP_BUILD"));
	rc = it_system(cmd);
	unlink(path);
	return rc;
}

static void
test_sandbox_worker(void)
{
	struct itc_wallet ok, no, wait, ent;
	char id_ok[64], id_no[64], id_wait[64], id_ent[64], d1[300], d2[300], tier[32];

	itc_wallet(&ok, "0xkyc-magic-ok", NULL);
	itc_wallet(&no, "0xkyc-magic-no", NULL);
	itc_wallet(&wait, "0xkyc-magic-wait", NULL);
	itc_wallet(&ent, "0xkyc-magic-ent", "enterprise");
	CU_ASSERT_EQUAL_FATAL(upload(&ok, "GHA-120000", id_ok), 201);
	CU_ASSERT_EQUAL_FATAL(upload(&no, "GHA-121111", id_no), 201);
	CU_ASSERT_EQUAL_FATAL(upload(&wait, "GHA-122222", id_wait), 201);
	CU_ASSERT_EQUAL_FATAL(upload(&ent, "E0000", id_ent), 201);

	/* production: magic numbers mean nothing; the worker exits 0 */
	CU_ASSERT_EQUAL(worker_in_production(), 0);
	decision_of(id_ok, d1, sizeof(d1));
	CU_ASSERT_EQUAL(strncmp(d1, "pending|", 8), 0);
	decision_of(id_no, d1, sizeof(d1));
	CU_ASSERT_EQUAL(strncmp(d1, "pending|", 8), 0);

	CU_ASSERT_EQUAL(it_worker("kyc"), 0);
	decision_of(id_ok, d1, sizeof(d1));
	CU_ASSERT_EQUAL(strncmp(d1, "approved|verified|-|sandbox|", 28), 0);
	tier_of(&ok, tier, sizeof(tier));
	CU_ASSERT_STRING_EQUAL(tier, "verified");
	decision_of(id_no, d2, sizeof(d2));
	CU_ASSERT_EQUAL(strncmp(d2, "rejected|-|" SANDBOX_KYC_REASON "|sandbox|",
	    strlen("rejected|-|" SANDBOX_KYC_REASON "|sandbox|")), 0);
	tier_of(&no, tier, sizeof(tier));
	CU_ASSERT_STRING_EQUAL(tier, "basic");
	decision_of(id_wait, d2, sizeof(d2));
	CU_ASSERT_STRING_EQUAL(d2, "pending|-|-|-|-");
	tier_of(&ent, tier, sizeof(tier));
	CU_ASSERT_STRING_EQUAL(tier, "enterprise"); /* approved, never lowered */
	decision_of(id_ent, d2, sizeof(d2));
	CU_ASSERT_EQUAL(strncmp(d2, "approved|verified|", 18), 0);

	/* the rejection reaches the user's view */
	{
		struct it_resp r;
		json_t *l;

		CU_ASSERT_EQUAL(itc_get(&no, "/api/users/kyc", &r), 200);
		l = json_object_get(json_object_get(r.json, "data"), "latestSubmission");
		CU_ASSERT_STRING_EQUAL(it_str(l, "status"), "rejected");
		CU_ASSERT_STRING_EQUAL(it_str(l, "rejectionReason"), SANDBOX_KYC_REASON);
		it_resp_free(&r);
	}
	/* again: nothing left to decide, nothing changes */
	decision_of(id_ok, d1, sizeof(d1));
	CU_ASSERT_EQUAL(it_worker("kyc"), 0);
	decision_of(id_ok, d2, sizeof(d2));
	CU_ASSERT_STRING_EQUAL(d2, d1);
	decision_of(id_wait, d2, sizeof(d2));
	CU_ASSERT_STRING_EQUAL(d2, "pending|-|-|-|-");
	itc_wallet_free(&ok);
	itc_wallet_free(&no);
	itc_wallet_free(&wait);
	itc_wallet_free(&ent);
}

/*
 * docs/decisions.md, decision 5: tier none may not convert; an approved KYC
 * submission (here the sandbox's magic 0000) raises the tier, and the same
 * conversion then goes through.
 */
static void
test_tier_none_converts_after_kyc(void)
{
	struct itc_wallet w;
	struct it_resp r;
	char qid[QUOTE_ID_MAX], id[64];
	json_t *d;

	itc_wallet(&w, "0xkyc-none", "none");
	itc_faucet(&w, "USDT", "100");
	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "10", qid, NULL), 0);
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "10", "USDT", NULL, &r), 403);
	it_assert_wallet_error(&r, 403, "forbidden", "tier none converts");
	it_resp_free(&r);

	CU_ASSERT_EQUAL_FATAL(upload(&w, "GHA-990000", id), 201);
	CU_ASSERT_EQUAL(it_worker("kyc"), 0);
	CU_ASSERT_EQUAL(itc_get(&w, "/api/users/kyc", &r), 200);
	d = json_object_get(r.json, "data");
	CU_ASSERT_STRING_EQUAL(it_str(d, "tier"), "verified");
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(d, "latestSubmission"), "status"),
	    "approved");
	it_resp_free(&r);

	CU_ASSERT_EQUAL_FATAL(itc_quote(&w, "USDT", "10", qid, NULL), 0);
	CU_ASSERT_EQUAL(itc_convert(&w, qid, "10", "USDT", NULL, &r), 201);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "status"), "processing");
	it_resp_free(&r);
	itc_wallet_free(&w);
}

int
it_suite_kyc(void)
{
	static const struct tu_test tests[] = {
		{ "upload: every bad input is its exact error, and writes nothing", test_bad_uploads },
		{ "upload: 201 shape; images sealed, opening only as themselves", test_upload_stored_sealed },
		{ "status: null before, latest after, per user only", test_status_per_user },
		{ "upload: the 4th in a day is 429", test_daily_limit },
		{ "admin: list, approve, reject; refusals and final decisions", test_admin_decisions },
		{ "worker: sandbox magic numbers; nothing in production", test_sandbox_worker },
		{ "tier none: conversion refused until KYC is approved", test_tier_none_converts_after_kyc },
	};

	return tu_add_suite("kyc", NULL, NULL, tests, NELEM(tests));
}
