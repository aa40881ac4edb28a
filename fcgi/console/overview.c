/*
 * console/overview: GET /console/api/overview, the console's first page:
 * the partner's balances, the networks with their state now, the last 30
 * days of withdrawals and collections (count and GHS a day), and what
 * needs attention (failed deliveries, failed withdrawals, withdrawals held
 * for an operator's review); and the
 * timeline of a withdrawal or a payment intent (GET .../{id}/events: each
 * transition with its time; another partner's is 404).
 */
#include "domain/console/overview.h"
#include "http/account_answer.h"
#include "console.h"

enum err
console_overview_get(struct req *r, struct resp *resp)
{
	struct console_day days[CONSOLE_DAYS + 1];
	struct console_attention att;
	json_t *balances, *networks, *a, *data;
	size_t n, i;
	enum err e;

	if ((e = partner_balances_json(r, resp, &balances)) != ERR_OK)
		return e;
	if ((e = console_overview(r->ctx->db, r->console.partner_id, days, &n, &att,
	    &resp->out)) != ERR_OK) {
		json_decref(balances);
		return e;
	}
	networks = partner_networks_json(r->ctx);
	a = json_array();
	for (i = 0; a != NULL && i < n; i++)
		json_array_append_new(a, json_pack("{s:s,s:{s:i,s:s},s:{s:i,s:s}}", "date", days[i].day,
		    "withdrawals", "count", (int)days[i].withdrawals, "ghs", days[i].withdrawn_ghs,
		    "collections", "count", (int)days[i].collections, "ghs", days[i].collected_ghs));
	data = json_pack("{s:o,s:o*,s:o*,s:{s:i,s:i,s:i}}", "balances", balances,
	    "networks", networks, "last_30_days", a, "attention", "failed_deliveries",
	    (int)att.failed_deliveries, "failed_withdrawals", (int)att.failed_withdrawals,
	    "held_withdrawals", (int)att.held_withdrawals);
	return data ? resp_ok(resp, 200, data) : ERR_INTERNAL;
}

enum err
console_events_get(struct req *r, struct resp *resp)
{
	struct console_event ev[CONSOLE_EVENTS_MAX];
	json_t *a;
	size_t n, i;
	enum err e;

	if ((e = console_timeline(r->ctx->db, r->console.partner_id, req_param(r, "id"), ev, &n,
	    &resp->out)) != ERR_OK)
		return e;
	if ((a = json_array()) == NULL)
		return ERR_INTERNAL;
	for (i = 0; i < n; i++)
		json_array_append_new(a, json_pack("{s:s,s:s,s:s}", "event_id", ev[i].id, "type",
		    ev[i].type, "at", ev[i].created_at));
	return resp_ok(resp, 200, a);
}
