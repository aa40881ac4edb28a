/* outcome: how a domain operation ended, without HTTP. ... */
#ifndef CEDIRAMP_OUTCOME_H
#define CEDIRAMP_OUTCOME_H
#include <stddef.h>
#include "core/err.h"
#define OUTCOME_CTX_MAX 8
enum outcome_type { OUTCOME_STR = 0, OUTCOME_INT, OUTCOME_BOOL };
struct outcome_item { char key[32]; enum outcome_type type; char str[160]; long long num; };
struct outcome {
	enum err err;          /* ERR_OK, or why it failed */
	int changed;           /* state was committed */
	char message[256];     /* "" uses the error table's default */
	struct outcome_item ctx[OUTCOME_CTX_MAX];
	size_t nctx;
};
void outcome_init(struct outcome *o);
enum err outcome_fail(struct outcome *o, enum err e, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
enum err outcome_field(struct outcome *o, enum err e, const char *field, const char *reason); /* message "field: reason", ctx {"field": field} */
void outcome_str(struct outcome *o, const char *key, const char *val);
void outcome_int(struct outcome *o, const char *key, long long v);
void outcome_bool(struct outcome *o, const char *key, int v);
#endif
