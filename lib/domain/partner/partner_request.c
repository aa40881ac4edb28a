#include "domain/partner/partner_request.h"

#include <stdlib.h>
#include <string.h>

#include <openssl/sha.h>

#include "core/id.h"
#include "core/money.h"
#include "core/phone.h"
#include "domain/probe.h"
#include "domain/catalog.h"
#include "providers/registry.h"

size_t
partner_request_utf8_chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

enum err
partner_request_metadata(const json_t *md, char **text, struct outcome *o)
{
	const char *k;
	json_t *v;

	*text = NULL;
	if (md == NULL || json_is_null(md))
		return ERR_OK;
	if (!json_is_object(md))
		return outcome_field(o, ERR_VALIDATION, "metadata", "an object of string values");
	if (json_object_size(md) > PARTNER_REQUEST_METADATA_KEYS)
		return outcome_field(o, ERR_VALIDATION, "metadata", "at most 20 keys");
	json_object_foreach((json_t *)md, k, v) {
		if (k[0] == '\0' || partner_request_utf8_chars(k) > PARTNER_REQUEST_METADATA_KEY_MAX)
			return outcome_field(o, ERR_VALIDATION, "metadata",
			    "keys are 1 to 40 characters");
		if (!json_is_string(v) || strlen(json_string_value(v)) != json_string_length(v))
			return outcome_field(o, ERR_VALIDATION, "metadata",
			    "values are strings (no NUL characters)");
		if (partner_request_utf8_chars(json_string_value(v)) > PARTNER_REQUEST_METADATA_VALUE_MAX)
			return outcome_field(o, ERR_VALIDATION, "metadata",
			    "values are at most 500 characters");
	}
	if ((*text = json_dumps(md, JSON_COMPACT | JSON_SORT_KEYS)) == NULL)
		return outcome_err(o, ERR_INTERNAL);
	return ERR_OK;
}

int
partner_request_hash(const char *const *parts, size_t n, char hash[65])
{
	unsigned char md[SHA256_DIGEST_LENGTH];
	size_t i, len = 0, at = 0;
	char *buf;

	for (i = 0; i < n; i++)
		len += strlen(parts[i]) + 1;
	if ((buf = malloc(len ? len : 1)) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		memcpy(buf + at, parts[i], strlen(parts[i]) + 1);
		at += strlen(parts[i]) + 1;
	}
	SHA256((const unsigned char *)buf, len, md);
	free(buf);
	id_hex(md, sizeof(md), hash);
	return 0;
}

enum err
partner_request_wallet(const char *phone, const char *phone_field, const char *network,
    struct outcome *o)
{
	if (!phone_valid(phone))
		return outcome_field(o, ERR_INVALID_PHONE, phone_field,
		    "E.164, a Ghana mobile number: +233 and 9 digits");
	if (catalog_network(network) == NULL)
		return outcome_field(o, ERR_PROVIDER_NOT_FOUND, "mobile_network",
		    "MTN, TELECEL or AIRTELTIGO");
	return ERR_OK;
}

enum err
partner_request_network(struct ctx *ctx, const char *network, const char *field,
    const char *amount, struct outcome *o)
{
	const struct network *n = catalog_network(network);

	if (n == NULL)
		return outcome_err(o, ERR_INTERNAL);
	if (money_cmp_text(amount, n->min_amount, 2) < 0)
		return outcome_fail(o, ERR_BELOW_MINIMUM, "%s %s is below the %s minimum "
		    "of %s GHS", field, amount, n->id, n->min_amount);
	if (money_cmp_text(amount, n->max_amount, 2) > 0)
		return outcome_fail(o, ERR_ABOVE_MAXIMUM, "%s %s is above the %s maximum "
		    "of %s GHS", field, amount, n->id, n->max_amount);
	if (probe_network(ctx, network) == PROV_DOWN)
		return outcome_fail(o, ERR_PROVIDER_UNAVAILABLE,
		    "The %s mobile money network is down; try again later", n->id);
	return ERR_OK;
}
