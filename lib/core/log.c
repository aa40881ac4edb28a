#include "core/log.h"

#include <fcntl.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/strict.h"

static int log_fd = 2;
static char log_program[32] = "cediramp";
/* the request being answered (log_set_request); "" between requests */
static char log_request_id[64];

int
log_open(const char *path, const char *program)
{
	if (program != NULL)
		(void)strict_copy(log_program, sizeof(log_program), program);
	if (log_fd > 2)
		(void)close(log_fd); /* a second open replaces the first */
	log_fd = 2;
	if (path == NULL || *path == '\0')
		return 0;
	log_fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0640);
	if (log_fd < 0) {
		log_fd = 2;
		return -1;
	}
	return 0;
}

void
log_set_request(const char *request_id)
{
	(void)strict_copy(log_request_id, sizeof(log_request_id),
	    request_id != NULL ? request_id : "");
}

const char *
log_request_current(void)
{
	return log_request_id[0] != '\0' ? log_request_id : NULL;
}

long long
log_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

static void
log_ts(char *out, size_t cap)
{
	struct timespec ts;
	struct tm tm;

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	snprintf(out, cap, "%04d-%02d-%02dT%02d:%02d:%02d.%03ldZ",
	    tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
	    tm.tm_min, tm.tm_sec, ts.tv_nsec / 1000000L);
}

/* Writes o as one line and releases it. */
static void
log_emit(json_t *o)
{
	char *line;
	size_t n;

	if (o == NULL)
		return;
	line = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	if (line == NULL)
		return;
	n = strlen(line);
	line[n] = '\n'; /* json_dumps' NUL becomes the newline */
	if (write(log_fd, line, n + 1) < 0) {
		/* nowhere left to report it */
	}
	free(line);
}

static json_t *
log_base(const char *level)
{
	char ts[80];

	log_ts(ts, sizeof(ts));
	return json_pack("{s:s,s:s,s:s,s:i}", "ts", ts, "level", level,
	    "program", log_program, "pid", (int)getpid());
}

void
log_request(const char *request_id, const char *method, const char *path,
    int status, long long duration_us, const char *caller, const char *error)
{
	char clip[256];
	/* a 5xx is the service failing the caller: an error, whatever the cause */
	json_t *o = log_base(status >= 500 ? "error" : "info");

	if (o == NULL)
		return;
	json_object_set_new(o, "request_id", json_string(request_id));
	json_object_set_new(o, "method", json_string(strict_clip(clip,
	    sizeof(clip), method, strlen(method))));
	json_object_set_new(o, "path", json_string(strict_clip(clip,
	    sizeof(clip), path, strlen(path))));
	json_object_set_new(o, "status", json_integer(status));
	json_object_set_new(o, "duration_us", json_integer(duration_us));
	json_object_set_new(o, "caller", caller && *caller ?
	    json_string(strict_clip(clip, sizeof(clip), caller, strlen(caller))) :
	    json_null());
	if (error != NULL && *error != '\0')
		json_object_set_new(o, "error", json_string(strict_clip(clip,
		    sizeof(clip), error, strlen(error))));
	log_emit(o);
}

void
log_event(const char *level, const char *fmt, ...)
{
	char msg[512], clip[512];
	json_t *o = log_base(level);
	va_list ap;

	if (o == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (log_request_id[0] != '\0')
		json_object_set_new(o, "request_id", json_string(log_request_id));
	json_object_set_new(o, "msg", json_string(strict_clip(clip, sizeof(clip),
	    msg, strlen(msg))));
	log_emit(o);
}
