/*
 * partner/webhooks: the partner API's webhook endpoints and delivery log (issue
 * 10). POST/GET /v1/webhooks, DELETE /v1/webhooks/{id} (204),
 * POST /v1/webhooks/{id}/rotate-secret (issue 24),
 * GET /v1/webhooks/{id}/deliveries, GET /v1/webhook-deliveries (webhook_id,
 * event_type and status filters; page and per_page),
 * GET /v1/webhook-deliveries/{event_id}, and
 * POST /v1/webhook-deliveries/{event_id}/redeliver (202). The answers
 * are http/webhook_answer.c's, which the console gives too.
 */
#include "http/app.h"
#include "http/webhook_answer.h"

static const struct route routes[] = {
	{ "POST", "/v1/webhooks", webhook_create_answer, ROUTE_BODY, NULL, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/webhooks", webhook_list_answer, 0, NULL, RATE_LIMIT_GENERAL },
	{ "DELETE", "/v1/webhooks/:id", webhook_delete_answer, 0, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/v1/webhooks/:id/rotate-secret", webhook_rotate_answer, ROUTE_BODY, NULL,
	    RATE_LIMIT_GENERAL },
	{ "GET", "/v1/webhooks/:id/deliveries", webhook_endpoint_log_answer, 0,
	    webhook_endpoint_log_params, RATE_LIMIT_GENERAL },
	{ "GET", "/v1/webhook-deliveries", webhook_log_answer, 0, webhook_log_params,
	    RATE_LIMIT_GENERAL },
	{ "GET", "/v1/webhook-deliveries/:id", webhook_delivery_answer, 0, NULL, RATE_LIMIT_GENERAL },
	{ "POST", "/v1/webhook-deliveries/:id/redeliver", webhook_redeliver_answer, 0, NULL,
	    RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("partner-webhooks", routes, APP_NROUTES(routes));
}
