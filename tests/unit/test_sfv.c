/* Unit tests for lib/core/sfv.c: RFC 8941 Dictionaries parsed strictly,
 * and inner lists serialized back to their canonical form. */
#include "core/sfv.h"

#include <CUnit/Basic.h>
#include <string.h>

#include "unit.h"

static struct sfv_dict d;

/* Accepted fields and the canonical form of their first member (an inner
 * list, or an item), RFC 8941's own examples among them. */
static const struct {
	const char *in;
	size_t members;
	const char *first; /* serialized first member */
} good[] = {
	{ "sig1=(\"@method\" \"@target-uri\" \"content-digest\");created=1618884473;"
	  "keyid=\"test-key\"", 1,
	  "(\"@method\" \"@target-uri\" \"content-digest\");created=1618884473;"
	  "keyid=\"test-key\"" },
	{ "a=(), b=(1 2)", 2, "()" },
	{ "a=(  1   2  )", 1, "(1 2)" },
	{ "en=\"Applepie\", da=:w4ZibGV0w6ZydGUNCg==:", 2, "\"Applepie\"" },
	{ "a=?0, b, c; foo=bar", 3, "?0" },
	{ "rating=1.5, feelings=(joy sadness)", 2, "1.5" },
	{ "a=(1 2), b=3, c=4;aa=bb, d=(5 6);valid", 4, "(1 2)" },
	{ "x=-12.250", 1, "-12.25" },
	{ "x=0.100", 1, "0.1" },
	{ "x=1.000", 1, "1.0" },
	{ "x=999999999999999", 1, "999999999999999" },
	{ "x=\"a \\\"q\\\" \\\\ b\"", 1, "\"a \\\"q\\\" \\\\ b\"" },
	{ "x=*tok/en:1", 1, "*tok/en:1" },
	{ "x=(\"a\";p=1;q \"b\");r=?0", 1, "(\"a\";p=1;q \"b\");r=?0" },
	{ "  x=1  ,\ty=2", 2, "1" },
	{ "x=:YWJj:", 1, ":YWJj:" },
	{ "x=::", 1, "::" },
	{ "*x=1", 1, "1" },
	{ "sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:", 1,
	  ":X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:" },
};

/* Refused fields: RFC 8941's failures, this parser's stricter rules, and
 * the limits. */
static const char *const bad[] = {
	"",
	"   ",
	"A=1",                      /* keys are lowercase */
	"1a=1",
	"a=1,",                     /* trailing comma */
	"a=1,,b=2",
	"a=1 b=2",                  /* no comma */
	"a=1, a=2",                 /* repeated member (the RFC keeps the last) */
	"a=1;p=1;p=2",              /* repeated parameter */
	"a=(1;p;p)",
	"a=(1 2",                   /* unterminated inner list */
	"a=(1,2)",
	"a=(1\t2)",                 /* only SP inside an inner list */
	"a=\"abc",                  /* unterminated string */
	"a=\"a\\b\"",               /* bad escape */
	"a=\"\x01\"",
	"a=\"\xc3\xa9\"",           /* non-ASCII */
	"a=1234567890123456",       /* 16 digits */
	"a=1234567890123.1",        /* 13 integer digits in a decimal */
	"a=1.1234",                 /* 4 places */
	"a=1.",
	"a=-",
	"a=--1",
	"a=?2",
	"a=?",
	"a=:YWJj",                  /* unterminated byte sequence */
	"a=:YWJ:",                  /* not padded */
	"a=:YW=j:",
	"a=:YWJ=:",                 /* non-zero bits under the padding */
	"a=@1618884473",            /* RFC 9651's date: not in RFC 8941 */
	"a=%\"x\"",
	"a=1;",                     /* a parameter without a key */
	"a=1;P=2",
	"a=1;p=",
	"a=(1)x",
	"a=1 ,",
	"a=1,b=2,c=3,d=4,e=5,f=6,g=7,h=8,i=9", /* over SFV_MEMBERS */
	"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=1", /* 65 */
};

static void
test_good(void)
{
	char why[96];
	struct buf out;
	size_t i;

	for (i = 0; i < NELEM(good); i++) {
		int rc = sfv_parse_dictionary(good[i].in, strlen(good[i].in), &d, why, sizeof(why));

		UNIT_CHECK(rc == 0, "good row %zu refused: %s", i, why);
		if (rc != 0)
			continue;
		UNIT_CHECK(d.nmembers == good[i].members, "good row %zu: %zu members", i,
		    d.nmembers);
		buf_init(&out, 4096);
		rc = d.members[0].inner ? sfv_serialize_inner_list(&d, &d.members[0], &out) :
		    sfv_serialize_item(&d, &d.members[0].item, &out);
		UNIT_CHECK(rc == 0, "good row %zu: not serialized", i);
		UNIT_STR_EQ(buf_cstr(&out), good[i].first, good[i].in);
		buf_free(&out);
	}
}

static void
test_bad(void)
{
	char why[96];
	size_t i;

	for (i = 0; i < NELEM(bad); i++) {
		why[0] = '\0';
		UNIT_CHECK(sfv_parse_dictionary(bad[i], strlen(bad[i]), &d, why, sizeof(why)) != 0,
		    "bad row %zu \"%s\" accepted", i, bad[i]);
		UNIT_CHECK(why[0] != '\0', "bad row %zu: no reason", i);
	}
	/* an embedded NUL is a byte like any other: refused, not a terminator */
	CU_ASSERT_NOT_EQUAL(sfv_parse_dictionary("a=1\0b", 5, &d, why, sizeof(why)), 0);
}

/* The values as parsed: types, numbers, unescaped strings, decoded bytes,
 * parameters and lookups. */
static void
test_values(void)
{
	static const char in[] = "sig1=(\"@method\" \"x\\\"y\");created=1618884473;"
	    "keyid=\"k1\";alg=\"ed25519\";v=-1.5;t=tok;f=?0;b, s=:AAEC:";
	const struct sfv_member *m;
	const struct sfv_bare *p;
	char why[96];

	CU_ASSERT_EQUAL_FATAL(sfv_parse_dictionary(in, strlen(in), &d, why, sizeof(why)), 0);
	CU_ASSERT_EQUAL(d.nmembers, 2);
	CU_ASSERT_PTR_NULL(sfv_dict_get(&d, "sig2"));
	m = sfv_dict_get(&d, "sig1");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_TRUE(m->inner);
	CU_ASSERT_EQUAL(m->nitems, 2);
	CU_ASSERT_EQUAL(d.items[m->item0].value.type, SFV_STRING);
	CU_ASSERT_STRING_EQUAL(d.items[m->item0].value.str, "@method");
	CU_ASSERT_STRING_EQUAL(d.items[m->item0 + 1].value.str, "x\"y");
	CU_ASSERT_EQUAL(d.items[m->item0 + 1].value.len, 3);
	p = sfv_param_get(&d, m->param0, m->nparams, "created");
	CU_ASSERT_TRUE(p != NULL && p->type == SFV_INTEGER && p->num == 1618884473LL);
	p = sfv_param_get(&d, m->param0, m->nparams, "keyid");
	CU_ASSERT_TRUE(p != NULL && p->type == SFV_STRING && strcmp(p->str, "k1") == 0);
	p = sfv_param_get(&d, m->param0, m->nparams, "v");
	CU_ASSERT_TRUE(p != NULL && p->type == SFV_DECIMAL && p->num == -1500);
	p = sfv_param_get(&d, m->param0, m->nparams, "t");
	CU_ASSERT_TRUE(p != NULL && p->type == SFV_TOKEN && strcmp(p->str, "tok") == 0);
	p = sfv_param_get(&d, m->param0, m->nparams, "f");
	CU_ASSERT_TRUE(p != NULL && p->type == SFV_BOOLEAN && p->num == 0);
	p = sfv_param_get(&d, m->param0, m->nparams, "b");
	CU_ASSERT_TRUE(p != NULL && p->type == SFV_BOOLEAN && p->num == 1);
	CU_ASSERT_PTR_NULL(sfv_param_get(&d, m->param0, m->nparams, "nonce"));
	m = sfv_dict_get(&d, "s");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_FALSE(m->inner);
	CU_ASSERT_EQUAL(m->item.value.type, SFV_BYTES);
	CU_ASSERT_EQUAL(m->item.value.nbytes, 3);
	CU_ASSERT_EQUAL(memcmp(m->item.value.bytes, "\x00\x01\x02", 3), 0);
}

/* A field that fills the arena is refused, never overrun; the limits on
 * items and parameters hold. */
static void
test_limits(void)
{
	static char in[SFV_ARENA + 64];
	char why[96];
	size_t i, n = 0;

	n += (size_t)snprintf(in + n, sizeof(in) - n, "a=\"");
	for (i = 0; i < SFV_ARENA; i++)
		in[n++] = 'x';
	in[n++] = '"';
	CU_ASSERT_NOT_EQUAL(sfv_parse_dictionary(in, n, &d, why, sizeof(why)), 0);
	n = (size_t)snprintf(in, sizeof(in), "a=(");
	for (i = 0; i <= SFV_ITEMS; i++)
		n += (size_t)snprintf(in + n, sizeof(in) - n, "%s%zu", i ? " " : "", i);
	n += (size_t)snprintf(in + n, sizeof(in) - n, ")");
	CU_ASSERT_NOT_EQUAL(sfv_parse_dictionary(in, n, &d, why, sizeof(why)), 0);
	n = (size_t)snprintf(in, sizeof(in), "a=1");
	for (i = 0; i <= SFV_PARAMS; i++)
		n += (size_t)snprintf(in + n, sizeof(in) - n, ";p%zu", i);
	CU_ASSERT_NOT_EQUAL(sfv_parse_dictionary(in, n, &d, why, sizeof(why)), 0);
	/* exactly at the limits is fine */
	n = (size_t)snprintf(in, sizeof(in), "a=(");
	for (i = 0; i < SFV_ITEMS; i++)
		n += (size_t)snprintf(in + n, sizeof(in) - n, "%s%zu", i ? " " : "", i);
	n += (size_t)snprintf(in + n, sizeof(in) - n, ")");
	CU_ASSERT_EQUAL(sfv_parse_dictionary(in, n, &d, why, sizeof(why)), 0);
}

/*
 * The arena to its last byte: a string that ends exactly there is taken;
 * an empty string after an arena filled to the last byte (its terminator
 * has no room) and a string one byte longer are refused, nothing written
 * past the arena (the sanitizer build watches d, a static).
 */
static void
test_arena_edge(void)
{
	static char in[SFV_ARENA + 64];
	const struct sfv_member *m;
	char why[96];
	size_t i, n;

	/* "a" (2 bytes with its NUL) and a string of SFV_ARENA - 3 (+ NUL) */
	n = (size_t)snprintf(in, sizeof(in), "a=\"");
	for (i = 0; i < SFV_ARENA - 3; i++)
		in[n++] = 'x';
	in[n++] = '"';
	CU_ASSERT_EQUAL_FATAL(sfv_parse_dictionary(in, n, &d, why, sizeof(why)), 0);
	CU_ASSERT_EQUAL(d.used, SFV_ARENA);
	m = sfv_dict_get(&d, "a");
	CU_ASSERT_TRUE(m != NULL && m->item.value.len == SFV_ARENA - 3 &&
	    m->item.value.str[SFV_ARENA - 3] == '\0');
	/* one byte more: refused */
	in[n - 1] = 'x';
	in[n++] = '"';
	CU_ASSERT_NOT_EQUAL(sfv_parse_dictionary(in, n, &d, why, sizeof(why)), 0);
	CU_ASSERT_STRING_EQUAL(why, "field too large");
	/* filled to the last byte by "a", its string and "b", then b's empty
	 * string: its terminator would be one byte past the arena */
	n = (size_t)snprintf(in, sizeof(in), "a=\"");
	for (i = 0; i < SFV_ARENA - 5; i++)
		in[n++] = 'x';
	n += (size_t)snprintf(in + n, sizeof(in) - n, "\", b=\"\"");
	CU_ASSERT_NOT_EQUAL(sfv_parse_dictionary(in, n, &d, why, sizeof(why)), 0);
	CU_ASSERT_STRING_EQUAL(why, "field too large");
	/* and one byte shorter, the empty string fits */
	memmove(in + 4, in + 5, n - 5);
	n--;
	CU_ASSERT_EQUAL(sfv_parse_dictionary(in, n, &d, why, sizeof(why)), 0);
	CU_ASSERT_EQUAL(d.used, SFV_ARENA);
}

/* Every prefix of a valid field, and every single-byte change of it, is
 * parsed without reading past its length (the sanitizer build watches). */
static void
test_prefixes_and_flips(void)
{
	static const char in[] = "sig1=(\"@method\" \"@target-uri\");created=1;keyid=\"k\", "
	    "s=:AAEC:, d=1.25;x=?1";
	char copy[sizeof(in)], why[96];
	size_t n = strlen(in), i;
	unsigned c;

	for (i = 0; i < n; i++)
		(void)sfv_parse_dictionary(in, i, &d, why, sizeof(why));
	for (i = 0; i < n; i++)
		for (c = 0; c < 256; c += 7) {
			memcpy(copy, in, sizeof(in));
			copy[i] = (char)c;
			(void)sfv_parse_dictionary(copy, n, &d, why, sizeof(why));
		}
	CU_ASSERT_EQUAL(sfv_parse_dictionary(in, n, &d, why, sizeof(why)), 0);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "accepted fields and their canonical serialization", test_good },
		{ "refused fields, each with a reason", test_bad },
		{ "parsed values and lookups", test_values },
		{ "the arena, item and parameter limits", test_limits },
		{ "the arena to its last byte, and one byte over", test_arena_edge },
		{ "every prefix and byte change stays in bounds", test_prefixes_and_flips },
	};

	return tu_main("sfv", NULL, NULL, tests, NELEM(tests));
}
