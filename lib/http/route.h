/*
 * route: a program's table of (method, path pattern) -> handler. Patterns
 * are literal segments and `:name` parameters; matching is exact (no
 * trailing slash, no empty, "." or ".." segments), so a prefix the web
 * server forwards (lighttpd's /v1/withdrawalsX) never matches by accident.
 * A pattern that itself ends in '/' (an external API's path such as MTN
 * MoMo's /disbursement/token/) matches that one trailing slash and nothing
 * else: not the path without it, not "//".
 */
#ifndef CEDIRAMP_ROUTE_H
#define CEDIRAMP_ROUTE_H

#include <stddef.h>

#include "core/err.h"
#include "http/req.h"
#include "http/resp.h"
#include "http/rate_limit.h"

#define ROUTE_PUBLIC 0x1u /* no authentication */
#define ROUTE_BODY   0x2u /* takes a JSON object body */
#define ROUTE_IDEMPOTENT 0x4u /* honours X-Idempotency-Key */
/* with ROUTE_BODY: the body is read as JSON whatever its Content-Type
 * (the simulators only: Paystack's Node SDK sends none) */
#define ROUTE_ANY_TYPE 0x8u
/* with ROUTE_PUBLIC: counted per client address (http/public_limit.h);
 * every public route of the two APIs has it (the sandbox's simulators,
 * which the workers call hard, do not) */
#define ROUTE_PER_ADDRESS 0x10u
/* the console: the action a route takes (domain/console/role.h; none is
 * CONSOLE_READ), and whether it needs the password given again within
 * CONSOLE_REAUTH_SECONDS (a sensitive action) */
#define ROUTE_ACTION(a) ((unsigned)((a) + 1) << 8)
#define ROUTE_ACTION_OF(flags) ((int)(((flags) >> 8) & 0xfu) - 1)
#define ROUTE_REAUTH 0x20u
/* the console: allowed to a member who has not enrolled in two-factor
 * sign-in while the partner requires it (the session, sign-out, enrolment) */
#define ROUTE_ENROL 0x40u

typedef enum err (*route_fn)(struct req *, struct resp *);

struct route {
	const char *method;
	const char *pattern;
	route_fn fn;
	unsigned flags;
	const char *const *query; /* allowed query keys, NULL-terminated */
	enum rate_limit_category rate_limit;      /* wallet API limit; partner routes use the plan */
};

enum route_match { ROUTE_NONE = 0, ROUTE_FOUND, ROUTE_BAD_METHOD };

/*
 * Matches method and path against the table. ROUTE_FOUND sets *found and
 * the request's path parameters (decoded into its storage). For
 * ROUTE_BAD_METHOD, allow receives "GET, POST" style text. *public_path is
 * set when any route on the path is ROUTE_PUBLIC (a wrong method there is a
 * 405 even without credentials).
 */
enum route_match route_find(const struct route *t, size_t n, struct req *r,
    const struct route **found, char *allow, size_t allowlen,
    int *public_path);

#endif
