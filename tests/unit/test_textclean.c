/* Unit tests for lib/core/textclean.c: bytes from elsewhere as text. */
#include "core/textclean.h"

#include <CUnit/Basic.h>
#include <jansson.h>
#include <string.h>

#include "unit.h"

struct row {
	const char *in;
	size_t n;
	size_t cap;
	const char *want;
};

static const struct row rows[] = {
	{ "ok", 2, 16, "ok" },
	{ "{\"a\":1}\n", 8, 16, "{\"a\":1}\n" },
	{ "tab\there\r\n", 10, 16, "tab\there\r\n" },
	/* controls and DEL */
	{ "a\0b\x01\x7f", 5, 16, "a?b??" },
	/* two, three and four bytes (é, €, 𝄞) kept */
	{ "caf\xc3\xa9", 5, 16, "caf\xc3\xa9" },
	{ "\xe2\x82\xac 5", 5, 16, "\xe2\x82\xac 5" },
	{ "\xf0\x9d\x84\x9e", 4, 16, "\xf0\x9d\x84\x9e" },
	/* overlong forms, a surrogate, past U+10FFFF, a stray continuation */
	{ "\xc0\xaf", 2, 16, "??" },
	{ "\xe0\x80\xaf", 3, 16, "???" },
	{ "\xed\xa0\x80", 3, 16, "???" },
	{ "\xf4\x90\x80\x80", 4, 16, "????" },
	{ "\x80x", 2, 16, "?x" },
	/* a sequence cut off by the end of the input */
	{ "ab\xe2\x82", 4, 16, "ab??" },
	/* the cap: a sequence that would not fit whole is left out */
	{ "abc\xe2\x82\xac", 6, 5, "abc" },
	{ "abcdef", 6, 4, "abc" },
	{ "", 0, 1, "" },
};

static void
test_rows(void)
{
	char out[64];
	size_t i, w;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		w = text_clean(rows[i].in, rows[i].n, out, rows[i].cap);
		UNIT_CHECK(strcmp(out, rows[i].want) == 0 && w == strlen(rows[i].want),
		    "row %zu: got \"%s\" (%zu)", i, out, w);
	}
}

/* Whatever the bytes, the text is what jansson takes as a JSON string. */
static void
test_any_bytes_make_json(void)
{
	unsigned char in[512];
	char out[600];
	size_t i, w;
	json_t *s;

	for (i = 0; i < sizeof(in); i++)
		in[i] = (unsigned char)((i * 167 + 13) & 0xff);
	w = text_clean(in, sizeof(in), out, sizeof(out));
	s = json_stringn(out, w);
	CU_ASSERT_PTR_NOT_NULL(s);
	json_decref(s);
}

static const struct tu_test tests[] = {
	{ "rows", test_rows },
	{ "any bytes make a JSON string", test_any_bytes_make_json },
};

int
main(void)
{
	return tu_main("textclean", NULL, NULL, tests, NELEM(tests));
}
