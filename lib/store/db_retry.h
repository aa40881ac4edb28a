/*
 * db_retry: the wait before running a statement or a transaction again
 * after DB_RETRY (a deadlock, a lock wait timeout, or on a Galera cluster a
 * certification conflict with another node). Full jitter: a uniform draw
 * from 0 to a cap that doubles per attempt, so the processes that collided
 * spread out instead of colliding again in step.
 */
#ifndef CEDIRAMP_DB_RETRY_H
#define CEDIRAMP_DB_RETRY_H

/* The cap of attempt 1 is 2 * DB_RETRY_BASE_MS; attempt n, BASE << n. */
#define DB_RETRY_BASE_MS 5u
/* attempts past this one wait as long as it: at most 320 ms a wait */
#define DB_RETRY_MAX_ATTEMPT 6

/* Milliseconds to wait before attempt (1 the first retry) given a random
 * draw rnd: rnd mod (cap + 1), so 0 to DB_RETRY_BASE_MS << attempt
 * inclusive. Pure. */
unsigned db_retry_delay_ms(int attempt, unsigned long long rnd);

/* Sleeps db_retry_delay_ms(attempt, a draw from a generator seeded once
 * per process from its pid and the clock). */
void db_retry_sleep(int attempt);

/* Sleeps ms milliseconds, through signals (a fixed wait between polls:
 * store/migrate_lock.c). */
void db_retry_wait_ms(unsigned ms);

#endif
