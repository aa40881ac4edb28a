/*
 * preq: rules shared by the partner API's create requests (withdrawals,
 * payment intents): metadata, and the hash that tells the same request
 * under a reference_id from a different one.
 */
#ifndef CEDIRAMP_PREQ_H
#define CEDIRAMP_PREQ_H

#include <stddef.h>
#include <jansson.h>

#include "core/outcome.h"

#define PREQ_METADATA_KEYS 20
#define PREQ_METADATA_KEY_MAX 40     /* characters */
#define PREQ_METADATA_VALUE_MAX 500  /* characters */

/* Code points in a UTF-8 string (Jansson has validated it). */
size_t preq_utf8_chars(const char *s);

/*
 * metadata's rules (absent or null: none; else an object of at most 20
 * string values, keys 1 to 40 characters, values at most 500); its
 * canonical text (sorted keys) into *text, which the caller frees (NULL
 * for none). ERR_VALIDATION naming metadata in o.
 */
enum err preq_metadata(const json_t *md, char **text, struct outcome *o);

/* SHA-256 of the n parts (each with its NUL, so parts cannot run into
 * each other) as 64 hex digits into hash. 0, or -1 out of memory. */
int preq_hash(const char *const *parts, size_t n, char hash[65]);

#endif
