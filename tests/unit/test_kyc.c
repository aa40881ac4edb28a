/*
 * Unit tests for the pure parts of KYC: the date-of-birth and age check,
 * image magic bytes, document types, full names, the sandbox's magic
 * document numbers, AES-256-GCM sealing (lib/core/aead.c: known answers,
 * round trips, tamper detection) and its binding to a submission and an
 * image role, the kyc.encryption_key config key, and kyc_submit's checks
 * that run before the database (no key: 503; each bad field named).
 */
#include "core/aead.h"
#include "core/cfg.h"
#include "domain/wallet/kyc.h"
#include "sandbox/kyc.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "unit.h"

/* Unix time of a UTC day at noon. */
static long long
day(int y, int m, int d)
{
	struct tm tm;

	memset(&tm, 0, sizeof(tm));
	tm.tm_year = y - 1900;
	tm.tm_mon = m - 1;
	tm.tm_mday = d;
	tm.tm_hour = 12;
	return (long long)timegm(&tm);
}

static void
test_dob(void)
{
	const long long mar15 = day(2026, 3, 15);
	static const struct {
		const char *dob;
		int y, m, d; /* today */
		enum kyc_dob want;
	} rows[] = {
		{ "2008-03-15", 2026, 3, 15, KYC_DOB_OK },        /* 18 today */
		{ "2008-03-14", 2026, 3, 15, KYC_DOB_OK },
		{ "2008-03-16", 2026, 3, 15, KYC_DOB_UNDER_AGE }, /* 18 tomorrow */
		{ "2008-12-31", 2026, 3, 15, KYC_DOB_UNDER_AGE },
		{ "2007-12-31", 2026, 3, 15, KYC_DOB_OK },
		{ "2026-03-15", 2026, 3, 15, KYC_DOB_UNDER_AGE }, /* born today */
		{ "2026-03-16", 2026, 3, 15, KYC_DOB_FUTURE },
		{ "2030-01-01", 2026, 3, 15, KYC_DOB_FUTURE },
		{ "1900-01-01", 2026, 3, 15, KYC_DOB_OK },
		{ "1899-12-31", 2026, 3, 15, KYC_DOB_NOT_A_DATE },
		{ "0000-01-01", 2026, 3, 15, KYC_DOB_NOT_A_DATE },
		{ "2000-02-30", 2026, 3, 15, KYC_DOB_NOT_A_DATE }, /* Feb 30 */
		{ "2000-02-29", 2026, 3, 15, KYC_DOB_OK },         /* leap (400) */
		{ "2001-02-29", 2026, 3, 15, KYC_DOB_NOT_A_DATE },
		{ "1900-02-29", 2026, 3, 15, KYC_DOB_NOT_A_DATE }, /* not leap (100) */
		{ "2004-02-29", 2026, 3, 15, KYC_DOB_OK },
		{ "2000-04-31", 2026, 3, 15, KYC_DOB_NOT_A_DATE },
		{ "2000-13-01", 2026, 3, 15, KYC_DOB_NOT_A_DATE },
		{ "2000-00-10", 2026, 3, 15, KYC_DOB_NOT_A_DATE },
		{ "2000-01-00", 2026, 3, 15, KYC_DOB_NOT_A_DATE },
		{ "2000-01-32", 2026, 3, 15, KYC_DOB_NOT_A_DATE },
		/* 29 February: of age on 1 March in a common year */
		{ "2008-02-29", 2026, 2, 28, KYC_DOB_UNDER_AGE },
		{ "2008-02-29", 2026, 3, 1, KYC_DOB_OK },
		{ "2008-02-29", 2025, 12, 31, KYC_DOB_UNDER_AGE },
		{ "2004-02-29", 2022, 2, 28, KYC_DOB_UNDER_AGE },
		{ "2004-02-29", 2022, 3, 1, KYC_DOB_OK },
		/* across the year end */
		{ "2008-01-01", 2025, 12, 31, KYC_DOB_UNDER_AGE },
		{ "2008-01-01", 2026, 1, 1, KYC_DOB_OK },
		/* shapes */
		{ "2000-1-01", 2026, 3, 15, KYC_DOB_FORMAT },
		{ "2000/01/01", 2026, 3, 15, KYC_DOB_FORMAT },
		{ "20000101", 2026, 3, 15, KYC_DOB_FORMAT },
		{ "01-01-2000", 2026, 3, 15, KYC_DOB_FORMAT },
		{ "2000-01-01T00:00:00Z", 2026, 3, 15, KYC_DOB_FORMAT },
		{ " 2000-01-01", 2026, 3, 15, KYC_DOB_FORMAT },
		{ "2000-01-01 ", 2026, 3, 15, KYC_DOB_FORMAT },
		{ "2000-01-0a", 2026, 3, 15, KYC_DOB_FORMAT },
		{ "+200-01-01", 2026, 3, 15, KYC_DOB_FORMAT },
		{ "-200-01-01", 2026, 3, 15, KYC_DOB_FORMAT },
		{ "", 2026, 3, 15, KYC_DOB_FORMAT },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		enum kyc_dob got = kyc_dob_check(rows[i].dob, strlen(rows[i].dob),
		    day(rows[i].y, rows[i].m, rows[i].d));

		UNIT_CHECK(got == rows[i].want, "dob row %zu \"%s\" on %04d-%02d-%02d: %d want %d",
		    i, rows[i].dob, rows[i].y, rows[i].m, rows[i].d, (int)got,
		    (int)rows[i].want);
	}
	/* an embedded NUL, NULL, and the first second and last second of a day */
	CU_ASSERT_EQUAL(kyc_dob_check("2000-01-0\0", 10, mar15), KYC_DOB_FORMAT);
	CU_ASSERT_EQUAL(kyc_dob_check(NULL, 0, mar15), KYC_DOB_FORMAT);
	CU_ASSERT_EQUAL(kyc_dob_check("2008-03-15", 10, day(2026, 3, 15) - 12 * 3600), KYC_DOB_OK);
	CU_ASSERT_EQUAL(kyc_dob_check("2008-03-15", 10, day(2026, 3, 15) - 12 * 3600 - 1),
	    KYC_DOB_UNDER_AGE);
	CU_ASSERT_STRING_EQUAL(kyc_dob_reason(KYC_DOB_UNDER_AGE),
	    "the holder must be at least 18 years old");
	CU_ASSERT_STRING_EQUAL(kyc_dob_reason(KYC_DOB_OK), "");
}

static void
test_image_magic(void)
{
	static const struct {
		const char *label;
		const char *bytes;
		size_t n;
		const char *want;
	} rows[] = {
		{ "JFIF", "\xff\xd8\xff\xe0\x00\x10JFIF", 10, "image/jpeg" },
		{ "Exif", "\xff\xd8\xff\xe1", 4, "image/jpeg" },
		{ "JPEG magic alone", "\xff\xd8\xff", 3, "image/jpeg" },
		{ "JPEG cut", "\xff\xd8", 2, NULL },
		{ "JPEG wrong third", "\xff\xd8\xfe", 3, NULL },
		{ "PNG", "\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16, "image/png" },
		{ "PNG magic alone", "\x89PNG\r\n\x1a\n", 8, "image/png" },
		{ "PNG cut", "\x89PNG\r\n\x1a", 7, NULL },
		{ "PNG wrong last", "\x89PNG\r\n\x1a\x0b", 8, NULL },
		{ "PNG text", "PNG\r\n\x1a\n", 7, NULL },
		{ "GIF89a", "GIF89a\x01\0\x01\0", 10, NULL },
		{ "GIF87a", "GIF87a", 6, NULL },
		{ "BMP", "BM\x36\0\0\0", 6, NULL },
		{ "WebP", "RIFF\0\0\0\0WEBPVP8 ", 16, NULL },
		{ "PDF", "%PDF-1.7", 8, NULL },
		{ "text", "hello, world", 12, NULL },
		{ "empty", "", 0, NULL },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++)
		UNIT_STR_EQ(kyc_image_type((const unsigned char *)rows[i].bytes, rows[i].n),
		    rows[i].want, rows[i].label);
	CU_ASSERT_PTR_NULL(kyc_image_type(NULL, 3));
}

static void
test_document_type(void)
{
	static const struct {
		const char *s;
		int ok;
	} rows[] = {
		{ "passport", 1 }, { "national_id", 1 }, { "drivers_license", 1 },
		{ "voter_id", 1 }, { "Passport", 0 }, { "PASSPORT", 0 },
		{ "passport ", 0 }, { "national-id", 0 }, { "drivers_licence", 0 },
		{ "id_card", 0 }, { "", 0 }, { "pass", 0 },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++)
		UNIT_CHECK(kyc_document_type_ok(rows[i].s, strlen(rows[i].s)) == rows[i].ok,
		    "document type \"%s\" want %d", rows[i].s, rows[i].ok);
	CU_ASSERT_FALSE(kyc_document_type_ok("passport\0", 9));
	CU_ASSERT_FALSE(kyc_document_type_ok(NULL, 0));
}

static void
test_full_name(void)
{
	static char a200[201], a201[202], e200[401], e201[403];
	static const struct {
		const char *label, *s;
		int ok;
	} rows[] = {
		{ "plain", "Ama Mensah", 1 },
		{ "one letter", "A", 1 },
		{ "accents", "Jos\xc3\xa9 Ant\xc3\xb3nio", 1 },
		{ "Akan open o", "\xc6\x86" "d\xc9\x94 Mensah", 1 },
		{ "hyphen, apostrophe", "Ama O'Neil-Boateng", 1 },
		{ "four-byte", "Ama \xf0\x9f\x98\x80", 1 },
		{ "200 letters", a200, 1 },
		{ "201 letters", a201, 0 },
		{ "200 two-byte characters", e200, 1 },
		{ "201 two-byte characters", e201, 0 },
		{ "empty", "", 0 },
		{ "spaces only", "   ", 0 },
		{ "tab", "Ama\tMensah", 0 },
		{ "newline", "Ama\nMensah", 0 },
		{ "DEL", "Ama\x7f", 0 },
		{ "C1 NEL", "Ama\xc2\x85", 0 },
		{ "cut sequence", "Ama \xc3", 0 },
		{ "overlong slash", "Ama \xc0\xaf", 0 },
		{ "surrogate", "Ama \xed\xa0\x80", 0 },
		{ "past U+10FFFF", "Ama \xf4\x90\x80\x80", 0 },
		{ "lone continuation", "Ama \x80", 0 },
	};
	size_t i;

	memset(a200, 'a', 200);
	memset(a201, 'a', 201);
	for (i = 0; i < 200; i++)
		memcpy(e200 + 2 * i, "\xc3\xa9", 2);
	for (i = 0; i < 201; i++)
		memcpy(e201 + 2 * i, "\xc3\xa9", 2);
	for (i = 0; i < NELEM(rows); i++)
		UNIT_CHECK(kyc_name_ok(rows[i].s, strlen(rows[i].s)) == rows[i].ok,
		    "name %s: want %d", rows[i].label, rows[i].ok);
	CU_ASSERT_FALSE(kyc_name_ok("Ama\0Mensah", 10));
	CU_ASSERT_FALSE(kyc_name_ok(NULL, 0));
}

static void
test_sandbox_verdict(void)
{
	static const struct {
		const char *number;
		enum sandbox_kyc_verdict want;
	} rows[] = {
		{ "GHA-123450000", SANDBOX_KYC_APPROVE }, { "0000", SANDBOX_KYC_APPROVE },
		{ "11110000", SANDBOX_KYC_APPROVE }, { "P1111", SANDBOX_KYC_REJECT },
		{ "1111", SANDBOX_KYC_REJECT }, { "00001111", SANDBOX_KYC_REJECT },
		{ "000", SANDBOX_KYC_WAIT }, { "111", SANDBOX_KYC_WAIT }, { "00000", SANDBOX_KYC_APPROVE },
		{ "0000A", SANDBOX_KYC_WAIT }, { "11110", SANDBOX_KYC_WAIT }, { "GHA-1234", SANDBOX_KYC_WAIT },
		{ "", SANDBOX_KYC_WAIT },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++)
		UNIT_CHECK(sandbox_kyc_verdict(rows[i].number) == rows[i].want,
		    "verdict \"%s\" want %d", rows[i].number, (int)rows[i].want);
	CU_ASSERT_EQUAL(sandbox_kyc_verdict(NULL), SANDBOX_KYC_WAIT);
}

/* Hex text to bytes (tests only; the input is known good). */
static size_t
unhex(const char *h, unsigned char *out)
{
	size_t i, n = strlen(h) / 2;

	for (i = 0; i < n; i++) {
		unsigned v = 0;
		int k;

		for (k = 0; k < 2; k++) {
			char c = h[2 * i + (size_t)k];

			v = v * 16 + (unsigned)(c <= '9' ? c - '0' : c - 'a' + 10);
		}
		out[i] = (unsigned char)v;
	}
	return n;
}

/*
 * The AES-256 vectors of the GCM specification (McGrew and Viega), test
 * cases 14 and 16, opened from iv || tag || ciphertext: the storage
 * format is standard GCM.
 */
static void
test_aead_known_answers(void)
{
	static const struct {
		const char *key, *iv, *pt, *aad, *ct, *tag;
	} v[] = {
		{ "0000000000000000000000000000000000000000000000000000000000000000",
		    "000000000000000000000000", "00000000000000000000000000000000", "",
		    "cea7403d4d606b6e074ec5d3baf39d18", "d0d1c8a799996bf0265b98b5d48ab919" },
		{ "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
		    "cafebabefacedbaddecaf888",
		    "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
		    "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39",
		    "feedfacedeadbeeffeedfacedeadbeefabaddad2",
		    "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
		    "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
		    "76fc6ece0f4e1768cddf8853bb2d551b" },
	};
	unsigned char key[32], blob[200], pt[100], aad[40], out[100];
	size_t i, n, ptn, aadn, got;

	for (i = 0; i < NELEM(v); i++) {
		UNIT_REQUIRE(aead_key_from_hex(v[i].key, key) == 0, "vector %zu key", i);
		n = unhex(v[i].iv, blob);
		n += unhex(v[i].tag, blob + n);
		n += unhex(v[i].ct, blob + n);
		ptn = unhex(v[i].pt, pt);
		aadn = unhex(v[i].aad, aad);
		UNIT_CHECK(aead_open(key, aadn ? aad : NULL, aadn, blob, n, out, sizeof(out),
		    &got) == 0, "vector %zu opens", i);
		UNIT_CHECK(got == ptn && memcmp(out, pt, ptn) == 0, "vector %zu plaintext", i);
		/* and a flipped tag bit does not */
		blob[AEAD_IV_BYTES] ^= 1;
		UNIT_CHECK(aead_open(key, aadn ? aad : NULL, aadn, blob, n, out, sizeof(out),
		    &got) != 0, "vector %zu with a changed tag", i);
	}
}

static const char test_key_hex[] =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

static void
test_aead_round_trip(void)
{
	unsigned char key[32], in[1024], aad[64], sealed[1024 + AEAD_OVERHEAD],
	    again[1024 + AEAD_OVERHEAD], out[1024];
	struct tu_rng rng;
	size_t n, slen, slen2, olen;

	CU_ASSERT_EQUAL_FATAL(aead_key_from_hex(test_key_hex, key), 0);
	tu_rng_seed(&rng, 0xa11ce);
	for (n = 0; n <= sizeof(in); n += (n < 40 ? 1 : 61)) {
		size_t alen = tu_rng_below(&rng, sizeof(aad));

		tu_rng_bytes(&rng, in, n);
		tu_rng_bytes(&rng, aad, alen);
		UNIT_REQUIRE(aead_seal(key, aad, alen, in, n, sealed, sizeof(sealed), &slen) == 0,
		    "seal %zu bytes", n);
		UNIT_CHECK(slen == n + AEAD_OVERHEAD, "sealed length of %zu", n);
		UNIT_CHECK(aead_open(key, aad, alen, sealed, slen, out, sizeof(out), &olen) == 0 &&
		    olen == n && memcmp(out, in, n) == 0, "round trip of %zu bytes", n);
		/* a fresh IV each time: the same input never seals the same */
		UNIT_REQUIRE(aead_seal(key, aad, alen, in, n, again, sizeof(again), &slen2) == 0,
		    "seal again");
		UNIT_CHECK(memcmp(sealed, again, AEAD_IV_BYTES) != 0, "IV reused at %zu", n);
		UNIT_CHECK(n < 16 || memcmp(sealed + AEAD_OVERHEAD, in, 16) != 0,
		    "plaintext visible at %zu", n);
	}
	/* room for the output is checked */
	CU_ASSERT_NOT_EQUAL(aead_seal(key, NULL, 0, in, 10, sealed, 10 + AEAD_OVERHEAD - 1,
	    &slen), 0);
	CU_ASSERT_EQUAL_FATAL(aead_seal(key, NULL, 0, in, 10, sealed, sizeof(sealed), &slen), 0);
	CU_ASSERT_NOT_EQUAL(aead_open(key, NULL, 0, sealed, slen, out, 9, &olen), 0);
	CU_ASSERT_EQUAL(aead_open(key, NULL, 0, sealed, slen, out, 10, &olen), 0);
}

/* Every single flipped bit, a wrong key, wrong aad, cut or longer input: refused. */
static void
test_aead_tamper(void)
{
	unsigned char key[32], other[32], in[48], sealed[48 + AEAD_OVERHEAD],
	    bad[48 + AEAD_OVERHEAD + 1], out[64];
	const char aad[] = "kyc_test\0selfie";
	size_t slen, olen, i, j;
	int bit;

	CU_ASSERT_EQUAL_FATAL(aead_key_from_hex(test_key_hex, key), 0);
	memcpy(other, key, sizeof(key));
	other[31] ^= 0x80;
	for (i = 0; i < sizeof(in); i++)
		in[i] = (unsigned char)(0xa5 ^ i);
	CU_ASSERT_EQUAL_FATAL(aead_seal(key, aad, sizeof(aad) - 1, in, sizeof(in), sealed,
	    sizeof(sealed), &slen), 0);
	for (i = 0; i < slen; i++)
		for (bit = 0; bit < 8; bit++) {
			memcpy(bad, sealed, slen);
			bad[i] ^= (unsigned char)(1u << bit);
			memset(out, 0x5a, sizeof(out));
			UNIT_CHECK(aead_open(key, aad, sizeof(aad) - 1, bad, slen, out, sizeof(out),
			    &olen) != 0, "byte %zu bit %d flipped still opens", i, bit);
			/* nothing unauthenticated comes out */
			for (j = 0; j < sizeof(in); j++)
				if (out[j] != 0)
					break;
			UNIT_CHECK(j == sizeof(in), "byte %zu bit %d: output not wiped", i, bit);
		}
	CU_ASSERT_NOT_EQUAL(aead_open(other, aad, sizeof(aad) - 1, sealed, slen, out,
	    sizeof(out), &olen), 0);
	CU_ASSERT_NOT_EQUAL(aead_open(key, aad, sizeof(aad) - 2, sealed, slen, out,
	    sizeof(out), &olen), 0);
	CU_ASSERT_NOT_EQUAL(aead_open(key, NULL, 0, sealed, slen, out, sizeof(out), &olen), 0);
	CU_ASSERT_NOT_EQUAL(aead_open(key, aad, sizeof(aad) - 1, sealed, slen - 1, out,
	    sizeof(out), &olen), 0);
	memcpy(bad, sealed, slen);
	bad[slen] = 0;
	CU_ASSERT_NOT_EQUAL(aead_open(key, aad, sizeof(aad) - 1, bad, slen + 1, out,
	    sizeof(out), &olen), 0);
	CU_ASSERT_NOT_EQUAL(aead_open(key, NULL, 0, sealed, AEAD_OVERHEAD - 1, out,
	    sizeof(out), &olen), 0);
	/* and the untouched one still opens */
	CU_ASSERT_EQUAL(aead_open(key, aad, sizeof(aad) - 1, sealed, slen, out, sizeof(out),
	    &olen), 0);
	CU_ASSERT_EQUAL(olen, sizeof(in));
	CU_ASSERT_EQUAL(memcmp(out, in, sizeof(in)), 0);
}

static void
test_aead_key_hex(void)
{
	static const struct {
		const char *hex;
		int rc;
	} rows[] = {
		{ test_key_hex, 0 },
		{ "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F", 0 },
		{ "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1", -1 },
		{ "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f0", -1 },
		{ "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1g", -1 },
		{ " 00102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", -1 },
		{ "", -1 },
	};
	unsigned char key[32];
	size_t i;

	for (i = 0; i < NELEM(rows); i++)
		UNIT_CHECK(aead_key_from_hex(rows[i].hex, key) == rows[i].rc,
		    "key row %zu want %d", i, rows[i].rc);
	CU_ASSERT_EQUAL(aead_key_from_hex(test_key_hex, key), 0);
	CU_ASSERT_EQUAL(key[0], 0x00);
	CU_ASSERT_EQUAL(key[31], 0x1f);
	CU_ASSERT_EQUAL(aead_key_from_hex(NULL, key), -1);
}

/* A sealed image opens for its own submission and role only. */
static void
test_image_binding(void)
{
	const unsigned char jpeg[] = { 0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6 };
	unsigned char key[32], sealed[64], out[64];
	size_t slen, olen;

	CU_ASSERT_EQUAL_FATAL(aead_key_from_hex(test_key_hex, key), 0);
	CU_ASSERT_EQUAL_FATAL(kyc_seal_image(key, "kyc_A", KYC_FRONT, jpeg, sizeof(jpeg),
	    sealed, sizeof(sealed), &slen), 0);
	CU_ASSERT_EQUAL(slen, sizeof(jpeg) + AEAD_OVERHEAD);
	CU_ASSERT_PTR_NULL(kyc_image_type(sealed, slen)); /* no magic at the start */
	CU_ASSERT_EQUAL(kyc_open_image(key, "kyc_A", KYC_FRONT, sealed, slen, out,
	    sizeof(out), &olen), 0);
	CU_ASSERT_EQUAL(olen, sizeof(jpeg));
	CU_ASSERT_EQUAL(memcmp(out, jpeg, sizeof(jpeg)), 0);
	CU_ASSERT_NOT_EQUAL(kyc_open_image(key, "kyc_A", KYC_SELFIE, sealed, slen, out,
	    sizeof(out), &olen), 0);
	CU_ASSERT_NOT_EQUAL(kyc_open_image(key, "kyc_B", KYC_FRONT, sealed, slen, out,
	    sizeof(out), &olen), 0);
	/* "kyc_A" + "documentFront" must not equal "kyc_Adocument" + "Front" */
	CU_ASSERT_NOT_EQUAL(kyc_open_image(key, "kyc_Adocument", "Front", sealed, slen, out,
	    sizeof(out), &olen), 0);
}

/* Loads one config line; returns cfg_load's value, err filled. */
static int
load_line(const char *line, struct cfg *c, char *err, size_t errlen)
{
	char path[] = "/tmp/cediramp-kyc-cfg-XXXXXX";
	int fd = mkstemp(path), rc;
	FILE *f;

	cfg_defaults(c);
	if (fd < 0 || (f = fdopen(fd, "w")) == NULL)
		return -2;
	fprintf(f, "%s\n", line);
	fclose(f);
	rc = cfg_load(path, c, err, errlen);
	unlink(path);
	return rc;
}

static void
test_cfg_key(void)
{
	static const struct {
		const char *line;
		int rc;
	} rows[] = {
		{ "kyc.encryption_key =", 0 },
		{ "kyc.encryption_key = 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", 0 },
		{ "kyc.encryption_key = 000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F", 0 },
		{ "kyc.encryption_key = 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1", -1 },
		{ "kyc.encryption_key = 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f0", -1 },
		{ "kyc.encryption_key = 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1z", -1 },
		{ "kyc.encryption_key = 0001020304050607 08090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", -1 },
		{ "kyc.encryption_key = secret", -1 },
		{ "kyc.encryption_key = 0x0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", -1 },
	};
	char err[512];
	struct cfg c;
	size_t i;
	int rc;

	cfg_defaults(&c);
	CU_ASSERT_STRING_EQUAL(c.kyc_encryption_key, "");
	for (i = 0; i < NELEM(rows); i++) {
		err[0] = '\0';
		rc = load_line(rows[i].line, &c, err, sizeof(err));
		UNIT_CHECK(rc == rows[i].rc, "cfg row %zu: rc %d want %d (%s)", i, rc,
		    rows[i].rc, err);
		if (rows[i].rc != 0)
			UNIT_CHECK(unit_contains(err, "kyc.encryption_key: must be 64 hexadecimal digits"),
			    "cfg row %zu: message \"%s\"", i, err);
	}
	CU_ASSERT_EQUAL(load_line(rows[1].line, &c, err, sizeof(err)), 0);
	CU_ASSERT_STRING_EQUAL(c.kyc_encryption_key, test_key_hex);
}

/* A JPEG and a GIF in base64 for the submission checks. */
#define JPEG_B64 "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBD"
#define GIF_B64 "R0lGODlhAQABAAAAACw="

static void
upload_ok(struct kyc_upload *u)
{
	memset(u, 0, sizeof(*u));
#define T(f, v) (u->f.s = (v), u->f.n = strlen(v))
	T(document_type, "passport");
	T(document_number, "G1234567");
	T(full_name, "Ama Mensah");
	T(date_of_birth, "1990-05-17");
	T(front, JPEG_B64);
	T(selfie, JPEG_B64);
#undef T
}

/*
 * kyc_submit's checks before the database: with no key it refuses
 * everything (503, nothing decoded); with one, each bad field is named.
 * No test here gets as far as the insert (the ctx has no database).
 */
static void
test_submit_checks(void)
{
	static const struct {
		const char *field, *value;
		const char *want_field;
	} rows[] = {
		{ "documentType", "id_card", "documentType" },
		{ "documentType", "", "documentType" },
		{ "documentNumber", "", "documentNumber" },
		{ "documentNumber", "G12\t34", "documentNumber" },
		{ "documentNumber",
		    "12345678901234567890123456789012345678901234567890123456789012345",
		    "documentNumber" },
		{ "fullName", "", "fullName" },
		{ "fullName", "Ama\nMensah", "fullName" },
		{ "dateOfBirth", "1990-02-30", "dateOfBirth" },
		{ "dateOfBirth", "17/05/1990", "dateOfBirth" },
		{ "dateOfBirth", "2099-01-01", "dateOfBirth" },
		{ "documentFront", "", "documentFront" },
		{ "documentFront", "not base64!", "documentFront" },
		{ "documentFront", GIF_B64, "documentFront" },
		{ "documentFront", "aGVsbG8=", "documentFront" },
		{ "documentFront", "data:image/jpeg;base64," JPEG_B64, "documentFront" },
		{ "documentBack", "aGVsbG8=", "documentBack" },
		{ "documentBack", "", "documentBack" },
		{ "selfie", GIF_B64, "selfie" },
		{ "selfie", "/9j/4AAQ\nSkZJRg==", "selfie" },
	};
	struct ctx ctx;
	struct caller who;
	struct kyc_upload u;
	struct kyc_submission s;
	struct outcome o;
	size_t i;

	memset(&ctx, 0, sizeof(ctx));
	cfg_defaults(&ctx.cfg);
	memset(&who, 0, sizeof(who));
	who.kind = CALLER_USER;
	who.id = 1;
	upload_ok(&u);
	CU_ASSERT_EQUAL(kyc_submit(&ctx, &who, &u, &s, &o), ERR_SERVICE_UNAVAILABLE);
	CU_ASSERT_EQUAL(o.changed, 0);
	CU_ASSERT_STRING_EQUAL(s.id, "");

	memcpy(ctx.cfg.kyc_encryption_key, test_key_hex, sizeof(test_key_hex));
	for (i = 0; i < NELEM(rows); i++) {
		struct kyc_text *t = NULL;

		upload_ok(&u);
		if (strcmp(rows[i].field, "documentType") == 0)
			t = &u.document_type;
		else if (strcmp(rows[i].field, "documentNumber") == 0)
			t = &u.document_number;
		else if (strcmp(rows[i].field, "fullName") == 0)
			t = &u.full_name;
		else if (strcmp(rows[i].field, "dateOfBirth") == 0)
			t = &u.date_of_birth;
		else if (strcmp(rows[i].field, "documentFront") == 0)
			t = &u.front;
		else if (strcmp(rows[i].field, "documentBack") == 0)
			t = &u.back;
		else
			t = &u.selfie;
		t->s = rows[i].value;
		t->n = strlen(rows[i].value);
		UNIT_CHECK(kyc_submit(&ctx, &who, &u, &s, &o) == ERR_VALIDATION,
		    "submit row %zu (%s): err %d", i, rows[i].field, (int)o.err);
		UNIT_CHECK(o.nctx == 1 && strcmp(o.ctx[0].key, "field") == 0 &&
		    strcmp(o.ctx[0].str, rows[i].want_field) == 0,
		    "submit row %zu: context names %s", i, rows[i].want_field);
		UNIT_CHECK(o.changed == 0 && s.id[0] == '\0', "submit row %zu: nothing kept", i);
		/* the message names the field, never the value */
		UNIT_CHECK(unit_starts(o.message, rows[i].want_field) &&
		    (rows[i].value[0] == '\0' || strstr(o.message, rows[i].value) == NULL),
		    "submit row %zu: message \"%s\"", i, o.message);
	}
	/* a partner is not a wallet user */
	upload_ok(&u);
	who.kind = CALLER_PARTNER;
	CU_ASSERT_EQUAL(kyc_submit(&ctx, &who, &u, &s, &o), ERR_FORBIDDEN);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "date of birth: real dates, 18 today (UTC), leap days", test_dob },
		{ "image magic: JPEG and PNG only", test_image_magic },
		{ "document types", test_document_type },
		{ "full names: UTF-8, 1..200 characters, no controls", test_full_name },
		{ "sandbox verdicts by document number", test_sandbox_verdict },
		{ "AES-256-GCM: the specification's vectors", test_aead_known_answers },
		{ "AES-256-GCM: round trips, fresh IVs", test_aead_round_trip },
		{ "AES-256-GCM: any change fails authentication", test_aead_tamper },
		{ "AES-256-GCM: keys from 64 hex digits", test_aead_key_hex },
		{ "sealed images are bound to submission and role", test_image_binding },
		{ "config: kyc.encryption_key", test_cfg_key },
		{ "submit: no key is 503; each bad field is named", test_submit_checks },
	};

	return tu_main("kyc", NULL, NULL, tests, NELEM(tests));
}
