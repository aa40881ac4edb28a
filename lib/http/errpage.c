#include "http/errpage.h"

#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/buf.h"

const int errpage_statuses[] = { 400, 403, 404, 405, 408, 411, 413, 414, 417,
	431, 500, 501, 502, 503, 504, 505, 0 };

enum err
errpage_fill(struct resp *resp, int status, unsigned long long max_body_bytes)
{
	enum err e = err_from_http_status(status);

	if (status >= 400 && status <= 599)
		resp->error_status = status; /* the web server's, not the code's */
	if (e == ERR_PAYLOAD_TOO_LARGE)
		resp_fail(resp, e, "The request body is larger than %llu bytes", max_body_bytes);
	return e;
}

char *
errpage_neutral(int status)
{
	const struct err_def *d = err_def(API_WALLET, err_from_http_status(status));
	const char *code = d->code, *msg = d->message;
	char *text;
	json_t *o;

	/* what a request that named no path can be told */
	switch (status) {
	case 400: code = "bad_request"; msg = "The request could not be read"; break;
	case 414: code = "uri_too_long"; msg = "The request line is too long"; break;
	case 431: code = "headers_too_large"; msg = "The request's headers are too large"; break;
	default: break;
	}
	o = json_pack("{s:{s:i,s:s,s:s}}", "error", "http_status", status, "code", code,
	    "message", msg);
	text = o ? json_dumps(o, JSON_COMPACT) : NULL;
	json_decref(o);
	return text;
}

/* The body of status in api's envelope, as the fallback renders it. New
 * text, or NULL. */
static char *
envelope_body(enum api api, int status, unsigned long long max_body_bytes)
{
	struct buf head, body;
	struct resp resp;
	char *text = NULL;
	enum err e;

	resp_init(&resp);
	buf_init(&head, 4096);
	buf_init(&body, 4096);
	e = errpage_fill(&resp, status, max_body_bytes);
	if (resp_render(&resp, api, e, "req_errdoc", &head, &body) > 0 && body.data != NULL)
		text = strdup(body.data);
	buf_free(&head);
	buf_free(&body);
	resp_free(&resp);
	return text;
}

static int
write_file(const char *path, const char *text, char *err, size_t errcap)
{
	FILE *f = fopen(path, "w");
	int bad;

	if (f == NULL) {
		snprintf(err, errcap, "%s: %s", path, strerror(errno));
		return -1;
	}
	bad = fputs(text, f) < 0 || fputc('\n', f) == EOF;
	if (fclose(f) != 0 || bad) {
		snprintf(err, errcap, "%s: could not be written", path);
		return -1;
	}
	(void)chmod(path, 0644);
	return 0;
}

int
errpage_write_dir(const char *dir, unsigned long long max_body_bytes,
    char *err, size_t errcap)
{
	static const char *const kinds[] = { "wallet", "partner", "console", "neutral" };
	static const enum api apis[] = { API_WALLET, API_PARTNER, API_CONSOLE };
	char path[4096];
	size_t k, i;

	if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
		snprintf(err, errcap, "%s: %s", dir, strerror(errno));
		return -1;
	}
	for (k = 0; k < 4; k++) {
		snprintf(path, sizeof(path), "%s/%s", dir, kinds[k]);
		if (mkdir(path, 0755) != 0 && errno != EEXIST) {
			snprintf(err, errcap, "%s: %s", path, strerror(errno));
			return -1;
		}
		(void)chmod(path, 0755);
		for (i = 0; errpage_statuses[i] != 0; i++) {
			int st = errpage_statuses[i];
			char *text = k == 3 ? errpage_neutral(st) :
			    envelope_body(apis[k], st, max_body_bytes);
			int rc;

			if (text == NULL) {
				snprintf(err, errcap, "out of memory");
				return -1;
			}
			snprintf(path, sizeof(path), "%s/%s/%d.json", dir, kinds[k], st);
			rc = write_file(path, text, err, errcap);
			free(text);
			if (rc != 0)
				return -1;
		}
	}
	return 0;
}
