/*
 * console/ops_kyc: the back office's KYC review, compliance's alone
 * (docs/console.md, "Back office"): GET /console/api/ops/kyc (the queue:
 * pending oldest first, then the decided ones newest first, as `kyc list`
 * shows them), GET /console/api/ops/kyc/{id} (one submission's fields and
 * the names of its images), GET .../{id}/images/{front|back|selfie} (the
 * image itself, opened in memory and streamed, Cache-Control: no-store:
 * never on disk in clear), POST .../{id}/approve {tier, reason} and
 * .../{id}/reject {reason} (the submission as GET shows it).
 */
#include <string.h>

#include "domain/wallet/kyc_audited.h"
#include "domain/wallet/kyc_review.h"
#include "http/body.h"
#include "console.h"

static const char *const approve_fields[] = { "tier", "reason", NULL };
static const char *const reject_fields[] = { "reason", NULL };

/* The images by their names in the path, and the roles they were sealed as. */
static const struct {
	const char *name, *role;
} images[] = {
	{ "front", KYC_FRONT },
	{ "back", KYC_BACK },
	{ "selfie", KYC_SELFIE },
};

/* 404 for an id that names no submission (malformed ones too). */
static enum err
no_submission(struct resp *resp)
{
	outcome_init(&resp->out);
	return resp_fail(resp, ERR_NOT_FOUND, "No such KYC submission");
}

static int
one_row(const struct kyc_row *k, void *arg)
{
	json_t *a = arg;

	return json_array_append_new(a, json_pack("{s:s,s:s,s:s,s:s,s:s}", "id", k->id,
	    "wallet_id", k->wallet_id, "document_type", k->document_type, "status", k->status,
	    "submitted_at", k->submitted_at)) != 0;
}

enum err
console_ops_kyc_list_get(struct req *r, struct resp *resp)
{
	json_t *a = json_array();
	enum err e;

	if (a == NULL)
		return ERR_INTERNAL;
	if ((e = kyc_list(r->ctx->db, one_row, a, &resp->out)) != ERR_OK) {
		json_decref(a);
		return e;
	}
	return resp_ok(resp, 200, a);
}

/* "" as JSON null, else the text (new reference). */
static json_t *
text_or_null(const char *s)
{
	return s[0] != '\0' ? json_string(s) : json_null();
}

/* Submission id as GET shows it into *out (new reference). */
static enum err
submission_json(struct req *r, const char *id, struct resp *resp, json_t **out)
{
	struct kyc_detail d;
	json_t *o;
	enum err e;

	*out = NULL;
	if ((e = kyc_detail_get(r->ctx->db, id, &d, &resp->out)) != ERR_OK)
		return e == ERR_VALIDATION || e == ERR_NOT_FOUND ? no_submission(resp) : e;
	o = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:o,s:o,s:o,s:s,s:o,s:[s,s*,s]}",
	    "id", d.id, "wallet_id", d.wallet_id, "user_tier", d.user_tier,
	    "document_type", d.document_type, "document_number", d.document_number,
	    "full_name", d.full_name, "date_of_birth", d.date_of_birth, "status", d.status,
	    "approved_tier", text_or_null(d.approved_tier),
	    "rejection_reason", text_or_null(d.rejection_reason),
	    "decided_by", text_or_null(d.decided_by), "submitted_at", d.submitted_at,
	    "decided_at", text_or_null(d.decided_at),
	    "images", "front", d.has_back ? "back" : NULL, "selfie");
	if (o == NULL)
		return ERR_INTERNAL;
	*out = o;
	return ERR_OK;
}

enum err
console_ops_kyc_get(struct req *r, struct resp *resp)
{
	json_t *o;
	enum err e = submission_json(r, req_param(r, "id"), resp, &o);

	return e == ERR_OK ? resp_ok(resp, 200, o) : e;
}

enum err
console_ops_kyc_image_get(struct req *r, struct resp *resp)
{
	const char *name = req_param(r, "image"), *role = NULL, *type;
	unsigned char *plain = NULL;
	size_t i, n;
	enum err e;

	for (i = 0; name != NULL && i < sizeof(images) / sizeof(images[0]); i++)
		if (strcmp(name, images[i].name) == 0)
			role = images[i].role;
	if (role == NULL)
		return resp_fail(resp, ERR_NOT_FOUND, "No such image: front, back or selfie");
	e = kyc_image_get(r->ctx->db, &r->ctx->cfg, req_param(r, "id"), role, &plain, &n, &type,
	    &resp->out);
	if (e == ERR_VALIDATION)
		return no_submission(resp);
	if (e != ERR_OK)
		return e;
	/* shown in the page, never kept: no-store is every answer's; the
	 * type is the bytes', which no browser is to guess again */
	resp->content_type = type;
	resp_header(resp, "Content-Disposition", "inline");
	resp_header(resp, "X-Content-Type-Options", "nosniff");
	if (app_stream_write(r, (const char *)plain, n) != 0)
		e = ERR_INTERNAL;
	kyc_image_free(plain, n);
	return e;
}

/* An error of a decision as the console answers it: a malformed or
 * unknown id is no submission; the reason and the tier are named. */
static enum err
decision_failed(struct resp *resp, enum err e)
{
	const char *m = resp->out.message;

	if (e == ERR_NOT_FOUND || (e == ERR_VALIDATION && strncmp(m, "id:", 3) == 0))
		return no_submission(resp);
	return e;
}

/* approve (1) or reject (0): the body, the domain's call, the submission
 * as GET shows it. */
static enum err
decision(struct req *r, struct resp *resp, int approve)
{
	struct console_client from = console_client_of(r);
	const char *reason, *tier = NULL, *id = req_param(r, "id");
	struct kyc_decision d;
	json_t *o;
	enum err e;

	if ((e = body_only(r->body, resp, approve ? approve_fields : reject_fields)) != ERR_OK ||
	    (approve && (e = body_string(r->body, resp, "tier", 16, &tier)) != ERR_OK) ||
	    (e = body_whole_text(r->body, resp, "reason", &reason)) != ERR_OK)
		return e;
	e = approve ? kyc_approve_audited(r->ctx->db, &r->console, id, tier, reason, &from, &d,
	    &resp->out) : kyc_reject_audited(r->ctx->db, &r->console, id, reason, &from, &d,
	    &resp->out);
	if (e != ERR_OK)
		return decision_failed(resp, e);
	if ((e = submission_json(r, id, resp, &o)) != ERR_OK)
		return e;
	return resp_ok(resp, 200, o);
}

enum err
console_ops_kyc_approve_post(struct req *r, struct resp *resp)
{
	return decision(r, resp, 1);
}

enum err
console_ops_kyc_reject_post(struct req *r, struct resp *resp)
{
	return decision(r, resp, 0);
}
