#include "core/sfv.h"

#include <stdio.h>
#include <string.h>

#include "core/b64.h"

/* The parser's position in its input, and where a failure is told. */
struct sfv_in {
	const char *s;
	size_t n, pos;
	struct sfv_dict *d;
	char *why;
	size_t whylen;
};

static int
fail(struct sfv_in *in, const char *why)
{
	if (in->whylen > 0)
		snprintf(in->why, in->whylen, "%s", why);
	return -1;
}

static int
peek(const struct sfv_in *in)
{
	return in->pos < in->n ? (unsigned char)in->s[in->pos] : -1;
}

static int
is_lcalpha(int c)
{
	return c >= 'a' && c <= 'z';
}

static int
is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int
is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* tchar of RFC 9110, plus ":" and "/" as sf-token allows. */
static int
is_token_char(int c)
{
	return c > 0 && (is_alpha(c) || is_digit(c) || strchr("!#$%&'*+-.^_`|~:/", c) != NULL);
}

static int
is_b64_char(int c)
{
	return c > 0 && (is_alpha(c) || is_digit(c) || c == '+' || c == '/' || c == '=');
}

/* Copies n bytes into the arena, NUL-terminated; NULL when it is full. */
static char *
arena_put(struct sfv_dict *d, const void *p, size_t n)
{
	char *at = d->arena + d->used;

	if (n >= SFV_ARENA - d->used)
		return NULL;
	d->used += n + 1;
	at[n] = '\0';
	return memcpy(at, p, n);
}

static void
skip_sp(struct sfv_in *in)
{
	while (peek(in) == ' ')
		in->pos++;
}

static void
skip_ows(struct sfv_in *in)
{
	while (peek(in) == ' ' || peek(in) == '\t')
		in->pos++;
}

/* sf-key: lcalpha or "*", then lcalpha, DIGIT, "_", "-", ".", "*". */
static int
parse_key(struct sfv_in *in, const char **out)
{
	size_t start = in->pos;
	int c = peek(in);

	if (!is_lcalpha(c) && c != '*')
		return fail(in, "a key must start with a lowercase letter or *");
	while ((c = peek(in)) != -1 && (is_lcalpha(c) || is_digit(c) || c == '_' ||
	    c == '-' || c == '.' || c == '*'))
		in->pos++;
	if (in->pos - start > SFV_KEY_MAX)
		return fail(in, "key too long");
	if ((*out = arena_put(in->d, in->s + start, in->pos - start)) == NULL)
		return fail(in, "field too large");
	return 0;
}

/* sf-integer and sf-decimal, exactly as RFC 8941 section 4.2.4 bounds them. */
static int
parse_number(struct sfv_in *in, struct sfv_bare *v)
{
	long long sign = 1, whole = 0, frac = 0;
	size_t idigits = 0, fdigits = 0;
	int c;

	if (peek(in) == '-') {
		sign = -1;
		in->pos++;
	}
	if (!is_digit(peek(in)))
		return fail(in, "a number needs a digit");
	while (is_digit(c = peek(in))) {
		if (++idigits > 15)
			return fail(in, "integer too long");
		whole = whole * 10 + (c - '0');
		in->pos++;
	}
	if (peek(in) != '.') {
		v->type = SFV_INTEGER;
		v->num = sign * whole;
		return 0;
	}
	in->pos++;
	if (idigits > 12)
		return fail(in, "decimal too long");
	while (is_digit(c = peek(in))) {
		if (++fdigits > 3)
			return fail(in, "decimal with more than 3 places");
		frac = frac * 10 + (c - '0');
		in->pos++;
	}
	if (fdigits == 0)
		return fail(in, "decimal without places");
	while (fdigits++ < 3)
		frac *= 10;
	v->type = SFV_DECIMAL;
	v->num = sign * (whole * 1000 + frac);
	return 0;
}

/*
 * sf-string: printable ASCII, "\" escaping only '"' and "\". Unescaped in
 * place at the arena's end: every byte written, the terminator included,
 * is checked against the room left first (an empty string in a full arena
 * has none for its terminator).
 */
static int
parse_string(struct sfv_in *in, struct sfv_bare *v)
{
	struct sfv_dict *d = in->d;
	char *start = d->arena + d->used;
	size_t room = SFV_ARENA - d->used, len = 0;
	int c;

	in->pos++; /* the opening quote */
	for (;;) {
		if ((c = peek(in)) == -1)
			return fail(in, "unterminated string");
		in->pos++;
		if (c == '"')
			break;
		if (c == '\\') {
			c = peek(in);
			if (c != '"' && c != '\\')
				return fail(in, "bad escape in a string");
			in->pos++;
		} else if (c < 0x20 || c > 0x7e) {
			return fail(in, "control or non-ASCII byte in a string");
		}
		if (len + 1 >= room) /* this byte and the terminator */
			return fail(in, "field too large");
		start[len++] = (char)c;
	}
	if (len >= room)
		return fail(in, "field too large");
	start[len] = '\0';
	d->used += len + 1;
	v->type = SFV_STRING;
	v->str = start;
	v->len = len;
	return 0;
}

static int
parse_token(struct sfv_in *in, struct sfv_bare *v)
{
	size_t start = in->pos;

	in->pos++; /* ALPHA or "*", checked by the caller */
	while (is_token_char(peek(in)))
		in->pos++;
	if ((v->str = arena_put(in->d, in->s + start, in->pos - start)) == NULL)
		return fail(in, "field too large");
	v->type = SFV_TOKEN;
	v->len = in->pos - start;
	return 0;
}

/* sf-binary: ":" canonical padded base64 ":". */
static int
parse_bytes(struct sfv_in *in, struct sfv_bare *v)
{
	struct sfv_dict *d = in->d;
	size_t start = ++in->pos, n, cap;
	unsigned char *out;

	while (is_b64_char(peek(in)))
		in->pos++;
	if (peek(in) != ':')
		return fail(in, "unterminated byte sequence");
	n = in->pos - start;
	in->pos++;
	if ((v->str = arena_put(d, in->s + start, n)) == NULL)
		return fail(in, "field too large");
	cap = SFV_ARENA - d->used;
	out = (unsigned char *)d->arena + d->used;
	if ((v->nbytes = b64std_decode(in->s + start, n, out, cap)) == (size_t)-1)
		return fail(in, "a byte sequence must be padded base64");
	d->used += v->nbytes;
	v->type = SFV_BYTES;
	v->len = n;
	v->bytes = out;
	return 0;
}

static int
parse_bare(struct sfv_in *in, struct sfv_bare *v)
{
	int c = peek(in);

	memset(v, 0, sizeof(*v));
	if (c == '-' || is_digit(c))
		return parse_number(in, v);
	if (c == '"')
		return parse_string(in, v);
	if (c == '*' || is_alpha(c))
		return parse_token(in, v);
	if (c == ':')
		return parse_bytes(in, v);
	if (c == '?') {
		in->pos++;
		c = peek(in);
		if (c != '0' && c != '1')
			return fail(in, "a boolean is ?0 or ?1");
		in->pos++;
		v->type = SFV_BOOLEAN;
		v->num = c == '1';
		return 0;
	}
	return fail(in, "no value where one was expected");
}

/* Parameters: (";" *SP key ["=" bare])*, appended to d->params. */
static int
parse_params(struct sfv_in *in, size_t *param0, size_t *nparams)
{
	struct sfv_dict *d = in->d;
	size_t i;

	*param0 = d->nparams;
	*nparams = 0;
	while (peek(in) == ';') {
		struct sfv_param *p;

		in->pos++;
		skip_sp(in);
		if (d->nparams == SFV_PARAMS)
			return fail(in, "too many parameters");
		p = &d->params[d->nparams];
		if (parse_key(in, &p->key) != 0)
			return -1;
		for (i = *param0; i < d->nparams; i++)
			if (strcmp(d->params[i].key, p->key) == 0)
				return fail(in, "repeated parameter");
		if (peek(in) == '=') {
			in->pos++;
			if (parse_bare(in, &p->value) != 0)
				return -1;
		} else {
			memset(&p->value, 0, sizeof(p->value));
			p->value.type = SFV_BOOLEAN;
			p->value.num = 1;
		}
		d->nparams++;
		(*nparams)++;
	}
	return 0;
}

static int
parse_item(struct sfv_in *in, struct sfv_item *it)
{
	if (parse_bare(in, &it->value) != 0)
		return -1;
	return parse_params(in, &it->param0, &it->nparams);
}

/* "(" *SP [item *(1*SP item) *SP] ")" parameters */
static int
parse_inner_list(struct sfv_in *in, struct sfv_member *m)
{
	struct sfv_dict *d = in->d;

	in->pos++;
	m->inner = 1;
	m->item0 = d->nitems;
	m->nitems = 0;
	for (;;) {
		int c;

		skip_sp(in);
		if (peek(in) == ')') {
			in->pos++;
			return parse_params(in, &m->param0, &m->nparams);
		}
		if (d->nitems == SFV_ITEMS)
			return fail(in, "too many items in inner lists");
		if (parse_item(in, &d->items[d->nitems]) != 0)
			return -1;
		d->nitems++;
		m->nitems++;
		c = peek(in);
		if (c != ' ' && c != ')')
			return fail(in, "inner list items must be separated by spaces");
	}
}

int
sfv_parse_dictionary(const char *s, size_t n, struct sfv_dict *d, char *why,
    size_t whylen)
{
	struct sfv_in in = { s, n, 0, d, why, whylen };
	size_t i;

	d->nmembers = d->nitems = d->nparams = d->used = 0;
	skip_sp(&in);
	if (in.pos == n)
		return fail(&in, "empty field");
	for (;;) {
		struct sfv_member *m;

		if (d->nmembers == SFV_MEMBERS)
			return fail(&in, "too many members");
		m = &d->members[d->nmembers];
		memset(m, 0, sizeof(*m));
		if (parse_key(&in, &m->key) != 0)
			return -1;
		for (i = 0; i < d->nmembers; i++)
			if (strcmp(d->members[i].key, m->key) == 0)
				return fail(&in, "repeated member");
		if (peek(&in) == '=') {
			in.pos++;
			if (peek(&in) == '(' ? parse_inner_list(&in, m) != 0 :
			    parse_item(&in, &m->item) != 0)
				return -1;
		} else {
			m->item.value.type = SFV_BOOLEAN;
			m->item.value.num = 1;
			if (parse_params(&in, &m->item.param0, &m->item.nparams) != 0)
				return -1;
		}
		d->nmembers++;
		skip_ows(&in);
		if (in.pos == n)
			return 0;
		if (peek(&in) != ',')
			return fail(&in, "members must be separated by commas");
		in.pos++;
		skip_ows(&in);
		if (in.pos == n)
			return fail(&in, "trailing comma");
	}
}

const struct sfv_member *
sfv_dict_get(const struct sfv_dict *d, const char *key)
{
	size_t i;

	for (i = 0; i < d->nmembers; i++)
		if (strcmp(d->members[i].key, key) == 0)
			return &d->members[i];
	return NULL;
}

const struct sfv_bare *
sfv_param_get(const struct sfv_dict *d, size_t param0, size_t nparams, const char *key)
{
	size_t i;

	for (i = param0; i < param0 + nparams && i < d->nparams; i++)
		if (strcmp(d->params[i].key, key) == 0)
			return &d->params[i].value;
	return NULL;
}

/* RFC 8941 section 4.1.3: the bare item's canonical form. */
static int
serialize_bare(const struct sfv_bare *v, struct buf *out)
{
	char num[40];
	size_t i;
	int rc = 0;

	switch (v->type) {
	case SFV_INTEGER:
		snprintf(num, sizeof(num), "%lld", v->num);
		return buf_puts(out, num);
	case SFV_DECIMAL: {
		unsigned long long a = v->num < 0 ? 0ULL - (unsigned long long)v->num :
		    (unsigned long long)v->num;
		char places[4] = { (char)('0' + a % 1000 / 100), (char)('0' + a % 100 / 10),
			(char)('0' + a % 10), '\0' };

		/* at least one place, no trailing zeros */
		if (places[2] == '0')
			places[places[1] == '0' ? 1 : 2] = '\0';
		snprintf(num, sizeof(num), "%s%llu.%s", v->num < 0 ? "-" : "", a / 1000, places);
		return buf_puts(out, num);
	}
	case SFV_STRING:
		rc |= buf_puts(out, "\"");
		for (i = 0; i < v->len; i++) {
			if (v->str[i] == '"' || v->str[i] == '\\')
				rc |= buf_puts(out, "\\");
			rc |= buf_append(out, &v->str[i], 1);
		}
		return rc | buf_puts(out, "\"");
	case SFV_TOKEN:
		return buf_append(out, v->str, v->len);
	case SFV_BYTES:
		/* the parser took canonical base64 only: as sent is as serialized */
		return buf_puts(out, ":") | buf_append(out, v->str, v->len) | buf_puts(out, ":");
	case SFV_BOOLEAN:
		return buf_puts(out, v->num ? "?1" : "?0");
	}
	return -1;
}

static int
serialize_params(const struct sfv_dict *d, size_t param0, size_t nparams, struct buf *out)
{
	size_t i;
	int rc = 0;

	for (i = param0; i < param0 + nparams && i < d->nparams; i++) {
		const struct sfv_param *p = &d->params[i];

		rc |= buf_puts(out, ";") | buf_puts(out, p->key);
		if (!(p->value.type == SFV_BOOLEAN && p->value.num == 1))
			rc |= buf_puts(out, "=") | serialize_bare(&p->value, out);
	}
	return rc;
}

int
sfv_serialize_item(const struct sfv_dict *d, const struct sfv_item *item, struct buf *out)
{
	return serialize_bare(&item->value, out) |
	    serialize_params(d, item->param0, item->nparams, out) ? -1 : 0;
}

int
sfv_serialize_inner_list(const struct sfv_dict *d, const struct sfv_member *m,
    struct buf *out)
{
	size_t i;
	int rc = 0;

	if (!m->inner)
		return -1;
	rc |= buf_puts(out, "(");
	for (i = 0; i < m->nitems; i++) {
		if (i > 0)
			rc |= buf_puts(out, " ");
		rc |= sfv_serialize_item(d, &d->items[m->item0 + i], out);
	}
	rc |= buf_puts(out, ")");
	return rc | serialize_params(d, m->param0, m->nparams, out) ? -1 : 0;
}
