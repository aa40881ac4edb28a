/*
 * view_partner: the partner API's objects as its responses show them
 * (partner spec), from the domain's structs. The events' data are built by
 * the domain (their bodies are a contract of their own); where the spec
 * makes an object and its event's data the same (a payment intent), the
 * view is that builder.
 */
#ifndef CEDIRAMP_VIEW_PARTNER_H
#define CEDIRAMP_VIEW_PARTNER_H

#include <jansson.h>

#include "core/cfg.h"
#include "domain/ctx.h"
#include "domain/health.h"
#include "domain/partner/intent.h"
#include "domain/partner/webhook.h"
#include "domain/partner/withdrawal.h"

/* Which of a withdrawal's fields a response shows: POST's answer, GET's,
 * or a list row's. */
enum withdrawal_view { WITHDRAWAL_CREATE, WITHDRAWAL_GET, WITHDRAWAL_LIST };

/* The Withdrawal object with view's fields (new reference, NULL out of
 * memory); estimated_completion (create) is created_at plus
 * cfg->withdrawal_eta_seconds. */
json_t *withdrawal_json(const struct withdrawal *w, const struct cfg *cfg,
    enum withdrawal_view view);

/* The Payment intent object (new reference, NULL out of memory). */
json_t *intent_json(const struct intent *in);

/* A list row (resource_page's resource_view_fn): a withdrawal as
 * WITHDRAWAL_LIST shows it, an intent as intent_json does. */
json_t *withdrawal_row_json(const void *row, const struct ctx *ctx);
json_t *intent_row_json(const void *row, const struct ctx *ctx);

/* The Webhook registration object {webhook_id, url, events, active,
 * created_at} (new reference; NULL out of memory). */
json_t *webhook_json(const struct webhook *w);

/* The rotation's answer: the registration object with
 * previous_secret_expires_at (a timestamp, or null when the previous
 * secret was dropped at once) (new reference; NULL out of memory). */
json_t *webhook_rotation_json(const struct webhook *w);

/* o (a registration object, taken; NULL passes through) with "secret"
 * when the service made w's (shown in this one answer), and that secret
 * wiped from w. */
json_t *webhook_made_json(json_t *o, struct webhook *w);

/* A delivery log row {event_id, event_type, webhook_id, url, status,
 * attempts, next_attempt_at, last_attempt_at, last_response_status,
 * created_at} (new reference). */
json_t *webhook_delivery_json(const struct webhook_delivery *d);

/* An event with every delivery and attempt: {event_id, event_type,
 * created_at, payload (the envelope its endpoints get), deliveries:
 * [{webhook_id, url, status, next_attempt_at, attempts: [{attempt, at,
 * response_status, duration_ms, error}]}]} (new reference). */
json_t *webhook_event_log_json(const struct webhook_event_log *l);

/* The Health object of GET /v1/health (new reference). */
json_t *health_json(const struct health *h, const struct cfg *cfg);

#endif
