/*
 * Signed partner requests (RFC 9421; decision 63) against the real stack,
 * the signatures made by a third-party implementation (npm's
 * http-message-signatures, tests/signatures/sign.mjs): a partner whose
 * signing is "required" passes with a valid ed25519 or ecdsa-p256-sha256
 * signature over a GET (with a query) and a POST /v1/withdrawals, through
 * every key of it, the ones issued later too, and every kind of bad
 * signature is 401 UNAUTHORIZED with its reason, the database as it was;
 * a partner whose signing is optional passes unsigned, and a signature it
 * sends is verified all the same; two alike requests in one second
 * without a nonce are a replay, with nonces two requests; behind a trusted
 * proxy a request signed for https verifies, the same headers from
 * anywhere else are ignored; a policy change reaches every process within
 * a second; and the admin tool's refusals.
 */
#include <openssl/evp.h>
#include <openssl/sha.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/strict.h"
#include "itc.h"

#define LINES 4
#define LINE 1024

static char keys[64] = "", wrong_keys[64] = "";
static struct itc_partner sp, other;
static char sp_key_id[20];

/* What one signature is made of. */
struct spec {
	const char *method, *path; /* what is signed */
	const char *body;          /* "" for none */
	const char *key;           /* "ed25519" or "p256" under dir */
	const char *dir;           /* keys or wrong_keys */
	const char *keyid;
	long long created_offset;  /* from now */
	const char *fields;        /* JSON array of the covered components */
	const char *digest_of;     /* the body Content-Digest is of; NULL: body */
};

#define REPLAYED "signature replayed: this signature was accepted before (two requests " \
	"alike signed in the same second need a nonce parameter each)"

/*
 * What sign() does differently for the next signature, set by a test and
 * put back by sign(): url_base replaces BASE_URL in the signed
 * @target-uri; no_nonce leaves the nonce parameter out (sign.mjs adds a
 * random one otherwise); created, when not 0, is the created time itself.
 */
static struct {
	const char *url_base;
	int no_nonce;
	long long created;
} sign_next;

static const char *const all_fields = "[\"@method\",\"@target-uri\",\"content-digest\"]";

/*
 * Has sign.mjs sign s; its header lines into lines (LINES of LINE bytes):
 * Content-Digest, Signature, Signature-Input. Fails the test when it
 * cannot.
 */
static void
sign(const struct spec *s, char lines[LINES][LINE])
{
	char cmd[4096], url[600], out[LINES * LINE];
	const char *p;
	json_t *j;
	char *text;
	int n = 0;

	snprintf(url, sizeof(url), "%s%s", sign_next.url_base ? sign_next.url_base :
	    it_env("BASE_URL"), s->path);
	j = json_pack("{s:s,s:s,s:s,s:s+,s:s,s:s,s:I,s:o}", "method", s->method, "url", url,
	    "body", s->body, "key", s->dir, strcmp(s->key, "p256") == 0 ? "/p256.pem" :
	    "/ed25519.pem", "alg", strcmp(s->key, "p256") == 0 ? "ecdsa-p256-sha256" :
	    "ed25519", "keyid", s->keyid, "created", (json_int_t)(sign_next.created != 0 ?
	    sign_next.created : (long long)time(NULL) + s->created_offset), "fields",
	    json_loads(s->fields, 0, NULL));
	CU_ASSERT_PTR_NOT_NULL_FATAL(j);
	if (s->digest_of != NULL)
		json_object_set_new(j, "digestOf", json_string(s->digest_of));
	if (sign_next.no_nonce)
		json_object_set_new(j, "nonce", json_null());
	memset(&sign_next, 0, sizeof(sign_next));
	text = json_dumps(j, JSON_COMPACT);
	json_decref(j);
	CU_ASSERT_FATAL(text != NULL && strchr(text, '\'') == NULL);
	snprintf(cmd, sizeof(cmd), "cd %s/.. && node tests/signatures/sign.mjs sign '%s' 2>&1",
	    it_env("CEDIRAMP_BUILD"), text);
	free(text);
	CU_ASSERT_EQUAL(it_output(cmd, out, sizeof(out)), 0);
	for (p = out; n < LINES && *p != '\0'; p += strcspn(p, "\n"), p += *p == '\n') {
		snprintf(lines[n], LINE, "%.*s", (int)strcspn(p, "\n"), p);
		n++;
	}
	CU_ASSERT_EQUAL_FATAL(n, 3);
	for (; n < LINES; n++)
		lines[n][0] = '\0';
}

/* Replaces the Content-Digest line of lines with the digest of body. */
static void
set_digest(char lines[LINES][LINE], const char *body)
{
	unsigned char md[SHA256_DIGEST_LENGTH], b64[64];
	int i;

	SHA256((const unsigned char *)body, strlen(body), md);
	EVP_EncodeBlock(b64, md, sizeof(md));
	for (i = 0; i < LINES; i++)
		if (strncmp(lines[i], "Content-Digest: ", 16) == 0)
			snprintf(lines[i], LINE, "Content-Digest: sha-256=:%s:", (const char *)b64);
}

/* Sends method path with body ("" none) as p, with the header lines
 * (NULL: none); the status. */
static long
send_as(const struct itc_partner *p, const char *method, const char *path, const char *body,
    char lines[LINES][LINE], struct it_resp *r)
{
	const char *h[LINES + 3];
	int n = 0, i;

	h[n++] = p->auth;
	if (*body != '\0')
		h[n++] = "Content-Type: application/json";
	for (i = 0; lines != NULL && i < LINES; i++)
		if (lines[i][0] != '\0')
			h[n++] = lines[i];
	h[n] = NULL;
	CU_ASSERT_EQUAL_FATAL(it_http(method, path, h, *body ? body : NULL, strlen(body), r), 0);
	return r->status;
}

/* The partner's part of the database as one line: its withdrawals, its
 * request counters, its accepted signatures, and the ledger's and the
 * outbox's rows. */
static void
fingerprint(const struct itc_partner *p, char *out, size_t cap)
{
	CU_ASSERT_EQUAL(it_db_text("SELECT CONCAT_WS(' ', "
	    "(SELECT COUNT(*) FROM withdrawals w WHERE w.partner_id = x.id), "
	    "(SELECT COALESCE(SUM(hits), 0) FROM rate_counters c WHERE c.subject = "
	    "CONCAT('p:', x.id)), "
	    "(SELECT COUNT(*) FROM request_signatures s WHERE s.partner_id = x.id), "
	    "(SELECT COUNT(*) FROM ledger_entries), (SELECT COUNT(*) FROM outbox_events), "
	    "(SELECT COUNT(*) FROM idempotency_keys)) FROM (SELECT ? AS id) x", p->row, NULL,
	    out, cap), 0);
}

/* A withdrawal's body with reference ref. */
static void
withdrawal_body(char *out, size_t cap, const char *ref)
{
	char phone[32];

	itc_phone(555, phone, sizeof(phone));
	snprintf(out, cap, "{\"amount\":\"12.5\",\"currency\":\"USDT\",\"recipient_phone\":\"%s\","
	    "\"mobile_network\":\"MTN\",\"reference_id\":\"%s\"}", phone, ref);
}

/* Runs the admin tool with args (shell words): its exit status; stdout and
 * stderr into out and err (512 bytes each). */
static int
admin(const char *args, char *out, char *err)
{
	return it_admin_run(args, out, 512, err, 512);
}

/* The key pairs, made by node's crypto (no CUnit assertion may run
 * outside a test: the partners are made by test_setup). */
static int
suite_init(void)
{
	char tmpl[] = "/tmp/cediramp-sigs-XXXXXX", tmpl2[] = "/tmp/cediramp-sigs-XXXXXX";
	char cmd[600];

	if (mkdtemp(tmpl) == NULL || mkdtemp(tmpl2) == NULL)
		return 1;
	snprintf(keys, sizeof(keys), "%s", tmpl);
	snprintf(wrong_keys, sizeof(wrong_keys), "%s", tmpl2);
	snprintf(cmd, sizeof(cmd), "cd %s/.. && node tests/signatures/sign.mjs keygen %s >/dev/null"
	    " && node tests/signatures/sign.mjs keygen %s >/dev/null", it_env("CEDIRAMP_BUILD"), keys,
	    wrong_keys);
	return it_system(cmd) != 0;
}

/* Two partners: sp, whose signing is required before its first request
 * (no web server has its key cached), with an ed25519 and a P-256 key;
 * other, optional, with an ed25519 key of its own. */
static void
test_setup(void)
{
	char args[400], out[512], err[512];

	itc_partner_new(&sp, "basic", 0);
	itc_partner_new(&other, "basic", 1);
	snprintf(sp_key_id, sizeof(sp_key_id), "%.16s", sp.key + 8);
	snprintf(args, sizeof(args), "partner signing %s required", sp.pid);
	CU_ASSERT_EQUAL_FATAL(admin(args, out, err), 0);
	snprintf(err, sizeof(err), "%s: every key's requests must be signed (RFC 9421)", sp.pid);
	CU_ASSERT_STRING_EQUAL(out, err);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT signing = 'required' FROM partners WHERE id = ?",
	    sp.row, NULL), 1);
	/* the policy is the partner's: the key's own setting is untouched */
	CU_ASSERT_EQUAL(it_db_scalar("SELECT signature_required FROM api_keys WHERE key_id = ?",
	    sp_key_id, NULL), 0);
	snprintf(args, sizeof(args), "partner sigkey add %s --keyid ed-1 --alg ed25519 "
	    "--public-key %s/ed25519.pub.pem", sp.pid, keys);
	CU_ASSERT_EQUAL_FATAL(admin(args, out, err), 0);
	snprintf(err, sizeof(err), "%s: key ed-1 (ed25519) registered", sp.pid);
	CU_ASSERT_STRING_EQUAL(out, err);
	snprintf(args, sizeof(args), "partner sigkey add %s --keyid p256-1 --alg ecdsa-p256-sha256 "
	    "--public-key %s/p256.pub.pem", sp.pid, keys);
	CU_ASSERT_EQUAL_FATAL(admin(args, out, err), 0);
	snprintf(args, sizeof(args), "partner sigkey add %s --keyid other-1 --alg ed25519 "
	    "--public-key %s/ed25519.pub.pem", other.pid, wrong_keys);
	CU_ASSERT_EQUAL_FATAL(admin(args, out, err), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM partner_signing_keys WHERE "
	    "partner_id = ?", sp.row, NULL), 2);
}

static int
suite_clean(void)
{
	char cmd[200];

	if (keys[0] != '\0') {
		snprintf(cmd, sizeof(cmd), "rm -rf %s %s", keys, wrong_keys);
		return it_system(cmd) != 0;
	}
	return 0;
}

/* A valid signed GET, ed25519 and ecdsa-p256-sha256, with and without a
 * query: 200; the signature's hash is kept. */
static void
test_signed_get(void)
{
	static const struct {
		const char *path, *key, *keyid;
	} rows[] = {
		{ "/v1/limits", "ed25519", "ed-1" },
		{ "/v1/withdrawals?page=1&per_page=5", "p256", "p256-1" },
		{ "/v1/balances", "p256", "p256-1" },
	};
	char lines[LINES][LINE];
	struct it_resp r;
	long long seen;
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		const struct spec s = { "GET", rows[i].path, "", rows[i].key, keys, rows[i].keyid,
			0, all_fields, NULL };

		seen = it_db_scalar("SELECT COUNT(*) FROM request_signatures WHERE partner_id = ?",
		    sp.row, NULL);
		sign(&s, lines);
		send_as(&sp, "GET", rows[i].path, "", lines, &r);
		IT_CHECK(r.status == 200, rows[i].path);
		CU_ASSERT_STRING_EQUAL(it_str(r.json, "status"), "success");
		it_resp_free(&r);
		CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM request_signatures WHERE "
		    "partner_id = ?", sp.row, NULL), seen + 1);
	}
}

/* A valid signed POST /v1/withdrawals: 201 and the withdrawal exists; the
 * same request again is a replay: 401, nothing more written. */
static void
test_signed_post_and_replay(void)
{
	char lines[LINES][LINE], body[400], before[200], after[200];
	struct it_resp r;
	struct spec s = { "POST", "/v1/withdrawals", NULL, "ed25519", keys, "ed-1", 0,
		all_fields, NULL };

	withdrawal_body(body, sizeof(body), "sig-post-1");
	s.body = body;
	sign(&s, lines);
	CU_ASSERT_EQUAL(send_as(&sp, "POST", "/v1/withdrawals", body, lines, &r), 201);
	CU_ASSERT_STRING_EQUAL(it_str(json_object_get(r.json, "data"), "reference_id"),
	    "sig-post-1");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE partner_id = ? AND "
	    "reference_id = 'sig-post-1'", sp.row, NULL), 1);
	fingerprint(&sp, before, sizeof(before));
	send_as(&sp, "POST", "/v1/withdrawals", body, lines, &r);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "replay");
	CU_ASSERT_STRING_EQUAL(it_str(r.json, "message"),
	    REPLAYED);
	it_resp_free(&r);
	fingerprint(&sp, after, sizeof(after));
	CU_ASSERT_STRING_EQUAL(after, before);
	/* a replayed GET too */
	s.method = "GET";
	s.path = "/v1/limits";
	s.body = "";
	sign(&s, lines);
	CU_ASSERT_EQUAL(send_as(&sp, "GET", "/v1/limits", "", lines, &r), 200);
	it_resp_free(&r);
	send_as(&sp, "GET", "/v1/limits", "", lines, &r);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "replayed GET");
	CU_ASSERT_STRING_EQUAL(it_str(r.json, "message"),
	    REPLAYED);
	it_resp_free(&r);
}

/* Each kind of bad signature on a POST /v1/withdrawals: 401 UNAUTHORIZED
 * with its reason, and nothing of the partner's changed. */
static void
test_refusals(void)
{
	static const struct {
		const char *name;
		struct spec s;
		const char *send_method, *send_path; /* NULL: as signed */
		int tamper;   /* 1: another body sent; 2: and its digest */
		int unsigned_; /* send no signature at all */
		const char *message;
	} rows[] = {
		{ "no signature", { "POST", "/v1/withdrawals", NULL, "ed25519", NULL, "ed-1", 0,
		  NULL, NULL }, NULL, NULL, 0, 1,
		  "signature required: this partner's requests must carry Signature-Input and "
		  "Signature (RFC 9421)" },
		{ "expired created", { "POST", "/v1/withdrawals", NULL, "ed25519", NULL, "ed-1", -400,
		  NULL, NULL }, NULL, NULL, 0, 0, "signature expired: created more than 300 s ago" },
		{ "created in the future", { "POST", "/v1/withdrawals", NULL, "ed25519", NULL, "ed-1",
		  120, NULL, NULL }, NULL, NULL, 0, 0, "signature invalid: created is in the future" },
		{ "another private key", { "POST", "/v1/withdrawals", NULL, "ed25519", "wrong", "ed-1",
		  0, NULL, NULL }, NULL, NULL, 0, 0,
		  "signature invalid: it does not verify with that key" },
		{ "tampered body", { "POST", "/v1/withdrawals", NULL, "ed25519", NULL, "ed-1", 0, NULL,
		  NULL }, NULL, NULL, 1, 0,
		  "content-digest mismatch: it is not the SHA-256 of the body" },
		{ "tampered body and digest", { "POST", "/v1/withdrawals", NULL, "ed25519", NULL,
		  "ed-1", 0, NULL, NULL }, NULL, NULL, 2, 0,
		  "signature invalid: it does not verify with that key" },
		{ "signed for another method", { "PUT", "/v1/withdrawals", NULL, "ed25519", NULL,
		  "ed-1", 0, NULL, NULL }, "POST", NULL, 0, 0,
		  "signature invalid: it does not verify with that key" },
		{ "signed for another path", { "POST", "/v1/withdrawals?page=1", NULL, "p256", NULL,
		  "p256-1", 0, NULL, NULL }, NULL, "/v1/withdrawals", 0, 0,
		  "signature invalid: it does not verify with that key" },
		{ "unregistered keyid", { "POST", "/v1/withdrawals", NULL, "ed25519", NULL, "nope-1", 0,
		  NULL, NULL }, NULL, NULL, 0, 0,
		  "signature invalid: no key of this partner has that keyid" },
		{ "another partner's keyid", { "POST", "/v1/withdrawals", NULL, "ed25519", "wrong",
		  "other-1", 0, NULL, NULL }, NULL, NULL, 0, 0,
		  "signature invalid: no key of this partner has that keyid" },
		{ "content-digest not covered", { "POST", "/v1/withdrawals", NULL, "ed25519", NULL,
		  "ed-1", 0, "[\"@method\",\"@target-uri\"]", NULL }, NULL, NULL, 0, 0,
		  "signature invalid: content-digest is not covered" },
		{ "@target-uri not covered", { "POST", "/v1/withdrawals", NULL, "ed25519", NULL,
		  "ed-1", 0, "[\"@method\",\"@path\",\"content-digest\"]", NULL }, NULL, NULL, 0, 0,
		  "signature invalid: @target-uri is not covered" },
		{ "alg of another key", { "POST", "/v1/withdrawals", NULL, "p256", NULL, "ed-1", 0,
		  NULL, NULL }, NULL, NULL, 0, 0,
		  "signature invalid: alg is not the algorithm of that key" },
	};
	char lines[LINES][LINE], body[400], other_body[400], before[200], after[200], ref[40];
	struct it_resp r;
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		struct spec s = rows[i].s;
		const char *sent = body;

		snprintf(ref, sizeof(ref), "sig-bad-%zu", i);
		withdrawal_body(body, sizeof(body), ref);
		withdrawal_body(other_body, sizeof(other_body), "sig-bad-tampered");
		s.body = body;
		s.dir = s.dir != NULL && strcmp(s.dir, "wrong") == 0 ? wrong_keys : keys;
		if (s.fields == NULL)
			s.fields = all_fields;
		if (!rows[i].unsigned_)
			sign(&s, lines);
		if (rows[i].tamper > 0)
			sent = other_body;
		if (rows[i].tamper == 2)
			set_digest(lines, other_body);
		fingerprint(&sp, before, sizeof(before));
		send_as(&sp, rows[i].send_method ? rows[i].send_method : s.method,
		    rows[i].send_path ? rows[i].send_path : s.path, sent,
		    rows[i].unsigned_ ? NULL : lines, &r);
		it_assert_partner_error(&r, 401, "UNAUTHORIZED", rows[i].name);
		IT_CHECK(it_str(r.json, "message") != NULL &&
		    it_strcmp(it_str(r.json, "message"), rows[i].message) == 0, rows[i].name);
		it_resp_free(&r);
		fingerprint(&sp, after, sizeof(after));
		IT_CHECK(strcmp(after, before) == 0, rows[i].name);
	}
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM withdrawals WHERE partner_id = ? AND "
	    "reference_id LIKE 'sig-bad-%'", sp.row, NULL), 0);
}

/* p with another key of its partner (partner key: a rotation's new key). */
static void
another_key(const struct itc_partner *p, struct itc_partner *q)
{
	char args[200], out[512], err[512];

	*q = *p;
	snprintf(args, sizeof(args), "partner key %s --quiet", p->pid);
	CU_ASSERT_EQUAL_FATAL(admin(args, out, err), 0);
	CU_ASSERT_FATAL(strncmp(out, "sk_test_", 8) == 0);
	/* (a copy, not snprintf: gcc -O1 warns of a cut the check excludes) */
	CU_ASSERT_EQUAL_FATAL(strict_copy(q->key, sizeof(q->key), out), 0);
	it_bearer(q->key, q->auth, sizeof(q->auth));
}

/* A key issued after the policy was set follows it: unsigned is refused,
 * signed passes; so does every other key of the partner. */
static void
test_later_key(void)
{
	char lines[LINES][LINE];
	const struct spec s = { "GET", "/v1/limits", "", "ed25519", keys, "ed-1", 0, all_fields,
		NULL };
	struct itc_partner k2;
	struct it_resp r;

	another_key(&sp, &k2);
	send_as(&k2, "GET", "/v1/limits", "", NULL, &r);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "later key unsigned");
	CU_ASSERT_STRING_EQUAL(it_str(r.json, "message"), "signature required: this partner's "
	    "requests must carry Signature-Input and Signature (RFC 9421)");
	it_resp_free(&r);
	sign(&s, lines);
	CU_ASSERT_EQUAL(send_as(&k2, "GET", "/v1/limits", "", lines, &r), 200);
	it_resp_free(&r);
	/* the first key too, still */
	send_as(&sp, "GET", "/v1/limits", "", NULL, &r);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "first key unsigned");
	it_resp_free(&r);
}

/* A partner whose signing is optional passes unsigned; a signature it
 * sends is verified all the same: a broken one is 401, a good one 200. */
static void
test_optional_verified(void)
{
	const char *h[] = { other.auth, "Signature-Input: sig1=(\"@method\");created=1;keyid=\"x\"",
		"Signature: sig1=:AAAA:", NULL };
	const struct spec good = { "GET", "/v1/limits", "", "ed25519", NULL, "other-1", 0,
		all_fields, NULL };
	struct spec s = good;
	char lines[LINES][LINE], before[200], after[200];
	struct it_resp r;

	s.dir = wrong_keys; /* other's own key pair */
	CU_ASSERT_EQUAL(itc_partner_get(&other, "/v1/limits", &r), 200);
	it_resp_free(&r);
	fingerprint(&other, before, sizeof(before));
	CU_ASSERT_EQUAL_FATAL(it_http("GET", "/v1/limits", h, NULL, 0, &r), 0);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "broken signature, optional");
	CU_ASSERT_EQUAL(it_strncmp(it_str(r.json, "message"), "signature invalid: ", 19), 0);
	it_resp_free(&r);
	/* signed by sp's key, not other's: does not verify */
	s.dir = keys;
	s.keyid = "other-1";
	sign(&s, lines);
	send_as(&other, "GET", "/v1/limits", "", lines, &r);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "wrong key, optional");
	CU_ASSERT_STRING_EQUAL(it_str(r.json, "message"),
	    "signature invalid: it does not verify with that key");
	it_resp_free(&r);
	fingerprint(&other, after, sizeof(after));
	CU_ASSERT_STRING_EQUAL(after, before);
	s.dir = wrong_keys;
	sign(&s, lines);
	CU_ASSERT_EQUAL(send_as(&other, "GET", "/v1/limits", "", lines, &r), 200);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM request_signatures WHERE "
	    "partner_id = ?", other.row, NULL), 1);
}

/* Two alike requests signed in the same second without a nonce: the
 * second is a replay, and says so; with a nonce each, both pass. */
static void
test_nonce(void)
{
	const struct spec s = { "GET", "/v1/balances", "", "ed25519", keys, "ed-1", 0,
		all_fields, NULL };
	char a[LINES][LINE], b[LINES][LINE];
	struct it_resp r;
	long long now = (long long)time(NULL);

	/* the same created second for both, pinned (signing may take more
	 * than a second on a busy machine): their signature bases are one,
	 * and ed25519 signs one base alike */
	sign_next.no_nonce = 1;
	sign_next.created = now;
	sign(&s, a);
	sign_next.no_nonce = 1;
	sign_next.created = now;
	sign(&s, b);
	CU_ASSERT_STRING_EQUAL(a[2], b[2]);
	CU_ASSERT_PTR_NULL(strstr(a[2], "nonce="));
	CU_ASSERT_STRING_EQUAL(a[1], b[1]);
	CU_ASSERT_EQUAL(send_as(&sp, "GET", "/v1/balances", "", a, &r), 200);
	it_resp_free(&r);
	send_as(&sp, "GET", "/v1/balances", "", b, &r);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "alike, no nonce");
	CU_ASSERT_STRING_EQUAL(it_str(r.json, "message"), REPLAYED);
	it_resp_free(&r);
	/* with a nonce each (sign.mjs's default): two requests */
	sign(&s, a);
	sign(&s, b);
	CU_ASSERT_STRING_NOT_EQUAL(a[1], b[1]);
	CU_ASSERT_EQUAL(send_as(&sp, "GET", "/v1/balances", "", a, &r), 200);
	it_resp_free(&r);
	CU_ASSERT_EQUAL(send_as(&sp, "GET", "/v1/balances", "", b, &r), 200);
	it_resp_free(&r);
}

#define PROTO_HTTPS "X-Forwarded-Proto: https"
#define HOST_API "X-Forwarded-Host: api.cediramp.test"

/* Sends a GET of path as p, signed for https://api.cediramp.test, with
 * the forwarding header lines proto and host, from the address from. */
static long
forwarded_get(const struct itc_partner *p, const char *path, const char *from,
    const char *proto, const char *host, struct it_resp *r)
{
	const struct spec s = { "GET", path, "", "ed25519", keys, "ed-1", 0, all_fields, NULL };
	char lines[LINES][LINE];
	const char *h[8];
	int n = 0, i;

	sign_next.url_base = "https://api.cediramp.test";
	sign(&s, lines);
	h[n++] = p->auth;
	for (i = 0; i < LINES; i++)
		if (lines[i][0] != '\0')
			h[n++] = lines[i];
	h[n++] = proto;
	h[n++] = host;
	h[n] = NULL;
	it_http_from(from);
	CU_ASSERT_EQUAL_FATAL(it_http("GET", path, h, NULL, 0, r), 0);
	it_http_from(NULL);
	return r->status;
}

/* Behind a proxy that terminates TLS: from http.trusted_proxies (the test
 * stacks trust 127.0.0.2) a request signed for https://api.cediramp.test
 * verifies through X-Forwarded-Proto and X-Forwarded-Host; the same
 * request from 127.0.0.1 is judged by what the web server saw, and fails. */
static void
test_trusted_proxy(void)
{
	struct it_resp r;

	/* straight to a web server: on a cluster HAProxy would be the peer */
	it_http_via(0);
	CU_ASSERT_EQUAL(forwarded_get(&sp, "/v1/limits", "127.0.0.2", PROTO_HTTPS, HOST_API, &r),
	    200);
	it_resp_free(&r);
	forwarded_get(&sp, "/v1/limits", "127.0.0.1", PROTO_HTTPS, HOST_API, &r);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "forwarded, untrusted");
	CU_ASSERT_STRING_EQUAL(it_str(r.json, "message"),
	    "signature invalid: it does not verify with that key");
	it_resp_free(&r);
	/* a proxy that appends: the client's own values come first, and the
	 * proxy's (last) are the ones believed */
	CU_ASSERT_EQUAL(forwarded_get(&sp, "/v1/limits", "127.0.0.2",
	    "X-Forwarded-Proto: http, https", "X-Forwarded-Host: other.example, api.cediramp.test",
	    &r), 200);
	it_resp_free(&r);
	forwarded_get(&sp, "/v1/limits", "127.0.0.2", PROTO_HTTPS,
	    "X-Forwarded-Host: api.cediramp.test, other.example", &r);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "the client's host in front");
	it_resp_free(&r);
	it_http_via(-1);
}

/* The way back: optional, and the partner needs no signature, in every
 * process within a second; required again, refused everywhere within a
 * second; a key stricter than its partner (key-policy signed). */
static void
test_policy_back(void)
{
	char args[200], out[512], err[512];
	struct itc_partner k2;
	struct it_resp r;
	int i, ok;

	snprintf(args, sizeof(args), "partner signing %s optional", sp.pid);
	CU_ASSERT_EQUAL(admin(args, out, err), 0);
	snprintf(err, sizeof(err), "%s: signatures optional (verified whenever sent)", sp.pid);
	CU_ASSERT_STRING_EQUAL(out, err);
	it_pause_ms(IT_POLICY_PASS_MS, "every process reads the signing policy again");
	for (i = ok = 0; i < 16; i++) { /* spread over the web server's processes */
		ok += itc_partner_get(&sp, "/v1/limits", &r) == 200;
		it_resp_free(&r);
	}
	CU_ASSERT_EQUAL(ok, 16);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT signing = 'optional' FROM partners WHERE id = ?",
	    sp.row, NULL), 1);
	/* one key stricter than its partner */
	another_key(&sp, &k2);
	snprintf(args, sizeof(args), "partner key-policy %.16s signed", k2.key + 8);
	CU_ASSERT_EQUAL(admin(args, out, err), 0);
	it_pause_ms(IT_POLICY_PASS_MS, "every process reads the signing policy again");
	itc_partner_get(&k2, "/v1/limits", &r);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "a key stricter than its partner");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(itc_partner_get(&sp, "/v1/limits", &r), 200);
	it_resp_free(&r);
	/* required again: refused in every process within a second */
	snprintf(args, sizeof(args), "partner signing %s required", sp.pid);
	CU_ASSERT_EQUAL(admin(args, out, err), 0);
	it_pause_ms(IT_POLICY_PASS_MS, "every process reads the signing policy again");
	for (i = ok = 0; i < 16; i++) {
		ok += itc_partner_get(&sp, "/v1/limits", &r) == 401;
		it_resp_free(&r);
	}
	CU_ASSERT_EQUAL(ok, 16);
	/* the same word twice changes nothing and is no error */
	CU_ASSERT_EQUAL(admin(args, out, err), 0);
}

/* The admin tool's refusals, sigkey list, and a removed key's signatures
 * refused. */
static void
test_admin(void)
{
	static const struct {
		const char *args;
		int rc;
		const char *err;
	} rows[] = {
		{ "partner signing SP maybe", 2, NULL },
		{ "partner signing pt_nosuchpartner required", 1,
		  "cediramp-admin: no partner pt_nosuchpartner in this environment" },
		{ "partner signing nobody required", 2,
		  "cediramp-admin: partner_id: a partner id (pt_...)" },
		{ "partner key-policy AAAAAAAAAAAAAAAA maybe", 2, NULL },
		{ "partner key-policy short signed", 2, "cediramp-admin: key_id: a 16-character key id" },
		{ "partner key-policy AAAAAAAAAAAAAAAA signed", 1,
		  "cediramp-admin: no active key AAAAAAAAAAAAAAAA in this environment" },
		{ "partner sigkey add pt_nosuchpartner --keyid k --alg ed25519 --public-key KEYS/ed25519.pub.pem",
		  1, "cediramp-admin: no partner pt_nosuchpartner in this environment" },
		{ "partner sigkey add SP --keyid ed-1 --alg ed25519 --public-key KEYS/ed25519.pub.pem", 1,
		  NULL },
		{ "partner sigkey add SP --keyid k2 --alg ecdsa-p256-sha256 --public-key KEYS/ed25519.pub.pem",
		  2, "cediramp-admin: public_key: not an EC key on P-256" },
		{ "partner sigkey add SP --keyid k2 --alg ed25519 --public-key KEYS/ed25519.pem", 2,
		  "cediramp-admin: public_key: not a PEM public key (SubjectPublicKeyInfo)" },
		{ "partner sigkey add SP --keyid k2 --alg rsa-pss-sha512 --public-key KEYS/ed25519.pub.pem",
		  2, "cediramp-admin: alg: ed25519 or ecdsa-p256-sha256" },
		{ "partner sigkey add SP --keyid 'a b' --alg ed25519 --public-key KEYS/ed25519.pub.pem", 2,
		  "cediramp-admin: keyid: 1 to 64 of A-Z a-z 0-9 . _ : -" },
		{ "partner sigkey remove SP --keyid nope-1", 1, NULL },
	};
	char args[600], out[512], err[512], lines[LINES][LINE];
	const struct spec s = { "GET", "/v1/limits", "", "ed25519", keys, "ed-1", 0, all_fields,
		NULL };
	struct it_resp r;
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		const char *a = rows[i].args;
		size_t n = 0;

		/* SP: the signed partner's id; KEYS: the key directory */
		while (*a != '\0' && n + 80 < sizeof(args)) {
			if (strncmp(a, "SP", 2) == 0) {
				n += (size_t)snprintf(args + n, sizeof(args) - n, "%s", sp.pid);
				a += 2;
			} else if (strncmp(a, "KEYS", 4) == 0) {
				n += (size_t)snprintf(args + n, sizeof(args) - n, "%s", keys);
				a += 4;
			} else {
				args[n++] = *a++;
			}
		}
		args[n] = '\0';
		IT_CHECK(admin(args, out, err) == rows[i].rc, rows[i].args);
		if (rows[i].err != NULL)
			IT_CHECK(strstr(err, rows[i].err) == err, rows[i].args);
	}
	snprintf(args, sizeof(args), "partner sigkey list %s", sp.pid);
	CU_ASSERT_EQUAL(admin(args, out, err), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "ed-1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "ecdsa-p256-sha256"));
	CU_ASSERT_PTR_NULL(strstr(out, "other-1"));
	/* removed: its signatures no longer pass */
	snprintf(args, sizeof(args), "partner sigkey remove %s --keyid ed-1", sp.pid);
	CU_ASSERT_EQUAL(admin(args, out, err), 0);
	sign(&s, lines);
	send_as(&sp, "GET", "/v1/limits", "", lines, &r);
	it_assert_partner_error(&r, 401, "UNAUTHORIZED", "removed key");
	CU_ASSERT_STRING_EQUAL(it_str(r.json, "message"),
	    "signature invalid: no key of this partner has that keyid");
	it_resp_free(&r);
	CU_ASSERT_EQUAL(admin(args, out, err), 1);
}

/* The expire worker drops the hashes whose window has passed, and only
 * those. */
static void
test_expire(void)
{
	long long n;

	CU_ASSERT_EQUAL(it_db_exec("INSERT INTO request_signatures (partner_id, base_sha256, "
	    "expires_at) VALUES (?, REPEAT('a', 64), UNIX_TIMESTAMP() - 10)", sp.row, NULL), 1);
	n = it_db_scalar("SELECT COUNT(*) FROM request_signatures WHERE partner_id = ?", sp.row,
	    NULL);
	CU_ASSERT_EQUAL(it_worker("expire"), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM request_signatures WHERE partner_id = ? "
	    "AND base_sha256 = REPEAT('a', 64)", sp.row, NULL), 0);
	CU_ASSERT_EQUAL(it_db_scalar("SELECT COUNT(*) FROM request_signatures WHERE partner_id = ?",
	    sp.row, NULL), n - 1);
}

int
it_suite_signatures(void)
{
	static const struct tu_test tests[] = {
		{ "set-up: a signed key with two public keys, an unsigned one", test_setup },
		{ "signed GETs (ed25519, ecdsa-p256-sha256, a query) pass", test_signed_get },
		{ "a signed POST /v1/withdrawals passes; its replay is refused", test_signed_post_and_replay },
		{ "every bad signature is 401 with its reason, nothing written", test_refusals },
		{ "a key issued later follows its partner's policy", test_later_key },
		{ "optional: unsigned passes, a signature sent is verified", test_optional_verified },
		{ "alike in one second: a replay without a nonce, two with", test_nonce },
		{ "behind a trusted proxy https verifies; untrusted, ignored", test_trusted_proxy },
		{ "optional and required again, everywhere within 1 s", test_policy_back },
		{ "admin refusals, sigkey list and remove", test_admin },
		{ "expire drops the signatures past their window", test_expire },
	};

	return tu_add_suite("signatures", suite_init, suite_clean, tests, NELEM(tests));
}
