#include "core/outcome.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/*
 * Copies src into dst (cap bytes), cut short if it does not fit, and never
 * in the middle of a UTF-8 sequence, so the value stays valid text for a
 * JSON renderer.
 */
static void
clip(char *dst, size_t cap, const char *src)
{
	size_t n = src ? strlen(src) : 0;

	if (cap == 0)
		return;
	if (n >= cap) {
		n = cap - 1;
		/* back off continuation bytes, then the lead byte they belong to */
		while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80)
			n--;
	}
	if (n > 0)
		memcpy(dst, src, n);
	dst[n] = '\0';
}

void
outcome_init(struct outcome *o)
{
	memset(o, 0, sizeof(*o));
	o->err = ERR_OK;
}

enum err
outcome_fail(struct outcome *o, enum err e, const char *fmt, ...)
{
	char buf[sizeof(o->message)];
	va_list ap;

	o->err = e;
	buf[0] = '\0';
	if (fmt != NULL) {
		va_start(ap, fmt);
		(void)vsnprintf(buf, sizeof(buf), fmt, ap);
		va_end(ap);
	}
	clip(o->message, sizeof(o->message), buf);
	return e;
}

enum err
outcome_field(struct outcome *o, enum err e, const char *field,
    const char *reason)
{
	(void)outcome_fail(o, e, "%s: %s", field ? field : "", reason ? reason : "");
	outcome_str(o, "field", field ? field : "");
	return e;
}

/*
 * The slot for key: its earlier item (a key is set once in the table),
 * a new one, or NULL when the table is full.
 */
static struct outcome_item *
slot(struct outcome *o, const char *key)
{
	struct outcome_item *it;
	char k[sizeof(o->ctx[0].key)];
	size_t i;

	clip(k, sizeof(k), key);
	for (i = 0; i < o->nctx; i++)
		if (strcmp(o->ctx[i].key, k) == 0)
			break;
	if (i == o->nctx) {
		if (o->nctx >= OUTCOME_CTX_MAX)
			return NULL;
		o->nctx++;
	}
	it = &o->ctx[i];
	memset(it, 0, sizeof(*it));
	memcpy(it->key, k, sizeof(k));
	return it;
}

void
outcome_str(struct outcome *o, const char *key, const char *val)
{
	struct outcome_item *it = slot(o, key);

	if (it == NULL)
		return;
	it->type = OUTCOME_STR;
	clip(it->str, sizeof(it->str), val);
}

void
outcome_int(struct outcome *o, const char *key, long long v)
{
	struct outcome_item *it = slot(o, key);

	if (it == NULL)
		return;
	it->type = OUTCOME_INT;
	it->num = v;
}

void
outcome_bool(struct outcome *o, const char *key, int v)
{
	struct outcome_item *it = slot(o, key);

	if (it == NULL)
		return;
	it->type = OUTCOME_BOOL;
	it->num = v ? 1 : 0;
}
