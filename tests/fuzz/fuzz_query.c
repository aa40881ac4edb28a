/*
 * fuzz_query: the query-string parser (req_parse_query, with
 * req_check_query and req_query on what it kept) and the percent-decoder
 * under it (strict_pct_decode, every flag, into buffers of exactly the
 * size it is given). Input: a raw query string.
 */
#include <stdlib.h>
#include <string.h>

#include "core/strict.h"
#include "http/req.h"

#include "fuzzutil.h"

/* 1 when s[0..n) has no control byte (below 0x20, or 0x7f). */
static int
no_controls(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return 0;
	return 1;
}

/* Appends s percent-encoded (all but letters and digits) to out at *o. */
static void
pct_encode(const char *s, char *out, size_t *o)
{
	static const char hex[] = "0123456789ABCDEF";

	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		    (c >= '0' && c <= '9')) {
			out[(*o)++] = (char)c;
		} else {
			out[(*o)++] = '%';
			out[(*o)++] = hex[c >> 4];
			out[(*o)++] = hex[c & 15];
		}
	}
}

/* What a successful parse promises about r. */
static void
check_parsed(struct req *r)
{
	const char *allowed[REQ_QUERY_ITEMS + 1];
	char msg[256];

	FZ_CHECK(r->nquery <= REQ_QUERY_ITEMS);
	for (size_t i = 0; i < r->nquery; i++) {
		const char *k = r->query[i].key, *v = r->query[i].val;

		FZ_CHECK(k != NULL && v != NULL);
		FZ_CHECK(k[0] != '\0');
		FZ_CHECK(strlen(v) <= REQ_VALUE_MAX);
		FZ_CHECK(no_controls(k, strlen(k)) && no_controls(v, strlen(v)));
		for (size_t j = 0; j < i; j++)
			FZ_CHECK(strcmp(r->query[j].key, k) != 0);
		FZ_CHECK(req_query(r, k) == v);
		allowed[i] = k;
	}
	allowed[r->nquery] = NULL;
	FZ_CHECK(req_check_query(r, allowed, msg, sizeof(msg)) == ERR_OK);
	FZ_CHECK((req_check_query(r, NULL, msg, sizeof(msg)) == ERR_OK) ==
	    (r->nquery == 0));
}

/*
 * Encodes what r kept as a query string again (every byte but letters and
 * digits escaped) and parses that: the same keys and values must come
 * back, in order, whenever the new string is within the limit.
 */
static void
check_reparse(const struct req *r)
{
	char *qs = malloc(3 * REQ_QUERY_MAX + 3 * REQ_QUERY_ITEMS + 1);
	char msg[256];
	struct req again;
	size_t o = 0;

	FZ_CHECK(qs != NULL);
	for (size_t i = 0; i < r->nquery; i++) {
		if (i > 0)
			qs[o++] = '&';
		pct_encode(r->query[i].key, qs, &o);
		qs[o++] = '=';
		pct_encode(r->query[i].val, qs, &o);
	}
	qs[o] = '\0';
	memset(&again, 0, sizeof(again));
	if (o <= REQ_QUERY_MAX) {
		FZ_CHECK(req_parse_query(&again, qs, msg, sizeof(msg)) == ERR_OK);
		FZ_CHECK(again.nquery == r->nquery);
		for (size_t i = 0; i < r->nquery; i++) {
			FZ_CHECK(strcmp(again.query[i].key, r->query[i].key) == 0);
			FZ_CHECK(strcmp(again.query[i].val, r->query[i].val) == 0);
		}
	}
	req_free(&again);
	free(qs);
}

/*
 * strict_pct_decode of s[0..n) with flags into a heap buffer of exactly
 * cap bytes; checks the result's promises and returns the length (or
 * -1), the output copied into keep (n + 1 bytes) when not NULL.
 */
static long
decode_into(const char *s, size_t n, size_t cap, unsigned flags, char *keep)
{
	char *out = malloc(cap > 0 ? cap : 1);
	long got;

	FZ_CHECK(out != NULL);
	got = strict_pct_decode(s, n, out, cap, flags);
	FZ_CHECK(got >= -1);
	if (got >= 0) {
		FZ_CHECK((size_t)got < cap && (size_t)got <= n);
		FZ_CHECK(out[got] == '\0');
		FZ_CHECK(no_controls(out, (size_t)got));
		if (flags & STRICT_PCT_NO_SLASH)
			FZ_CHECK(memchr(out, '/', (size_t)got) == NULL);
		if (memchr(s, '%', n) == NULL &&
		    (!(flags & STRICT_PCT_PLUS_SPACE) || memchr(s, '+', n) == NULL))
			FZ_CHECK((size_t)got == n && memcmp(out, s, n) == 0);
		if (keep != NULL)
			memcpy(keep, out, (size_t)got + 1);
	}
	free(out);
	return got;
}

/* The decoder on the raw bytes: a roomy buffer, then a tight one. */
static void
check_decoder(const char *s, size_t n)
{
	char *whole = malloc(n + 1), *part = malloc(n + 1);

	FZ_CHECK(whole != NULL && part != NULL);
	for (unsigned flags = 0; flags < 4; flags++) {
		long big = decode_into(s, n, n + 1, flags, whole);
		size_t cap = n / 2 + 1;
		long small = decode_into(s, n, cap, flags, part);

		/* a smaller buffer only ever fails more */
		if (big < 0)
			FZ_CHECK(small < 0);
		else if (small >= 0)
			FZ_CHECK(small == big && memcmp(part, whole, (size_t)big) == 0);
		else
			FZ_CHECK((size_t)big + 1 > cap);
		(void)decode_into(s, n, 0, flags, NULL);
	}
	free(whole);
	free(part);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* a query string comes from the environment: a C string */
	char *qs = fz_strndup(data, size);
	char msg[256];
	struct req r;

	memset(&r, 0, sizeof(r));
	msg[0] = '\0';
	if (req_parse_query(&r, qs, msg, sizeof(msg)) == ERR_OK) {
		check_parsed(&r);
		check_reparse(&r);
	} else {
		/* the message may echo a key: clipped and clean */
		FZ_CHECK(msg[0] != '\0' && strict_printable(msg, strlen(msg)));
	}
	req_free(&r);
	check_decoder((const char *)data, size);
	free(qs);
	return 0;
}
