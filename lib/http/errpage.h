/*
 * errpage: how an error the web server decided itself (an oversize body, a
 * request it could not read, a program that died) is answered, in either
 * API's envelope or, when the request named no path, a neutral body. The
 * fallback program renders these for ErrorDocument redirects it receives;
 * `cediramp-admin errdocs` (tools/cediramp-admin.c) writes the same bodies as files for the errors
 * Apache answers before any program can run.
 */
#ifndef CEDIRAMP_ERRPAGE_H
#define CEDIRAMP_ERRPAGE_H

#include "http/resp.h"

/* The web server's statuses the error pages cover, 0-terminated. */
extern const int errpage_statuses[];

/* Fills resp for web server status status (kept as the answer's status;
 * the message names the body limit, max_body_bytes, for a 413) and returns
 * the error to render. */
enum err errpage_fill(struct resp *resp, int status, unsigned long long max_body_bytes);

/* The neutral body for status: {"error":{"http_status":N,"code":...,
 * "message":...}}, the code bad_request, uri_too_long or
 * headers_too_large for 400, 414 and 431, else the wallet API's. New text
 * (free it), or NULL when memory runs out. */
char *errpage_neutral(int status);

/*
 * Writes every status's three bodies as files for a web server to serve:
 * dir/wallet/NNN.json, dir/partner/NNN.json, dir/console/NNN.json and
 * dir/neutral/NNN.json
 * (creating the three directories, mode 0755, files 0644). 0, or -1 with
 * why in err.
 */
int errpage_write_dir(const char *dir, unsigned long long max_body_bytes,
    char *err, size_t errcap);

#endif
