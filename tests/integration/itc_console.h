/*
 * itc_console: the console API as a browser's page calls it, for the
 * console's integration tests (t_console.c, t_console_dev.c): a session's
 * cookie, CSRF token and Origin on every call, sign-up and sign-in, a
 * member added by an operator, and the partner API beside it.
 */
#ifndef CEDIRAMP_ITC_CONSOLE_H
#define CEDIRAMP_ITC_CONSOLE_H

#include <stddef.h>

#include "it.h"

#define CON_PASSWORD "correct horse battery staple"

/* A signed-in console session, as a browser holds it. */
struct con_sess {
	char sid[64];
	char csrf[64];
	char email[128];
	char partner[64];
	char key[128];    /* the sign-up's secret key, when it was a sign-up */
	char key_id[32];
};

/* o (taken) as compact JSON text: the caller frees it. */
char *con_jdump(json_t *o);

/* The console's own Origin, as its page would send it from the web
 * server this thread's requests go to. */
const char *con_origin(void);

/*
 * method path with body (NULL: none) as a page of session s (NULL: no
 * cookie) sends it: its cookie, its CSRF token and the console's Origin.
 * extra: one more header, or NULL.
 */
void con_call(const char *method, const char *path, const char *body, const struct con_sess *s,
    const char *extra, struct it_resp *r);

/* Checks a console error: status, {error: {code, message}} and nothing else. */
void con_expect_error(const struct it_resp *r, long status, const char *code, const char *where);

/* method path with body as s sends it (con_call) is refused with status
 * and code (con_expect_error, where naming the case). */
void con_refused(const char *method, const char *path, const char *body,
    const struct con_sess *s, long status, const char *code, const char *where);

/* The session cookie's value from r's Set-Cookie into out: 0, or -1. */
int con_cookie_of(const struct it_resp *r, char *out, size_t cap);

/* The session of a sign-in or sign-up answer r into s. */
void con_take_session(const struct it_resp *r, struct con_sess *s);

/* A new sandbox partner signed up, its owner's session into s. */
void con_signup(const char *company, struct con_sess *s);

/* email signs in with password: the answer in r (freed by the caller). */
void con_signin_raw(const char *email, const char *password, const char *extra,
    struct it_resp *r);

/* email signs in with CON_PASSWORD: its session into s. */
void con_signin(const char *email, struct con_sess *s);

/* A member of owner's partner with role, added by an operator; its email
 * into email. */
void con_add_member(const struct con_sess *owner, const char *role, char *email, size_t cap);

/* GET path with partner key key: its status. */
long con_partner_get(const char *key, const char *path);

/* The status of method path (body) as s sends it. */
long con_status_of(const char *method, const char *path, const char *body,
    const struct con_sess *s);

/* POST path with body through the partner API with key: the answer in r. */
void con_partner_post(const char *key, const char *path, const char *body, struct it_resp *r);

/* A withdrawal of 10 USDT made through the partner API with key: its
 * reference into ref and its id into id. */
void con_make_withdrawal(const char *key, char *ref, size_t rcap, char *id, size_t icap);

/* The token of the newest mail to to whose subject holds what, as the
 * sandbox's sink received it and s's console shows it, into token: 0, or
 * -1 when there is none yet. */
int con_mailed_token(const struct con_sess *s, const char *to, const char *what, char *token,
    size_t cap);

/* The number sql (one placeholder, p1) counts. */
long long con_count_where(const char *sql, const char *p1);

/* The current TOTP code of an otpauth:// URI, as npm otplib (a third
 * party's RFC 6238) computes it (TOTP_CLIENT), into code: 0, or -1. */
int con_totp_now(const char *uri, char *code, size_t cap);

#define con_key_post_status(s) con_status_of("POST", "/console/api/keys", "{}", (s))
#define con_session_status(s) con_status_of("GET", "/console/api/session", NULL, (s))

#endif
