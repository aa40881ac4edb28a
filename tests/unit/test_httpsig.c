/* Unit tests for lib/core/httpsig.c: RFC 9421's own ed25519 vector
 * (Appendix B.2.6, test-key-ed25519), the signature base of every derived
 * component, the refusals of httpsig_select, Content-Digest (RFC 9530)
 * and ecdsa-p256-sha256 against OpenSSL's own signatures. */
#include "core/httpsig.h"

#include <CUnit/Basic.h>
#include <string.h>
#include <openssl/bio.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

#include "unit.h"

/* RFC 9421 Appendix B.1.4 */
static const char rfc_ed25519_public[] =
    "-----BEGIN PUBLIC KEY-----\n"
    "MCowBQYDK2VwAyEAJrQLj5P/89iXES9+vFgrIy29clF9CC/oPPsw3c5D0bs=\n"
    "-----END PUBLIC KEY-----\n";

/* RFC 9421 Appendix B.2.6 */
static const char b26_input[] = "sig-b26=(\"date\" \"@method\" \"@path\" \"@authority\" "
    "\"content-type\" \"content-length\");created=1618884473;keyid=\"test-key-ed25519\"";
static const char b26_signature[] = "sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQ"
    "CK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:";
static const char b26_base[] =
    "\"date\": Tue, 20 Apr 2021 02:07:55 GMT\n"
    "\"@method\": POST\n"
    "\"@path\": /foo\n"
    "\"@authority\": example.com\n"
    "\"content-type\": application/json\n"
    "\"content-length\": 18\n"
    "\"@signature-params\": (\"date\" \"@method\" \"@path\" \"@authority\" "
    "\"content-type\" \"content-length\");created=1618884473;keyid=\"test-key-ed25519\"";

static struct sfv_dict input, sig;

/* The fields of the RFC's test request (B.2), and a few more. */
static const char *
rfc_field(void *arg, const char *name)
{
	(void)arg;
	if (strcmp(name, "date") == 0)
		return "Tue, 20 Apr 2021 02:07:55 GMT";
	if (strcmp(name, "content-type") == 0)
		return "application/json";
	if (strcmp(name, "content-length") == 0)
		return "18";
	if (strcmp(name, "content-digest") == 0)
		return "  sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:\t";
	if (strcmp(name, "x-ctl") == 0)
		return "a\nb";
	return NULL;
}

static const struct httpsig_request rfc_request = {
	"POST", "https", "example.com", "/foo?param=Value&Pet=dog", rfc_field, NULL
};

/* Parses in and sig (the Signature-Input and Signature fields) and selects
 * the signature with required; 0 or -1 with why. */
static int
select_sig(const char *in, const char *sg, const char *const *required,
    struct httpsig_sig *s, char *why, size_t whylen)
{
	if (sfv_parse_dictionary(in, strlen(in), &input, why, whylen) != 0 ||
	    sfv_parse_dictionary(sg, strlen(sg), &sig, why, whylen) != 0)
		return -1;
	return httpsig_select(&input, &sig, required, s, why, whylen);
}

static void
test_rfc_b26(void)
{
	struct httpsig_sig s;
	struct buf base;
	char why[128];

	CU_ASSERT_EQUAL_FATAL(select_sig(b26_input, b26_signature, NULL, &s, why, sizeof(why)), 0);
	CU_ASSERT_STRING_EQUAL(s.keyid, "test-key-ed25519");
	CU_ASSERT_EQUAL(s.created, 1618884473LL);
	CU_ASSERT_EQUAL(s.expires, 0);
	CU_ASSERT_PTR_NULL(s.alg);
	CU_ASSERT_EQUAL(s.siglen, 64);
	buf_init(&base, 8192);
	CU_ASSERT_EQUAL_FATAL(httpsig_base(&input, &s, &rfc_request, &base, why, sizeof(why)), 0);
	UNIT_STR_EQ(buf_cstr(&base), b26_base, "B.2.6 signature base");
	CU_ASSERT_EQUAL(httpsig_verify(HTTPSIG_ED25519, rfc_ed25519_public,
	    strlen(rfc_ed25519_public), base.data, base.len, s.sig, s.siglen), 1);
	/* one byte of the base changed: no longer verifies */
	base.data[10] ^= 1;
	CU_ASSERT_EQUAL(httpsig_verify(HTTPSIG_ED25519, rfc_ed25519_public,
	    strlen(rfc_ed25519_public), base.data, base.len, s.sig, s.siglen), 0);
	base.data[10] ^= 1;
	/* the wrong algorithm for the key: unusable, not "invalid" */
	CU_ASSERT_EQUAL(httpsig_verify(HTTPSIG_ECDSA_P256_SHA256, rfc_ed25519_public,
	    strlen(rfc_ed25519_public), base.data, base.len, s.sig, s.siglen), -1);
	/* a shorter signature */
	CU_ASSERT_EQUAL(httpsig_verify(HTTPSIG_ED25519, rfc_ed25519_public,
	    strlen(rfc_ed25519_public), base.data, base.len, s.sig, 63), 0);
	buf_free(&base);
}

/* This service's policy refuses the RFC's example: it covers neither
 * @target-uri nor content-digest. */
static void
test_required(void)
{
	static const char *const required[] = { "@method", "@target-uri", "content-digest", NULL };
	struct httpsig_sig s;
	char why[128];

	CU_ASSERT_EQUAL(select_sig(b26_input, b26_signature, required, &s, why, sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "@target-uri is not covered");
}

/* Every derived component, and the authority's normalisation. */
static void
test_derived(void)
{
	static const struct {
		const char *scheme, *authority, *target, *base;
	} rows[] = {
		{ "http", "127.0.0.1:8080", "/v1/withdrawals?page=2&limit=5",
		  "\"@method\": POST\n\"@target-uri\": http://127.0.0.1:8080/v1/withdrawals?page=2&limit=5\n"
		  "\"@authority\": 127.0.0.1:8080\n\"@scheme\": http\n"
		  "\"@request-target\": /v1/withdrawals?page=2&limit=5\n\"@path\": /v1/withdrawals\n"
		  "\"@query\": ?page=2&limit=5\n" },
		{ "https", "API.Example.COM:443", "/v1/limits",
		  "\"@method\": POST\n\"@target-uri\": https://api.example.com/v1/limits\n"
		  "\"@authority\": api.example.com\n\"@scheme\": https\n"
		  "\"@request-target\": /v1/limits\n\"@path\": /v1/limits\n\"@query\": ?\n" },
		{ "http", "example.com:80", "/v1/x?",
		  "\"@method\": POST\n\"@target-uri\": http://example.com/v1/x?\n"
		  "\"@authority\": example.com\n\"@scheme\": http\n"
		  "\"@request-target\": /v1/x?\n\"@path\": /v1/x\n\"@query\": ?\n" },
		{ "https", "example.com:80", "/",
		  "\"@method\": POST\n\"@target-uri\": https://example.com:80/\n"
		  "\"@authority\": example.com:80\n\"@scheme\": https\n"
		  "\"@request-target\": /\n\"@path\": /\n\"@query\": ?\n" },
		/* IPv6 literals: the port after the bracket, never a colon in it */
		{ "https", "[2001:DB8::1]:443", "/",
		  "\"@method\": POST\n\"@target-uri\": https://[2001:db8::1]/\n"
		  "\"@authority\": [2001:db8::1]\n\"@scheme\": https\n"
		  "\"@request-target\": /\n\"@path\": /\n\"@query\": ?\n" },
		{ "http", "[::1]:80", "/",
		  "\"@method\": POST\n\"@target-uri\": http://[::1]/\n"
		  "\"@authority\": [::1]\n\"@scheme\": http\n"
		  "\"@request-target\": /\n\"@path\": /\n\"@query\": ?\n" },
		{ "https", "[::1]:8443", "/",
		  "\"@method\": POST\n\"@target-uri\": https://[::1]:8443/\n"
		  "\"@authority\": [::1]:8443\n\"@scheme\": https\n"
		  "\"@request-target\": /\n\"@path\": /\n\"@query\": ?\n" },
		{ "https", "[::443]", "/",
		  "\"@method\": POST\n\"@target-uri\": https://[::443]/\n"
		  "\"@authority\": [::443]\n\"@scheme\": https\n"
		  "\"@request-target\": /\n\"@path\": /\n\"@query\": ?\n" },
	};
	static const char in[] = "s=(\"@method\" \"@target-uri\" \"@authority\" \"@scheme\" "
	    "\"@request-target\" \"@path\" \"@query\");created=1;keyid=\"k\"";
	struct httpsig_sig s;
	struct buf base;
	char why[128], want[1024];
	size_t i;

	CU_ASSERT_EQUAL_FATAL(select_sig(in, "s=:AAAA:", NULL, &s, why, sizeof(why)), 0);
	for (i = 0; i < NELEM(rows); i++) {
		const struct httpsig_request rq = { "POST", rows[i].scheme, rows[i].authority,
			rows[i].target, rfc_field, NULL };

		buf_init(&base, 8192);
		UNIT_CHECK(httpsig_base(&input, &s, &rq, &base, why, sizeof(why)) == 0,
		    "row %zu: %s", i, why);
		snprintf(want, sizeof(want), "%s\"@signature-params\": %s", rows[i].base,
		    in + 2);
		UNIT_STR_EQ(buf_cstr(&base), want, rows[i].target);
		buf_free(&base);
	}
}

/* A field's value is trimmed; a missing field, and a control byte, fail. */
static void
test_fields(void)
{
	struct httpsig_sig s;
	struct buf base;
	char why[128];

	CU_ASSERT_EQUAL_FATAL(select_sig("s=(\"content-digest\");created=1;keyid=\"k\"",
	    "s=:AAAA:", NULL, &s, why, sizeof(why)), 0);
	buf_init(&base, 8192);
	CU_ASSERT_EQUAL(httpsig_base(&input, &s, &rfc_request, &base, why, sizeof(why)), 0);
	CU_ASSERT_STRING_EQUAL(buf_cstr(&base), "\"content-digest\": sha-256=:X48E9qOokqqrvd"
	    "ts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:\n\"@signature-params\": (\"content-digest\");"
	    "created=1;keyid=\"k\"");
	buf_free(&base);
	CU_ASSERT_EQUAL_FATAL(select_sig("s=(\"x-absent\");created=1;keyid=\"k\"", "s=:AAAA:",
	    NULL, &s, why, sizeof(why)), 0);
	buf_init(&base, 8192);
	CU_ASSERT_EQUAL(httpsig_base(&input, &s, &rfc_request, &base, why, sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "the request has no x-absent field");
	buf_free(&base);
	CU_ASSERT_EQUAL_FATAL(select_sig("s=(\"x-ctl\");created=1;keyid=\"k\"", "s=:AAAA:",
	    NULL, &s, why, sizeof(why)), 0);
	buf_init(&base, 8192);
	CU_ASSERT_EQUAL(httpsig_base(&input, &s, &rfc_request, &base, why, sizeof(why)), -1);
	buf_free(&base);
	/* a base over the buffer's maximum fails, it is not cut */
	CU_ASSERT_EQUAL_FATAL(select_sig(b26_input, b26_signature, NULL, &s, why, sizeof(why)), 0);
	buf_init(&base, 64);
	CU_ASSERT_EQUAL(httpsig_base(&input, &s, &rfc_request, &base, why, sizeof(why)), -1);
	buf_free(&base);
}

/* What httpsig_select refuses, with the reason it gives. */
static void
test_select_refusals(void)
{
	static const struct {
		const char *input, *sig, *why;
	} rows[] = {
		{ "a=(\"@method\");created=1;keyid=\"k\", b=(\"@method\");created=1;keyid=\"k\"",
		  "a=:AAAA:", "exactly one signature is taken" },
		{ "a=(\"@method\");created=1;keyid=\"k\"", "a=:AAAA:, b=:AAAA:",
		  "exactly one signature is taken" },
		{ "a=(\"@method\");created=1;keyid=\"k\"", "b=:AAAA:",
		  "Signature and Signature-Input name different labels" },
		{ "a=\"@method\"", "a=:AAAA:", "Signature-Input is not an inner list" },
		{ "a=(\"@method\");created=1;keyid=\"k\"", "a=\"AAAA\"",
		  "Signature is not a byte sequence" },
		{ "a=(\"@method\");created=1;keyid=\"k\"", "a=(:AAAA:)",
		  "Signature is not a byte sequence" },
		{ "a=(\"@method\");created=1;keyid=\"k\"", "a=:AAAA:;p=1",
		  "Signature is not a byte sequence" },
		{ "a=(method);created=1;keyid=\"k\"", "a=:AAAA:", "an unsupported covered component" },
		{ "a=(\"@status\");created=1;keyid=\"k\"", "a=:AAAA:", "an unsupported covered component" },
		{ "a=(\"@query-param\";name=\"x\");created=1;keyid=\"k\"", "a=:AAAA:",
		  "an unsupported covered component" },
		{ "a=(\"Content-Digest\");created=1;keyid=\"k\"", "a=:AAAA:",
		  "an unsupported covered component" },
		{ "a=(\"\");created=1;keyid=\"k\"", "a=:AAAA:", "an unsupported covered component" },
		{ "a=(\"content-digest\";sf);created=1;keyid=\"k\"", "a=:AAAA:",
		  "component parameters are not supported" },
		{ "a=(\"content-digest\";req);created=1;keyid=\"k\"", "a=:AAAA:",
		  "component parameters are not supported" },
		{ "a=(\"@method\" \"@method\");created=1;keyid=\"k\"", "a=:AAAA:",
		  "a component covered twice" },
		{ "a=(\"@method\");created=1", "a=:AAAA:", "no keyid, or a malformed one" },
		{ "a=(\"@method\");created=1;keyid=k", "a=:AAAA:", "no keyid, or a malformed one" },
		{ "a=(\"@method\");created=1;keyid=\"a b\"", "a=:AAAA:", "no keyid, or a malformed one" },
		{ "a=(\"@method\");created=1;keyid=\"\"", "a=:AAAA:", "no keyid, or a malformed one" },
		{ "a=(\"@method\");keyid=\"k\"", "a=:AAAA:", "no created parameter" },
		{ "a=(\"@method\");created=\"1\";keyid=\"k\"", "a=:AAAA:", "no created parameter" },
		{ "a=(\"@method\");created=1.5;keyid=\"k\"", "a=:AAAA:", "no created parameter" },
		{ "a=(\"@method\");created=1;keyid=\"k\";expires=x", "a=:AAAA:",
		  "expires is not an integer" },
		{ "a=(\"@method\");created=1;keyid=\"k\";alg=ed25519", "a=:AAAA:",
		  "alg is not a string" },
	};
	struct httpsig_sig s;
	char why[128];
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		why[0] = '\0';
		UNIT_CHECK(select_sig(rows[i].input, rows[i].sig, NULL, &s, why, sizeof(why)) == -1,
		    "row %zu accepted", i);
		UNIT_STR_EQ(why, rows[i].why, rows[i].input);
	}
}

static void
test_content_digest(void)
{
	static const char hello[] = "{\"hello\": \"world\"}";
	char why[128];

	/* RFC 9530 section 2's example, and the empty body */
	CU_ASSERT_EQUAL(httpsig_content_digest_check(
	    "sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:", 54, hello, strlen(hello),
	    why, sizeof(why)), 0);
	CU_ASSERT_EQUAL(httpsig_content_digest_check(
	    "sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:", 54, "", 0, why,
	    sizeof(why)), 0);
	/* with another algorithm beside it, which is ignored */
	CU_ASSERT_EQUAL(httpsig_content_digest_check("sha-512=:AAAA:, sha-256=:X48E9qOokqqrvd"
	    "ts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:", 70, hello, strlen(hello), why, sizeof(why)), 0);
	/* one byte of the body changed; the empty body's digest for a body */
	CU_ASSERT_EQUAL(httpsig_content_digest_check(
	    "sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:", 54, "{\"hello\": \"World\"}",
	    strlen(hello), why, sizeof(why)), -2);
	CU_ASSERT_EQUAL(httpsig_content_digest_check(
	    "sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:", 54, hello, strlen(hello),
	    why, sizeof(why)), -2);
	/* a digest of the wrong length differs */
	CU_ASSERT_EQUAL(httpsig_content_digest_check("sha-256=:AAAA:", 14, "", 0, why,
	    sizeof(why)), -2);
	/* no sha-256, or not a byte sequence, or not a dictionary */
	CU_ASSERT_EQUAL(httpsig_content_digest_check("sha-512=:AAAA:", 14, "", 0, why,
	    sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "no sha-256 byte sequence");
	CU_ASSERT_EQUAL(httpsig_content_digest_check("sha-256=\"x\"", 11, "", 0, why,
	    sizeof(why)), -1);
	CU_ASSERT_EQUAL(httpsig_content_digest_check("SHA-256=:AAAA:", 14, "", 0, why,
	    sizeof(why)), -1);
	CU_ASSERT_EQUAL(httpsig_content_digest_check("sha-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWx"
	    "Bf7kbu9DBPE=", 52, hello, strlen(hello), why, sizeof(why)), -1);
}

/* The public PEM of k into pem (cap bytes); its length. */
static size_t
public_pem(EVP_PKEY *k, char *pem, size_t cap)
{
	BIO *b = BIO_new(BIO_s_mem());
	int n;

	CU_ASSERT_FATAL(b != NULL && PEM_write_bio_PUBKEY(b, k) == 1);
	n = BIO_read(b, pem, (int)cap - 1);
	BIO_free(b);
	CU_ASSERT_FATAL(n > 0);
	pem[n] = '\0';
	return (size_t)n;
}

/* ecdsa-p256-sha256: OpenSSL signs (DER), the signature goes as r || s. */
static void
test_ecdsa(void)
{
	static const char base[] = "\"@method\": GET\n\"@signature-params\": (\"@method\")";
	EVP_PKEY *k = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	EVP_PKEY *other = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-384");
	EVP_PKEY *ed = EVP_PKEY_Q_keygen(NULL, NULL, "ED25519");
	unsigned char der[128], raw[64];
	const unsigned char *p = der;
	const BIGNUM *r, *s;
	char pem[1024], why[128];
	size_t derlen = sizeof(der), pemlen;
	EVP_MD_CTX *md = EVP_MD_CTX_new();
	ECDSA_SIG *es;

	CU_ASSERT_FATAL(k != NULL && other != NULL && ed != NULL && md != NULL);
	CU_ASSERT_FATAL(EVP_DigestSignInit(md, NULL, EVP_sha256(), NULL, k) == 1 &&
	    EVP_DigestSign(md, der, &derlen, (const unsigned char *)base, strlen(base)) == 1);
	es = d2i_ECDSA_SIG(NULL, &p, (long)derlen);
	CU_ASSERT_FATAL(es != NULL);
	ECDSA_SIG_get0(es, &r, &s);
	CU_ASSERT_FATAL(BN_bn2binpad(r, raw, 32) == 32 && BN_bn2binpad(s, raw + 32, 32) == 32);
	ECDSA_SIG_free(es);
	pemlen = public_pem(k, pem, sizeof(pem));
	CU_ASSERT_EQUAL(httpsig_public_key_check(HTTPSIG_ECDSA_P256_SHA256, pem, pemlen, why,
	    sizeof(why)), 0);
	CU_ASSERT_EQUAL(httpsig_public_key_check(HTTPSIG_ED25519, pem, pemlen, why, sizeof(why)),
	    -1);
	CU_ASSERT_EQUAL(httpsig_verify(HTTPSIG_ECDSA_P256_SHA256, pem, pemlen, base, strlen(base),
	    raw, sizeof(raw)), 1);
	/* DER is not the wire form */
	CU_ASSERT_EQUAL(httpsig_verify(HTTPSIG_ECDSA_P256_SHA256, pem, pemlen, base, strlen(base),
	    der, derlen), 0);
	raw[40] ^= 0x80;
	CU_ASSERT_EQUAL(httpsig_verify(HTTPSIG_ECDSA_P256_SHA256, pem, pemlen, base, strlen(base),
	    raw, sizeof(raw)), 0);
	CU_ASSERT_EQUAL(httpsig_verify(HTTPSIG_ED25519, pem, pemlen, base, strlen(base), raw,
	    sizeof(raw)), -1);
	/* P-384 is not P-256; an Ed25519 key is no EC key; junk is no key */
	pemlen = public_pem(other, pem, sizeof(pem));
	CU_ASSERT_EQUAL(httpsig_public_key_check(HTTPSIG_ECDSA_P256_SHA256, pem, pemlen, why,
	    sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "not an EC key on P-256");
	pemlen = public_pem(ed, pem, sizeof(pem));
	CU_ASSERT_EQUAL(httpsig_public_key_check(HTTPSIG_ED25519, pem, pemlen, why, sizeof(why)),
	    0);
	CU_ASSERT_EQUAL(httpsig_public_key_check(HTTPSIG_ECDSA_P256_SHA256, pem, pemlen, why,
	    sizeof(why)), -1);
	CU_ASSERT_EQUAL(httpsig_public_key_check(HTTPSIG_ED25519, "junk", 4, why, sizeof(why)), -1);
	CU_ASSERT_STRING_EQUAL(why, "not a PEM public key (SubjectPublicKeyInfo)");
	EVP_MD_CTX_free(md);
	EVP_PKEY_free(k);
	EVP_PKEY_free(other);
	EVP_PKEY_free(ed);
}

static void
test_names(void)
{
	CU_ASSERT_EQUAL(httpsig_alg_parse("ed25519"), HTTPSIG_ED25519);
	CU_ASSERT_EQUAL(httpsig_alg_parse("ecdsa-p256-sha256"), HTTPSIG_ECDSA_P256_SHA256);
	CU_ASSERT_EQUAL(httpsig_alg_parse("Ed25519"), HTTPSIG_ALG_NONE);
	CU_ASSERT_EQUAL(httpsig_alg_parse("hmac-sha256"), HTTPSIG_ALG_NONE);
	CU_ASSERT_EQUAL(httpsig_alg_parse(NULL), HTTPSIG_ALG_NONE);
	CU_ASSERT_STRING_EQUAL(httpsig_alg_name(HTTPSIG_ECDSA_P256_SHA256), "ecdsa-p256-sha256");
	CU_ASSERT_TRUE(httpsig_keyid_ok("test-key-ed25519"));
	CU_ASSERT_TRUE(httpsig_keyid_ok("a.b_c:d-E9"));
	CU_ASSERT_FALSE(httpsig_keyid_ok(""));
	CU_ASSERT_FALSE(httpsig_keyid_ok("a/b"));
	CU_ASSERT_FALSE(httpsig_keyid_ok("a\"b"));
	CU_ASSERT_TRUE(httpsig_keyid_ok("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"));
	CU_ASSERT_FALSE(httpsig_keyid_ok("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"));
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "RFC 9421 B.2.6: the ed25519 vector's base and signature", test_rfc_b26 },
		{ "the required components refuse the RFC's example", test_required },
		{ "every derived component, the authority normalised", test_derived },
		{ "fields trimmed; missing or control bytes fail", test_fields },
		{ "httpsig_select's refusals and reasons", test_select_refusals },
		{ "Content-Digest sha-256 (RFC 9530) against the body", test_content_digest },
		{ "ecdsa-p256-sha256 against OpenSSL's signatures", test_ecdsa },
		{ "algorithm names and keyids", test_names },
	};

	return tu_main("httpsig", NULL, NULL, tests, NELEM(tests));
}
