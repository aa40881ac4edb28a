/* clock: the monotonic clock in milliseconds, for the per-process caches'
 * bounds (a wall-clock step must not stretch or cut them). */
#ifndef CEDIRAMP_CLOCK_H
#define CEDIRAMP_CLOCK_H

long long clock_monotonic_ms(void);

#endif
