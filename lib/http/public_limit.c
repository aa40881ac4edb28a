#include "http/public_limit.h"

#include <stdio.h>
#include <string.h>

static struct slot {
	char addr[48];            /* "" and start 0: free */
	long long start;          /* the window's first second */
	long long last;           /* the last request, for eviction */
	unsigned long long count;
} slots[PUBLIC_LIMIT_ADDRESSES];

void
public_limit_hit(const struct cfg_rate *rate, const char *addr, long long now,
    struct rate_limit_result *out)
{
	struct slot *s = NULL, *oldest = &slots[0];
	size_t i;

	if (addr == NULL)
		addr = "";
	for (i = 0; i < PUBLIC_LIMIT_ADDRESSES; i++) {
		if (slots[i].start != 0 && strncmp(slots[i].addr, addr, sizeof(slots[i].addr)) == 0) {
			s = &slots[i];
			break;
		}
		if (slots[i].last < oldest->last)
			oldest = &slots[i];
	}
	if (s == NULL) {
		s = oldest;
		memset(s, 0, sizeof(*s));
		snprintf(s->addr, sizeof(s->addr), "%s", addr);
	}
	if (s->start == 0 || now >= s->start + (long long)rate->window) {
		s->start = now;
		s->count = 0;
	}
	s->last = now;
	if (s->count < rate->limit + 1)
		s->count++;
	out->limited = s->count > rate->limit;
	out->limit = rate->limit;
	out->remaining = s->count >= rate->limit ? 0 : rate->limit - s->count;
	out->reset = s->start + (long long)rate->window;
	out->window = rate->window;
}
