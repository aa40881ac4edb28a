/*
 * webhook: where events go, and the record of getting them there (issue
 * 10; docs/decisions.md, decisions 1-4, 25).
 *
 * A partner registers up to WEBHOOK_MAX_PER_PARTNER endpoints, each with
 * the event types it wants and a secret; a wallet user has one endpoint,
 * set by an operator (cediramp-admin user webhook), that gets every wallet
 * event. An event fans out into one delivery per live subscribed endpoint
 * when it is written (domain/outbox.c); deleting an endpoint fails its
 * pending deliveries, so nothing more reaches it. Every URL is checked
 * against the SSRF rules (providers/netguard.h) here and again at each
 * delivery (domain/delivery.c).
 *
 * The delivery log and redelivery are in webhook_log.c.
 *
 * Only the owning partner sees an endpoint, an event or a delivery: for
 * anyone else each is ERR_NOT_FOUND.
 */
#ifndef CEDIRAMP_WEBHOOK_H
#define CEDIRAMP_WEBHOOK_H

#include <stddef.h>
#include <jansson.h>

#include "core/id.h"
#include "core/outcome.h"
#include "domain/caller.h"
#include "domain/ctx.h"
#include "domain/event.h"

#define WEBHOOK_MAX_PER_PARTNER 10
#define WEBHOOK_URL_MAX 2048
#define WEBHOOK_SECRET_MIN 32
#define WEBHOOK_SECRET_MAX 256
#define WEBHOOK_EVENTS_MAX 1000     /* the stored comma list */
#define WEBHOOK_PAGE_MAX 100
/* how long a rotated-out secret may keep signing: 7 days */
#define WEBHOOK_OVERLAP_MAX 604800

/* The subject who's endpoints belong to: its kind (outbox_subject_name)
 * and its id into *sid; a partner's own, or the platform's (subject id 0:
 * the wallet developer's, its events a wallet user's). */
const char *webhook_subject(const struct caller *who, long long *sid);

struct webhook {
	char id[ID_MAX];                      /* wh_... */
	char url[WEBHOOK_URL_MAX + 1];
	char events[WEBHOOK_EVENTS_MAX + 1];  /* "a,b,c" */
	int active;                           /* not deleted */
	int enabled;                          /* not disabled by its owner */
	char created_at[32];
	/* webhook_rotate_secret: when the previous secret stops signing ("":
	 * there is none) */
	char previous_secret_expires_at[32];
	/* webhook_create, webhook_rotate_secret: the secret the service made
	 * when none was given (whsec_..., shown once: the caller wipes it);
	 * "" otherwise */
	char generated_secret[64];
};

/* POST /v1/webhooks as the domain takes it (all borrowed; any may be NULL). */
struct webhook_req {
	const char *url;
	const json_t *events;
	const char *secret;
};

/*
 * Registers who's endpoint, with in->secret, or without one (NULL) a
 * secret the service makes (out->generated_secret). Errors in o:
 * ERR_VALIDATION naming url (not a URL, not https in production, or a
 * refused address), events (not a non-empty array of known, distinct
 * event types), secret (not 32 to 256 printable ASCII characters) or
 * webhooks (the partner already has
 * WEBHOOK_MAX_PER_PARTNER); ERR_SERVICE_UNAVAILABLE, ERR_INTERNAL. On an
 * error nothing was written.
 */
enum err webhook_create(struct ctx *ctx, const struct caller *who,
    const struct webhook_req *in, struct webhook *out, struct outcome *o);

/* who's live endpoints, oldest first, up to cap into out. */
enum err webhook_list(struct ctx *ctx, const struct caller *who, struct webhook *out,
    size_t cap, size_t *n, struct outcome *o);

/* Deletes who's endpoint id and fails its pending deliveries, in one
 * transaction; ERR_NOT_FOUND when it is not who's or already deleted. */
enum err webhook_delete(struct ctx *ctx, const struct caller *who, const char *id,
    struct outcome *o);

/*
 * Changes who's live endpoint id: events (NULL: kept; else as
 * webhook_create takes them) and enabled (-1 kept, 0 disabled: no event
 * fans out to it and its pending deliveries fail, 1 enabled again). On
 * ERR_OK out is the endpoint as it now stands. ERR_NOT_FOUND (not who's,
 * deleted, or no such id), ERR_VALIDATION naming events; nothing written
 * on an error.
 */
enum err webhook_update(struct ctx *ctx, const struct caller *who, const char *id,
    const json_t *events, int enabled, struct webhook *out, struct outcome *o);

/* who's endpoint id, deleted ones included (their log stays readable). */
enum err webhook_get(struct ctx *ctx, const struct caller *who, const char *id,
    struct webhook *out, struct outcome *o);

/*
 * The wallet user wallet_id's endpoint (the admin tool; docs/decisions.md, decision
 * 4): url and secret replace any earlier one (created if never seen, as
 * user_set_tier does); url NULL deletes it. secret NULL (with a url): the
 * service makes one, given in o as "secret" (outcome_str; the caller
 * shows it once). Errors as webhook_create (field wallet_id too), with cfg
 * deciding what a URL may be.
 */
enum err webhook_set_user(struct db *db, const struct cfg *cfg, const char *wallet_id,
    const char *url, const char *secret, struct outcome *o);

/*
 * Rotates the secret of who's live endpoint id (POST
 * /v1/webhooks/{id}/rotate-secret): secret (NULL: one the service makes,
 * out->generated_secret) becomes the current one; the
 * current one becomes the previous one and keeps signing (beside the new
 * one) for overlap seconds (0..WEBHOOK_OVERLAP_MAX; 0 drops it at once);
 * a previous one still in its overlap is dropped. A secret equal to the
 * current one (compared in constant time) changes nothing: a retried
 * request does not cut the overlap short (a made one is new each time). On ERR_OK out is the endpoint,
 * with previous_secret_expires_at. Errors in o: ERR_NOT_FOUND (not who's,
 * deleted, or no such id); ERR_VALIDATION naming secret (as
 * webhook_create) or expires_previous_in_seconds;
 * ERR_SERVICE_UNAVAILABLE (no webhooks.encryption_key_file, or the database);
 * ERR_INTERNAL when the current secret does not open. On an error nothing
 * was written.
 */
enum err webhook_rotate_secret(struct ctx *ctx, const struct caller *who, const char *id,
    const char *secret, long long overlap, struct webhook *out, struct outcome *o);

/* The delivery log's filters; NULL members do not filter. */
struct webhook_log_filter {
	const char *webhook_id, *event_type, *status;
};

/* 1 when s is a delivery status (pending, delivered, failed). */
int webhook_delivery_status_valid(const char *s);

/*
 * Sends who's endpoint id a test event: "webhook.test", with data
 * {webhook_id, message}, delivered to that endpoint alone as any event is
 * (signed, retried, in the delivery log). Its event id into event_id
 * (ID_MAX bytes). ERR_OK, ERR_NOT_FOUND (no such live endpoint of who's),
 * or the database's error.
 */
enum err webhook_send_test(struct ctx *ctx, const struct caller *who, const char *id,
    char *event_id, struct outcome *o);

/* One delivery of the log: an event to an endpoint, as it stands. A text
 * member "" and a number -1 stand for none (JSON null). */
struct webhook_delivery {
	char event_id[ID_MAX];
	char event_type[64];
	char webhook_id[ID_MAX];
	char url[WEBHOOK_URL_MAX + 1];
	char status[16];                     /* pending, delivered, failed */
	long long attempts;
	char next_attempt_at[40];            /* ISO 8601 to the millisecond */
	char last_attempt_at[40];
	long long last_response_status;
	char created_at[32];
};

/*
 * Up to limit (<= WEBHOOK_PAGE_MAX) of who's deliveries matching f,
 * newest first, after offset, into *rows (a new array of *n; the caller
 * frees it; NULL when *n is 0); *total counts the matches up to offset +
 * api.list_total_cap (struct db_total).
 */
enum err webhook_log_list(struct ctx *ctx, const struct caller *who,
    const struct webhook_log_filter *f, unsigned long long offset, size_t limit,
    struct webhook_delivery **rows, size_t *n, struct db_total *total,
    struct outcome *o);

/* One attempt at a delivery; "" and -1 stand for none. */
struct webhook_attempt {
	long long attempt;
	char at[40];                         /* ISO 8601 to the millisecond */
	long long response_status;
	long long duration_ms;
	char response_body[2049];            /* the answer's first 2 KB, as text ("": none) */
	char error[801];
};

/* One endpoint's delivery of an event, with every attempt. */
struct webhook_event_delivery {
	char webhook_id[ID_MAX];
	char url[WEBHOOK_URL_MAX + 1];
	char status[16];
	char next_attempt_at[40];
	struct webhook_attempt *attempts;    /* nattempts of them, oldest first */
	size_t nattempts;
};

/* An event with every delivery (webhook_log_event). */
struct webhook_event_log {
	struct event ev;                     /* ev.data points into data */
	char *data;
	struct webhook_event_delivery *deliveries;
	size_t ndeliveries;
};

/*
 * who's event event_id with every delivery and attempt into out (freed by
 * webhook_event_log_free, also after an error). ERR_NOT_FOUND for an
 * event that is not who's.
 */
enum err webhook_log_event(struct ctx *ctx, const struct caller *who,
    const char *event_id, struct webhook_event_log *out, struct outcome *o);

void webhook_event_log_free(struct webhook_event_log *l);

/*
 * Queues a fresh attempt of who's event event_id, due now, to every live
 * endpoint of who subscribed to its type (a delivered or failed delivery
 * starts a new round of the retry policy; an endpoint registered since
 * gets its first). *queued: how many endpoints. ERR_NOT_FOUND as above.
 */
enum err webhook_redeliver(struct ctx *ctx, const struct caller *who,
    const char *event_id, long long *queued, struct outcome *o);

#endif
