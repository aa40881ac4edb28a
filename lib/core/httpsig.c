#include "core/httpsig.h"

#include <stdio.h>
#include <string.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/sha.h>

static int
say(char *why, size_t whylen, const char *msg)
{
	if (whylen > 0)
		snprintf(why, whylen, "%s", msg);
	return -1;
}

enum httpsig_alg
httpsig_alg_parse(const char *name)
{
	if (name == NULL)
		return HTTPSIG_ALG_NONE;
	if (strcmp(name, "ed25519") == 0)
		return HTTPSIG_ED25519;
	if (strcmp(name, "ecdsa-p256-sha256") == 0)
		return HTTPSIG_ECDSA_P256_SHA256;
	return HTTPSIG_ALG_NONE;
}

const char *
httpsig_alg_name(enum httpsig_alg alg)
{
	switch (alg) {
	case HTTPSIG_ED25519:
		return "ed25519";
	case HTTPSIG_ECDSA_P256_SHA256:
		return "ecdsa-p256-sha256";
	default:
		return "";
	}
}

int
httpsig_keyid_ok(const char *s)
{
	static const char allowed[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789._:-";
	size_t n = strlen(s);

	return n > 0 && n <= HTTPSIG_KEYID_MAX && strspn(s, allowed) == n;
}

/* The derived components this service rebuilds (RFC 9421 section 2.2). */
static const char *const derived[] = {
	"@method", "@target-uri", "@authority", "@scheme", "@request-target", "@path",
	"@query", NULL
};

/* A covered name: a derived component of the list above, or a field name
 * (lowercase tchar). */
static int
component_name_ok(const char *s, size_t n)
{
	size_t i;

	if (n == 0)
		return 0;
	if (s[0] == '@') {
		for (i = 0; derived[i] != NULL; i++)
			if (strcmp(derived[i], s) == 0)
				return 1;
		return 0;
	}
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') ||
		    strchr("!#$%&'*+-.^_`|~", s[i]) != NULL))
			return 0;
	return 1;
}

int
httpsig_select(const struct sfv_dict *input, const struct sfv_dict *sig,
    const char *const *required, struct httpsig_sig *out, char *why, size_t whylen)
{
	const struct sfv_member *in, *sm;
	const struct sfv_bare *p;
	size_t i, j;

	memset(out, 0, sizeof(*out));
	if (input->nmembers != 1 || sig->nmembers != 1)
		return say(why, whylen, "exactly one signature is taken");
	in = &input->members[0];
	if ((sm = sfv_dict_get(sig, in->key)) == NULL)
		return say(why, whylen, "Signature and Signature-Input name different labels");
	if (!in->inner)
		return say(why, whylen, "Signature-Input is not an inner list");
	if (sm->inner || sm->item.value.type != SFV_BYTES || sm->item.nparams != 0)
		return say(why, whylen, "Signature is not a byte sequence");
	for (i = 0; i < in->nitems; i++) {
		const struct sfv_item *it = &input->items[in->item0 + i];

		if (it->value.type != SFV_STRING || !component_name_ok(it->value.str, it->value.len))
			return say(why, whylen, "an unsupported covered component");
		if (it->nparams != 0)
			return say(why, whylen, "component parameters are not supported");
		for (j = 0; j < i; j++)
			if (strcmp(input->items[in->item0 + j].value.str, it->value.str) == 0)
				return say(why, whylen, "a component covered twice");
	}
	for (; required != NULL && *required != NULL; required++) {
		for (i = 0; i < in->nitems; i++)
			if (strcmp(input->items[in->item0 + i].value.str, *required) == 0)
				break;
		if (i == in->nitems) {
			if (whylen > 0)
				snprintf(why, whylen, "%s is not covered", *required);
			return -1;
		}
	}
	p = sfv_param_get(input, in->param0, in->nparams, "keyid");
	if (p == NULL || p->type != SFV_STRING || !httpsig_keyid_ok(p->str))
		return say(why, whylen, "no keyid, or a malformed one");
	out->keyid = p->str;
	p = sfv_param_get(input, in->param0, in->nparams, "created");
	if (p == NULL || p->type != SFV_INTEGER)
		return say(why, whylen, "no created parameter");
	out->created = p->num;
	p = sfv_param_get(input, in->param0, in->nparams, "expires");
	if (p != NULL && p->type != SFV_INTEGER)
		return say(why, whylen, "expires is not an integer");
	out->expires = p != NULL ? p->num : 0;
	p = sfv_param_get(input, in->param0, in->nparams, "alg");
	if (p != NULL && p->type != SFV_STRING)
		return say(why, whylen, "alg is not a string");
	out->alg = p != NULL ? p->str : NULL;
	out->input = in;
	out->sig = sm->item.value.bytes;
	out->siglen = sm->item.value.nbytes;
	return 0;
}

/*
 * The host of authority lowercased, without the scheme's default port.
 * The port's colon is the one after an IPv6 literal's closing bracket
 * ("[::1]:443"), else the only one ("host:443").
 */
static int
put_authority(struct buf *out, const char *scheme, const char *authority)
{
	size_t n = strlen(authority), i;
	const char *dflt = strcmp(scheme, "https") == 0 ? ":443" : ":80";
	const char *port = authority[0] == '[' ? strchr(authority, ']') : authority;
	int rc = 0;

	if (port != NULL && (port = strchr(port, ':')) != NULL && strcmp(port, dflt) == 0)
		n = (size_t)(port - authority);
	for (i = 0; i < n; i++) {
		char c = authority[i] >= 'A' && authority[i] <= 'Z' ?
		    (char)(authority[i] - 'A' + 'a') : authority[i];

		rc |= buf_append(out, &c, 1);
	}
	return rc;
}

/* Appends the value of derived component name; -1 on a full buffer. */
static int
put_derived(struct buf *out, const char *name, const struct httpsig_request *rq)
{
	size_t plen = strcspn(rq->target, "?");

	if (strcmp(name, "@method") == 0)
		return buf_puts(out, rq->method);
	if (strcmp(name, "@scheme") == 0)
		return buf_puts(out, rq->scheme);
	if (strcmp(name, "@authority") == 0)
		return put_authority(out, rq->scheme, rq->authority);
	if (strcmp(name, "@target-uri") == 0)
		return buf_puts(out, rq->scheme) | buf_puts(out, "://") |
		    put_authority(out, rq->scheme, rq->authority) | buf_puts(out, rq->target);
	if (strcmp(name, "@request-target") == 0)
		return buf_puts(out, rq->target);
	if (strcmp(name, "@path") == 0)
		return plen == 0 ? buf_puts(out, "/") : buf_append(out, rq->target, plen);
	/* @query: "?" and the query, "?" alone when there is none */
	return rq->target[plen] == '?' ? buf_puts(out, rq->target + plen) : buf_puts(out, "?");
}

/* A field value trimmed of leading and trailing spaces and tabs. */
static int
put_field(struct buf *out, const char *v)
{
	size_t n;

	while (*v == ' ' || *v == '\t')
		v++;
	n = strlen(v);
	while (n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t'))
		n--;
	return buf_append(out, v, n);
}

static int
has_control(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (((unsigned char)s[i] < 0x20 && s[i] != '\t') || s[i] == 0x7f)
			return 1;
	return 0;
}

int
httpsig_base(const struct sfv_dict *input, const struct httpsig_sig *s,
    const struct httpsig_request *rq, struct buf *out, char *why, size_t whylen)
{
	const struct sfv_member *m = s->input;
	size_t i;

	for (i = 0; i < m->nitems; i++) {
		const struct sfv_item *it = &input->items[m->item0 + i];
		const char *name = it->value.str, *v = NULL;
		size_t at;
		int rc;

		if (name[0] != '@' && (v = rq->field(rq->arg, name)) == NULL) {
			if (whylen > 0)
				snprintf(why, whylen, "the request has no %s field", name);
			return -1;
		}
		rc = sfv_serialize_item(input, it, out) | buf_puts(out, ": ");
		at = out->len;
		rc |= name[0] == '@' ? put_derived(out, name, rq) : put_field(out, v);
		if (rc != 0 || buf_puts(out, "\n") != 0)
			return say(why, whylen, "signature base too large");
		if (has_control(out->data + at, out->len - at - 1))
			return say(why, whylen, "a covered value holds a control byte");
	}
	if (buf_puts(out, "\"@signature-params\": ") != 0 ||
	    sfv_serialize_inner_list(input, m, out) != 0)
		return say(why, whylen, "signature base too large");
	return 0;
}

int
httpsig_content_digest_check(const char *value, size_t n, const void *body, size_t blen,
    char *why, size_t whylen)
{
	struct sfv_dict d;
	unsigned char md[SHA256_DIGEST_LENGTH];
	const struct sfv_member *m;

	if (sfv_parse_dictionary(value, n, &d, why, whylen) != 0)
		return -1;
	m = sfv_dict_get(&d, "sha-256");
	if (m == NULL || m->inner || m->item.value.type != SFV_BYTES)
		return say(why, whylen, "no sha-256 byte sequence");
	if (m->item.value.nbytes != sizeof(md))
		return -2;
	SHA256(body, blen, md);
	return CRYPTO_memcmp(md, m->item.value.bytes, sizeof(md)) == 0 ? 0 : -2;
}

/* The public key of pem, or NULL. */
static EVP_PKEY *
read_key(const char *pem, size_t n)
{
	BIO *bio;
	EVP_PKEY *k;

	if (n > HTTPSIG_PEM_MAX || (bio = BIO_new_mem_buf(pem, (int)n)) == NULL)
		return NULL;
	k = PEM_read_bio_PUBKEY(bio, NULL, NULL, NULL);
	BIO_free(bio);
	return k;
}

/* 1 when k is a key of alg. */
static int
key_is(const EVP_PKEY *k, enum httpsig_alg alg)
{
	char group[32];
	size_t glen = 0;

	if (alg == HTTPSIG_ED25519)
		return EVP_PKEY_get_id(k) == EVP_PKEY_ED25519;
	if (alg != HTTPSIG_ECDSA_P256_SHA256 || EVP_PKEY_get_id(k) != EVP_PKEY_EC)
		return 0;
	return EVP_PKEY_get_group_name(k, group, sizeof(group), &glen) == 1 &&
	    strcmp(group, "prime256v1") == 0;
}

int
httpsig_public_key_check(enum httpsig_alg alg, const char *pem, size_t n, char *why,
    size_t whylen)
{
	EVP_PKEY *k = read_key(pem, n);
	int ok;

	if (k == NULL)
		return say(why, whylen, "not a PEM public key (SubjectPublicKeyInfo)");
	ok = key_is(k, alg);
	EVP_PKEY_free(k);
	return ok ? 0 : say(why, whylen, alg == HTTPSIG_ED25519 ? "not an Ed25519 key" :
	    "not an EC key on P-256");
}

/* r || s (64 bytes) as the DER ECDSA-Sig-Value OpenSSL verifies; its
 * length, or 0. */
static size_t
ecdsa_der(const unsigned char *sig, unsigned char *der, size_t cap)
{
	ECDSA_SIG *es = ECDSA_SIG_new();
	BIGNUM *r = BN_bin2bn(sig, 32, NULL), *s = BN_bin2bn(sig + 32, 32, NULL);
	unsigned char *p = der;
	int n = 0;

	if (es == NULL || r == NULL || s == NULL || ECDSA_SIG_set0(es, r, s) != 1) {
		BN_free(r);
		BN_free(s);
		ECDSA_SIG_free(es);
		return 0;
	}
	/* es owns r and s now */
	if (i2d_ECDSA_SIG(es, NULL) <= (int)cap)
		n = i2d_ECDSA_SIG(es, &p);
	ECDSA_SIG_free(es);
	return n > 0 ? (size_t)n : 0;
}

int
httpsig_verify(enum httpsig_alg alg, const char *pem, size_t pemlen, const void *base,
    size_t n, const unsigned char *sig, size_t siglen)
{
	unsigned char der[80];
	EVP_PKEY *k = read_key(pem, pemlen);
	EVP_MD_CTX *md = NULL;
	int rc = -1;

	if (k == NULL || !key_is(k, alg) || (md = EVP_MD_CTX_new()) == NULL)
		goto free_key;
	rc = 0;
	if (alg == HTTPSIG_ED25519) {
		if (siglen == 64 && EVP_DigestVerifyInit(md, NULL, NULL, NULL, k) == 1 &&
		    EVP_DigestVerify(md, sig, siglen, base, n) == 1)
			rc = 1;
	} else if (siglen == 64 && (siglen = ecdsa_der(sig, der, sizeof(der))) > 0) {
		if (EVP_DigestVerifyInit(md, NULL, EVP_sha256(), NULL, k) == 1 &&
		    EVP_DigestVerify(md, der, siglen, base, n) == 1)
			rc = 1;
	}
	EVP_MD_CTX_free(md);
free_key:
	EVP_PKEY_free(k);
	return rc;
}
