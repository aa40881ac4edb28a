#include "core/outcome.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/strict.h"

void
outcome_init(struct outcome *o)
{
	memset(o, 0, sizeof(*o));
}

enum err
outcome_fail(struct outcome *o, enum err e, const char *fmt, ...)
{
	char raw[sizeof(o->message)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	strict_clip(o->message, sizeof(o->message), raw, strlen(raw));
	o->err = e;
	return e;
}

enum err
outcome_err(struct outcome *o, enum err e)
{
	o->message[0] = '\0';
	o->err = e;
	return e;
}

enum err
outcome_field(struct outcome *o, enum err e, const char *field, const char *reason)
{
	outcome_clear_ctx(o);
	outcome_str(o, "field", field);
	return outcome_fail(o, e, "%s: %s", field, reason);
}

/* The item for key: the existing one, else a new one; NULL when full. */
static struct outcome_item *
slot(struct outcome *o, const char *key)
{
	struct outcome_item *it;
	size_t i;

	for (i = 0; i < o->nctx; i++)
		if (strcmp(o->ctx[i].key, key) == 0)
			return &o->ctx[i];
	if (o->nctx == OUTCOME_CTX_MAX || strlen(key) >= sizeof(it->key))
		return NULL;
	it = &o->ctx[o->nctx++];
	memset(it, 0, sizeof(*it));
	memcpy(it->key, key, strlen(key) + 1);
	return it;
}

void
outcome_str(struct outcome *o, const char *key, const char *val)
{
	struct outcome_item *it = slot(o, key);

	if (it == NULL)
		return;
	it->type = OUTCOME_STR;
	strict_clip(it->str, sizeof(it->str), val ? val : "", val ? strlen(val) : 0);
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
	it->num = v != 0;
}

void
outcome_clear_ctx(struct outcome *o)
{
	o->nctx = 0;
}
