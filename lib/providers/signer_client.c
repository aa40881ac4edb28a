#include "providers/signer_client.h"

#include <errno.h>
#include <jansson.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "core/clock.h"
#include "core/strict.h"

/* A connection to the signer, or -1 (not reached). */
static int
dial(const char *path)
{
	struct sockaddr_un a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.sun_family = AF_UNIX;
	if (path == NULL || path[0] == '\0' || strlen(path) >= sizeof(a.sun_path))
		return -1;
	memcpy(a.sun_path, path, strlen(path));
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return -1;
	if (connect(fd, (struct sockaddr *)&a, sizeof(a)) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* All of n bytes of p to fd: 0 or -1. */
static int
write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = send(fd, p, n, MSG_NOSIGNAL);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int
signer_read_line(int fd, char *line, size_t cap, int timeout_ms)
{
	long long deadline = clock_monotonic_ms() + timeout_ms;
	size_t len = 0;

	for (;;) {
		struct pollfd p = { fd, POLLIN, 0 };
		long long left = deadline - clock_monotonic_ms();
		ssize_t r;
		char *nl;

		if (left <= 0 || poll(&p, 1, (int)left) <= 0)
			return -1;
		r = recv(fd, line + len, cap - 1 - len, 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		len += (size_t)r;
		line[len] = '\0';
		if ((nl = memchr(line, '\n', len)) != NULL) {
			*nl = '\0';
			return 0;
		}
		if (len == cap - 1)
			return -1; /* longer than any line of the protocol */
	}
}

static void
answer_copy(char *out, size_t cap, json_t *o, const char *name)
{
	const char *v = json_string_value(json_object_get(o, name));

	(void)strict_copy(out, cap, v != NULL ? v : "");
}

/* Sends req (consumed) and reads the answer into a. */
static enum signer_rc
ask(const char *path, json_t *req, struct signer_answer *a)
{
	char *text = req != NULL ? json_dumps(req, JSON_COMPACT) : NULL;
	char line[SIGNER_LINE_MAX];
	json_t *ans = NULL;
	json_int_t nonce;
	enum signer_rc rc = SIGNER_DOWN;
	int fd = -1;

	memset(a, 0, sizeof(*a));
	json_decref(req);
	if (text == NULL || strlen(text) >= SIGNER_LINE_MAX - 1) {
		(void)strict_copy(a->code, sizeof(a->code), "bad_request");
		(void)strict_copy(a->reason, sizeof(a->reason), "the request does not fit");
		rc = SIGNER_REFUSED;
		goto out;
	}
	if ((fd = dial(path)) < 0) {
		snprintf(a->reason, sizeof(a->reason), "the signer does not answer at %s",
		    path != NULL ? path : "(signer.socket unset)");
		goto out;
	}
	rc = SIGNER_IN_DOUBT; /* from here on it may have been asked */
	if (write_all(fd, text, strlen(text)) != 0 || write_all(fd, "\n", 1) != 0 ||
	    signer_read_line(fd, line, sizeof(line), SIGNER_TIMEOUT_MS) != 0 ||
	    (ans = json_loads(line, 0, NULL)) == NULL || !json_is_object(ans)) {
		snprintf(a->reason, sizeof(a->reason), "the signer gave no answer");
		goto out;
	}
	answer_copy(a->hash, sizeof(a->hash), ans, "hash");
	answer_copy(a->address, sizeof(a->address), ans, "address");
	answer_copy(a->store, sizeof(a->store), ans, "store");
	answer_copy(a->code, sizeof(a->code), ans, "code");
	answer_copy(a->reason, sizeof(a->reason), ans, "reason");
	answer_copy(a->step, sizeof(a->step), ans, "step");
	nonce = json_integer_value(json_object_get(ans, "nonce"));
	a->nonce = nonce > 0 ? (unsigned long long)nonce : 0;
	nonce = json_integer_value(json_object_get(ans, "rotation"));
	a->rotation = nonce > 0 ? (unsigned long long)nonce : 0;
	if (json_is_true(json_object_get(ans, "ok")))
		rc = SIGNER_OK;
	else if (strcmp(a->code, "unavailable") == 0)
		rc = SIGNER_DOWN; /* it signed nothing: its database or chain was away */
	else
		rc = SIGNER_REFUSED;
out:
	if (fd >= 0)
		close(fd);
	json_decref(ans);
	free(text);
	return rc;
}

enum signer_rc
signer_status(const char *socket_path, struct signer_answer *a)
{
	return ask(socket_path, json_pack("{s:s}", "op", "status"), a);
}

/* The fees of a request, into req. */
static json_t *
with_fees(json_t *req, const struct chain_fees *f)
{
	if (req != NULL && (json_object_set_new(req, "gas_limit",
	    json_integer((json_int_t)f->gas_limit)) != 0 ||
	    json_object_set_new(req, "max_fee", json_integer((json_int_t)f->max_fee)) != 0 ||
	    json_object_set_new(req, "priority_fee",
	    json_integer((json_int_t)f->priority_fee)) != 0)) {
		json_decref(req);
		return NULL;
	}
	return req;
}

enum signer_rc
signer_move(const char *socket_path, const char *purpose, const struct chain_move *m,
    const struct chain_fees *fees, struct signer_answer *a)
{
	json_t *req = json_pack("{s:s,s:s,s:s,s:s,s:s}", "op",
	    m->kind == CHAIN_MINT ? "mint" : "convert", "ref", m->ref, "asset", m->asset,
	    "wallet", m->wallet, "amount", m->amount);

	if (req != NULL && m->kind != CHAIN_MINT &&
	    json_object_set_new(req, "purpose", json_string(purpose)) != 0) {
		json_decref(req);
		req = NULL;
	}
	return ask(socket_path, with_fees(req, fees), a);
}

enum signer_rc
signer_replace(const char *socket_path, const char *ref, unsigned long long attempt,
    const struct chain_fees *fees, struct signer_answer *a)
{
	return ask(socket_path, with_fees(json_pack("{s:s,s:s,s:I}", "op", "replace", "ref", ref,
	    "attempt", (json_int_t)attempt), fees), a);
}

enum signer_rc
signer_rotate(const char *socket_path, struct signer_answer *a)
{
	return ask(socket_path, json_pack("{s:s}", "op", "rotate"), a);
}
