/*
 * partner/transactions: GET /v1/transactions, the partner's transactions:
 * its withdrawals, the same list as GET /v1/withdrawals (decision 12,
 * docs/decisions.md), with the same filters (status, from_date, to_date,
 * reference_id) and paging (page, per_page).
 */
#include "domain/partner/withdrawal.h"
#include "http/app.h"
#include "http/resource_page.h"
#include "http/view_partner.h"

static enum err
list_transactions(struct req *r, struct resp *resp)
{
	return resource_page_answer(r, resp, &withdrawal_kind, WITHDRAWAL_REFERENCE_MAX,
	    withdrawal_row_json);
}

static const struct route routes[] = {
	{ "GET", "/v1/transactions", list_transactions, 0, resource_page_params,
	    RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("partner-transactions", routes, APP_NROUTES(routes));
}
