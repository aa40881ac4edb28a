/*
 * partner/payment_intents: the partner API's payment intents (issue 11). POST
 * /v1/payment-intents (201 new, 200 the same request again under its
 * reference_id), GET /v1/payment-intents/{id}, GET /v1/payment-intents
 * (status, from_date, to_date, reference_id; page, per_page), and POST
 * /v1/payment-intents/{id}/cancel (200, or 409 INVALID_STATE).
 */
#include <string.h>

#include "domain/partner/intent.h"
#include "http/app.h"
#include "http/body.h"
#include "http/resource_answer.h"
#include "http/resource_page.h"
#include "http/view_partner.h"

static const char *const create_fields[] = { "amount", "currency", "payer_phone",
	"mobile_network", "reference_id", "description", "metadata", "ttl_seconds", NULL };

/* The intent as the answer's data, with status. */
static enum err
answer(struct resp *resp, int status, struct intent *in)
{
	json_t *data = intent_json(in);

	intent_free(in);
	return data ? resp_ok(resp, status, data) : ERR_INTERNAL;
}

static enum err
post_intent(struct req *r, struct resp *resp)
{
	struct intent_req in;
	struct intent out;
	json_t *ttl;
	size_t len;
	int created;
	enum err e;

	memset(&in, 0, sizeof(in));
	if ((e = body_only(r->body, resp, create_fields)) != ERR_OK ||
	    (e = body_string(r->body, resp, "amount", 64, &in.amount)) != ERR_OK ||
	    (e = body_string(r->body, resp, "currency", 16, &in.currency)) != ERR_OK ||
	    (e = body_string(r->body, resp, "payer_phone", 64, &in.phone)) != ERR_OK ||
	    (e = body_string(r->body, resp, "mobile_network", 32, &in.network)) != ERR_OK ||
	    (e = body_string(r->body, resp, "reference_id", INTENT_REFERENCE_MAX,
	    &in.reference_id)) != ERR_OK ||
	    (e = body_text(r->body, resp, "description", 0, &in.description, &len)) != ERR_OK)
		return e;
	if (in.description != NULL && strlen(in.description) != len)
		return resp_invalid(resp, ERR_VALIDATION, "description", "no NUL characters");
	ttl = json_object_get(r->body, "ttl_seconds");
	if (ttl != NULL && !json_is_null(ttl)) {
		if (!json_is_integer(ttl) || json_integer_value(ttl) < INTENT_TTL_MIN ||
		    json_integer_value(ttl) > INTENT_TTL_MAX)
			return resp_invalid(resp, ERR_VALIDATION, "ttl_seconds",
			    "an integer from 60 to 86400");
		in.ttl = (long long)json_integer_value(ttl);
	}
	in.metadata = json_object_get(r->body, "metadata");
	if ((e = intent_create(r->ctx, &r->caller, &in, &out, &created, &resp->out)) != ERR_OK)
		return e;
	return answer(resp, created ? 201 : 200, &out);
}

static const struct route routes[] = {
	{ "POST", "/v1/payment-intents", post_intent, ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/payment-intents", intent_list_answer, 0, resource_page_params, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/payment-intents/:id", intent_get_answer, 0, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/v1/payment-intents/:id/cancel", intent_cancel_answer, 0, NULL, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("partner-payment-intents", routes, APP_NROUTES(routes));
}
