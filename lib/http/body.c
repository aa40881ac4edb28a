#include "http/body.h"

#include <string.h>

#include "core/strict.h"

enum err
body_only(const json_t *body, struct resp *resp, const char *const *allowed)
{
	const char *key;
	json_t *v;

	json_object_foreach((json_t *)body, key, v) {
		const char *const *a;
		int ok = 0;
		char clip[64];

		(void)v;
		for (a = allowed; *a != NULL; a++)
			if (strcmp(*a, key) == 0)
				ok = 1;
		if (!ok)
			return resp_invalid(resp, ERR_VALIDATION,
			    strict_clip(clip, sizeof(clip), key, strlen(key)), "unknown field");
	}
	return ERR_OK;
}

enum err
body_string(const json_t *body, struct resp *resp, const char *name, size_t max,
    const char **out)
{
	json_t *v = json_object_get(body, name);
	const char *s;
	size_t n;

	if (v == NULL || json_is_null(v))
		return resp_invalid(resp, ERR_VALIDATION, name, "required");
	if (!json_is_string(v))
		return resp_invalid(resp, ERR_VALIDATION, name, "must be a string");
	s = json_string_value(v);
	n = json_string_length(v);
	if (n == 0 || n > max || strlen(s) != n || !strict_printable(s, n))
		return resp_invalid(resp, ERR_VALIDATION, name,
		    "must be 1 or more printable characters");
	*out = s;
	return ERR_OK;
}

enum err
body_opt_string(const json_t *body, struct resp *resp, const char *name, size_t max,
    const char **out)
{
	json_t *v = json_object_get(body, name);

	*out = NULL;
	if (v == NULL || json_is_null(v))
		return ERR_OK;
	return body_string(body, resp, name, max, out);
}

enum err
body_text(const json_t *body, struct resp *resp, const char *name, int required,
    const char **out, size_t *len)
{
	json_t *v = json_object_get(body, name);

	*out = NULL;
	*len = 0;
	if (v == NULL || json_is_null(v))
		return required ? resp_invalid(resp, ERR_VALIDATION, name, "required") :
		    ERR_OK;
	if (!json_is_string(v))
		return resp_invalid(resp, ERR_VALIDATION, name, "must be a string");
	*out = json_string_value(v);
	*len = json_string_length(v);
	return ERR_OK;
}

enum err
body_whole_text(const json_t *body, struct resp *resp, const char *name, const char **out)
{
	size_t len;
	enum err e;

	if ((e = body_text(body, resp, name, 1, out, &len)) != ERR_OK)
		return e;
	if (strlen(*out) != len)
		return resp_invalid(resp, ERR_VALIDATION, name, "no NUL characters");
	return ERR_OK;
}
