#include "core/metrics.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/log.h"

#define MAGIC "CRMETR1"
#define CELLS 4096       /* value cells of one slot */
#define FAMILY_MAX 64
#define CACHE 4096       /* this process's series index (a power of two) */

/* One series: its name, labels and cells (a histogram has
 * metrics_nbuckets + 2: the buckets, +Inf, the sum in microseconds). */
struct mkey {
	char family[FAMILY_MAX];
	char labels[METRICS_LABELS_MAX];
	uint32_t cell;
	uint16_t ncells;
	uint8_t kind;
	uint8_t unused;
};

/* A process's values; pid 0 is a free slot. */
struct mslot {
	_Atomic int32_t pid;
	uint32_t unused;
	_Atomic uint64_t cell[CELLS];
};

struct mhead {
	char magic[8];
	uint32_t slots, series, cells, keysize;
	_Atomic uint32_t nkeys;  /* published after the key is written */
	_Atomic uint32_t ncells; /* under the file lock */
	struct mkey key[METRICS_SERIES];
	struct mslot slot[METRICS_SLOTS];
};

static struct {
	int fd;
	struct mhead *h;
	struct mslot *mine;
	pid_t pid;
	int full_logged;
	struct cached {
		uint32_t hash;
		int32_t key; /* index + 1; 0 empty */
	} cache[CACHE];
} m = { .fd = -1 };

const uint64_t metrics_buckets_us[] = {
	1000, 2500, 5000, 10000, 25000, 50000, 100000, 250000, 500000, 1000000, 2500000,
	5000000, 10000000,
};
const size_t metrics_nbuckets = sizeof(metrics_buckets_us) / sizeof(metrics_buckets_us[0]);

static int
alive(int32_t pid)
{
	return pid > 0 && (kill((pid_t)pid, 0) == 0 || errno == EPERM);
}

/* Takes a free slot, or one whose process is gone (its live gauges zeroed). */
static struct mslot *
claim_slot(struct mhead *h, pid_t me)
{
	uint32_t i, k, nkeys;

	for (i = 0; i < METRICS_SLOTS; i++) {
		int32_t p = atomic_load(&h->slot[i].pid);

		if (p == (int32_t)me)
			return &h->slot[i];
		if ((p == 0 || !alive(p)) &&
		    atomic_compare_exchange_strong(&h->slot[i].pid, &p, (int32_t)me)) {
			nkeys = atomic_load_explicit(&h->nkeys, memory_order_acquire);
			for (k = 0; k < nkeys; k++)
				if (h->key[k].kind == METRIC_GAUGE)
					atomic_store(&h->slot[i].cell[h->key[k].cell], 0);
			return &h->slot[i];
		}
	}
	return NULL;
}

static int
name_ok(const char *s)
{
	size_t i;

	for (i = 0; s[i] != '\0'; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') ||
		    s[i] == '-' || s[i] == '_'))
			return 0;
	return i > 0 && i < 64;
}

int
metrics_open(const char *dir, const char *program)
{
	char path[1024];
	struct stat st;
	struct mhead *h;
	int fd;

	if (dir == NULL || dir[0] == '\0')
		return 0;
	if (m.h != NULL)
		metrics_close();
	if (!name_ok(program) ||
	    (size_t)snprintf(path, sizeof(path), "%s/%s.metrics", dir, program) >= sizeof(path)) {
		log_event("error", "metrics: bad program name or directory");
		return -1;
	}
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0640)) < 0) {
		log_event("error", "metrics: cannot open %s: %s (metrics off)", path, strerror(errno));
		return -1;
	}
	/* the first opener sizes it (under the lock); a file of another
	 * layout is never written into */
	if (lockf(fd, F_LOCK, 0) != 0 || fstat(fd, &st) != 0 ||
	    (st.st_size == 0 && (fchmod(fd, 0640) != 0 ||
	    ftruncate(fd, (off_t)sizeof(struct mhead)) != 0))) {
		log_event("error", "metrics: cannot size %s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	h = mmap(NULL, sizeof(*h), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (h == MAP_FAILED) {
		(void)lockf(fd, F_ULOCK, 0);
		close(fd);
		return -1;
	}
	if (h->magic[0] == '\0') {
		h->slots = METRICS_SLOTS;
		h->series = METRICS_SERIES;
		h->cells = CELLS;
		h->keysize = (uint32_t)sizeof(struct mkey);
		memcpy(h->magic, MAGIC, sizeof(MAGIC));
	}
	(void)lockf(fd, F_ULOCK, 0);
	if (memcmp(h->magic, MAGIC, sizeof(MAGIC)) != 0 || h->slots != METRICS_SLOTS ||
	    h->series != METRICS_SERIES || h->cells != CELLS ||
	    h->keysize != sizeof(struct mkey)) {
		log_event("error", "metrics: %s has another layout (metrics off)", path);
		munmap(h, sizeof(*h));
		close(fd);
		return -1;
	}
	memset(m.cache, 0, sizeof(m.cache));
	m.fd = fd;
	m.h = h;
	m.pid = getpid();
	m.full_logged = 0;
	if ((m.mine = claim_slot(h, m.pid)) == NULL)
		log_event("warn", "metrics: every slot of %s is taken; this process is not counted",
		    path);
	return 0;
}

void
metrics_close(void)
{
	if (m.h == NULL)
		return;
	if (m.mine != NULL && m.pid == getpid())
		atomic_store(&m.mine->pid, 0);
	munmap(m.h, sizeof(*m.h));
	close(m.fd);
	m.h = NULL;
	m.mine = NULL;
	m.fd = -1;
}

int
metrics_on(void)
{
	return m.h != NULL;
}

static uint32_t
hash_of(const char *family, const char *labels)
{
	uint32_t x = 2166136261u;

	for (; *family; family++)
		x = (x ^ (unsigned char)*family) * 16777619u;
	x = (x ^ '{') * 16777619u;
	for (; *labels; labels++)
		x = (x ^ (unsigned char)*labels) * 16777619u;
	return x;
}

static int
key_is(const struct mkey *k, const char *family, const char *labels)
{
	return strcmp(k->family, family) == 0 && strcmp(k->labels, labels) == 0;
}

/* The index of the series (family, labels), added when new; -1. */
static int32_t
series(const char *family, const char *labels, enum metric_kind kind)
{
	uint32_t hash = hash_of(family, labels), i, n, width;
	struct mhead *h = m.h;
	struct mkey *k;
	int32_t found = -1;

	for (i = hash & (CACHE - 1);; i = (i + 1) & (CACHE - 1)) {
		if (m.cache[i].key == 0)
			break;
		if (m.cache[i].hash == hash && key_is(&h->key[m.cache[i].key - 1], family, labels))
			return m.cache[i].key - 1;
	}
	if (strlen(family) >= FAMILY_MAX || strlen(labels) >= METRICS_LABELS_MAX)
		return -1;
	width = kind == METRIC_HISTOGRAM ? (uint32_t)metrics_nbuckets + 2 :
	    kind == METRIC_LATEST ? 2 : 1;
	if (lockf(m.fd, F_LOCK, 0) != 0)
		return -1;
	n = atomic_load_explicit(&h->nkeys, memory_order_acquire);
	for (i = 0; i < n && found < 0; i++)
		if (key_is(&h->key[i], family, labels))
			found = (int32_t)i;
	if (found < 0 && n < METRICS_SERIES && atomic_load(&h->ncells) + width <= CELLS) {
		k = &h->key[n];
		memset(k, 0, sizeof(*k));
		snprintf(k->family, sizeof(k->family), "%s", family);
		snprintf(k->labels, sizeof(k->labels), "%s", labels);
		k->cell = atomic_load(&h->ncells);
		k->ncells = (uint16_t)width;
		k->kind = (uint8_t)kind;
		atomic_store(&h->ncells, k->cell + width);
		atomic_store_explicit(&h->nkeys, n + 1, memory_order_release);
		found = (int32_t)n;
	}
	(void)lockf(m.fd, F_ULOCK, 0);
	if (found < 0) {
		if (!m.full_logged)
			log_event("warn", "metrics: the file is full; new series are dropped");
		m.full_logged = 1;
		return -1;
	}
	/* the cache holds at most half its size: a full one stays as it is */
	for (i = hash & (CACHE - 1), n = 0; m.cache[i].key != 0 && n < CACHE / 2;
	    i = (i + 1) & (CACHE - 1), n++)
		;
	if (n < CACHE / 2) {
		m.cache[i].hash = hash;
		m.cache[i].key = found + 1;
	}
	return found;
}

/* This process's cells of the series, or NULL (metrics off, no slot, full). */
static _Atomic uint64_t *
cells_of(const char *family, const char *labels, enum metric_kind kind)
{
	int32_t k;

	if (m.h == NULL)
		return NULL;
	if (m.pid != getpid()) { /* a forked child counts in a slot of its own */
		m.pid = getpid();
		m.mine = claim_slot(m.h, m.pid);
	}
	if (m.mine == NULL || (k = series(family, labels, kind)) < 0 ||
	    m.h->key[k].kind != (uint8_t)kind)
		return NULL;
	return &m.mine->cell[m.h->key[k].cell];
}

void
metrics_count(const char *family, const char *labels, uint64_t n)
{
	_Atomic uint64_t *c = cells_of(family, labels, METRIC_COUNTER);

	if (c != NULL)
		atomic_fetch_add_explicit(c, n, memory_order_relaxed);
}

void
metrics_gauge_add(const char *family, const char *labels, int64_t d)
{
	_Atomic uint64_t *c = cells_of(family, labels, METRIC_GAUGE);

	if (c != NULL)
		atomic_fetch_add_explicit(c, (uint64_t)d, memory_order_relaxed);
}

void
metrics_gauge_set(const char *family, const char *labels, int64_t v)
{
	_Atomic uint64_t *c = cells_of(family, labels, METRIC_GAUGE);

	if (c != NULL)
		atomic_store_explicit(c, (uint64_t)v, memory_order_relaxed);
}

void
metrics_latest_set(const char *family, const char *labels, int64_t v)
{
	_Atomic uint64_t *c = cells_of(family, labels, METRIC_LATEST);
	struct timespec ts;

	if (c == NULL)
		return;
	clock_gettime(CLOCK_REALTIME, &ts);
	atomic_store(&c[1], (uint64_t)v);
	atomic_store(&c[0], (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u);
}

void
metrics_observe_us(const char *family, const char *labels, uint64_t us)
{
	_Atomic uint64_t *c = cells_of(family, labels, METRIC_HISTOGRAM);
	size_t b = 0;

	if (c == NULL)
		return;
	while (b < metrics_nbuckets && us > metrics_buckets_us[b])
		b++;
	atomic_fetch_add_explicit(&c[b], 1, memory_order_relaxed);
	atomic_fetch_add_explicit(&c[metrics_nbuckets + 1], us, memory_order_relaxed);
}

const char *
metrics_label_value(const char *value, char *out, size_t cap)
{
	size_t o = 0;

	if (cap == 0)
		return out;
	for (; *value != '\0'; value++) {
		const char *esc = *value == '\\' ? "\\\\" : *value == '"' ? "\\\"" :
		    *value == '\n' ? "\\n" : NULL;
		size_t need = esc ? 2 : 1;

		if (o + need >= cap)
			break;
		if (esc) {
			memcpy(out + o, esc, 2);
		} else {
			out[o] = *value;
		}
		o += need;
	}
	/* never end inside a UTF-8 sequence */
	while (o > 0 && ((unsigned char)out[o - 1] & 0xC0) == 0x80)
		o--;
	if (o > 0 && ((unsigned char)out[o - 1] & 0xC0) == 0xC0)
		o--;
	out[o] = '\0';
	return out;
}

/* ---- rendering ---- */

struct series_sum {
	char family[FAMILY_MAX];
	char labels[METRICS_LABELS_MAX];
	uint8_t kind;
	uint16_t ncells;
	uint64_t v[32]; /* summed cells; metrics_nbuckets + 2 <= 32 */
};

static int
by_name(const void *a, const void *b)
{
	const struct series_sum *x = a, *y = b;
	int c = strcmp(x->family, y->family);

	return c != 0 ? c : strcmp(x->labels, y->labels);
}

static int
add_file(const char *path, struct series_sum **all, size_t *n, size_t *cap)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	const struct mhead *h;
	uint32_t nkeys, k, s, c;
	int32_t live[METRICS_SLOTS];
	struct stat st;

	if (fd < 0)
		return 0;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (size_t)st.st_size != sizeof(struct mhead)) {
		close(fd);
		return 0;
	}
	h = mmap(NULL, sizeof(*h), PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (h == MAP_FAILED)
		return 0;
	if (memcmp(h->magic, MAGIC, sizeof(MAGIC)) != 0 || h->keysize != sizeof(struct mkey)) {
		munmap((void *)h, sizeof(*h));
		return 0;
	}
	for (s = 0; s < METRICS_SLOTS; s++) {
		int32_t p = atomic_load((_Atomic int32_t *)&h->slot[s].pid);

		live[s] = alive(p);
	}
	nkeys = atomic_load_explicit((_Atomic uint32_t *)&h->nkeys, memory_order_acquire);
	for (k = 0; k < nkeys && k < METRICS_SERIES; k++) {
		const struct mkey *key = &h->key[k];
		struct series_sum *o;

		if (key->ncells == 0 || key->ncells > 32 || key->cell + key->ncells > CELLS ||
		    memchr(key->family, '\0', sizeof(key->family)) == NULL ||
		    memchr(key->labels, '\0', sizeof(key->labels)) == NULL)
			continue;
		if (*n == *cap) {
			size_t nc = *cap ? *cap * 2 : 256;
			struct series_sum *na = realloc(*all, nc * sizeof(*na));

			if (na == NULL) {
				munmap((void *)h, sizeof(*h));
				return -1;
			}
			*all = na;
			*cap = nc;
		}
		o = &(*all)[(*n)++];
		memset(o, 0, sizeof(*o));
		memcpy(o->family, key->family, sizeof(o->family));
		memcpy(o->labels, key->labels, sizeof(o->labels));
		o->kind = key->kind;
		o->ncells = key->ncells;
		for (s = 0; s < METRICS_SLOTS; s++) {
			const _Atomic uint64_t *cell = &h->slot[s].cell[key->cell];

			if (key->kind == METRIC_GAUGE && !live[s])
				continue;
			if (key->kind == METRIC_LATEST) {
				uint64_t at = atomic_load((_Atomic uint64_t *)&cell[0]);

				if (at > o->v[0]) {
					o->v[0] = at;
					o->v[1] = atomic_load((_Atomic uint64_t *)&cell[1]);
				}
				continue;
			}
			for (c = 0; c < key->ncells; c++)
				o->v[c] += atomic_load_explicit((_Atomic uint64_t *)&cell[c],
				    memory_order_relaxed);
		}
	}
	munmap((void *)h, sizeof(*h));
	return 0;
}

static const struct metric_family *
family_of(const char *name)
{
	const struct metric_family *f;

	for (f = metrics_families; f->name != NULL; f++)
		if (strcmp(f->name, name) == 0)
			return f;
	return NULL;
}

/* `name{labels}` or `name{labels,extra}` (either part may be empty). */
static int
put_name(struct buf *out, const char *name, const char *suffix, const char *labels,
    const char *extra)
{
	int both = labels[0] != '\0' && extra[0] != '\0';

	if (labels[0] == '\0' && extra[0] == '\0')
		return buf_printf(out, "%s%s ", name, suffix);
	return buf_printf(out, "%s%s{%s%s%s} ", name, suffix, labels, both ? "," : "", extra);
}

/* le="S" for us microseconds, S without trailing zeros ("0.0025", "1") */
static void
seconds_text(uint64_t us, char *out, size_t cap)
{
	char frac[8];
	size_t n;

	snprintf(frac, sizeof(frac), "%06llu", (unsigned long long)(us % 1000000));
	for (n = strlen(frac); n > 0 && frac[n - 1] == '0'; n--)
		frac[n - 1] = '\0';
	snprintf(out, cap, "le=\"%llu%s%s\"", (unsigned long long)(us / 1000000), n ? "." : "",
	    frac);
}

static int
put_series(struct buf *out, const struct series_sum *s)
{
	uint64_t total = 0;
	char le[48];
	size_t b;

	if (s->kind == METRIC_COUNTER)
		return put_name(out, s->family, "", s->labels, "") ||
		    buf_printf(out, "%llu\n", (unsigned long long)s->v[0]);
	if (s->kind == METRIC_GAUGE)
		return put_name(out, s->family, "", s->labels, "") ||
		    buf_printf(out, "%lld\n", (long long)s->v[0]);
	if (s->kind == METRIC_LATEST)
		return s->v[0] == 0 ? 0 : put_name(out, s->family, "", s->labels, "") ||
		    buf_printf(out, "%lld\n", (long long)s->v[1]);
	for (b = 0; b <= metrics_nbuckets; b++) {
		total += s->v[b];
		if (b < metrics_nbuckets)
			seconds_text(metrics_buckets_us[b], le, sizeof(le));
		else
			snprintf(le, sizeof(le), "le=\"+Inf\"");
		if (put_name(out, s->family, "_bucket", s->labels, le) ||
		    buf_printf(out, "%llu\n", (unsigned long long)total))
			return -1;
	}
	return put_name(out, s->family, "_sum", s->labels, "") ||
	    buf_printf(out, "%llu.%06llu\n",
	    (unsigned long long)(s->v[metrics_nbuckets + 1] / 1000000),
	    (unsigned long long)(s->v[metrics_nbuckets + 1] % 1000000)) ||
	    put_name(out, s->family, "_count", s->labels, "") ||
	    buf_printf(out, "%llu\n", (unsigned long long)total);
}

int
metrics_render(const char *dir, struct buf *out)
{
	static const char *const types[] = { "counter", "gauge", "histogram", "gauge" };
	struct series_sum *all = NULL;
	size_t n = 0, cap = 0, i, j, w;
	char path[1024];
	struct dirent *d;
	DIR *dh;
	int rc = 0;

	if (dir == NULL || dir[0] == '\0' || (dh = opendir(dir)) == NULL)
		return 0;
	while (rc == 0 && (d = readdir(dh)) != NULL) {
		size_t len = strlen(d->d_name);

		if (len <= 8 || strcmp(d->d_name + len - 8, ".metrics") != 0 ||
		    (size_t)snprintf(path, sizeof(path), "%s/%s", dir, d->d_name) >= sizeof(path))
			continue;
		rc = add_file(path, &all, &n, &cap);
	}
	closedir(dh);
	if (rc != 0 || n == 0) {
		free(all);
		return rc;
	}
	qsort(all, n, sizeof(*all), by_name);
	/* the same series from two files (two programs' workers alike): one */
	for (i = 1, w = 0; i < n; i++) {
		if (by_name(&all[w], &all[i]) == 0 && all[w].kind == all[i].kind) {
			if (all[w].kind == METRIC_LATEST) {
				if (all[i].v[0] > all[w].v[0])
					all[w] = all[i];
				continue;
			}
			for (j = 0; j < all[w].ncells; j++)
				all[w].v[j] += all[i].v[j];
		} else {
			all[++w] = all[i];
		}
	}
	n = w + 1;
	for (i = 0; i < n && rc == 0; i++) {
		const struct metric_family *f = family_of(all[i].family);

		if (f == NULL || f->kind != (enum metric_kind)all[i].kind)
			continue; /* only the families this build declares */
		if ((i == 0 || strcmp(all[i - 1].family, all[i].family) != 0) &&
		    buf_printf(out, "# HELP %s %s\n# TYPE %s %s\n", f->name, f->help, f->name,
		    types[f->kind]) != 0)
			rc = -1;
		if (rc == 0 && put_series(out, &all[i]) != 0)
			rc = -1;
	}
	free(all);
	return rc;
}
