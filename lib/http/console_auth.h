/*
 * console_auth: the console API's sessions in HTTP. The session rides in
 * the cookie __Host-cediramp_session (HttpOnly, SameSite=Strict, Path=/,
 * Secure); every call that changes
 * something carries the session's CSRF token in X-CSRF-Token and an
 * Origin equal to the console's own; a route's action must be one the
 * session's role may take (domain/console/role.h), and a sensitive one
 * needs the password given again within CONSOLE_REAUTH_SECONDS.
 */
#ifndef CEDIRAMP_CONSOLE_AUTH_H
#define CEDIRAMP_CONSOLE_AUTH_H

#include <stddef.h>

#include "http/req.h"
#include "http/resp.h"
#include "http/route.h"

#define CONSOLE_COOKIE "__Host-cediramp_session"

/* The session of r's cookie into r->console, and its partner as
 * r->caller: ERR_OK, or ERR_UNAUTHORIZED (why says which). */
enum err auth_console(struct req *r, char *why, size_t whylen);

/*
 * What a console route needs before its handler runs: a change's Origin
 * (every route) and CSRF token (a signed-in one's), a back-office role's
 * client address in console.ops_allow (ERR_FORBIDDEN), two-factor sign-in
 * where it is required (ERR_TWO_FACTOR_ENROL but on ROUTE_ENROL routes),
 * its role's leave (ERR_FORBIDDEN), a recent password
 * (ERR_REAUTH_REQUIRED).
 */
enum err console_guard(struct req *r, const struct route *rt, struct resp *resp);

/* 1 unless r's session (r->console) has a back-office role and r's client
 * address is not in console.ops_allow. */
int console_ops_address_ok(const struct req *r);

/* Sets the session cookie to sid (a sign-in), or clears it (sid NULL). */
void console_cookie(const struct req *r, struct resp *resp, const char *sid);

/* Where r came from, for the session row and the audit log. */
struct console_client console_client_of(const struct req *r);

#endif
