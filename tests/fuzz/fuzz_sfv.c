/*
 * fuzz_sfv: the RFC 8941 dictionary parser (sfv_parse_dictionary) and what
 * reads a parsed Signature-Input (httpsig_select, httpsig_base), on raw
 * bytes. A field that parses serializes to a canonical form that parses
 * again to the same form (a fixed point), and no limit is passed.
 * Input: the field's bytes, as a web server would pass them.
 */
#include <string.h>

#include "core/httpsig.h"
#include "core/sfv.h"

#include "fuzzutil.h"

static struct sfv_dict d, again, sig;

static const char *
field(void *arg, const char *name)
{
	(void)arg;
	return strcmp(name, "content-digest") == 0 ? "sha-256=:AAAA:" : NULL;
}

/* The canonical form of every member of x into out; 0, or -1. */
static int
serialize_all(const struct sfv_dict *x, struct buf *out)
{
	size_t i;

	for (i = 0; i < x->nmembers; i++) {
		const struct sfv_member *m = &x->members[i];

		if (buf_puts(out, i ? ", " : "") != 0 || buf_puts(out, m->key) != 0 ||
		    buf_puts(out, "=") != 0)
			return -1;
		if (m->inner ? sfv_serialize_inner_list(x, m, out) :
		    sfv_serialize_item(x, &m->item, out))
			return -1;
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const required[] = { "@method", NULL };
	const struct httpsig_request rq = { "POST", "https", "Example.com:443", "/v1/x?y", field,
		NULL };
	struct buf one, two, base;
	struct httpsig_sig s;
	char why[128];

	if (sfv_parse_dictionary((const char *)data, size, &d, why, sizeof(why)) != 0)
		return 0;
	FZ_CHECK(d.nmembers >= 1 && d.nmembers <= SFV_MEMBERS && d.used <= SFV_ARENA);
	buf_init(&one, 64 * 1024);
	buf_init(&two, 64 * 1024);
	FZ_CHECK(serialize_all(&d, &one) == 0);
	FZ_CHECK(sfv_parse_dictionary(one.data, one.len, &again, why, sizeof(why)) == 0);
	FZ_CHECK(serialize_all(&again, &two) == 0);
	FZ_CHECK(one.len == two.len && memcmp(one.data, two.data, one.len) == 0);
	/* the same field as Signature-Input, with a signature beside it */
	if (sfv_parse_dictionary("sig1=:AAAA:", 11, &sig, why, sizeof(why)) == 0 &&
	    httpsig_select(&d, &sig, required, &s, why, sizeof(why)) == 0) {
		buf_init(&base, 16 * 1024);
		(void)httpsig_base(&d, &s, &rq, &base, why, sizeof(why));
		buf_free(&base);
	}
	buf_free(&one);
	buf_free(&two);
	return 0;
}
