/*
 * cursor: opaque pagination cursors. A cursor names a position in a list
 * (the creation time and id of the last item returned) and is bound to the
 * query it came from (owner, order, filters) by an HMAC-SHA256 tag under a
 * server secret, so an altered cursor, or one reused with other filters or
 * by another caller, is refused instead of silently paging something else.
 * Text form: base64url, no padding, at most CURSOR_MAX characters.
 */
#ifndef CEDIRAMP_CURSOR_H
#define CEDIRAMP_CURSOR_H

#include <stddef.h>

#define CURSOR_MAX 256
#define CURSOR_ID_MAX 40

struct cursor_pos {
	long long created_us;          /* creation time, Unix microseconds */
	char id[CURSOR_ID_MAX + 1];    /* the item's id: ties on time break by id */
};

/*
 * Encodes pos for the query described by scope (any text the caller builds
 * from owner, order and filters, e.g. "u:42|desc|type=conversion|status=")
 * into out (CURSOR_MAX + 1 bytes). secret is the server's key. Returns 0,
 * or -1 if pos.id is empty, too long or holds bytes outside [A-Za-z0-9_-].
 */
int cursor_encode(const unsigned char *secret, size_t secret_len,
    const char *scope, const struct cursor_pos *pos, char *out);

/*
 * Decodes text into pos if its tag verifies for scope under secret
 * (compared in constant time) and its fields are well-formed. Returns 0, or
 * -1 for anything else: malformed, truncated, altered, another scope.
 */
int cursor_decode(const unsigned char *secret, size_t secret_len,
    const char *scope, const char *text, struct cursor_pos *pos);

#endif
