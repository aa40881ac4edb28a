#include "http/resource_answer.h"

#include "domain/partner/intent.h"
#include "domain/partner/withdrawal.h"
#include "http/resource_page.h"
#include "http/view_partner.h"

enum err
withdrawal_list_answer(struct req *r, struct resp *resp)
{
	return resource_page_answer(r, resp, &withdrawal_kind, WITHDRAWAL_REFERENCE_MAX,
	    withdrawal_row_json);
}

/* w (freed here) as a GET shows it */
static enum err
withdrawal_answer(struct req *r, struct resp *resp, struct withdrawal *w)
{
	json_t *data = withdrawal_json(w, &r->ctx->cfg, WITHDRAWAL_GET);

	withdrawal_free(w);
	return data ? resp_ok(resp, 200, data) : ERR_INTERNAL;
}

enum err
withdrawal_get_answer(struct req *r, struct resp *resp)
{
	struct withdrawal w;
	enum err e;

	if ((e = resource_get(r->ctx, &withdrawal_kind, &r->caller, req_param(r, "id"), &w,
	    &resp->out)) != ERR_OK)
		return e;
	return withdrawal_answer(r, resp, &w);
}

enum err
withdrawal_cancel_answer(struct req *r, struct resp *resp)
{
	struct withdrawal w;
	enum err e;

	e = withdrawal_cancel(r->ctx, &r->caller, req_param(r, "id"), &w, &resp->out);
	if (e == ERR_INVALID_STATE)
		withdrawal_free(&w);
	if (e != ERR_OK)
		return e;
	return withdrawal_answer(r, resp, &w);
}

enum err
intent_list_answer(struct req *r, struct resp *resp)
{
	return resource_page_answer(r, resp, &intent_kind, INTENT_REFERENCE_MAX,
	    intent_row_json);
}

/* in (freed here) as a GET shows it */
static enum err
intent_answer(struct resp *resp, struct intent *in)
{
	json_t *data = intent_json(in);

	intent_free(in);
	return data ? resp_ok(resp, 200, data) : ERR_INTERNAL;
}

enum err
intent_get_answer(struct req *r, struct resp *resp)
{
	struct intent out;
	enum err e;

	if ((e = resource_get(r->ctx, &intent_kind, &r->caller, req_param(r, "id"), &out,
	    &resp->out)) != ERR_OK)
		return e;
	return intent_answer(resp, &out);
}

enum err
intent_cancel_answer(struct req *r, struct resp *resp)
{
	struct intent out;
	enum err e;

	e = intent_cancel(r->ctx, &r->caller, req_param(r, "id"), &out, &resp->out);
	if (e == ERR_INVALID_STATE)
		intent_free(&out);
	if (e != ERR_OK)
		return e;
	return intent_answer(resp, &out);
}
