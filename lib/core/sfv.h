/*
 * sfv: a strict parser of RFC 8941 structured field Dictionaries (the form
 * of Signature-Input, Signature and Content-Digest), and the serializer of
 * an inner list with its parameters (the "@signature-params" line of an
 * RFC 9421 signature base).
 *
 * Everything lives in the caller's struct sfv_dict: nothing is allocated,
 * every count and the text arena have a hard maximum, and the input is
 * taken with its length (it need not be NUL-terminated), so the parser
 * can be fuzzed as it is. Stricter than RFC 8941 in two ways: a key
 * repeated in a dictionary or in one item's parameters is refused (the
 * RFC keeps the last one; a signature header with two "sig1" members is
 * ambiguous, and refusing it costs an honest client nothing), and a byte
 * sequence must be canonical padded base64.
 */
#ifndef CEDIRAMP_SFV_H
#define CEDIRAMP_SFV_H

#include <stddef.h>

#include "core/buf.h"

#define SFV_MEMBERS 8   /* dictionary members */
#define SFV_ITEMS 32    /* items of all inner lists */
#define SFV_PARAMS 64   /* parameters of all items and inner lists */
#define SFV_ARENA 8192  /* keys, strings, tokens, byte sequences */
#define SFV_KEY_MAX 64  /* characters of a key */

enum sfv_type {
	SFV_INTEGER = 1,
	SFV_DECIMAL,  /* num is the value in thousandths (3 places at most) */
	SFV_STRING,   /* str: the unescaped text */
	SFV_TOKEN,
	SFV_BYTES,    /* str: the base64 as sent; bytes: decoded */
	SFV_BOOLEAN   /* num: 0 or 1 */
};

/* A bare item. str and bytes point into the dictionary's arena. */
struct sfv_bare {
	enum sfv_type type;
	long long num;
	const char *str;
	size_t len;
	const unsigned char *bytes;
	size_t nbytes;
};

struct sfv_param {
	const char *key;
	struct sfv_bare value;
};

/* An item: its bare value and its parameters d->params[param0 ...]. */
struct sfv_item {
	struct sfv_bare value;
	size_t param0, nparams;
};

/* A dictionary member: an item, or an inner list of d->items[item0 ...]
 * with its own parameters d->params[param0 ...]. */
struct sfv_member {
	const char *key;
	int inner;
	struct sfv_item item;
	size_t item0, nitems;
	size_t param0, nparams;
};

struct sfv_dict {
	size_t nmembers, nitems, nparams, used;
	struct sfv_member members[SFV_MEMBERS];
	struct sfv_item items[SFV_ITEMS];
	struct sfv_param params[SFV_PARAMS];
	char arena[SFV_ARENA];
};

/*
 * Parses n bytes of s (a field value, lines combined with ", " by the web
 * server) as a Dictionary into d. Returns 0, or -1 with why (a short
 * reason, no input echoed) for anything RFC 8941 refuses, a repeated key,
 * or more than the limits above; d then holds nothing usable.
 */
int sfv_parse_dictionary(const char *s, size_t n, struct sfv_dict *d, char *why,
    size_t whylen);

/* The member key of d, or NULL. */
const struct sfv_member *sfv_dict_get(const struct sfv_dict *d, const char *key);

/* The parameter key among d->params[param0 .. param0 + nparams), or NULL. */
const struct sfv_bare *sfv_param_get(const struct sfv_dict *d, size_t param0,
    size_t nparams, const char *key);

/*
 * Appends the RFC 8941 serialization of member m (an inner list: its items
 * with their parameters, then its own parameters) to out. 0, or -1 when m
 * is no inner list or out is full.
 */
int sfv_serialize_inner_list(const struct sfv_dict *d, const struct sfv_member *m,
    struct buf *out);

/* Appends the serialization of item (bare value and parameters). 0 or -1. */
int sfv_serialize_item(const struct sfv_dict *d, const struct sfv_item *item,
    struct buf *out);

#endif
