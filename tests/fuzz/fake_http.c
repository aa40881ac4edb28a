/* fake_http: the stand-in for prov_http_call (see fake_http.h). */
#include "fake_http.h"

#include <limits.h>
#include <string.h>

#include "core/strict.h"

#include "fuzzutil.h"

static const struct fake_answer *answers;
static size_t nanswers, calls;
static json_t *requests[FAKE_HTTP_KEEP], *answered[FAKE_HTTP_KEEP];

void
fake_http_clear(void)
{
	size_t i;

	for (i = 0; i < FAKE_HTTP_KEEP; i++) {
		json_decref(requests[i]);
		json_decref(answered[i]);
		requests[i] = answered[i] = NULL;
	}
	answers = NULL;
	nanswers = 0;
	calls = 0;
}

void
fake_http_set(const struct fake_answer *a, size_t n)
{
	fake_http_clear();
	answers = a;
	nanswers = n;
}

const json_t *
fake_http_request(size_t i)
{
	return i < FAKE_HTTP_KEEP ? requests[i] : NULL;
}

const json_t *
fake_http_answered(size_t i)
{
	return i < FAKE_HTTP_KEEP ? answered[i] : NULL;
}

/* An rpc_id answer's integer id k >= 1 as the request's id + k - 1 (see
 * fake_http.h). */
static void
rpc_id(const json_t *request, json_t *answer)
{
	json_t *rid = json_object_get(request, "id"), *aid = json_object_get(answer, "id");
	long long r, k; /* json_int_t is long long here (jansson_config.h) */

	if (!json_is_integer(rid) || !json_is_integer(aid))
		return;
	r = json_integer_value(rid);
	k = json_integer_value(aid);
	if (k < 1 || r < 1)
		return;
	/* k - 1 past what is left above r: keep k, which is above r anyway */
	if (k - 1 <= LLONG_MAX - r)
		(void)json_integer_set(aid, r + (k - 1));
}

size_t
fake_http_calls(void)
{
	return calls;
}

struct fake_answer
fake_http_answer(unsigned char how, unsigned char status)
{
	static const long known[] = { 200, 201, 202, 204, 400, 401, 403, 404,
		409, 422, 429, 500, 502, 503, 504 };
	struct fake_answer a;

	memset(&a, 0, sizeof(a));
	/* mostly answered: the parsers are what is fuzzed */
	a.answered = (how & 0x7) != 0;
	a.sent = (how & 0x8) != 0;
	a.timed_out = (how & 0x10) != 0;
	a.status = status < 2 * (sizeof(known) / sizeof(known[0])) ?
	    known[status / 2] : 100 + (status * 7) % 500;
	return a;
}

/* 1 for an upper-case hex digit (prov_http_escape's), else 0. */
static int
upper_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F');
}

/* 1 when path is one the adapters may send: "" (the endpoint's URL
 * itself, as JSON-RPC posts), or '/' then letters, digits, '-', '_', '~',
 * '/' and %XX escapes (prov_http_escape'd segments: no dot, so no "." or
 * ".." segment either). */
static int
path_ok(const char *path)
{
	size_t i;

	if (path != NULL && path[0] == '\0')
		return 1;
	if (path == NULL || path[0] != '/')
		return 0;
	for (i = 0; path[i] != '\0'; i++) {
		char c = path[i];

		if (c == '%') {
			if (!upper_hex(path[i + 1]) || !upper_hex(path[i + 2]))
				return 0;
			i += 2;
		} else if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '~' ||
		    c == '/')) {
			return 0;
		}
	}
	return 1;
}

/* 1 when s is a metrics word: [a-z_], as the adapters name their calls */
static int
word_ok(const char *s)
{
	size_t i;

	for (i = 0; s[i] != '\0'; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || s[i] == '_'))
			return 0;
	return i > 0;
}

int
__wrap_prov_http_call(const struct prov_endpoint *ep, const char *operation,
    const char *method, const char *path, const char *const *headers, const json_t *body,
    struct prov_call *call)
{
	const struct fake_answer *a;

	memset(call, 0, sizeof(*call));
	FZ_CHECK(ep != NULL && method != NULL);
	/* the call's metrics label: a fixed word, never the input's */
	FZ_CHECK(operation != NULL && word_ok(operation));
	/* an id from a request must never add a segment, query or fragment */
	FZ_CHECK(path_ok(path));
	/* nor a header line (a token or a reference with CR or LF in it) */
	for (; headers != NULL && *headers != NULL; headers++)
		FZ_CHECK(strict_printable(*headers, strlen(*headers)));
	if (calls < FAKE_HTTP_KEEP && body != NULL)
		requests[calls] = json_deep_copy(body);
	if (calls >= nanswers) {
		calls++;
		return -1;
	}
	a = &answers[calls];
	call->sent = a->answered || a->sent;
	call->timed_out = !a->answered && a->timed_out;
	if (!a->answered) {
		calls++;
		return -1;
	}
	call->status = a->status;
	/* as prov_http_call reads a body */
	if (a->body != NULL && a->len > 0)
		call->json = json_loadb(a->body, a->len, JSON_REJECT_DUPLICATES, NULL);
	if (a->rpc_id)
		rpc_id(body, call->json);
	if (calls < FAKE_HTTP_KEEP)
		answered[calls] = json_incref(call->json);
	calls++;
	return 0;
}
