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
#include "domain/partner/intent.h"
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

#endif
