/* Waits for a state, bounded (it.h); the processes the tests run. */
#include <errno.h>
#include <stdio.h>
#include <time.h>

#include "children.h"
#include "it.h"

static double
now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void
nap_ms(long ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&t, &t) != 0 && errno == EINTR)
		;
}

void
it_wait_start(struct it_wait *w, const char *what, double seconds)
{
	w->seconds = (seconds > 0 ? seconds : IT_WAIT_SECONDS) * tu_slow();
	w->end = now_s() + w->seconds;
	w->ms = 10;
	snprintf(w->what, sizeof(w->what), "%s", what);
	it_doing("waiting for %s (at most %.0f s)", w->what, w->seconds);
}

int
it_wait_next(struct it_wait *w)
{
	double left = w->end - now_s();

	if (it_expired()) {
		fprintf(stderr, "the test's time is up: no more waiting for %s\n", w->what);
		return 0;
	}
	if (left <= 0) {
		fprintf(stderr, "waited %.0f s for %s: it did not happen\n", w->seconds, w->what);
		return 0;
	}
	nap_ms(w->ms < left * 1000 ? w->ms : (long)(left * 1000) + 1);
	if (w->ms < 200)
		w->ms *= 2;
	return 1;
}

void
it_pause_ms(long ms, const char *why)
{
	if (it_expired())
		return;
	it_doing("pausing %ld ms: %s", ms, why);
	nap_ms(ms);
}

int
it_system(const char *cmd)
{
	it_doing("running %.200s", cmd);
	return child_sh(cmd, NULL, 0, child_default_seconds());
}

int
it_output(const char *cmd, char *out, size_t cap)
{
	it_doing("running %.200s", cmd);
	return child_sh(cmd, out, cap, child_default_seconds());
}
