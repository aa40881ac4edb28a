/*
 * metrics: counters, live gauges and histograms kept in shared memory,
 * one file per program (decision 33: never a database write). mod_fcgid
 * starts and stops processes as it likes, so each process adds into a
 * slot of its program's file (DIR/PROGRAM.metrics) with atomic adds; a
 * slot whose process is gone is taken over by the next process, values
 * and all, so a counter's sum never goes down (the Python client's
 * multiprocess mode, in one file). metrics_render merges every file of
 * DIR into the Prometheus text exposition format at scrape time.
 *
 * A series is a family name (from metrics_families) and a label text
 * such as `program="partner",route="/v1/withdrawals/:id"`: the caller
 * passes only templates and fixed words, never ids, keys or personal
 * data. Every call here is a no-op until metrics_open succeeded, and a
 * full file (METRICS_SERIES series) drops new series (logged once).
 */
#ifndef CEDIRAMP_METRICS_H
#define CEDIRAMP_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include "core/buf.h"

#define METRICS_SLOTS 48    /* processes of one program at once */
#define METRICS_SERIES 2048 /* series of one program */
#define METRICS_LABELS_MAX 200

enum metric_kind {
	METRIC_COUNTER = 0,
	METRIC_GAUGE,     /* summed over the live processes only */
	METRIC_HISTOGRAM, /* seconds, observed in microseconds */
	METRIC_LATEST,    /* a gauge: the value set last by any process, gone
	                     or not (a worker's last run, its findings) */
};

struct metric_family {
	const char *name;
	enum metric_kind kind;
	const char *help;
};

/* Every family a program may write, NULL-terminated (metrics_names.c). */
extern const struct metric_family metrics_families[];

/* The histograms' upper bounds, in microseconds, ascending (+Inf apart). */
extern const uint64_t metrics_buckets_us[];
extern const size_t metrics_nbuckets;

/*
 * Opens (creating, 0640, in a directory the web user and the workers
 * share) DIR/PROGRAM.metrics and takes a slot in it for this process. dir
 * "" leaves metrics off (0). 0, or -1 (logged; metrics stay off).
 */
int metrics_open(const char *dir, const char *program);

/* Leaves the slot for the next process (values kept) and unmaps. */
void metrics_close(void);

/* 1 when metrics_open succeeded in this process. */
int metrics_on(void);

/* Adds n to a counter. */
void metrics_count(const char *family, const char *labels, uint64_t n);

/* Adds d (may be negative) to a live gauge. */
void metrics_gauge_add(const char *family, const char *labels, int64_t d);

/* Sets this process's part of a live gauge to v. */
void metrics_gauge_set(const char *family, const char *labels, int64_t v);

/* Sets a latest-value gauge to v (the last set by any process wins). */
void metrics_latest_set(const char *family, const char *labels, int64_t v);

/* Observes us microseconds in a histogram (its buckets, _sum, _count). */
void metrics_observe_us(const char *family, const char *labels, uint64_t us);

/*
 * Writes value into out (cap bytes) as a label value: backslash, double
 * quote and newline escaped, clipped at a character boundary. out.
 */
const char *metrics_label_value(const char *value, char *out, size_t cap);

/*
 * Appends every series of every *.metrics file of dir to out in the text
 * exposition format (version 0.0.4): families sorted by name, each with
 * its # HELP and # TYPE, histograms with cumulative buckets, _sum and
 * _count. 0, or -1 on low memory.
 */
int metrics_render(const char *dir, struct buf *out);

#endif
