/*
 * body: strict reading of a JSON request body's fields, with the API's
 * error (validation_error naming the field) when a field is missing, of
 * the wrong type, or not expected at all. Each reads the object it is
 * given (a request's body, or one item of a bulk request's array).
 */
#ifndef CEDIRAMP_BODY_H
#define CEDIRAMP_BODY_H

#include <stddef.h>

#include "http/req.h"
#include "http/resp.h"

/* ERR_VALIDATION naming the first member of body not in allowed. */
enum err body_only(const json_t *body, struct resp *resp, const char *const *allowed);

/*
 * The required string member name: 1..max printable characters. Sets *out
 * (borrowed from the body) or returns ERR_VALIDATION naming the field.
 */
enum err body_string(const json_t *body, struct resp *resp, const char *name,
    size_t max, const char **out);

/* As body_string for an optional member: absent or null sets *out NULL. */
enum err body_opt_string(const json_t *body, struct resp *resp, const char *name,
    size_t max, const char **out);

/*
 * The string member name, its content unchecked (the domain checks it):
 * *out (borrowed from the body) and *len, which counts every byte, NULs
 * included. ERR_VALIDATION naming the field when it is present but not a
 * string, or absent (or null) and required; an optional one absent or
 * null sets *out to NULL and *len to 0.
 */
enum err body_text(const json_t *body, struct resp *resp, const char *name,
    int required, const char **out, size_t *len);

/*
 * The required string member name, whole: *out borrowed from the body,
 * or ERR_VALIDATION naming it when absent, not a string, or holding a NUL
 * (which a C string would cut short; the caller checks the rest, as a
 * reason's 1 to 200 printable characters).
 */
enum err body_whole_text(const json_t *body, struct resp *resp, const char *name,
    const char **out);

#endif
