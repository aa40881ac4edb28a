#include "http/view_partner.h"

#include <string.h>
#include <time.h>

#include <openssl/crypto.h>

#include "core/timefmt.h"

static json_t *
str_or_null(const char *s)
{
	return s != NULL && s[0] != '\0' ? json_string(s) : json_null();
}

json_t *
withdrawal_json(const struct withdrawal *w, const struct cfg *cfg, enum withdrawal_view view)
{
	int started = strcmp(w->status, "pending") != 0;
	json_t *o = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s}",
	    "withdrawal_id", w->id, "status", w->status, "amount", w->amount,
	    "currency", w->currency, "ghs_amount", w->ghs_amount, "fx_rate", w->rate,
	    "recipient_phone", w->phone, "mobile_network", w->network,
	    "reference_id", w->reference_id);
	long long us;
	char when[40];
	int ok;

	if (o == NULL)
		return NULL;
	ok = json_object_set_new(o, "created_at", json_string(w->created_at)) == 0;
	if (view == WITHDRAWAL_LIST)
		return ok && json_object_set_new(o, "completed_at",
		    str_or_null(w->completed_at)) == 0 ? o : (json_decref(o), NULL);
	ok = ok && json_object_set_new(o, "fee", json_string(w->fee)) == 0;
	if (view == WITHDRAWAL_CREATE) {
		if (timefmt_iso_to_us(w->created_at, 0, &us) != 0)
			us = (long long)time(NULL) * 1000000LL;
		timefmt_iso(us / 1000000LL + (long long)cfg->withdrawal_eta_seconds, when,
		    sizeof(when));
		ok = ok && json_object_set_new(o, "estimated_completion", json_string(when)) == 0;
		return ok ? o : (json_decref(o), NULL);
	}
	/* the hash and the reference mean something once they went out */
	ok = ok && json_object_set_new(o, "on_chain_tx_hash",
	    started && w->submits > 0 ? json_string(w->tx_hash) : json_null()) == 0 &&
	    json_object_set_new(o, "mobile_money_reference", started &&
	    w->processing_at[0] ? json_string(w->provider_ref) : json_null()) == 0 &&
	    json_object_set_new(o, "processing_at", str_or_null(w->processing_at)) == 0 &&
	    json_object_set_new(o, "completed_at", str_or_null(w->completed_at)) == 0 &&
	    json_object_set_new(o, "failure_reason", str_or_null(w->failure_reason)) == 0 &&
	    json_object_set_new(o, "metadata", w->metadata ?
	    json_loads(w->metadata, 0, NULL) : json_null()) == 0;
	return ok ? o : (json_decref(o), NULL);
}

json_t *
intent_json(const struct intent *in)
{
	return intent_payload(in);
}

json_t *
withdrawal_row_json(const void *row, const struct ctx *ctx)
{
	return withdrawal_json(row, &ctx->cfg, WITHDRAWAL_LIST);
}

json_t *
intent_row_json(const void *row, const struct ctx *ctx)
{
	(void)ctx;
	return intent_json(row);
}

json_t *
webhook_json(const struct webhook *w)
{
	json_t *events = json_array();
	const char *p = w->events;

	while (events != NULL && *p != '\0') {
		size_t n = strcspn(p, ",");

		if (json_array_append_new(events, json_stringn(p, n)) != 0) {
			json_decref(events);
			return NULL;
		}
		p += n + (p[n] == ',');
	}
	if (events == NULL)
		return NULL;
	return json_pack("{s:s,s:s,s:o,s:b,s:b,s:s}", "webhook_id", w->id, "url", w->url,
	    "events", events, "active", w->active, "enabled", w->enabled,
	    "created_at", w->created_at);
}

json_t *
webhook_made_json(json_t *o, struct webhook *w)
{
	if (o != NULL && w->generated_secret[0] != '\0' &&
	    json_object_set_new(o, "secret", json_string(w->generated_secret)) != 0) {
		json_decref(o);
		o = NULL;
	}
	OPENSSL_cleanse(w->generated_secret, sizeof(w->generated_secret));
	return o;
}

json_t *
webhook_rotation_json(const struct webhook *w)
{
	json_t *o = webhook_json(w);
	json_t *at = w->previous_secret_expires_at[0] != '\0' ?
	    json_string(w->previous_secret_expires_at) : json_null();

	if (o == NULL || at == NULL ||
	    json_object_set_new(o, "previous_secret_expires_at", at) != 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* n, or null for -1 (none). */
static json_t *
num_or_null(long long n)
{
	return n >= 0 ? json_integer((json_int_t)n) : json_null();
}

json_t *
webhook_delivery_json(const struct webhook_delivery *d)
{
	return json_pack("{s:s,s:s,s:s,s:s,s:s,s:o,s:o,s:o,s:o,s:s}",
	    "event_id", d->event_id, "event_type", d->event_type,
	    "webhook_id", d->webhook_id, "url", d->url, "status", d->status,
	    "attempts", num_or_null(d->attempts),
	    "next_attempt_at", str_or_null(d->next_attempt_at),
	    "last_attempt_at", str_or_null(d->last_attempt_at),
	    "last_response_status", num_or_null(d->last_response_status),
	    "created_at", d->created_at);
}

/* The attempts of d (new reference, NULL out of memory). */
static json_t *
attempts_json(const struct webhook_event_delivery *d)
{
	json_t *arr = json_array();
	size_t i;

	for (i = 0; arr != NULL && i < d->nattempts; i++) {
		const struct webhook_attempt *t = &d->attempts[i];

		if (json_array_append_new(arr, json_pack("{s:o,s:o,s:o,s:o,s:o,s:o}",
		    "attempt", num_or_null(t->attempt), "at", str_or_null(t->at),
		    "response_status", num_or_null(t->response_status),
		    "duration_ms", num_or_null(t->duration_ms),
		    "response_body", t->response_status > 0 ? json_string(t->response_body) :
		    json_null(), "error", str_or_null(t->error))) != 0) {
			json_decref(arr);
			arr = NULL;
		}
	}
	return arr;
}

json_t *
webhook_event_log_json(const struct webhook_event_log *l)
{
	json_t *payload = event_envelope(&l->ev), *list = json_array();
	size_t i;

	for (i = 0; list != NULL && i < l->ndeliveries; i++) {
		const struct webhook_event_delivery *d = &l->deliveries[i];
		json_t *attempts = attempts_json(d);

		if (attempts == NULL || json_array_append_new(list,
		    json_pack("{s:s,s:s,s:s,s:o,s:o}", "webhook_id", d->webhook_id,
		    "url", d->url, "status", d->status,
		    "next_attempt_at", str_or_null(d->next_attempt_at),
		    "attempts", attempts)) != 0) {
			json_decref(list);
			list = NULL;
		}
	}
	if (payload == NULL || list == NULL) {
		json_decref(payload);
		json_decref(list);
		return NULL;
	}
	return json_pack("{s:s,s:s,s:s,s:o,s:o,s:o}", "event_id", l->ev.id, "event_type",
	    l->ev.type, "created_at", l->ev.created_at, "request_id",
	    l->ev.request_id[0] ? json_string(l->ev.request_id) : json_null(), "payload", payload,
	    "deliveries", list);
}

json_t *
health_json(const struct health *h, const struct cfg *cfg)
{
	char db[40], chain[40], momo[40];

	timefmt_iso(h->database_checked_at, db, sizeof(db));
	timefmt_iso(h->blockchain_checked_at, chain, sizeof(chain));
	timefmt_iso(h->mobile_money_checked_at, momo, sizeof(momo));
	return json_pack("{s:s,s:s,s:I,s:s,s:{s:s,s:s,s:s},s:{s:s,s:s,s:s}}",
	    "status", h->status,
	    "version", CEDIRAMP_VERSION,
	    "uptime_seconds", (json_int_t)h->uptime_seconds,
	    "environment", cfg->environment,
	    "services",
	    "database", h->database,
	    "blockchain", h->blockchain,
	    "mobile_money", h->mobile_money,
	    "checked_at",
	    "database", db,
	    "blockchain", chain,
	    "mobile_money", momo);
}
