/*
 * log: one JSON object per line, to the configured file (opened once,
 * O_APPEND, each line one write(2) so lines from many processes do not
 * interleave) or to stderr.
 */
#ifndef CEDIRAMP_LOG_H
#define CEDIRAMP_LOG_H

/* Opens path for appending (closing a file opened before); NULL or ""
 * logs to stderr. -1 on failure. */
int log_open(const char *path, const char *program);

/* The request line: request id, method, path, status, duration, caller;
 * level "error" for a 5xx, else "info". */
void log_request(const char *request_id, const char *method, const char *path,
    int status, long long duration_us, const char *caller, const char *error);

/* The request this process answers now: every log_event line carries its
 * id (request_id) until it is set again; NULL or "": none (a worker, or
 * between requests). */
void log_set_request(const char *request_id);

/* The request being answered now (log_set_request's), or NULL. */
const char *log_request_current(void);

/* A free-form event: level is "info", "warn" or "error"; within a
 * request it carries the request's id. */
void log_event(const char *level, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Microseconds on a monotonic clock, for durations. */
long long log_now_us(void);

#endif
