/* The children of the tests (children.h). */
#define _GNU_SOURCE /* close_range, pipe2 */
#include "children.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/pidfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

extern char **environ;

/* The registered children: started, not yet reaped. */
#define MAX_CHILDREN 64
static struct {
	pid_t pid;
	char what[120];
} kids[MAX_CHILDREN];
static pthread_mutex_t kids_mu = PTHREAD_MUTEX_INITIALIZER;

static void
kid_add(pid_t pid, const char *what)
{
	size_t i;

	pthread_mutex_lock(&kids_mu);
	for (i = 0; i < MAX_CHILDREN; i++)
		if (kids[i].pid == 0) {
			kids[i].pid = pid;
			snprintf(kids[i].what, sizeof(kids[i].what), "%s", what);
			break;
		}
	pthread_mutex_unlock(&kids_mu);
	if (i == MAX_CHILDREN)
		fprintf(stderr, "children: more than %d at once; %s not tracked\n",
		    MAX_CHILDREN, what);
}

/* Forgets pid; its description into what (cap bytes) when found. */
static int
kid_del(pid_t pid, char *what, size_t cap)
{
	size_t i;
	int found = 0;

	pthread_mutex_lock(&kids_mu);
	for (i = 0; i < MAX_CHILDREN; i++)
		if (kids[i].pid == pid) {
			if (what != NULL)
				snprintf(what, cap, "%s", kids[i].what);
			kids[i].pid = 0;
			found = 1;
			break;
		}
	pthread_mutex_unlock(&kids_mu);
	return found;
}

double
child_now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void
child_nap_ms(long ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&t, NULL);
}

double
child_default_seconds(void)
{
	return 120.0 * tu_slow();
}

/*
 * After fork, in the child: only async-signal-safe calls. Its own process
 * group (so a kill reaches what it starts), out_fd/err_fd as its standard
 * output and error (-1: keep ours), nothing else open above them.
 */
static void
child_exec(const char *path, char *const argv[], char *const env[], int out_fd,
    int err_fd)
{
	setpgid(0, 0);
	if (out_fd >= 0 && dup2(out_fd, 1) < 0)
		_exit(126);
	if (err_fd >= 0 && dup2(err_fd, 2) < 0)
		_exit(126);
	close_range(3, ~0U, 0);
	execve(path, argv, env != NULL ? env : environ);
	_exit(127);
}

pid_t
child_start(const char *path, char *const argv[], char *const env[], int quiet)
{
	int null = -1;
	pid_t pid;

	if (quiet && (null = open("/dev/null", O_WRONLY | O_CLOEXEC)) < 0) {
		fprintf(stderr, "children: /dev/null: %s\n", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid == 0)
		child_exec(path, argv, env, null, null);
	if (null >= 0)
		close(null);
	if (pid < 0) {
		fprintf(stderr, "children: fork for %s: %s\n", path, strerror(errno));
		return -1;
	}
	setpgid(pid, pid); /* as the child does: whichever runs first */
	kid_add(pid, path);
	return pid;
}

/* SIGKILL to pid's group, and to pid should it have left the group. */
static void
kill_group(pid_t pid)
{
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
}

/*
 * Waits until pid has exited (not reaping it) or until end: 1 when it
 * has, 0 at end. A pidfd says so at once; without one (an older kernel),
 * WNOHANG checks with a growing pause.
 */
static int
exited_by(pid_t pid, double end)
{
	siginfo_t si;
	long ms = 5;
	int fd = pidfd_open(pid, 0), left;

	for (;;) {
		memset(&si, 0, sizeof(si));
		if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) != 0 &&
		    errno != EINTR)
			break; /* not ours: nothing to wait for */
		if (si.si_pid == pid)
			break;
		left = (int)((end - child_now_s()) * 1000);
		if (left <= 0) {
			if (fd >= 0)
				close(fd);
			return 0;
		}
		if (fd >= 0) {
			struct pollfd p = { fd, POLLIN, 0 };

			(void)poll(&p, 1, left);
		} else {
			child_nap_ms(ms < left ? ms : left);
			if (ms < 100)
				ms *= 2;
		}
	}
	if (fd >= 0)
		close(fd);
	return 1;
}

int
child_wait(pid_t pid, double seconds, const char *what)
{
	int st;
	pid_t r;

	if (pid <= 0)
		return -1;
	if (exited_by(pid, child_now_s() + seconds)) {
		while ((r = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
			;
		kid_del(pid, NULL, 0);
		if (r == pid)
			return st;
		fprintf(stderr, "children: waitpid %d (%s): %s\n", (int)pid, what, strerror(errno));
		return -1;
	}
	fprintf(stderr, "children: %s (pid %d) still ran after %.0f s: killed\n", what,
	    (int)pid, seconds);
	kill_group(pid);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	kid_del(pid, NULL, 0);
	return -1;
}

int
child_sh(const char *cmd, char *out, size_t cap, double seconds)
{
	char *const argv[] = { "sh", "-c", (char *)cmd, NULL };
	char what[160], drop[4096];
	double end = child_now_s() + seconds;
	size_t len = 0;
	int p[2] = { -1, -1 }, pfd = -1;
	pid_t pid;

	snprintf(what, sizeof(what), "sh -c '%.120s'", cmd);
	if (out != NULL && cap > 0)
		out[0] = '\0';
	if (out != NULL && pipe2(p, O_CLOEXEC) != 0) {
		fprintf(stderr, "children: pipe: %s\n", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid == 0)
		child_exec("/bin/sh", argv, NULL, p[1], -1);
	if (p[1] >= 0)
		close(p[1]);
	if (pid < 0) {
		fprintf(stderr, "children: fork for %s: %s\n", what, strerror(errno));
		if (p[0] >= 0)
			close(p[0]);
		return -1;
	}
	setpgid(pid, pid);
	kid_add(pid, what);
	/* its output until it closes the pipe or exits (a daemon it started
	 * may hold the pipe open: after the exit, only what is in it) */
	if (p[0] >= 0)
		pfd = pidfd_open(pid, 0);
	while (p[0] >= 0) {
		struct pollfd fds[2] = { { p[0], POLLIN, 0 }, { pfd, POLLIN, 0 } };
		int left = (int)((end - child_now_s()) * 1000), exited = 0;
		ssize_t n;

		if (left <= 0)
			break;
		/* without a pidfd, the exit is looked for every 50 ms */
		(void)poll(fds, pfd >= 0 ? 2 : 1, pfd >= 0 ? left : (left < 50 ? left : 50));
		if (pfd >= 0)
			exited = fds[1].revents != 0;
		else
			exited = exited_by(pid, child_now_s());
		if (fds[0].revents == 0 && !exited)
			continue;
		if (fds[0].revents == 0) /* exited, nothing left to read */
			break;
		if (len + 1 < cap)
			n = read(p[0], out + len, cap - 1 - len);
		else
			n = read(p[0], drop, sizeof(drop));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (len + 1 < cap) {
			len += (size_t)n;
			out[len] = '\0';
		}
	}
	if (p[0] >= 0)
		close(p[0]);
	if (pfd >= 0)
		close(pfd);
	if (exited_by(pid, end))
		return child_wait(pid, 1.0, what);
	fprintf(stderr, "children: %s still ran after %.0f s: killed\n", what, seconds);
	kill_group(pid);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	kid_del(pid, NULL, 0);
	return -1;
}

size_t
child_count(void)
{
	size_t i, n = 0;

	pthread_mutex_lock(&kids_mu);
	for (i = 0; i < MAX_CHILDREN; i++)
		n += kids[i].pid != 0;
	pthread_mutex_unlock(&kids_mu);
	return n;
}

void
child_kill_all(void)
{
	size_t i;

	pthread_mutex_lock(&kids_mu);
	for (i = 0; i < MAX_CHILDREN; i++)
		if (kids[i].pid > 0)
			kill_group(kids[i].pid);
	pthread_mutex_unlock(&kids_mu);
}

void
child_kill_all_now(void)
{
	size_t i;

	for (i = 0; i < MAX_CHILDREN; i++) {
		pid_t pid = kids[i].pid;

		if (pid > 0) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
		}
	}
}

static void
on_exit_signal(int sig)
{
	child_kill_all_now();
	signal(sig, SIG_DFL);
	raise(sig);
}

void
child_kill_on_exit_signals(void)
{
	signal(SIGTERM, on_exit_signal);
	signal(SIGINT, on_exit_signal);
}

size_t
child_reap_all(const char *prefix)
{
	char what[120];
	size_t i, n = 0;

	for (i = 0; i < MAX_CHILDREN; i++) {
		pid_t pid;

		pthread_mutex_lock(&kids_mu);
		pid = kids[i].pid;
		pthread_mutex_unlock(&kids_mu);
		if (pid <= 0 || !kid_del(pid, what, sizeof(what)))
			continue;
		kill_group(pid);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		fprintf(stderr, "%s: %s (pid %d) still ran: killed\n", prefix, what, (int)pid);
		n++;
	}
	return n;
}
