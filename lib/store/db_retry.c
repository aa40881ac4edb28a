#include "store/db_retry.h"

#include <errno.h>
#include <time.h>
#include <unistd.h>

unsigned
db_retry_delay_ms(int attempt, unsigned long long rnd)
{
	unsigned cap;

	if (attempt < 1)
		attempt = 1;
	if (attempt > DB_RETRY_MAX_ATTEMPT)
		attempt = DB_RETRY_MAX_ATTEMPT;
	cap = DB_RETRY_BASE_MS << attempt;
	return (unsigned)(rnd % ((unsigned long long)cap + 1));
}

/* splitmix64 over a per-process seed: the jitter needs processes that
 * collided to draw differently, not secrecy (rand() unseeded drew the
 * same sequence in every process) */
static unsigned long long
draw(void)
{
	static unsigned long long state;
	unsigned long long z;

	if (state == 0) {
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		state = ((unsigned long long)getpid() << 32) ^
		    (unsigned long long)ts.tv_nsec ^ ((unsigned long long)ts.tv_sec << 20);
		state |= 1;
	}
	z = (state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void
db_retry_wait_ms(unsigned ms)
{
	struct timespec ts;

	ts.tv_sec = (time_t)(ms / 1000);
	ts.tv_nsec = (long)(ms % 1000) * 1000000L;
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

void
db_retry_sleep(int attempt)
{
	db_retry_wait_ms(db_retry_delay_ms(attempt, draw()));
}
