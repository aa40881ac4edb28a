/*
 * cediramp-mailsink: the sandbox's mail sink. A minimal SMTP server on
 * 127.0.0.1 (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no STARTTLS:
 * the sandbox's mail.starttls_optional lets libcurl go on in clear on
 * this machine) that stores each message it is given, once per recipient,
 * in the database of $CEDIRAMP_CONF (lib/sandbox/mail_sink.h), where the
 * console shows it. `make run` and the test stacks start it
 * (tools/stack.sh); it never sends anything on.
 *
 * usage: cediramp-mailsink --port N [--port-file FILE]
 *   N 0 takes any free port; FILE then receives the one taken.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/buf.h"
#include "core/cfg.h"
#include "core/strict.h"
#include "sandbox/mail_sink.h"
#include "store/db.h"

#define LINE_MAX_BYTES 1000
#define MESSAGE_MAX (1024 * 1024)
#define RCPT_MAX 16

static volatile sig_atomic_t stopping;

static void
on_term(int sig)
{
	(void)sig;
	stopping = 1;
}

/* A connection's input, read a line at a time. */
struct conn {
	int fd;
	char in[8192];
	size_t have, at;
};

/* The next line without its CRLF into out (cap bytes): its length, or -1
 * (closed, timed out, or longer than the cap). */
static long
read_line(struct conn *c, char *out, size_t cap)
{
	size_t n = 0;

	for (;;) {
		while (c->at < c->have) {
			char ch = c->in[c->at++];

			if (ch == '\n') {
				if (n > 0 && out[n - 1] == '\r')
					n--;
				out[n] = '\0';
				return (long)n;
			}
			if (n + 1 >= cap)
				return -1;
			out[n++] = ch;
		}
		ssize_t got = read(c->fd, c->in, sizeof(c->in));

		if (got <= 0)
			return -1;
		c->have = (size_t)got;
		c->at = 0;
	}
}

static int
say(int fd, const char *s)
{
	size_t n = strlen(s);

	return write(fd, s, n) == (ssize_t)n ? 0 : -1;
}

/* The address inside "<...>" of an argument into out: 0, or -1. */
static int
angle(const char *arg, char *out, size_t cap)
{
	const char *lt = strchr(arg, '<'), *gt = lt ? strchr(lt, '>') : NULL;

	if (lt == NULL || gt == NULL || (size_t)(gt - lt - 1) >= cap)
		return -1;
	memcpy(out, lt + 1, (size_t)(gt - lt - 1));
	out[gt - lt - 1] = '\0';
	return 0;
}

/* The Subject header of the message's head (before its blank line). */
static void
subject_of(const char *msg, char *out, size_t cap)
{
	const char *p = msg;

	out[0] = '\0';
	while (*p != '\0' && !(p[0] == '\r' && p[1] == '\n') && p[0] != '\n') {
		size_t n = strcspn(p, "\r\n");

		if (n > 8 && strncasecmp(p, "Subject:", 8) == 0) {
			const char *v = p + 8 + strspn(p + 8, " \t");
			size_t k = n - (size_t)(v - p);

			snprintf(out, cap, "%.*s", (int)(k < cap ? k : cap - 1), v);
			return;
		}
		p += n;
		p += strspn(p, "\r\n") > 2 ? 2 : strspn(p, "\r\n");
	}
}

/* The body (after the head's blank line) of msg. */
static const char *
body_of(const char *msg)
{
	const char *b = strstr(msg, "\r\n\r\n");

	return b != NULL ? b + 4 : msg;
}

/* One SMTP session on fd. */
static void
session(int fd, struct db *db)
{
	char line[LINE_MAX_BYTES + 2], from[256] = "", rcpt[RCPT_MAX][256], subject[256];
	struct conn c = { fd, { 0 }, 0, 0 };
	size_t nrcpt = 0, i;
	struct buf msg;
	long n;

	buf_init(&msg, MESSAGE_MAX);
	if (say(fd, "220 cediramp-mailsink ESMTP\r\n") != 0)
		goto out;
	while ((n = read_line(&c, line, sizeof(line))) >= 0) {
		if (strncasecmp(line, "EHLO", 4) == 0) {
			say(fd, "250-cediramp-mailsink\r\n250 8BITMIME\r\n");
		} else if (strncasecmp(line, "HELO", 4) == 0 || strncasecmp(line, "NOOP", 4) == 0) {
			say(fd, "250 OK\r\n");
		} else if (strncasecmp(line, "MAIL FROM:", 10) == 0) {
			if (angle(line + 10, from, sizeof(from)) != 0) {
				say(fd, "501 Syntax: MAIL FROM:<address>\r\n");
				continue;
			}
			nrcpt = 0;
			say(fd, "250 OK\r\n");
		} else if (strncasecmp(line, "RCPT TO:", 8) == 0) {
			if (nrcpt >= RCPT_MAX || angle(line + 8, rcpt[nrcpt], sizeof(rcpt[0])) != 0) {
				say(fd, "501 Syntax: RCPT TO:<address>\r\n");
				continue;
			}
			nrcpt++;
			say(fd, "250 OK\r\n");
		} else if (strncasecmp(line, "DATA", 4) == 0) {
			if (nrcpt == 0) {
				say(fd, "503 RCPT first\r\n");
				continue;
			}
			say(fd, "354 End data with <CR><LF>.<CR><LF>\r\n");
			buf_reset(&msg);
			while ((n = read_line(&c, line, sizeof(line))) >= 0 && strcmp(line, ".") != 0) {
				const char *l = line[0] == '.' ? line + 1 : line; /* dot-stuffing */

				if (buf_puts(&msg, l) != 0 || buf_puts(&msg, "\r\n") != 0)
					break;
			}
			if (n < 0 || buf_append(&msg, "", 1) != 0) {
				say(fd, "552 Message too large or cut\r\n");
				goto out;
			}
			subject_of(msg.data, subject, sizeof(subject));
			for (i = 0; i < nrcpt; i++)
				if (mail_sink_store(db, from, rcpt[i], subject, body_of(msg.data),
				    strlen(body_of(msg.data))) != DB_OK)
					break;
			say(fd, i == nrcpt ? "250 OK: stored\r\n" : "451 Not stored: try again\r\n");
			nrcpt = 0;
		} else if (strncasecmp(line, "RSET", 4) == 0) {
			nrcpt = 0;
			say(fd, "250 OK\r\n");
		} else if (strncasecmp(line, "QUIT", 4) == 0) {
			say(fd, "221 Bye\r\n");
			break;
		} else {
			say(fd, "502 Not implemented\r\n");
		}
	}
out:
	buf_free(&msg);
}

int
main(int argc, char **argv)
{
	const char *port_file = NULL;
	unsigned long long port = 0;
	struct sockaddr_in a;
	struct timeval tv = { 10, 0 };
	socklen_t alen = sizeof(a);
	struct sigaction sa;
	char err[256];
	struct db *db;
	struct cfg c;
	int i, fd, one = 1;

	for (i = 1; i + 1 < argc; i += 2) {
		if (strcmp(argv[i], "--port") == 0 &&
		    strict_uint(argv[i + 1], strlen(argv[i + 1]), 65535, &port) == 0)
			continue;
		if (strcmp(argv[i], "--port-file") == 0) {
			port_file = argv[i + 1];
			continue;
		}
		fprintf(stderr, "usage: cediramp-mailsink --port N [--port-file FILE]\n");
		return 2;
	}
	if (cfg_load_default(&c, err, sizeof(err)) != 0) {
		fprintf(stderr, "cediramp-mailsink: %s\n", err);
		return 1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_term; /* no SA_RESTART: accept() returns */
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((unsigned short)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if ((fd = socket(AF_INET, SOCK_STREAM, 0)) < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) != 0 ||
	    bind(fd, (struct sockaddr *)&a, sizeof(a)) != 0 || listen(fd, 16) != 0 ||
	    getsockname(fd, (struct sockaddr *)&a, &alen) != 0) {
		fprintf(stderr, "cediramp-mailsink: 127.0.0.1:%llu: %s\n", port, strerror(errno));
		return 1;
	}
	if (port_file != NULL) {
		FILE *f = fopen(port_file, "w");

		if (f == NULL || fprintf(f, "%u\n", (unsigned)ntohs(a.sin_port)) < 0 || fclose(f) != 0) {
			fprintf(stderr, "cediramp-mailsink: %s: cannot write\n", port_file);
			return 1;
		}
	}
	/* the database at the first message: the sink may start before it */
	db = NULL;
	while (!stopping) {
		int cfd = accept(fd, NULL, NULL);

		if (cfd < 0)
			continue;
		setsockopt(cfd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
		if (db == NULL && (db = db_open(&c, 0)) == NULL) {
			say(cfd, "421 No database: try again later\r\n");
		} else {
			session(cfd, db);
		}
		close(cfd);
	}
	close(fd);
	if (db != NULL)
		db_close(db);
	return 0;
}
