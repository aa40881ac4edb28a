#include "http/route.h"

#include <stdio.h>
#include <string.h>

#include "core/strict.h"

/*
 * Matches path against pattern. On a match, and when r is not NULL, stores
 * path parameters in r. Returns 1 on match, 0 otherwise.
 */
static int
pattern_match(const char *pattern, const char *path, struct req *r)
{
	const char *p = pattern, *s = path;
	size_t nparams = 0;

	while (*p != '\0' && *s != '\0') {
		size_t pl, sl;

		if (*p != '/' || *s != '/')
			return 0;
		/* a pattern ending in '/' asks for exactly that trailing slash */
		if (p[1] == '\0') {
			if (s[1] != '\0')
				return 0;
			p++;
			s++;
			break;
		}
		p++;
		s++;
		pl = strcspn(p, "/");
		sl = strcspn(s, "/");
		if (sl == 0 || (sl == 1 && s[0] == '.') ||
		    (sl == 2 && s[0] == '.' && s[1] == '.'))
			return 0;
		if (p[0] == ':') {
			char val[REQ_VALUE_MAX + 1];
			long d = strict_pct_decode(s, sl, val, sizeof(val),
			    STRICT_PCT_NO_SLASH);

			if (d <= 0 || nparams == REQ_PARAM_MAX ||
			    strcmp(val, ".") == 0 || strcmp(val, "..") == 0)
				return 0;
			if (r != NULL) {
				char key[64];

				if (pl - 1 >= sizeof(key))
					return 0;
				memcpy(key, p + 1, pl - 1);
				key[pl - 1] = '\0';
				r->params[nparams].key = req_store(r, key, pl - 1);
				r->params[nparams].val = req_store(r, val, (size_t)d);
				if (r->params[nparams].key == NULL ||
				    r->params[nparams].val == NULL)
					return 0;
			}
			nparams++;
		} else if (pl != sl || memcmp(p, s, pl) != 0) {
			return 0;
		}
		p += pl;
		s += sl;
	}
	if (*p != '\0' || *s != '\0')
		return 0;
	if (r != NULL)
		r->nparams = nparams;
	return 1;
}

/* How many segments of pattern are literal (not :name). */
static int
literals(const char *pattern)
{
	int n = 0;

	for (; *pattern != '\0'; pattern++)
		if (*pattern == '/' && pattern[1] != ':' && pattern[1] != '\0')
			n++;
	return n;
}

enum route_match
route_find(const struct route *t, size_t n, struct req *r,
    const struct route **found, char *allow, size_t allowlen,
    int *public_path)
{
	size_t i, used = 0;
	int path_known = 0, best = -1;

	*found = NULL;
	*public_path = 0;
	if (allowlen > 0)
		allow[0] = '\0';
	/* a literal segment beats a parameter (OpenAPI's rule): a path that
	 * /v1/withdrawals/bulk matches is that route's, never :id's */
	for (i = 0; i < n; i++)
		if (literals(t[i].pattern) > best && pattern_match(t[i].pattern, r->path, NULL))
			best = literals(t[i].pattern);
	for (i = 0; i < n; i++) {
		if (literals(t[i].pattern) != best || !pattern_match(t[i].pattern, r->path, NULL))
			continue;
		path_known = 1;
		if (t[i].flags & ROUTE_PUBLIC)
			*public_path = 1;
		if (strcmp(t[i].method, r->method) == 0 && *found == NULL) {
			if (!pattern_match(t[i].pattern, r->path, r))
				return ROUTE_NONE;
			*found = &t[i];
		}
		if (strstr(allow, t[i].method) == NULL) {
			char item[24];
			int w = snprintf(item, sizeof(item), "%s%s",
			    used ? ", " : "", t[i].method);

			/* a method that does not fit is left out whole */
			if (w > 0 && (size_t)w < allowlen - used) {
				memcpy(allow + used, item, (size_t)w + 1);
				used += (size_t)w;
			}
		}
	}
	if (*found != NULL)
		return ROUTE_FOUND;
	return path_known ? ROUTE_BAD_METHOD : ROUTE_NONE;
}
