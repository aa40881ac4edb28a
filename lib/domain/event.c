#include "domain/event.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>

const char *const event_partner_types[] = {
	"withdrawal.pending", "withdrawal.processing", "withdrawal.completed",
	"withdrawal.failed", "withdrawal.cancelled", "payment_intent.pending_approval",
	"payment_intent.approved", "payment_intent.completed",
	"payment_intent.rejected", "payment_intent.cancelled",
	"payment_intent.expired", "payment_intent.failed", NULL
};

const char *const event_wallet_types[] = { "payout.completed", "payout.failed", NULL };

/* 1 when type is one of types (NULL-terminated). */
static int
type_in(const char *type, const char *const *types)
{
	size_t i;

	for (i = 0; type != NULL && types[i] != NULL; i++)
		if (strcmp(type, types[i]) == 0)
			return 1;
	return 0;
}

int
event_partner_type_known(const char *type)
{
	return type_in(type, event_partner_types);
}

int
event_wallet_type_known(const char *type)
{
	return type_in(type, event_wallet_types);
}

/* HMAC-SHA256(key, parts[0] || parts[1] || ...) into mac; 0 or -1. */
static int
hmac_parts(const char *key, size_t klen, const char *const *parts, const size_t *lens,
    size_t n, unsigned char mac[32])
{
	EVP_MAC *alg = EVP_MAC_fetch(NULL, "HMAC", NULL);
	EVP_MAC_CTX *ctx = alg != NULL ? EVP_MAC_CTX_new(alg) : NULL;
	OSSL_PARAM params[] = {
		OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)"SHA256", 0),
		OSSL_PARAM_construct_end()
	};
	size_t i, outl = 0;
	int ok;

	ok = ctx != NULL && EVP_MAC_init(ctx, (const unsigned char *)key, klen, params) == 1;
	for (i = 0; ok && i < n; i++)
		ok = EVP_MAC_update(ctx, (const unsigned char *)parts[i], lens[i]) == 1;
	ok = ok && EVP_MAC_final(ctx, mac, &outl, 32) == 1 && outl == 32;
	EVP_MAC_CTX_free(ctx);
	EVP_MAC_free(alg);
	return ok ? 0 : -1;
}

int
event_sig_hex(const char *secret, size_t slen, const char *body, size_t blen,
    char *out, size_t cap)
{
	unsigned char mac[32];

	if (cap < EVENT_SIG_HEX_LEN + 1 || hmac_parts(secret, slen, &body, &blen, 1, mac) != 0)
		return -1;
	memcpy(out, "sha256=", 7);
	id_hex(mac, sizeof(mac), out + 7);
	return 0;
}

int
event_sig_std(const char *secret, size_t slen, const char *msg_id, long long ts,
    const char *body, size_t blen, char *out, size_t cap)
{
	char tsbuf[24];
	const char *parts[5];
	size_t lens[5];
	unsigned char mac[32];

	snprintf(tsbuf, sizeof(tsbuf), "%lld", ts);
	parts[0] = msg_id, lens[0] = strlen(msg_id);
	parts[1] = ".", lens[1] = 1;
	parts[2] = tsbuf, lens[2] = strlen(tsbuf);
	parts[3] = ".", lens[3] = 1;
	parts[4] = body, lens[4] = blen;
	/* "v1," + 44 base64 characters (32 bytes, padded) + NUL */
	if (cap < 3 + 44 + 1 || hmac_parts(secret, slen, parts, lens, 5, mac) != 0)
		return -1;
	memcpy(out, "v1,", 3);
	EVP_EncodeBlock((unsigned char *)out + 3, mac, (int)sizeof(mac));
	return 0;
}

/* ev's stored data as JSON (new reference), or NULL when it is not an object. */
static json_t *
data_json(const struct event *ev)
{
	json_t *d = ev->data ? json_loads(ev->data, JSON_REJECT_DUPLICATES, NULL) : NULL;

	if (d != NULL && !json_is_object(d)) {
		json_decref(d);
		return NULL;
	}
	return d;
}

json_t *
event_envelope(const struct event *ev)
{
	json_t *d = data_json(ev);

	if (d == NULL)
		return NULL;
	return json_pack("{s:s,s:s,s:s,s:s,s:s,s:o}", "id", ev->id, "type", ev->type,
	    "created_at", ev->created_at, "event", ev->type, "timestamp", ev->created_at,
	    "data", d);
}

/* The wallet payload without its signature (new reference). */
static json_t *
wallet_payload(const struct event *ev)
{
	json_t *d = data_json(ev);

	if (d == NULL)
		return NULL;
	return json_pack("{s:s,s:s,s:s,s:o}", "event", ev->type, "id", ev->id,
	    "timestamp", ev->created_at, "data", d);
}

char *
event_body(const struct event *ev, const char *secret, size_t slen, size_t *len)
{
	json_t *o = ev->kind == OUTBOX_PARTNER ? event_envelope(ev) : wallet_payload(ev);
	char sig[EVENT_SIG_HEX_LEN + 1], *text, *signed_text;
	size_t n;

	if (o == NULL)
		return NULL;
	text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(o);
	if (text == NULL)
		return NULL;
	n = strlen(text);
	if (ev->kind == OUTBOX_PARTNER) {
		*len = n;
		return text;
	}
	/* the signed bytes are the object without its last member: append
	 * `,"signature":"sha256=..."` before the closing brace */
	if (n < 2 || text[n - 1] != '}' ||
	    event_sig_hex(secret, slen, text, n, sig, sizeof(sig)) != 0 ||
	    (signed_text = malloc(n + 16 + sizeof(sig))) == NULL) {
		free(text);
		return NULL;
	}
	memcpy(signed_text, text, n - 1);
	*len = n - 1;
	*len += (size_t)snprintf(signed_text + *len, 16 + sizeof(sig) + 1,
	    ",\"signature\":\"%s\"}", sig);
	free(text);
	return signed_text;
}
