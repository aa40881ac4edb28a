#include "domain/momo_callback.h"

#include <string.h>

#include "core/log.h"
#include "core/strict.h"
#include "providers/paystack_wire.h"
#include "providers/registry.h"
#include "store/db_sig.h"

/* The body's field name as a string of 1 to 64 printable bytes, or "". */
static const char *
id_field(const json_t *body, const char *name)
{
	const char *s = json_string_value(json_object_get(body, name));

	if (!strict_text(s, 1, CALLBACK_ID_MAX))
		return "";
	return s;
}

int
momo_callback_read(const json_t *body, struct callback_ids *out)
{
	out->ext = id_field(body, "externalId");
	out->provider_ref = id_field(body, "referenceId");
	out->status = id_field(body, "status");
	return *out->ext == '\0' && *out->provider_ref == '\0' ? -1 : 0;
}

int
paystack_webhook_read(const json_t *body, struct callback_ids *out)
{
	out->ext = "";
	out->provider_ref = id_field(json_object_get(body, "data"), "reference");
	out->status = id_field(body, "event");
	return *out->status == '\0' || *out->provider_ref == '\0' ? -1 : 0;
}

/*
 * Makes the open payout or payment intent of network known whose id is
 * ext or whose provider reference is provider_ref due for a status query, as the
 * hint of what (for the log). *matched: how many were.
 */
static enum err
hint(struct ctx *ctx, int known, const char *ext, const char *provider_ref, const char *status,
    const char *what, int *matched)
{
	const char *network = prov_network_ids[known];
	long long every = (long long)ctx->cfg.callback_min_interval_seconds;
	struct db_res res;

	*matched = 0;
	/* "" never matches an id or a reference */
	if (DB_EXEC(ctx->db, DB_PAYOUT_CHECK_NOW, hint, NULL, &res, .network = network,
	    .id = ext, .provider_ref = provider_ref, .interval = every) != DB_OK)
		return ERR_SERVICE_UNAVAILABLE;
	*matched += (int)res.affected;
	if (DB_EXEC(ctx->db, DB_PI_CHECK_NOW, hint, NULL, &res, .network = network,
	    .id = ext, .provider_ref = provider_ref, .interval = every) != DB_OK)
		return ERR_SERVICE_UNAVAILABLE;
	*matched += (int)res.affected;
	if (*matched == 0)
		log_event("info", "%s %s: no open payout or payment intent for "
		    "externalId \"%s\" reference \"%s\" (status \"%s\") that a hint did not "
		    "make due in the last %llu s; ignored", what, prov_network_ids[known], ext, provider_ref,
		    status, ctx->cfg.callback_min_interval_seconds);
	else
		log_event("info", "%s %s: %s%s%s (status \"%s\", a hint) is due "
		    "for a status query", what, prov_network_ids[known], ext,
		    *ext && *provider_ref ? " / " : "", provider_ref, status);
	return ERR_OK;
}

enum err
momo_callback_hint(struct ctx *ctx, const char *network, const json_t *body,
    int *matched)
{
	struct callback_ids ids;
	int i, known = -1;

	*matched = 0;
	for (i = 0; i < PROV_NETWORKS; i++)
		if (network != NULL && strcmp(network, prov_network_ids[i]) == 0)
			known = i;
	if (known < 0)
		return ERR_NOT_FOUND;
	if (momo_callback_read(body, &ids) != 0)
		return ERR_VALIDATION;
	return hint(ctx, known, ids.ext, ids.provider_ref, ids.status, "momo callback", matched);
}

enum err
paystack_webhook_hint(struct ctx *ctx, const char *raw, size_t len,
    const char *signature, const json_t *body, int *matched)
{
	struct callback_ids ids;
	int i, known = -1;

	*matched = 0;
	/* the network whose Paystack account signed it */
	for (i = 0; i < PROV_NETWORKS && known < 0; i++)
		if (strcmp(ctx->cfg.momo_net[i].adapter, "paystack") == 0 &&
		    paystack_signature_ok(ctx->cfg.momo_net[i].secret_key, raw, len, signature))
			known = i;
	if (known < 0)
		return ERR_UNAUTHORIZED;
	if (paystack_webhook_read(body, &ids) != 0)
		return ERR_VALIDATION;
	return hint(ctx, known, "", ids.provider_ref, ids.status, "paystack webhook", matched);
}
