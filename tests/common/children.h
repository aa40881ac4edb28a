/*
 * children: every process the tests start, started one way and waited for
 * with a deadline. A child gets none of the test's descriptors beyond
 * standard input, output and error (its MariaDB connections, its HTTP
 * sockets, its listeners are closed in the child before exec), runs in a
 * process group of its own, and is registered until it is reaped, so that
 * a test that fails halfway (or a watchdog) can kill what it left. A child
 * that outlives its deadline is killed with SIGKILL, its whole group with
 * it, and said on stderr with what it was.
 */
#ifndef CEDIRAMP_CHILDREN_H
#define CEDIRAMP_CHILDREN_H

#include <stddef.h>
#include <sys/types.h>

/* The monotonic clock, in seconds: what the tests time with. */
double child_now_s(void);

/* Sleeps ms milliseconds (again when a signal cut it short): for the two
 * bounded waits that may pause, IT_UNTIL's and a child's. */
void child_nap_ms(long ms);

/*
 * Starts path with argv (argv[0] first, NULL-terminated) and, when env is
 * not NULL, exactly the environment env (NULL-terminated; else this
 * process's). Its standard output and error go to /dev/null unless quiet is
 * 0 (then to this process's). Returns its pid, or -1 (said on stderr).
 */
pid_t child_start(const char *path, char *const argv[], char *const env[],
    int quiet);

/*
 * Waits for child pid at most seconds: its wait status (waitpid's), or -1
 * when it did not end in time (it and its group are then killed with
 * SIGKILL and reaped; what, naming it, is said on stderr) or was not ours.
 */
int child_wait(pid_t pid, double seconds, const char *what);

/*
 * `/bin/sh -c cmd` with a deadline, as system(3) without its blocking
 * wait: when out is not NULL its standard output goes into out (cap
 * bytes, NUL-terminated, the rest read and dropped so the command never
 * blocks on a full pipe); else it inherits ours. Returns the wait status
 * (0: exited 0), or -1 when it could not start or ran past seconds (its
 * group killed, said on stderr).
 */
int child_sh(const char *cmd, char *out, size_t cap, double seconds);

/* How many registered children still run (started, not reaped). */
size_t child_count(void);

/*
 * SIGKILL to every registered child's group. Safe from another thread
 * (the watchdog's): it only signals; the waiting thread reaps.
 */
void child_kill_all(void);

/*
 * child_kill_all for a signal handler (no lock: async-signal-safe), and
 * a handler of SIGTERM and SIGINT that does it and ends this process, so
 * that `timeout` or a Ctrl-C ending the tests ends what they started too.
 */
void child_kill_all_now(void);
void child_kill_on_exit_signals(void);

/*
 * Kills and reaps every registered child, each said on stderr with
 * prefix: how many there were.
 */
size_t child_reap_all(const char *prefix);

/* The deadline of a child that should end by itself, in seconds: 120,
 * times 3 in a sanitizer build. */
double child_default_seconds(void);

#endif
