/* rpcproxy: see rpcproxy.h. */
#define _GNU_SOURCE /* accept4 */
#include "rpcproxy.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "children.h"

#define MAX_MSG (1024 * 1024)
#define SEEN_MAX 64

struct rpcproxy {
	int fd, port, upstream;
	pthread_t thread;
	pthread_mutex_t mu;
	volatile int stopping;
	char method[64];
	enum rpx_fault fault;
	pid_t pid;
	char command[1024];
	int fired;
	int active; /* connections being served */
	struct { char method[48]; int n; } seen[SEEN_MAX];
};

struct conn {
	struct rpcproxy *p;
	int fd;
};

/* The digits after "Content-Length:" (spaces first), at most MAX_MSG. */
static size_t
content_length(const char *p)
{
	size_t v = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	for (; *p >= '0' && *p <= '9' && v <= MAX_MSG; p++)
		v = v * 10 + (size_t)(*p - '0');
	return v;
}

/* Reads one HTTP message (headers, then a Content-Length body) from fd
 * into a malloc'd buffer; its length into *len. NULL on error. */
static char *
read_msg(int fd, size_t *len)
{
	char *buf = malloc(MAX_MSG + 1), *end, *cl;
	size_t have = 0, need = 0;
	ssize_t n;

	if (buf == NULL)
		return NULL;
	for (;;) {
		if (have >= MAX_MSG)
			goto fail;
		n = recv(fd, buf + have, MAX_MSG - have, 0);
		if (n <= 0)
			goto fail;
		have += (size_t)n;
		buf[have] = '\0';
		if ((end = strstr(buf, "\r\n\r\n")) == NULL)
			continue;
		if (need == 0) {
			size_t body = 0;

			for (cl = buf; cl < end; cl++)
				if (*cl == '\n' && strncasecmp(cl + 1, "content-length:", 15) == 0) {
					body = content_length(cl + 16);
					break;
				}
			need = (size_t)(end - buf) + 4 + body;
		}
		if (have >= need) {
			*len = have;
			return buf;
		}
	}
fail:
	free(buf);
	return NULL;
}

static int
send_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = send(fd, p, n, MSG_NOSIGNAL);

		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* The request passed on; the node's answer into a malloc'd buffer. */
static char *
forward(int upstream, const char *req, size_t n, size_t *alen)
{
	struct sockaddr_in a;
	struct timeval tv = { 30, 0 };
	char *ans = NULL;
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return NULL;
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((unsigned short)upstream);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	/*
	 * One request a connection: the node is asked to close, so its
	 * answer says so, and the client never reuses a connection this proxy
	 * closes (a reused one closed under a send is a send in doubt for the
	 * provider client, decision 69, and the fault would never fire).
	 */
	const char *eol = memchr(req, '\n', n);

	if (eol != NULL && connect(fd, (struct sockaddr *)&a, sizeof(a)) == 0 &&
	    send_all(fd, req, (size_t)(eol + 1 - req)) == 0 &&
	    send_all(fd, "Connection: close\r\n", 19) == 0 &&
	    send_all(fd, eol + 1, n - (size_t)(eol + 1 - req)) == 0)
		ans = read_msg(fd, alen);
	close(fd);
	return ans;
}

/* The JSON-RPC method named in body (a plain scan: tests send plain JSON). */
static void
method_of(const char *msg, char *out, size_t cap)
{
	const char *m = strstr(msg, "\"method\"");
	size_t i = 0;

	out[0] = '\0';
	if (m == NULL || (m = strchr(m + 8, '"')) == NULL)
		return;
	for (m++; *m != '\0' && *m != '"' && i + 1 < cap; m++)
		out[i++] = *m;
	out[i] = '\0';
}

static void *
serve(void *arg)
{
	struct conn *c = arg;
	struct rpcproxy *p = c->p;
	char method[48], cmd[1024], *req, *ans = NULL;
	enum rpx_fault fault = RPX_NONE;
	size_t n, alen = 0, i;
	pid_t pid = 0;

	if ((req = read_msg(c->fd, &n)) == NULL)
		goto out;
	method_of(req, method, sizeof(method));
	pthread_mutex_lock(&p->mu);
	for (i = 0; i < SEEN_MAX; i++) {
		if (p->seen[i].method[0] == '\0')
			snprintf(p->seen[i].method, sizeof(p->seen[i].method), "%s", method);
		if (strcmp(p->seen[i].method, method) == 0) {
			p->seen[i].n++;
			break;
		}
	}
	if (p->fault != RPX_NONE && strcmp(p->method, method) == 0) {
		fault = p->fault;
		pid = p->pid;
		snprintf(cmd, sizeof(cmd), "%s", p->command);
		p->fault = RPX_NONE;
		p->fired++;
	}
	pthread_mutex_unlock(&p->mu);
	if (fault == RPX_KILL) {
		if (pid > 0)
			kill(pid, SIGKILL);
		goto out; /* never passed on */
	}
	ans = forward(p->upstream, req, n, &alen);
	if (fault == RPX_STOP_NODE && cmd[0] != '\0')
		if (child_sh(cmd, NULL, 0, child_default_seconds()) != 0)
			fprintf(stderr, "rpcproxy: %s failed\n", cmd);
	if (fault == RPX_NONE && ans != NULL)
		(void)send_all(c->fd, ans, alen);
out:
	free(req);
	free(ans);
	close(c->fd);
	free(c);
	pthread_mutex_lock(&p->mu);
	p->active--;
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

static void *
accept_loop(void *arg)
{
	struct rpcproxy *p = arg;
	pthread_attr_t attr;
	pthread_t t;

	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	while (!p->stopping) {
		struct conn *c;
		int fd = accept4(p->fd, NULL, NULL, SOCK_CLOEXEC);

		if (fd < 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			break;
		}
		if ((c = malloc(sizeof(*c))) == NULL) {
			close(fd);
			continue;
		}
		c->p = p;
		c->fd = fd;
		pthread_mutex_lock(&p->mu);
		p->active++;
		pthread_mutex_unlock(&p->mu);
		if (pthread_create(&t, &attr, serve, c) != 0) {
			close(fd);
			free(c);
			pthread_mutex_lock(&p->mu);
			p->active--;
			pthread_mutex_unlock(&p->mu);
		}
	}
	pthread_attr_destroy(&attr);
	return NULL;
}

struct rpcproxy *
rpx_start(int upstream)
{
	struct rpcproxy *p = calloc(1, sizeof(*p));
	struct sockaddr_in a;
	socklen_t len = sizeof(a);
	int one = 1;

	if (p == NULL)
		return NULL;
	p->upstream = upstream;
	pthread_mutex_init(&p->mu, NULL);
	p->fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	setsockopt(p->fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (p->fd < 0 || bind(p->fd, (struct sockaddr *)&a, sizeof(a)) != 0 ||
	    listen(p->fd, 64) != 0 || getsockname(p->fd, (struct sockaddr *)&a, &len) != 0 ||
	    pthread_create(&p->thread, NULL, accept_loop, p) != 0) {
		fprintf(stderr, "rpcproxy: cannot listen: %s\n", strerror(errno));
		if (p->fd >= 0)
			close(p->fd);
		free(p);
		return NULL;
	}
	p->port = ntohs(a.sin_port);
	return p;
}

int
rpx_port(const struct rpcproxy *p)
{
	return p->port;
}

void
rpx_arm(struct rpcproxy *p, const char *method, enum rpx_fault fault, pid_t pid,
    const char *command)
{
	pthread_mutex_lock(&p->mu);
	snprintf(p->method, sizeof(p->method), "%s", method);
	p->fault = fault;
	p->pid = pid;
	snprintf(p->command, sizeof(p->command), "%s", command ? command : "");
	pthread_mutex_unlock(&p->mu);
}

int
rpx_fired(struct rpcproxy *p)
{
	int n;

	pthread_mutex_lock(&p->mu);
	n = p->fired;
	pthread_mutex_unlock(&p->mu);
	return n;
}

int
rpx_seen(struct rpcproxy *p, const char *method)
{
	int n = 0;
	size_t i;

	pthread_mutex_lock(&p->mu);
	for (i = 0; i < SEEN_MAX; i++)
		if (strcmp(p->seen[i].method, method) == 0)
			n = p->seen[i].n;
	pthread_mutex_unlock(&p->mu);
	return n;
}

void
rpx_stop(struct rpcproxy *p)
{
	int i, left = 1;

	if (p == NULL)
		return;
	p->stopping = 1;
	shutdown(p->fd, SHUT_RDWR);
	close(p->fd);
	pthread_join(p->thread, NULL);
	/* the connection threads finish on their own (a node answers, or
	 * their 30 s timeout ends them) */
	for (i = 0; i < 400 && left; i++) {
		pthread_mutex_lock(&p->mu);
		left = p->active;
		pthread_mutex_unlock(&p->mu);
		if (left)
			usleep(100 * 1000);
	}
	if (left) {
		fprintf(stderr, "rpcproxy: %d connection(s) still open; kept\n", left);
		return;
	}
	pthread_mutex_destroy(&p->mu);
	free(p);
}
