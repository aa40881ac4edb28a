/*
 * Raw HTTP/1.1 against the stack, for requests no HTTP library would send
 * (a bad escape, a NUL, a duplicate Content-Length, a header over the
 * server's limit, a body that never arrives): the bytes go out as given
 * and the answer is read until the server closes the connection.
 */
#include <sys/socket.h>
#include <sys/time.h>
#include <netinet/in.h>
#include <arpa/inet.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/strict.h"
#include "itc.h"

int
itc_raw_port(void)
{
	const char *base = it_env("BASE_URL");
	unsigned long long port = 0;
	const char *colon = strrchr(base, ':');

	if (strncmp(base, "http://127.0.0.1:", 17) != 0 || colon == NULL ||
	    strict_uint(colon + 1, strlen(colon + 1), 65535, &port) != 0)
		return -1;
	return (int)port;
}

int
itc_raw_connect(int timeout_ms)
{
	struct sockaddr_in a;
	struct timeval tv = { timeout_ms / 1000, (timeout_ms % 1000) * 1000 };
	int fd, port = itc_raw_port();

	if (port <= 0 || (fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return -1;
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((unsigned short)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	(void)setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	(void)setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	if (connect(fd, (struct sockaddr *)&a, sizeof(a)) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

int
itc_raw_send_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t n = send(fd, data, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1; /* the server may close early on a bad request */
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

/* A chunked body decoded in place; -1 when it is not well formed. */
static int
dechunk(char *body, size_t *len)
{
	size_t in = 0, out = 0;

	for (;;) {
		size_t size = 0, digits = 0;

		while (in < *len && strchr("0123456789abcdefABCDEF", body[in]) && body[in]) {
			char c = body[in++];

			size = size * 16 + (size_t)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
			if (++digits > 8)
				return -1;
		}
		if (digits == 0 || in + 2 > *len || body[in] != '\r' || body[in + 1] != '\n')
			return -1;
		in += 2;
		if (size == 0)
			break;
		if (in + size + 2 > *len)
			return -1;
		memmove(body + out, body + in, size);
		out += size;
		in += size + 2;
	}
	body[out] = '\0';
	*len = out;
	return 0;
}

void
itc_raw_read(int fd, struct itc_raw *r)
{
	size_t cap = 65536, len = 0;
	char *buf = malloc(cap + 1), *sep, *line_end;
	char value[64];

	memset(r, 0, sizeof(*r));
	if (buf == NULL)
		return;
	for (;;) {
		ssize_t n;

		if (len == cap) {
			char *bigger = realloc(buf, cap * 2 + 1);

			if (bigger == NULL)
				break;
			buf = bigger;
			cap *= 2;
		}
		n = recv(fd, buf + len, cap - len, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			r->timed_out = errno == EAGAIN || errno == EWOULDBLOCK;
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	buf[len] = '\0';
	r->raw = buf;
	r->raw_len = len;
	sep = strstr(buf, "\r\n\r\n");
	line_end = strstr(buf, "\r\n");
	if (sep == NULL || line_end == NULL || strncmp(buf, "HTTP/1.", 7) != 0 || len < 12)
		return;
	*sep = '\0';
	r->head = buf;
	r->body = sep + 4;
	r->body_len = len - (size_t)(r->body - buf);
	{
		unsigned long long st = 0;

		if (strict_uint(buf + 9, 3, 999, &st) == 0)
			r->status = (int)st;
	}
	if (itc_raw_header(r, "Transfer-Encoding", value, sizeof(value)) &&
	    strcasecmp(value, "chunked") == 0 && dechunk(r->body, &r->body_len) != 0)
		r->status = -1; /* a broken chunked body is no answer */
}

const char *
itc_raw_header(const struct itc_raw *r, const char *name, char *buf, size_t cap)
{
	const char *p = r->head;
	size_t nlen = strlen(name);

	if (p == NULL)
		return NULL;
	while ((p = strstr(p, "\r\n")) != NULL) {
		const char *v, *end;

		p += 2;
		if (strncasecmp(p, name, nlen) != 0 || p[nlen] != ':')
			continue;
		v = p + nlen + 1;
		while (*v == ' ' || *v == '\t')
			v++;
		end = strstr(v, "\r\n");
		if (end == NULL)
			end = v + strlen(v);
		if ((size_t)(end - v) >= cap)
			return NULL;
		memcpy(buf, v, (size_t)(end - v));
		buf[end - v] = '\0';
		return buf;
	}
	return NULL;
}

int
itc_raw(const char *req, size_t len, int timeout_ms, struct itc_raw *r)
{
	int fd = itc_raw_connect(timeout_ms);

	memset(r, 0, sizeof(*r));
	if (fd < 0)
		return -1;
	(void)itc_raw_send_all(fd, req, len);
	itc_raw_read(fd, r);
	close(fd);
	return r->status > 0 ? 0 : -1;
}

void
itc_raw_free(struct itc_raw *r)
{
	free(r->raw);
	memset(r, 0, sizeof(*r));
}
