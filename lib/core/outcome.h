/*
 * outcome: how a domain operation ended, without HTTP. The caller owns the
 * struct (on its stack), the callee fills it, nobody allocates: the error,
 * whether state was committed, a message safe to show a client, and a few
 * typed context items (the wallet API renders them as the error's `data`).
 * Only the HTTP layer turns an outcome into a response; the admin tool and
 * the workers print or log it.
 */
#ifndef CEDIRAMP_OUTCOME_H
#define CEDIRAMP_OUTCOME_H

#include <stddef.h>

#include "core/err.h"

#define OUTCOME_CTX_MAX 8

enum outcome_type { OUTCOME_STR = 0, OUTCOME_INT, OUTCOME_BOOL };

struct outcome_item {
	char key[32];
	enum outcome_type type;
	char str[160];
	long long num; /* OUTCOME_INT value; 0/1 for OUTCOME_BOOL */
};

struct outcome {
	enum err err;          /* ERR_OK, or why it failed */
	int changed;           /* state was committed */
	char message[256];     /* "" uses the error table's default */
	struct outcome_item ctx[OUTCOME_CTX_MAX];
	size_t nctx;
};

void outcome_init(struct outcome *o);

/*
 * Records e with a printf-style message (clipped and cleaned of control
 * bytes) and returns e, so `return outcome_fail(o, ERR_X, "...")` reads
 * as one step.
 */
enum err outcome_fail(struct outcome *o, enum err e, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Records e with the error table's default message; returns e. */
enum err outcome_err(struct outcome *o, enum err e);

/* As outcome_fail with message "field: reason" and context {"field": field}. */
enum err outcome_field(struct outcome *o, enum err e, const char *field,
    const char *reason);

/* Context items, in order; a key already present is replaced, a full table
 * drops further items, values are clipped to fit. */
void outcome_str(struct outcome *o, const char *key, const char *val);
void outcome_int(struct outcome *o, const char *key, long long v);
void outcome_bool(struct outcome *o, const char *key, int v);

/* Forgets the context items (a later error replaces an earlier one's). */
void outcome_clear_ctx(struct outcome *o);

#endif
