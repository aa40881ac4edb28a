/*
 * wallet/users: the wallet user's own KYC (docs/decisions.md, decisions 5, 6 and 23).
 *
 * POST /api/users/kyc-upload takes a JSON document submission (document
 * type, number, full name, date of birth, base64 JPEG or PNG images of
 * the document's front, optionally its back, and a selfie; 8 MiB body at
 * most) and answers 201 {submissionId, status "pending", submittedAt}.
 * Rate-limited in the kyc category (3 a day). The images are sealed by
 * the domain and never come back.
 *
 * GET /api/users/kyc answers {tier, latestSubmission} with the latest
 * submission's status and decision, or null before the first one.
 */
#include "http/app.h"
#include "http/body.h"
#include "domain/wallet/kyc.h"

/* docs/decisions.md, decision 6, whatever http.max_body_bytes allows elsewhere. */
#define KYC_BODY_MAX (8ULL * 1024 * 1024)

static const char *const upload_fields[] = { "documentType", "documentNumber",
	"fullName", "dateOfBirth", KYC_FRONT, KYC_BACK, KYC_SELFIE, NULL };

static enum err
post_kyc_upload(struct req *r, struct resp *resp)
{
	struct kyc_upload in;
	struct kyc_submission s;
	enum err e;

	if (r->content_length > KYC_BODY_MAX)
		return resp_fail(resp, ERR_PAYLOAD_TOO_LARGE,
		    "The request body is larger than %llu bytes", KYC_BODY_MAX);
	if ((e = body_only(r->body, resp, upload_fields)) != ERR_OK ||
	    (e = body_text(r->body, resp, "documentType", 1, &in.document_type.s,
	    &in.document_type.n)) != ERR_OK ||
	    (e = body_text(r->body, resp, "documentNumber", 1, &in.document_number.s,
	    &in.document_number.n)) != ERR_OK ||
	    (e = body_text(r->body, resp, "fullName", 1, &in.full_name.s,
	    &in.full_name.n)) != ERR_OK ||
	    (e = body_text(r->body, resp, "dateOfBirth", 1, &in.date_of_birth.s,
	    &in.date_of_birth.n)) != ERR_OK ||
	    (e = body_text(r->body, resp, KYC_FRONT, 1, &in.front.s, &in.front.n)) != ERR_OK ||
	    (e = body_text(r->body, resp, KYC_BACK, 0, &in.back.s, &in.back.n)) != ERR_OK ||
	    (e = body_text(r->body, resp, KYC_SELFIE, 1, &in.selfie.s, &in.selfie.n)) != ERR_OK)
		return e;
	if ((e = kyc_submit(r->ctx, &r->caller, &in, &s, &resp->out)) != ERR_OK)
		return e;
	return resp_ok(resp, 201, json_pack("{s:s,s:s,s:s}", "submissionId", s.id,
	    "status", s.status, "submittedAt", s.submitted_at));
}

static json_t *
nullable(const char *s)
{
	return s[0] != '\0' ? json_string(s) : json_null();
}

static enum err
get_kyc(struct req *r, struct resp *resp)
{
	struct kyc_submission s;
	char tier[16];
	json_t *latest;
	enum err e;
	int found;

	if ((e = kyc_latest(r->ctx->db, r->caller.id, &s, &found, tier, sizeof(tier),
	    &resp->out)) != ERR_OK)
		return e;
	latest = !found ? json_null() : json_pack("{s:s,s:s,s:s,s:o,s:o}",
	    "submissionId", s.id, "status", s.status, "submittedAt", s.submitted_at,
	    "decidedAt", nullable(s.decided_at),
	    "rejectionReason", nullable(s.rejection_reason));
	/* the tier as the decision left it, not as the request's caller was
	 * resolved (on a cluster, possibly before the decision arrived) */
	return resp_ok(resp, 200, json_pack("{s:s,s:o}", "tier", tier[0] ? tier : r->caller.tier,
	    "latestSubmission", latest));
}

static const struct route routes[] = {
	{ "POST", "/api/users/kyc-upload", post_kyc_upload, ROUTE_BODY, NULL, RATE_LIMIT_KYC },
	{ "GET", "/api/users/kyc", get_kyc, 0, NULL, RATE_LIMIT_GENERAL },
};

int
main(void)
{
	return app_run("wallet-users", routes, APP_NROUTES(routes));
}
