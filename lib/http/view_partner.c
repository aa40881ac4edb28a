#include "http/view_partner.h"

#include <string.h>
#include <time.h>

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
