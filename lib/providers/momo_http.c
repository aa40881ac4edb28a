/*
 * momo_http: the mobile money adapter over the MTN MoMo Open API (see
 * providers/momo.h for the calls and how their answers are classified).
 * Every call goes through prov_http_call with a bearer token of its
 * product (disbursement or collection), cached in the process until
 * shortly before it expires. One request per process at a time: the
 * cache needs no lock.
 */
#include "providers/momo.h"

#include <jansson.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/id.h"
#include "core/strict.h"
#include "providers/momo_wire.h"
#include "providers/prov_http.h"

enum product { DISBURSEMENT = 0, COLLECTION };

static const char *const product_path[] = { "/disbursement", "/collection" };

/* The metrics' words for a product's send and its status read. */
static const char *const send_op[] = { "transfer", "request_to_pay" };
static const char *const status_op[] = { "transfer_status", "request_to_pay_status" };

#define TOKEN_MAX MOMO_TOKEN_MAX
#define TOKEN_SLOTS 8   /* networks x products, with room */
#define REF_MAX 128     /* a reference asked about (status reads) */
#define TRANSFER_BASE "/disbursement/v1_0/transfer"

/*
 * The token cache: one slot per (endpoint URL, credentials, product),
 * keyed by a SHA-256 of them, so that other credentials (a rotated or a
 * wrong key) never reuse a token they did not earn.
 */
static struct token_slot {
	int used;
	unsigned char key[SHA256_DIGEST_LENGTH];
	char token[TOKEN_MAX];
	long long until; /* monotonic seconds: fresh before this */
} tokens[TOKEN_SLOTS];
static size_t token_next;

static long long
mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec;
}

static void
token_key(const struct prov_endpoint *ep, enum product p,
    unsigned char key[SHA256_DIGEST_LENGTH])
{
	/* fields from one config line each: none holds a newline */
	char text[sizeof(ep->url) + sizeof(ep->user) + sizeof(ep->secret) +
	    sizeof(ep->subscription_key) + 32];
	int n = snprintf(text, sizeof(text), "%s\n%s\n%s\n%s\n%s", ep->url, ep->user,
	    ep->secret, ep->subscription_key, product_path[p]);

	SHA256((const unsigned char *)text, n > 0 ? (size_t)n : 0, key);
	OPENSSL_cleanse(text, sizeof(text));
}

static struct token_slot *
token_slot_of(const unsigned char key[SHA256_DIGEST_LENGTH])
{
	size_t i;

	for (i = 0; i < TOKEN_SLOTS; i++)
		if (tokens[i].used && memcmp(tokens[i].key, key, SHA256_DIGEST_LENGTH) == 0)
			return &tokens[i];
	return NULL;
}

void
momo_http_forget_tokens(void)
{
	OPENSSL_cleanse(tokens, sizeof(tokens));
	memset(tokens, 0, sizeof(tokens));
	token_next = 0;
}

/* Forgets the token of ep's product (the provider refused it). */
static void
token_forget(const struct prov_endpoint *ep, enum product p)
{
	unsigned char key[SHA256_DIGEST_LENGTH];
	struct token_slot *s;

	token_key(ep, p, key);
	if ((s = token_slot_of(key)) != NULL)
		memset(s, 0, sizeof(*s));
}

/*
 * A new token from POST {url}/{product}/token/ (HTTP Basic api_user:api_key
 * and the subscription key) into slot s under key. 0, or -1 when the
 * provider gave none (refused, unreachable, or an answer without one).
 */
static int
token_fetch(const struct prov_endpoint *ep, enum product p,
    const unsigned char key[SHA256_DIGEST_LENGTH], struct token_slot *s)
{
	char cred[sizeof(ep->user) + sizeof(ep->secret) + 1];
	char basic[4 * (sizeof(cred) / 3 + 1) + 32], sub[sizeof(ep->subscription_key) + 40];
	char path[32];
	const char *headers[3] = { basic, sub, NULL };
	struct prov_call call;
	const char *tok;
	json_int_t ttl;
	int n, rc = -1;

	n = snprintf(cred, sizeof(cred), "%s:%s", ep->user, ep->secret);
	memcpy(basic, "Authorization: Basic ", 21);
	EVP_EncodeBlock((unsigned char *)basic + 21, (const unsigned char *)cred,
	    n > 0 ? n : 0);
	OPENSSL_cleanse(cred, sizeof(cred));
	snprintf(sub, sizeof(sub), "Ocp-Apim-Subscription-Key: %s", ep->subscription_key);
	snprintf(path, sizeof(path), "%s/token/", product_path[p]);
	if (prov_http_call(ep, "token", "POST", path, headers, NULL, &call) != 0 ||
	    call.status != 200)
		goto out;
	tok = json_string_value(json_object_get(call.json, "access_token"));
	ttl = json_integer_value(json_object_get(call.json, "expires_in"));
	/* the token goes into a header line: printable, no CR or LF */
	if (tok == NULL || *tok == '\0' || !strict_printable(tok, strlen(tok)) ||
	    strict_copy(s->token, sizeof(s->token), tok) != 0)
		goto out;
	memcpy(s->key, key, SHA256_DIGEST_LENGTH);
	s->used = 1;
	/* renewed a minute before it expires (half its life if shorter);
	 * no expires_in: used for this call only */
	if (ttl > 0 && ttl <= 86400 * 30)
		s->until = mono_now() + (long long)ttl - (ttl > 120 ? 60 : ttl / 2);
	else
		s->until = 0;
	rc = 0;
out:
	OPENSSL_cleanse(basic, sizeof(basic));
	prov_call_free(&call);
	return rc;
}

/*
 * The bearer token for ep's product: the cached one while fresh, else a
 * new one. Returns the token (in the cache: valid until the next call
 * here) with *cached saying which, or NULL when none could be had.
 */
static const char *
token_for(const struct prov_endpoint *ep, enum product p, int *cached)
{
	unsigned char key[SHA256_DIGEST_LENGTH];
	struct token_slot *s;

	token_key(ep, p, key);
	s = token_slot_of(key);
	if (s != NULL && s->until > mono_now()) {
		*cached = 1;
		return s->token;
	}
	*cached = 0;
	if (s == NULL) {
		s = &tokens[token_next];
		token_next = (token_next + 1) % TOKEN_SLOTS;
	}
	memset(s, 0, sizeof(*s));
	return token_fetch(ep, p, key, s) == 0 ? s->token : NULL;
}

/*
 * One call of product's API, counted as operation (prov_metrics.h):
 * method path with the token, the target environment, the subscription
 * key, X-Reference-Id (and X-Callback-Url, when configured) when
 * provider_ref is not NULL, and body (may be NULL). A cached token the
 * provider refuses (401) is replaced and the call made once more: a 401
 * comes from the gateway before the request reaches the API, and a send
 * repeats its reference.
 * Returns 0 when an HTTP answer came back; -1 when none did (call says
 * whether the request was sent) or no token could be had (*no_token; then
 * nothing was sent). The caller frees call.
 */
static int
momo_call(const struct prov_endpoint *ep, enum product p, const char *operation,
    const char *method, const char *path, const char *provider_ref, const json_t *body,
    struct prov_call *call, int *no_token)
{
	char auth[TOKEN_MAX + 32], env[sizeof(ep->environment) + 32],
	    sub[sizeof(ep->subscription_key) + 40], xref[MOMO_REF_LEN + 32],
	    cb[sizeof(ep->callback_url) + 32];
	const char *headers[6] = { auth, env, sub, NULL, NULL, NULL };
	const char *tok;
	int attempt, cached, rc = -1;

	*no_token = 0;
	memset(call, 0, sizeof(*call));
	snprintf(env, sizeof(env), "X-Target-Environment: %s", ep->environment);
	snprintf(sub, sizeof(sub), "Ocp-Apim-Subscription-Key: %s", ep->subscription_key);
	if (provider_ref != NULL) {
		snprintf(xref, sizeof(xref), "X-Reference-Id: %s", provider_ref);
		headers[3] = xref;
		if (ep->callback_url[0] != '\0') {
			snprintf(cb, sizeof(cb), "X-Callback-Url: %s", ep->callback_url);
			headers[4] = cb;
		}
	}
	for (attempt = 0; attempt < 2; attempt++) {
		if ((tok = token_for(ep, p, &cached)) == NULL) {
			*no_token = 1;
			return -1;
		}
		snprintf(auth, sizeof(auth), "Authorization: Bearer %s", tok);
		rc = prov_http_call(ep, operation, method, path, headers, body, call);
		if (rc != 0 || call->status != 401 || !cached)
			break;
		token_forget(ep, p);
		prov_call_free(call);
	}
	OPENSSL_cleanse(auth, sizeof(auth));
	return rc;
}

static void
set_why(char *why, size_t whycap, const char *text)
{
	if (why != NULL && whycap > 0)
		strict_clip(why, whycap, text, strlen(text));
}

/*
 * The outcome of a send (transfer, request to pay), with why: nothing
 * sent (no token, not reached) is MOMO_UNAVAILABLE; 202 accepted; 409 the
 * reference was used; 401 (our token refused even when new) is
 * MOMO_UNAVAILABLE; another 4xx refused with the provider's reason; a
 * timeout, lost connection, 5xx or anything else may have arrived.
 */
static enum momo_rc
send_outcome(int rc, int no_token, const struct prov_call *c, char *why,
    size_t whycap)
{
	char text[200];

	set_why(why, whycap, "");
	if (no_token) {
		set_why(why, whycap, "no access token: the provider refused our "
		    "credentials or could not be reached");
		return MOMO_UNAVAILABLE;
	}
	if (rc != 0) {
		set_why(why, whycap, !c->sent ? "the provider could not be reached" :
		    c->timed_out ? "no answer in time" : "the connection was lost");
		return c->sent ? MOMO_IN_DOUBT : MOMO_UNAVAILABLE;
	}
	if (c->status == 202)
		return MOMO_OK;
	momo_wire_reason(c->json, text, sizeof(text));
	if (text[0] == '\0')
		snprintf(text, sizeof(text), "HTTP %ld", c->status);
	set_why(why, whycap, text);
	if (c->status == 409)
		return MOMO_DUPLICATE;
	if (c->status == 401)
		return MOMO_UNAVAILABLE;
	if (c->status >= 400 && c->status < 500)
		return MOMO_REFUSED;
	return MOMO_IN_DOUBT;
}

/*
 * The outcome of a read: 200 answered; 404 not found (for a status read
 * only when the provider itself says RESOURCE_NOT_FOUND: a proxy's or a
 * wrong path's 404 must never read as "never seen", which allows a
 * resend); no answer in time or a 504 MOMO_TIMEOUT; the rest unavailable.
 */
static enum momo_rc
read_outcome(int rc, int no_token, const struct prov_call *c, int status_read)
{
	const char *code;

	if (no_token)
		return MOMO_UNAVAILABLE;
	if (rc != 0)
		return c->timed_out ? MOMO_TIMEOUT : MOMO_UNAVAILABLE;
	if (c->status == 200)
		return MOMO_OK;
	if (c->status == 404) {
		code = json_string_value(json_object_get(c->json, "code"));
		return !status_read || (code != NULL &&
		    strcmp(code, "RESOURCE_NOT_FOUND") == 0) ?
		    MOMO_NOT_FOUND : MOMO_UNAVAILABLE;
	}
	return c->status == 504 ? MOMO_TIMEOUT : MOMO_UNAVAILABLE;
}

static enum momo_rc
http_lookup(const struct prov_endpoint *ep, const char *msisdn, char *name,
    size_t cap)
{
	char path[160], m[3 * 20 + 1];
	struct prov_call call;
	enum momo_rc rc;
	int answered, no_token;

	if (cap > 0)
		name[0] = '\0';
	if (msisdn == NULL || cap == 0 || prov_http_escape(msisdn, m, sizeof(m)) != 0)
		return MOMO_NOT_FOUND; /* no number has that form */
	snprintf(path, sizeof(path),
	    "/disbursement/v1_0/accountholder/msisdn/%s/basicuserinfo", m);
	answered = momo_call(ep, DISBURSEMENT, "lookup", "GET", path, NULL, NULL, &call,
	    &no_token);
	rc = read_outcome(answered, no_token, &call, 0);
	if (rc == MOMO_OK)
		rc = momo_wire_name(call.json, name, cap);
	prov_call_free(&call);
	return rc;
}

/*
 * A send of product: POST path under provider_ref with amount of currency between
 * us and msisdn, who is the party named party ("payee" or "payer").
 */
static enum momo_rc
send_money(const struct prov_endpoint *ep, enum product p, const char *path,
    const char *party, const char *provider_ref, const char *msisdn, const char *amount,
    const char *currency, const char *external_id, const char *note, char *why,
    size_t whycap)
{
	struct prov_call call;
	json_t *body;
	enum momo_rc rc;
	int answered, no_token;

	if (!momo_ref_valid(provider_ref)) {
		set_why(why, whycap, "the reference is not a UUID");
		return MOMO_REFUSED;
	}
	if (msisdn == NULL || amount == NULL || currency == NULL) {
		set_why(why, whycap, "msisdn, amount and currency are required");
		return MOMO_REFUSED;
	}
	if (external_id == NULL)
		external_id = "";
	if (note == NULL)
		note = "";
	body = json_pack("{s:s,s:s,s:s,s:{s:s,s:s},s:s,s:s}", "amount", amount,
	    "currency", currency, "externalId", external_id, party, "partyIdType",
	    "MSISDN", "partyId", msisdn, "payerMessage", note, "payeeNote", note);
	if (body == NULL) {
		/* only text that is not UTF-8 (or no memory): nothing sent */
		set_why(why, whycap, "the request could not be built (text that "
		    "is not UTF-8?)");
		return MOMO_REFUSED;
	}
	answered = momo_call(ep, p, send_op[p], "POST", path, provider_ref, body, &call,
	    &no_token);
	rc = send_outcome(answered, no_token, &call, why, whycap);
	prov_call_free(&call);
	json_decref(body);
	return rc;
}

/*
 * The read of provider_ref (escaped into the path under base) of product p into rd,
 * with the product's token: MOMO_OK, or MOMO_UNAVAILABLE (no token, or a
 * reference that cannot be asked about).
 */
static enum momo_rc
read_prepare(const struct prov_endpoint *ep, enum product p, const char *base,
    const char *provider_ref, struct momo_read *rd)
{
	char r[3 * REF_MAX + 1];
	const char *tok;

	memset(rd, 0, sizeof(*rd));
	/* a reference is one path segment, whatever it holds */
	if (provider_ref == NULL || *provider_ref == '\0' || prov_http_escape(provider_ref, r, sizeof(r)) != 0)
		return MOMO_UNAVAILABLE; /* cannot be asked about */
	snprintf(rd->path, sizeof(rd->path), "%s/%s", base, r);
	if ((tok = token_for(ep, p, &rd->cached_token)) == NULL)
		return MOMO_UNAVAILABLE;
	snprintf(rd->auth, sizeof(rd->auth), "Authorization: Bearer %s", tok);
	snprintf(rd->env, sizeof(rd->env), "X-Target-Environment: %s", ep->environment);
	snprintf(rd->sub, sizeof(rd->sub), "Ocp-Apim-Subscription-Key: %s",
	    ep->subscription_key);
	rd->headers[0] = rd->auth;
	rd->headers[1] = rd->env;
	rd->headers[2] = rd->sub;
	rd->req = (struct prov_req){ ep, status_op[p], "GET", rd->path, rd->headers, NULL };
	return MOMO_OK;
}

/* What the read rd of product p gave (rc, call), into out; *again when a
 * cached token was refused (forgotten now: the next read gets a new one). */
static enum momo_rc
read_answer(const struct prov_endpoint *ep, enum product p, const struct momo_read *rd,
    int rc, const struct prov_call *call, struct momo_status *out, int *again)
{
	enum momo_rc r;

	memset(out, 0, sizeof(*out));
	*again = 0;
	if (rc == 0 && call->status == 401 && rd->cached_token) {
		token_forget(ep, p);
		*again = 1;
		return MOMO_UNAVAILABLE;
	}
	r = read_outcome(rc, 0, call, 1);
	if (r == MOMO_OK)
		r = momo_wire_status(call->json, out);
	return r;
}

/* The status of provider_ref under base into out: a read, and when a cached token
 * was refused, once more with a new one (as momo_call does). */
static enum momo_rc
status_of(const struct prov_endpoint *ep, enum product p, const char *base,
    const char *provider_ref, struct momo_status *out)
{
	struct momo_read rd;
	struct prov_call call;
	enum momo_rc rc = MOMO_UNAVAILABLE;
	int attempt, again = 1, answered;

	memset(out, 0, sizeof(*out));
	for (attempt = 0; attempt < 2 && again; attempt++) {
		if ((rc = read_prepare(ep, p, base, provider_ref, &rd)) != MOMO_OK)
			break;
		answered = prov_http_call(ep, rd.req.operation, rd.req.method, rd.req.path,
		    rd.headers, NULL, &call);
		rc = read_answer(ep, p, &rd, answered, &call, out, &again);
		prov_call_free(&call);
	}
	OPENSSL_cleanse(&rd, sizeof(rd));
	return rc;
}

static enum momo_rc
http_transfer(const struct prov_endpoint *ep, const char *provider_ref, const char *msisdn,
    const char *amount, const char *currency, const char *external_id,
    const char *note, char *why, size_t whycap)
{
	return send_money(ep, DISBURSEMENT, TRANSFER_BASE, "payee",
	    provider_ref, msisdn, amount, currency, external_id, note, why, whycap);
}

static enum momo_rc
http_transfer_status(const struct prov_endpoint *ep, const char *provider_ref,
    struct momo_status *out)
{
	return status_of(ep, DISBURSEMENT, TRANSFER_BASE, provider_ref, out);
}

static enum momo_rc
http_transfer_status_read(const struct prov_endpoint *ep, const char *provider_ref,
    struct momo_read *rd)
{
	return read_prepare(ep, DISBURSEMENT, TRANSFER_BASE, provider_ref, rd);
}

static enum momo_rc
http_transfer_status_answer(const struct prov_endpoint *ep, const struct momo_read *rd,
    int rc, const struct prov_call *call, struct momo_status *out, int *again)
{
	return read_answer(ep, DISBURSEMENT, rd, rc, call, out, again);
}

static enum momo_rc
http_request_to_pay(const struct prov_endpoint *ep, const char *provider_ref,
    const char *msisdn, const char *amount, const char *currency,
    const char *external_id, const char *note, char *why, size_t whycap)
{
	return send_money(ep, COLLECTION, "/collection/v1_0/requesttopay", "payer",
	    provider_ref, msisdn, amount, currency, external_id, note, why, whycap);
}

static enum momo_rc
http_request_to_pay_status(const struct prov_endpoint *ep, const char *provider_ref,
    struct momo_status *out)
{
	return status_of(ep, COLLECTION, "/collection/v1_0/requesttopay", provider_ref, out);
}

static enum momo_rc
http_balance(const struct prov_endpoint *ep, const char *currency, char *amount,
    size_t cap)
{
	struct prov_call call;
	enum momo_rc rc;
	int answered, no_token;

	if (cap > 0)
		amount[0] = '\0';
	answered = momo_call(ep, DISBURSEMENT, "balance", "GET",
	    "/disbursement/v1_0/account/balance", NULL, NULL, &call, &no_token);
	rc = read_outcome(answered, no_token, &call, 0);
	if (rc == MOMO_NOT_FOUND)
		rc = MOMO_UNAVAILABLE; /* (no account is no answer) */
	if (rc == MOMO_OK)
		rc = momo_wire_balance(call.json, currency, amount, cap);
	prov_call_free(&call);
	return rc;
}

int
momo_new_ref(char out[MOMO_REF_LEN + 1])
{
	unsigned char b[16];
	char hex[33];

	if (RAND_bytes(b, sizeof(b)) != 1)
		return -1;
	b[6] = (unsigned char)((b[6] & 0x0f) | 0x40); /* version 4 */
	b[8] = (unsigned char)((b[8] & 0x3f) | 0x80); /* RFC 4122 variant */
	id_hex(b, sizeof(b), hex);
	snprintf(out, MOMO_REF_LEN + 1, "%.8s-%.4s-%.4s-%.4s-%.12s", hex, hex + 8,
	    hex + 12, hex + 16, hex + 20);
	return 0;
}

const struct momo_adapter momo_http = {
	.health_path = "/health",
	.reverses = 0,
	.collects_into_payouts = 0,
	.lookup = http_lookup,
	.transfer = http_transfer,
	.transfer_status = http_transfer_status,
	.transfer_status_read = http_transfer_status_read,
	.transfer_status_answer = http_transfer_status_answer,
	.request_to_pay = http_request_to_pay,
	.request_to_pay_status = http_request_to_pay_status,
	.balance = http_balance,
};

