/*
 * event: an event as its receivers get it (docs/decisions.md, decisions 1, 2). The
 * outbox stores each event's data; this module makes the body that is sent
 * and its signatures, the same way every time, so a redelivery carries the
 * same bytes (only the Standard Webhooks timestamp is of the attempt).
 *
 *   partner  {"id","type","created_at","event","timestamp","data"}: both
 *            envelope forms of the partner spec in one object.
 *   wallet   {"event","id","timestamp","data","signature"}: the wallet
 *            spec's payload; signature is "sha256=" + hex HMAC-SHA256 of
 *            the body without that member, and is serialized last, so a
 *            receiver gets the signed bytes back by removing the trailing
 *            `,"signature":"sha256=<64 hex>"` (the 86 bytes before the
 *            closing brace).
 *
 * Every delivery also carries X-Cediramp-Signature (sha256=<hex HMAC of
 * the raw body>) and the Standard Webhooks headers webhook-id,
 * webhook-timestamp and webhook-signature ("v1," + base64 HMAC of
 * "id.timestamp.body"). The key is always the endpoint secret's bytes.
 */
#ifndef CEDIRAMP_EVENT_H
#define CEDIRAMP_EVENT_H

#include <stddef.h>
#include <jansson.h>

#include "core/id.h"
#include "domain/outbox.h"

#define EVENT_TYPE_MAX 48
#define EVENT_SIG_HEX_LEN (7 + 64)    /* "sha256=" + 64 hex digits */
#define EVENT_SIG_STD_MAX 64          /* "v1," + 44 base64 characters */

/* The partner API's event types, in the spec's order; NULL-terminated. */
extern const char *const event_partner_types[];

/* 1 when type is one of event_partner_types. */
int event_partner_type_known(const char *type);

/* The wallet API's event types (payout.completed, payout.failed). */
extern const char *const event_wallet_types[];
int event_wallet_type_known(const char *type);

struct event {
	char id[ID_MAX];               /* evt_... */
	char type[EVENT_TYPE_MAX];
	enum outbox_subject kind;
	char created_at[32];           /* ISO 8601 */
	const char *data;              /* the stored JSON object text (borrowed) */
	char request_id[64];           /* the request it was raised in; "": a worker */
};

/*
 * The partner envelope of ev (a new reference), as sent to partners and
 * shown in their delivery log. NULL when data is not a JSON object or on
 * low memory.
 */
json_t *event_envelope(const struct event *ev);

/*
 * The body sent for ev to an endpoint with secret (slen bytes): the
 * partner envelope, or the wallet payload signed with secret. New text the
 * caller frees, its length in *len; NULL as for event_envelope.
 */
char *event_body(const struct event *ev, const char *secret, size_t slen, size_t *len);

/* "sha256=" + hex HMAC-SHA256(secret, body) into out (at least
 * EVENT_SIG_HEX_LEN + 1 bytes); 0, or -1 when it does not fit. */
int event_sig_hex(const char *secret, size_t slen, const char *body, size_t blen,
    char *out, size_t cap);

/* The Standard Webhooks signature "v1," + base64(HMAC-SHA256(secret,
 * "<msg_id>.<ts>.<body>")) into out (EVENT_SIG_STD_MAX bytes); 0 or -1. */
int event_sig_std(const char *secret, size_t slen, const char *msg_id, long long ts,
    const char *body, size_t blen, char *out, size_t cap);

#endif
