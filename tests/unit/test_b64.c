/* Unit tests for lib/core/b64.c: base64url without padding, and standard
 * base64 with padding (b64std_decode). */
#include "core/b64.h"

#include <CUnit/Basic.h>
#include <stdint.h>
#include <string.h>
#include <openssl/evp.h>

#include "unit.h"

#define FAIL ((size_t)-1)

struct vector {
	const char *raw;
	size_t rawlen;
	const char *enc;
};

/* RFC 4648 section 10 vectors with the padding removed, plus - and _. */
static const struct vector vectors[] = {
	{ "", 0, "" },
	{ "f", 1, "Zg" },
	{ "fo", 2, "Zm8" },
	{ "foo", 3, "Zm9v" },
	{ "foob", 4, "Zm9vYg" },
	{ "fooba", 5, "Zm9vYmE" },
	{ "foobar", 6, "Zm9vYmFy" },
	{ "\xfb\xff", 2, "-_8" },
	{ "\xfb\xff\xbf", 3, "-_-_" },
	{ "\x00", 1, "AA" },
	{ "\x00\x00\x00", 3, "AAAA" },
	{ "\xff\xff\xff", 3, "____" },
};

static void
test_vectors(void)
{
	char enc[64];
	unsigned char dec[64];

	for (size_t i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++) {
		const struct vector *t = &vectors[i];
		size_t elen = strlen(t->enc);

		CU_ASSERT_EQUAL(b64url_encoded_len(t->rawlen), elen);
		CU_ASSERT_EQUAL(b64url_encode((const unsigned char *)t->raw,
		    t->rawlen, enc, sizeof(enc)), elen);
		CU_ASSERT_STRING_EQUAL(enc, t->enc);
		CU_ASSERT_EQUAL(b64url_decode(t->enc, elen, dec, sizeof(dec)),
		    t->rawlen);
		CU_ASSERT(memcmp(dec, t->raw, t->rawlen) == 0);
	}
}

static void
test_round_trip(void)
{
	unsigned char raw[200];
	unsigned char dec[200];
	char enc[300];
	struct tu_rng rng;

	tu_rng_seed(&rng, 0x9e3779b9u);
	for (size_t n = 0; n <= sizeof(raw); n++) {
		size_t elen;

		tu_rng_bytes(&rng, raw, n);
		elen = b64url_encode(raw, n, enc, sizeof(enc));
		CU_ASSERT_EQUAL_FATAL(elen, b64url_encoded_len(n));
		CU_ASSERT_EQUAL(strlen(enc), elen);
		CU_ASSERT(strspn(enc, TU_B64URL_ALPHABET) == elen);
		CU_ASSERT_EQUAL_FATAL(b64url_decode(enc, elen, dec, n), n);
		CU_ASSERT(memcmp(raw, dec, n) == 0);
	}
}

static const char *const bad_inputs[] = {
	"Zg==",    /* padding */
	"Zm8=",    /* padding */
	"Zg=",     /* padding, odd length */
	"+_8",     /* standard alphabet */
	"-/8",     /* standard alphabet */
	"Zm 9v",   /* space inside */
	"Zm9v ",   /* trailing space */
	"Zm9v\n",  /* newline */
	"Z",       /* length 4k+1 */
	"Zm9vY",   /* length 4k+1 */
	"Zh",      /* 'h' leaves non-zero trailing bits (f -> "Zg") */
	"Zm9",     /* '9' leaves non-zero trailing bits (fo -> "Zm8") */
	"Zm9v*mFy", /* outside the alphabet */
	"Zm\x80v", /* high byte */
};

static void
test_rejections(void)
{
	unsigned char dec[64];

	for (size_t i = 0; i < NELEM(bad_inputs); i++)
		CU_ASSERT_EQUAL(b64url_decode(bad_inputs[i],
		    strlen(bad_inputs[i]), dec, sizeof(dec)), FAIL);
	/* an embedded NUL is not in the alphabet either */
	CU_ASSERT_EQUAL(b64url_decode("Zm\0v", 4, dec, sizeof(dec)), FAIL);
}

static void
test_capacity(void)
{
	unsigned char dec[6];
	char enc[9];

	/* decode: "Zm9vYmFy" is 6 bytes */
	CU_ASSERT_EQUAL(b64url_decode("Zm9vYmFy", 8, dec, 5), FAIL);
	CU_ASSERT_EQUAL(b64url_decode("Zm9vYmFy", 8, dec, 6), 6);
	CU_ASSERT_EQUAL(b64url_decode("Zm9vYg", 6, dec, 3), FAIL);
	CU_ASSERT_EQUAL(b64url_decode("", 0, NULL, 0), 0);
	/* encode needs room for the NUL too, and leaves out alone otherwise */
	memset(enc, 'x', sizeof(enc));
	CU_ASSERT_EQUAL(b64url_encode((const unsigned char *)"foobar", 6, enc,
	    8), FAIL);
	CU_ASSERT_EQUAL(enc[0], 'x');
	CU_ASSERT_EQUAL(b64url_encode((const unsigned char *)"foobar", 6, enc,
	    9), 8);
	CU_ASSERT_EQUAL(b64url_encode((const unsigned char *)"", 0, enc, 0),
	    FAIL);
	CU_ASSERT_EQUAL(b64url_encode((const unsigned char *)"", 0, enc, 1), 0);
	CU_ASSERT_STRING_EQUAL(enc, "");
	CU_ASSERT_EQUAL(b64url_encode(NULL, 0, NULL, 1), FAIL);
	CU_ASSERT_EQUAL(b64url_encoded_len(SIZE_MAX), SIZE_MAX);
}

/* RFC 4648 section 10, padded, plus both of '+' and '/'. */
static const struct vector std_vectors[] = {
	{ "", 0, "" },
	{ "f", 1, "Zg==" },
	{ "fo", 2, "Zm8=" },
	{ "foo", 3, "Zm9v" },
	{ "foob", 4, "Zm9vYg==" },
	{ "fooba", 5, "Zm9vYmE=" },
	{ "foobar", 6, "Zm9vYmFy" },
	{ "\xfb\xff", 2, "+/8=" },
	{ "\xfb\xff\xbf", 3, "+/+/" },
	{ "\xff\xd8\xff", 3, "/9j/" },
	{ "\x00", 1, "AA==" },
};

static void
test_std_vectors(void)
{
	unsigned char dec[64];
	size_t i, n;

	for (i = 0; i < NELEM(std_vectors); i++) {
		const struct vector *t = &std_vectors[i];

		n = b64std_decode(t->enc, strlen(t->enc), dec, sizeof(dec));
		UNIT_CHECK(n == t->rawlen, "std \"%s\": length %zu want %zu", t->enc,
		    n, t->rawlen);
		UNIT_CHECK(n == t->rawlen && memcmp(dec, t->raw, n) == 0,
		    "std \"%s\": bytes differ", t->enc);
		UNIT_CHECK(b64std_decoded_len(t->enc, strlen(t->enc)) == t->rawlen,
		    "std \"%s\": decoded_len", t->enc);
	}
}

/* What OpenSSL encodes, we decode, for every length 0..300. */
static void
test_std_round_trip(void)
{
	unsigned char raw[300], dec[300];
	char enc[420];
	struct tu_rng rng;
	size_t n;
	int elen;

	tu_rng_seed(&rng, 0x5eed5eedu);
	for (n = 0; n <= sizeof(raw); n++) {
		tu_rng_bytes(&rng, raw, n);
		elen = EVP_EncodeBlock((unsigned char *)enc, raw, (int)n);
		UNIT_REQUIRE(elen >= 0, "EVP_EncodeBlock of %zu bytes", n);
		UNIT_CHECK(b64std_decode(enc, (size_t)elen, dec, sizeof(dec)) == n &&
		    memcmp(raw, dec, n) == 0, "round trip of %zu bytes", n);
		/* one byte of room too few is refused */
		if (n > 0)
			UNIT_CHECK(b64std_decode(enc, (size_t)elen, dec, n - 1) == FAIL,
			    "capacity %zu for %zu bytes", n - 1, n);
	}
}

static const char *const std_bad[] = {
	"Zg",         /* no padding */
	"Zm8",        /* no padding */
	"Zg=",        /* short padding */
	"Zg===",      /* too much padding, 4k+1 */
	"Z===",       /* three '=' */
	"====",       /* nothing but padding */
	"Zg==Zg==",   /* padding in the middle */
	"Z=g=",       /* '=' before data */
	"Zm=v",       /* '=' inside the last group */
	"Zh==",       /* 'h' leaves non-zero bits under the padding */
	"Zm9=",       /* '9' leaves non-zero bits under the padding */
	"-_8=",       /* url alphabet */
	"Zm9v\n",     /* line break */
	"Zm9v\r\nYmFy", /* MIME line break */
	" Zm9v",      /* leading space */
	"Zm 9v",      /* space inside */
	"Zm9v ",      /* trailing space */
	"Zm9v*mFy",   /* outside the alphabet */
	"Zm\x80v",    /* high byte */
	"data:image/jpeg;base64,/9j/", /* a data URL */
	"Z",          /* 4k+1 */
};

static void
test_std_rejections(void)
{
	unsigned char dec[64];
	size_t i;

	for (i = 0; i < NELEM(std_bad); i++)
		UNIT_CHECK(b64std_decode(std_bad[i], strlen(std_bad[i]), dec,
		    sizeof(dec)) == FAIL, "std bad row %zu \"%s\" accepted", i, std_bad[i]);
	CU_ASSERT_EQUAL(b64std_decode("Zm\0v", 4, dec, sizeof(dec)), FAIL);
	CU_ASSERT_EQUAL(b64std_decoded_len("Zm9", 3), FAIL);
	CU_ASSERT_EQUAL(b64std_decoded_len(NULL, 4), FAIL);
	CU_ASSERT_EQUAL(b64std_decode("", 0, NULL, 0), 0);
	CU_ASSERT_EQUAL(b64std_decode("Zm9v", 4, NULL, 3), FAIL);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "known vectors", test_vectors },
		{ "round trips 0..200", test_round_trip },
		{ "strict rejections", test_rejections },
		{ "output capacity", test_capacity },
		{ "standard: known vectors", test_std_vectors },
		{ "standard: OpenSSL's encodings round-trip, 0..300 bytes", test_std_round_trip },
		{ "standard: strict rejections", test_std_rejections },
	};

	return tu_main("b64", NULL, NULL, tests, NELEM(tests));
}
