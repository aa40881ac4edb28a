#include "http/req.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/strict.h"

const char *
req_env(char **envp, const char *name)
{
	size_t n = strlen(name);

	for (; envp != NULL && *envp != NULL; envp++)
		if (strncmp(*envp, name, n) == 0 && (*envp)[n] == '=')
			return *envp + n + 1;
	return NULL;
}

const char *
req_header(const struct req *r, const char *name)
{
	char var[5 + 64];
	size_t i, n = strlen(name);

	if (n >= 64)
		return NULL;
	memcpy(var, "HTTP_", 5);
	for (i = 0; i < n; i++) {
		char c = name[i];

		var[5 + i] = c == '-' ? '_' : (c >= 'a' && c <= 'z') ?
		    (char)(c - 'a' + 'A') : c;
	}
	var[5 + n] = '\0';
	return req_env(r->envp, var);
}

const char *
req_store(struct req *r, const char *s, size_t n)
{
	/*
	 * Strings are kept in fixed chunks that never move, so pointers
	 * handed out stay valid until req_free. A chunk list would be more
	 * general; one arena of the maximum size keeps it simple.
	 */
	const size_t arena = REQ_QUERY_MAX + REQ_PARAM_MAX * (REQ_VALUE_MAX + 1) +
	    REQ_QUERY_ITEMS * 2 + 64;
	char *p;

	if (r->storage == NULL) {
		r->storage = malloc(arena);
		if (r->storage == NULL)
			return NULL;
		r->storage_cap = arena;
		r->storage_len = 0;
	}
	if (n + 1 > r->storage_cap - r->storage_len)
		return NULL;
	p = r->storage + r->storage_len;
	memcpy(p, s, n);
	p[n] = '\0';
	r->storage_len += n + 1;
	return p;
}

enum err
req_parse_query(struct req *r, const char *qs, char *msg, size_t msglen)
{
	char key[128], val[REQ_VALUE_MAX + 1];
	size_t len, pos = 0;

	r->nquery = 0;
	if (qs == NULL || *qs == '\0')
		return ERR_OK;
	len = strlen(qs);
	if (len > REQ_QUERY_MAX) {
		snprintf(msg, msglen, "query string too long");
		return ERR_VALIDATION;
	}
	while (pos <= len) {
		const char *item = qs + pos, *amp, *eq;
		size_t ilen, klen;
		long kd, vd;
		size_t i;

		amp = memchr(item, '&', len - pos);
		ilen = amp ? (size_t)(amp - item) : len - pos;
		pos += ilen + 1;
		if (ilen == 0)
			continue; /* tolerate "a=1&&b=2" and a trailing '&' */
		eq = memchr(item, '=', ilen);
		klen = eq ? (size_t)(eq - item) : ilen;
		kd = strict_pct_decode(item, klen, key, sizeof(key), STRICT_PCT_PLUS_SPACE);
		if (kd <= 0) {
			snprintf(msg, msglen, "malformed query parameter name");
			return ERR_VALIDATION;
		}
		vd = eq ? strict_pct_decode(eq + 1, ilen - klen - 1, val, sizeof(val),
		    STRICT_PCT_PLUS_SPACE) : 0;
		if (!eq)
			val[0] = '\0';
		if (vd < 0) {
			char clip[64];

			snprintf(msg, msglen, "%s: malformed or too long value",
			    strict_clip(clip, sizeof(clip), key, (size_t)kd));
			return ERR_VALIDATION;
		}
		for (i = 0; i < r->nquery; i++)
			if (strcmp(r->query[i].key, key) == 0) {
				char clip[64];

				snprintf(msg, msglen, "%s: repeated parameter",
				    strict_clip(clip, sizeof(clip), key, (size_t)kd));
				return ERR_VALIDATION;
			}
		if (r->nquery == REQ_QUERY_ITEMS) {
			snprintf(msg, msglen, "too many query parameters");
			return ERR_VALIDATION;
		}
		r->query[r->nquery].key = req_store(r, key, (size_t)kd);
		r->query[r->nquery].val = req_store(r, val, (size_t)vd);
		if (r->query[r->nquery].key == NULL || r->query[r->nquery].val == NULL) {
			snprintf(msg, msglen, "query string too long");
			return ERR_VALIDATION;
		}
		r->nquery++;
	}
	return ERR_OK;
}

enum err
req_check_query(const struct req *r, const char *const *allowed, char *msg,
    size_t msglen)
{
	size_t i;

	for (i = 0; i < r->nquery; i++) {
		const char *const *a;
		int ok = 0;
		char clip[64];

		for (a = allowed; a != NULL && *a != NULL; a++)
			if (strcmp(*a, r->query[i].key) == 0)
				ok = 1;
		if (!ok) {
			snprintf(msg, msglen, "%s: unknown parameter",
			    strict_clip(clip, sizeof(clip), r->query[i].key,
			    strlen(r->query[i].key)));
			return ERR_VALIDATION;
		}
	}
	return ERR_OK;
}

static const char *
kv_get(const struct req_kv *kv, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(kv[i].key, name) == 0)
			return kv[i].val;
	return NULL;
}

const char *
req_query(const struct req *r, const char *name)
{
	return kv_get(r->query, r->nquery, name);
}

const char *
req_param(const struct req *r, const char *name)
{
	return kv_get(r->params, r->nparams, name);
}

int
req_is_json_type(const char *ct)
{
	size_t n;

	if (ct == NULL)
		return 0;
	while (*ct == ' ')
		ct++;
	n = strcspn(ct, "; ");
	if (!strict_ieq(ct, n, "application/json"))
		return 0;
	ct += n;
	while (*ct == ' ')
		ct++;
	return *ct == '\0' || *ct == ';';
}

static int
json_depth_ok(const json_t *j, int depth)
{
	const char *k;
	json_t *v;
	size_t i;

	/* depth counts containers; a scalar adds no level */
	if ((json_is_object(j) || json_is_array(j)) && depth > REQ_JSON_DEPTH)
		return 0;
	if (json_is_object(j)) {
		json_object_foreach((json_t *)j, k, v)
			if (!json_depth_ok(v, depth + 1))
				return 0;
	} else if (json_is_array(j)) {
		json_array_foreach(j, i, v)
			if (!json_depth_ok(v, depth + 1))
				return 0;
	}
	return 1;
}

enum err
req_parse_body(struct req *r, const char *body, size_t len, char *msg,
    size_t msglen)
{
	json_error_t jerr;
	json_t *j;

	if (len == 0) {
		snprintf(msg, msglen, "a JSON object body is required");
		return ERR_VALIDATION;
	}
	/*
	 * Jansson's own nesting limit is 2048; ours is checked after the
	 * parse, which the body size bounds.
	 */
	j = json_loadb(body, len, JSON_REJECT_DUPLICATES, &jerr);
	if (j == NULL) {
		char clip[96];

		snprintf(msg, msglen, "malformed JSON: %s",
		    strict_clip(clip, sizeof(clip), jerr.text, strlen(jerr.text)));
		return ERR_VALIDATION;
	}
	if (!json_is_object(j)) {
		json_decref(j);
		snprintf(msg, msglen, "the body must be a JSON object");
		return ERR_VALIDATION;
	}
	if (!json_depth_ok(j, 1)) {
		json_decref(j);
		snprintf(msg, msglen, "the body nests too deeply");
		return ERR_VALIDATION;
	}
	r->body = j;
	return ERR_OK;
}

/* Accepts a client's X-Request-Id when it is short and plain. */
static int
request_id_ok(const char *s)
{
	size_t i, n = strlen(s);

	if (n == 0 || n >= REQ_ID_MAX)
		return 0;
	for (i = 0; i < n; i++) {
		char c = s[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '_'))
			return 0;
	}
	return 1;
}

enum err
req_from_env(struct req *r, char **envp, char *msg, size_t msglen)
{
	const char *m, *uri, *cl, *rid;
	size_t plen;
	unsigned long long n;

	r->envp = envp;
	m = req_env(envp, "REQUEST_METHOD");
	uri = req_env(envp, "REQUEST_URI");
	if (m == NULL || strict_copy(r->method, sizeof(r->method), m) != 0)
		(void)strict_copy(r->method, sizeof(r->method), "?");
	if (uri == NULL)
		uri = "/";
	plen = strcspn(uri, "?#");
	r->api = strncmp(uri, "/v1", 3) == 0 &&
	    (uri[3] == '/' || uri[3] == '\0' || uri[3] == '?') ?
	    API_PARTNER : strncmp(uri, "/console/api", 12) == 0 &&
	    (uri[12] == '/' || uri[12] == '\0' || uri[12] == '?') ? API_CONSOLE : API_WALLET;
	if (plen >= sizeof(r->path)) {
		memcpy(r->path, uri, sizeof(r->path) - 1);
		r->path[sizeof(r->path) - 1] = '\0';
		snprintf(msg, msglen, "path too long");
		return ERR_NOT_FOUND;
	}
	memcpy(r->path, uri, plen);
	r->path[plen] = '\0';

	r->content_type = req_env(envp, "CONTENT_TYPE");
	if (r->content_type != NULL && *r->content_type == '\0')
		r->content_type = NULL;
	r->authorization = req_env(envp, "HTTP_AUTHORIZATION");
	r->idempotency_key = req_env(envp, "HTTP_X_IDEMPOTENCY_KEY");
	rid = req_env(envp, "HTTP_X_REQUEST_ID");
	if (rid != NULL && request_id_ok(rid))
		(void)strict_copy(r->request_id, sizeof(r->request_id), rid);

	cl = req_env(envp, "CONTENT_LENGTH");
	r->content_length = 0;
	if (cl != NULL && *cl != '\0') {
		if (strict_uint(cl, strlen(cl), ~0ULL, &n) != 0) {
			snprintf(msg, msglen, "bad Content-Length");
			return ERR_VALIDATION;
		}
		r->content_length = n;
	}
	r->query_string = req_env(envp, "QUERY_STRING");
	return ERR_OK;
}

void
req_free(struct req *r)
{
	json_decref(r->body);
	r->body = NULL;
	free(r->storage);
	r->storage = NULL;
	r->storage_len = r->storage_cap = 0;
}
