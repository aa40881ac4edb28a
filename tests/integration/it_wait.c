/* Waits for a state, bounded (it.h); the processes the tests run. */
#include <errno.h>
#include <stdio.h>
#include <time.h>

#include "children.h"
#include "it.h"

void
it_wait_start(struct it_wait *w, const char *what, double seconds)
{
	w->seconds = (seconds > 0 ? seconds : IT_WAIT_SECONDS) * tu_slow();
	w->end = child_now_s() + w->seconds;
	w->ms = 10;
	snprintf(w->what, sizeof(w->what), "%s", what);
	it_doing("waiting for %s (at most %.0f s)", w->what, w->seconds);
}

int
it_wait_next(struct it_wait *w)
{
	double left = w->end - child_now_s();

	if (it_expired()) {
		fprintf(stderr, "the test's time is up: no more waiting for %s\n", w->what);
		return 0;
	}
	if (left <= 0) {
		fprintf(stderr, "waited %.0f s for %s: it did not happen\n", w->seconds, w->what);
		return 0;
	}
	child_nap_ms(w->ms < left * 1000 ? w->ms : (long)(left * 1000) + 1);
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
	child_nap_ms(ms);
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
