#include "http/app.h"

#include <fcgiapp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <time.h>

#include "http/app_metrics.h"
#include "http/auth.h"
#include "http/console_auth.h"
#include "http/errpage.h"
#include "core/id.h"
#include "core/log.h"
#include "http/public_limit.h"
#include "http/rate_limit.h"
#include "core/strict.h"
#include "core/timefmt.h"

/* A streamed answer in the making (app_stream_write). */
struct app_stream {
	const struct app_io *io;
	struct req *r;
	struct resp *resp;
	struct buf *head, *body;
	int started;
};

int
app_stream_write(void *req, const char *p, size_t n)
{
	struct app_stream *s = ((struct req *)req)->stream;
	const struct app_io *io = s->io;

	if (!s->started) {
		s->started = 1;
		if (resp_render_head(s->resp, 200, s->r->request_id, s->head) != 0)
			return -1;
		if (io->wr != NULL) {
			if (io->wr(io->out, s->head->data, s->head->len) != 0)
				return -1;
			buf_reset(s->head);
		}
	}
	if (n == 0)
		return 0;
	return io->wr != NULL ? io->wr(io->out, p, n) : buf_append(s->body, p, n);
}

/* Reads exactly len body bytes into a new buffer; -1 on short read/OOM. */
static int
read_body(app_read_fn rd, void *io, size_t len, struct buf *b)
{
	char chunk[16384];

	while (b->len < len) {
		size_t want = len - b->len < sizeof(chunk) ? len - b->len : sizeof(chunk);
		long got = rd(io, chunk, want);

		if (got <= 0 || buf_append(b, chunk, (size_t)got) != 0)
			return -1;
	}
	return 0;
}

/* Of two counts, the one to report: a limited one (the later reset), else
 * the one with fewer requests left. */
static const struct rate_limit_result *
rate_limit_worse(const struct rate_limit_result *a, const struct rate_limit_result *b)
{
	if (a->limited != b->limited)
		return a->limited ? a : b;
	if (a->limited)
		return a->reset >= b->reset ? a : b;
	return a->remaining <= b->remaining ? a : b;
}

/*
 * The headers of limit w and, when w is over it, the 429: Retry-After and,
 * on the wallet API, the spec's context. ERR_OK or ERR_RATE_LIMITED.
 */
static enum err
limit_answer(const struct rate_limit_result *w, long long now, struct resp *resp)
{
	char num[32], when[40], window[16];
	long long retry;

	snprintf(num, sizeof(num), "%llu", w->limit);
	resp_header(resp, "X-RateLimit-Limit", num);
	snprintf(num, sizeof(num), "%llu", w->remaining);
	resp_header(resp, "X-RateLimit-Remaining", num);
	snprintf(num, sizeof(num), "%lld", w->reset);
	resp_header(resp, "X-RateLimit-Reset", num);
	if (!w->limited)
		return ERR_OK;
	retry = w->reset - now > 0 ? w->reset - now : 1;
	snprintf(num, sizeof(num), "%lld", retry);
	resp_header(resp, "Retry-After", num);
	timefmt_iso(w->reset, when, sizeof(when));
	rate_limit_window_name(w->window, window, sizeof(window));
	outcome_clear_ctx(&resp->out);
	outcome_int(&resp->out, "limit", (long long)w->limit);
	outcome_str(&resp->out, "window", window);
	outcome_int(&resp->out, "retryAfter", retry);
	outcome_str(&resp->out, "resetsAt", when);
	return resp_fail(resp, ERR_RATE_LIMITED,
	    "Rate limit of %llu requests per %s exceeded; retry after %lld s",
	    w->limit, window, retry);
}

/* The client address's limit on the public routes (http/public_limit.h):
 * only a request over it gets the headers, with its 429. */
static enum err
apply_public_limit(struct req *r, struct resp *resp)
{
	struct rate_limit_result w;
	long long now = (long long)time(NULL);

	public_limit_hit(&r->ctx->cfg.public_limit, req_env(r->envp, "REMOTE_ADDR"), now, &w);
	return w.limited ? limit_answer(&w, now, resp) : ERR_OK;
}

/*
 * Counts the request against the caller's limits (the route's category on
 * the wallet API; the plan's per-minute and per-day limits on the partner
 * API) and sets the X-RateLimit-* headers. Over the limit: 429 with
 * Retry-After and, on the wallet API, the spec's context.
 */
static enum err
apply_limits(struct req *r, enum rate_limit_category cat, struct resp *resp)
{
	const struct cfg *c = &r->ctx->cfg;
	long long now = (long long)time(NULL);
	static const enum rate_limit_category plan[2] = { RATE_LIMIT_PARTNER_MINUTE, RATE_LIMIT_PARTNER_DAY };
	struct rate_limit_result m, pd[2];
	const struct rate_limit_result *w = &m;
	char subject[40];

	/* the console counts its sign-ins per address (console_signin); a
	 * session's calls are a person's clicks */
	if (r->api == API_CONSOLE)
		return ERR_OK;
	snprintf(subject, sizeof(subject), "%c:%lld",
	    r->caller.kind == CALLER_USER ? 'u' : 'p', r->caller.id);
	if (r->api == API_PARTNER) {
		/* both plan windows, counted in one transaction */
		if (rate_limit_hit_many(r->ctx->db, c, subject, plan, 2, now, pd) != DB_OK)
			return ERR_SERVICE_UNAVAILABLE;
		w = rate_limit_worse(&pd[0], &pd[1]);
	} else if (rate_limit_hit(r->ctx->db, c, subject, cat, now, &m) != DB_OK) {
		return ERR_SERVICE_UNAVAILABLE;
	}
	return limit_answer(w, now, resp);
}

enum err
app_count_one_more(struct req *r, struct resp *resp, char *why, size_t cap)
{
	struct resp one;
	size_t i;
	enum err e;

	resp_init(&one);
	e = apply_limits(r, RATE_LIMIT_GENERAL, &one);
	for (i = 0; i < one.nheaders; i++)
		if (strncmp(one.headers[i].name, "X-RateLimit-", 12) == 0)
			resp_header(resp, one.headers[i].name, one.headers[i].value);
	if (e != ERR_OK && cap > 0)
		snprintf(why, cap, "%s", one.out.message[0] ? one.out.message :
		    err_def(r->api, e)->message);
	resp_free(&one);
	return e;
}

/*
 * The X-Idempotency-Key step of an idempotent route, once its body is
 * read: claims the key (or takes over a dead request's), or finds the
 * stored answer to replay. The rate limit is counted here: a replay, or a
 * retry resuming committed work, counts in the general category only, so a
 * client retrying after a lost answer does not burn the endpoint's own.
 */
static enum err
idempotency(struct req *r, const struct route *rt, struct resp *resp,
    const struct buf *body)
{
	char endpoint[96];
	enum err e;

	snprintf(endpoint, sizeof(endpoint), "%s %s", rt->method, rt->pattern);
	e = idempotency_begin(r->ctx->db, r->caller.id, r->idempotency_key, endpoint,
	    body->data ? body->data : "", body->len,
	    (long long)r->ctx->cfg.idempotency_lease_seconds, &r->idempotency,
	    &resp->raw_status, &resp->raw_body, &resp->out);
	if (e != ERR_OK)
		return e;
	if (resp->raw_body != NULL || r->idempotency.resumed)
		return apply_limits(r, RATE_LIMIT_GENERAL, resp);
	return apply_limits(r, rt->rate_limit, resp);
}

static enum err dispatch_route(struct req *r, const struct route *rt, enum route_match m,
    const char *allow, struct resp *resp, const struct app_io *io, struct buf *read);

/*
 * dispatch for a partner whose key must sign, or for a request that carries
 * a signature (verified either way): reads the body whatever the
 * route (within the body limit), checks the signature over it
 * (auth_partner_signature), then goes on as any request with that body.
 */
static enum err
dispatch_signed(struct req *r, const struct route *rt, enum route_match m,
    const char *allow, struct resp *resp, const struct app_io *io, char *why, size_t whylen)
{
	struct buf body;
	enum err e;

	if (r->content_length > r->ctx->cfg.max_body_bytes)
		return resp_fail(resp, ERR_PAYLOAD_TOO_LARGE,
		    "The request body is larger than %llu bytes", r->ctx->cfg.max_body_bytes);
	buf_init(&body, r->ctx->cfg.max_body_bytes);
	if (read_body(io->rd, io->in, (size_t)r->content_length, &body) != 0) {
		buf_free(&body);
		return resp_fail(resp, ERR_VALIDATION, "the request body could not be read");
	}
	e = auth_partner_signature(r, body.data ? body.data : "", body.len,
	    (long long)time(NULL), resp, why, whylen);
	if (e == ERR_OK)
		e = dispatch_route(r, rt, m, allow, resp, io, &body);
	buf_free(&body);
	return e;
}

/*
 * Runs everything between a parsed request and a handler's result. why
 * receives a reason for the log line when an error is decided here.
 */
static enum err
dispatch(const struct app *app, struct req *r, struct resp *resp,
    const struct app_io *io, char *why, size_t whylen)
{
	const struct route *rt = NULL;
	enum route_match m;
	char allow[64];
	int public_path;
	enum err e;

	m = route_find(app->routes, app->nroutes, r, &rt, allow, sizeof(allow),
	    &public_path);
	if (m == ROUTE_FOUND)
		r->route = rt->pattern;
	/*
	 * Credentials are checked before the route is disclosed: an
	 * unauthenticated caller gets 401 for every path but the public ones.
	 */
	/* the console's paths mix public and signed-in methods (POST
	 * /console/api/session signs in, GET reads the session): the route
	 * decides, and an unknown one needs a session too */
	if (r->api == API_CONSOLE)
		public_path = m == ROUTE_FOUND && (rt->flags & ROUTE_PUBLIC);
	if (!public_path) {
		e = r->api == API_PARTNER ? auth_partner(r, why, whylen) :
		    r->api == API_CONSOLE ? auth_console(r, why, whylen) :
		    auth_wallet(r, why, whylen);
		if (e != ERR_OK)
			return e;
		/* a key that must sign, and any request that carries a
		 * signature (verified whatever the policy: a wrong one is never
		 * ignored): the signature covers the body's digest, so the body
		 * is read now, whatever the route (decision 63) */
		if (r->api == API_PARTNER && (r->signature_required ||
		    req_header(r, "Signature") != NULL || req_header(r, "Signature-Input") != NULL))
			return dispatch_signed(r, rt, m, allow, resp, io, why, whylen);
	}
	return dispatch_route(r, rt, m, allow, resp, io, NULL);
}

/*
 * dispatch's part after authentication: the route's answer, its limits,
 * query and body, and the handler. With read (not NULL) the body was
 * read already (a signed request's): it is used, not read again.
 */
static enum err
dispatch_route(struct req *r, const struct route *rt, enum route_match m,
    const char *allow, struct resp *resp, const struct app_io *io, struct buf *read)
{
	int keyed;
	enum err e;
	struct buf body;

	if (m == ROUTE_NONE)
		return ERR_NOT_FOUND;
	if (m == ROUTE_BAD_METHOD) {
		resp_header(resp, "Allow", allow);
		return resp_fail(resp, ERR_METHOD_NOT_ALLOWED,
		    "%s is not allowed here; use %s", r->method, allow);
	}
	if (r->api == API_CONSOLE && (e = console_guard(r, rt, resp)) != ERR_OK)
		return e;
	/* with a key, the limit waits until the key says replay or run */
	keyed = (rt->flags & ROUTE_IDEMPOTENT) && (rt->flags & ROUTE_BODY) &&
	    r->idempotency_key != NULL;
	if (!(rt->flags & ROUTE_PUBLIC) && !keyed &&
	    (e = apply_limits(r, rt->rate_limit, resp)) != ERR_OK)
		return e;
	/* a public route: the client address's limit, in memory (no write) */
	if ((rt->flags & ROUTE_PER_ADDRESS) && (e = apply_public_limit(r, resp)) != ERR_OK)
		return e;
	if (req_parse_query(r, r->query_string, resp->out.message,
	    sizeof(resp->out.message)) != ERR_OK ||
	    req_check_query(r, rt->query, resp->out.message,
	    sizeof(resp->out.message)) != ERR_OK)
		return ERR_VALIDATION;
	if (rt->flags & ROUTE_BODY) {
		if (r->content_length > r->ctx->cfg.max_body_bytes)
			return resp_fail(resp, ERR_PAYLOAD_TOO_LARGE,
			    "The request body is larger than %llu bytes",
			    r->ctx->cfg.max_body_bytes);
		if (!(rt->flags & ROUTE_ANY_TYPE) && !req_is_json_type(r->content_type))
			return ERR_UNSUPPORTED_MEDIA_TYPE;
		if (read != NULL) {
			body = *read; /* taken over: freed here */
			memset(read, 0, sizeof(*read));
		} else {
			buf_init(&body, r->ctx->cfg.max_body_bytes);
			if (read_body(io->rd, io->in, (size_t)r->content_length, &body) != 0) {
				buf_free(&body);
				return resp_fail(resp, ERR_VALIDATION,
				    "the request body could not be read");
			}
		}
		e = req_parse_body(r, body.data ? body.data : "", body.len,
		    resp->out.message, sizeof(resp->out.message));
		if (e == ERR_OK && keyed)
			e = idempotency(r, rt, resp, &body);
		if (e != ERR_OK || resp->raw_body != NULL) {
			buf_free(&body);
			return e; /* an error, or a stored answer to replay */
		}
		r->raw_body = body.data != NULL ? body.data : "";
		r->raw_len = body.len;
		e = rt->fn(r, resp);
		r->raw_body = NULL;
		r->raw_len = 0;
		buf_free(&body);
		return e;
	}
	return rt->fn(r, resp);
}

/*
 * The path as the request log shows it: an MTN callback's token (the
 * last segment of /v1/providers/momo/<NETWORK>/callback/<TOKEN>, a secret
 * that lets its holder hint at payouts) is logged as "[token]".
 */
static const char *
logged_path(const char *path, char *out, size_t cap)
{
	static const char prefix[] = "/v1/providers/momo/";
	const char *cb;

	if (strncmp(path, prefix, sizeof(prefix) - 1) != 0 ||
	    (cb = strstr(path + sizeof(prefix) - 1, "/callback/")) == NULL)
		return path;
	snprintf(out, cap, "%.*s[token]", (int)(cb + strlen("/callback/") - path), path);
	return out;
}

int
app_handle(const struct app *app, struct ctx *ctx, char **envp,
    const struct app_io *io, struct buf *head, struct buf *body)
{
	long long t0 = log_now_us();
	char why[320] = "", caller[240] = "", shown[256];
	struct db_counts db_at;
	const char *redirect;
	struct app_stream stream;
	struct resp resp;
	struct req r;
	enum err e;
	int status;

	memset(&r, 0, sizeof(r));
	resp_init(&resp);
	r.ctx = ctx;
	stream = (struct app_stream){ io, &r, &resp, head, body, 0 };
	r.stream = &stream;
	e = req_from_env(&r, envp, resp.out.message, sizeof(resp.out.message));
	if (r.request_id[0] == '\0' &&
	    id_random(r.request_id, sizeof(r.request_id), "req_", 20) != 0)
		(void)strict_copy(r.request_id, sizeof(r.request_id), "req_unknown");
	log_set_request(r.request_id);
	app_metrics_begin(app->name, ctx->db, &db_at);
	redirect = req_env(envp, "REDIRECT_STATUS");
	if (e != ERR_OK) {
		/* unparseable request: e is already set */
	} else if (ctx->init_error[0] != '\0') {
		snprintf(why, sizeof(why), "set-up failed: %s", ctx->init_error);
		e = ERR_INTERNAL;
	} else if (redirect != NULL && strcmp(redirect, "200") != 0) {
		/*
		 * The web server turned an error of its own (an oversize body,
		 * a crashed program) into an internal redirect here: render it
		 * in the API's envelope instead of an HTML page.
		 */
		unsigned long long st = 500;

		(void)strict_uint(redirect, strlen(redirect), 599, &st);
		e = errpage_fill(&resp, (int)st, ctx->cfg.max_body_bytes);
		/* a request the web server could not read names no path: no
		 * envelope can be chosen (lighttpd passes an empty REQUEST_URI) */
		if (r.path[0] != '/' && (resp.raw_body = errpage_neutral((int)st)) != NULL)
			resp.raw_status = (int)st;
		snprintf(why, sizeof(why), "web server status %llu", st);
	} else {
		if (r.api == API_CONSOLE) {
			/* the console's answers are never framed, sniffed or run */
			resp_header(&resp, "Content-Security-Policy",
			    "default-src 'none'; frame-ancestors 'none'");
			resp_header(&resp, "X-Content-Type-Options", "nosniff");
			resp_header(&resp, "Referrer-Policy", "same-origin");
			resp_header(&resp, "X-Frame-Options", "DENY");
		}
		e = dispatch(app, &r, &resp, io, why, sizeof(why));
	}
	if (e == ERR_INTERNAL && resp.out.message[0] == '\0' && why[0] == '\0')
		snprintf(why, sizeof(why), "handler failed");
	if (stream.started) /* answered already: 200, its body cut short on an error */
		status = 200;
	else
		status = resp_render(&resp, r.api, e, r.request_id, head, body);
	if (status < 0) {
		/* out of memory while rendering: a bare, static 500 */
		buf_reset(head);
		buf_reset(body);
		(void)buf_puts(head, "Status: 500 Internal Server Error\r\n"
		    "Content-Type: application/json\r\n\r\n");
		(void)buf_puts(body, r.api == API_PARTNER ?
		    "{\"status\":\"error\",\"code\":\"INTERNAL_ERROR\",\"message\":\"Internal error\"}" :
		    r.api == API_CONSOLE ?
		    "{\"error\":{\"code\":\"internal_error\",\"message\":\"Internal error\"}}" :
		    "{\"status\":0,\"code\":\"internal_error\",\"message\":\"Internal error\",\"data\":null}");
		status = 500;
	}
	/*
	 * Store the answer of a request that changed something or recorded a
	 * recovery point; release the key otherwise (a validation error, or
	 * "not confirmed yet"), so a retry with the same key runs again.
	 */
	if (resp.raw_body == NULL)
		idempotency_finish(ctx->db, &r.idempotency, resp.out.changed, status, body->data,
		    body->len);
	if (r.caller.kind != CALLER_NONE)
		snprintf(caller, sizeof(caller), "%s:%s%s%s",
		    r.caller.kind == CALLER_USER ? "user" : r.caller.kind == CALLER_PLATFORM ?
		    "platform" : "partner", r.caller.public_id,
		    r.console.user_public_id[0] ? " console:" : "", r.console.user_public_id);
	app_metrics_end(app->name, r.route, r.method, status, log_now_us() - t0, ctx->db, &db_at);
	log_request(r.request_id, r.method, logged_path(r.path, shown, sizeof(shown)), status,
	    log_now_us() - t0, caller, e != ERR_OK ? (why[0] ? why : resp.out.message) : NULL);
	log_set_request(NULL);
	resp_free(&resp);
	req_free(&r);
	return status;
}

/*
 * The web server stops its programs with SIGTERM: finish the request in
 * hand, then leave the accept loop so the process exits through ctx_free
 * (and a sanitizer build checks for leaks).
 */
static void
on_term(int sig)
{
	(void)sig;
	FCGX_ShutdownPending();
}

static long
fcgx_read(void *io, char *p, size_t n)
{
	return FCGX_GetStr(p, (int)n, (FCGX_Stream *)io);
}

static int
fcgx_write(void *io, const char *p, size_t n)
{
	return FCGX_PutStr(p, (int)n, (FCGX_Stream *)io) == (int)n ? 0 : -1;
}

int
app_main(const struct app *app)
{
	struct buf head, body;
	FCGX_Request fr;
	struct ctx ctx;
	struct sigaction sa;

	signal(SIGPIPE, SIG_IGN);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_term; /* no SA_RESTART: accept() must return */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	/* A set-up failure is served as JSON 500s, never as a crash loop. */
	if (ctx_init(&ctx, app->name, 1) == 0 && auth_init(&ctx) != 0)
		log_event("error", "%s", ctx.init_error);
	if (FCGX_Init() != 0 || FCGX_InitRequest(&fr, 0, 0) != 0) {
		log_event("error", "FastCGI set-up failed");
		auth_free(&ctx);
		ctx_free(&ctx);
		return 1;
	}
	buf_init(&head, 64 * 1024);
	buf_init(&body, 64 * 1024 * 1024);
	while (FCGX_Accept_r(&fr) >= 0) {
		struct app_io io = { fcgx_read, fr.in, fcgx_write, fr.out };

		buf_reset(&head);
		buf_reset(&body);
		(void)app_handle(app, &ctx, fr.envp, &io, &head, &body);
		FCGX_PutStr(head.data, (int)head.len, fr.out);
		if (body.len > 0)
			FCGX_PutStr(body.data, (int)body.len, fr.out);
		FCGX_Finish_r(&fr);
	}
	buf_free(&head);
	buf_free(&body);
	auth_free(&ctx);
	ctx_free(&ctx);
	return 0;
}

int
app_run(const char *name, const struct route *routes, size_t nroutes)
{
	const struct app app = { name, routes, nroutes };

	return app_main(&app);
}
