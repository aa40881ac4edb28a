/*
 * fuzz_callback: the public provider callback bodies as their routes read
 * them (issue 34): Jansson with duplicate keys refused, then
 * momo_callback_read (MTN's externalId, referenceId, status) and
 * paystack_webhook_read (event, data.reference), against what
 * domain/momo_callback.h promises; and the Paystack webhook's signature
 * check over the raw bytes (paystack_signature_ok): our own signature
 * verifies, any one hex digit changed does not, and the input taken as a
 * signature verifies only if it is the right one (hex in either case).
 * Input: the raw body.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "domain/momo_callback.h"
#include "providers/paystack_wire.h"

#include "fuzzutil.h"

static const char key[] = "sk_test_0123456789abcdef0123456789abcdef01234567";

/* What an id field of body may read: "" (absent, not a string, empty,
 * too long, not printable) or the string itself. */
static void
check_id(const json_t *body, const char *name, const char *got)
{
	const char *s = json_string_value(json_object_get(body, name));
	size_t n, i;
	int ok;

	FZ_CHECK(got != NULL);
	if (s == NULL) {
		FZ_CHECK(*got == '\0');
		return;
	}
	n = strlen(s);
	ok = n > 0 && n <= CALLBACK_ID_MAX && n == json_string_length(json_object_get(body, name));
	for (i = 0; ok && i < n; i++)
		ok = (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] <= 0x7e;
	if (ok)
		FZ_CHECK(got == s);
	else
		FZ_CHECK(*got == '\0');
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	json_error_t e;
	json_t *body = json_loadb((const char *)data, n, JSON_REJECT_DUPLICATES, &e);
	struct callback_ids ids;
	char sig[129], *as_sig;
	int rc;

	if (body != NULL) {
		rc = momo_callback_read(body, &ids);
		check_id(body, "externalId", ids.ext);
		check_id(body, "referenceId", ids.provider_ref);
		check_id(body, "status", ids.status);
		FZ_CHECK((rc == 0) == (*ids.ext != '\0' || *ids.provider_ref != '\0'));
		rc = paystack_webhook_read(body, &ids);
		FZ_CHECK(ids.ext != NULL && *ids.ext == '\0');
		check_id(body, "event", ids.status);
		check_id(json_object_get(body, "data"), "reference", ids.provider_ref);
		FZ_CHECK((rc == 0) == (*ids.status != '\0' && *ids.provider_ref != '\0'));
		json_decref(body);
	}

	FZ_CHECK(paystack_sign(key, (const char *)data, n, sig) == 0);
	FZ_CHECK(strlen(sig) == 128);
	FZ_CHECK(paystack_signature_ok(key, (const char *)data, n, sig) == 1);
	{
		size_t at = n > 0 ? data[0] % 128 : 0;

		sig[at] = sig[at] == '0' ? '1' : '0';
		FZ_CHECK(paystack_signature_ok(key, (const char *)data, n, sig) == 0);
		sig[at] = sig[at] == '0' ? '1' : '0';
	}
	/* the input itself as a signature: only the right one, in either case */
	as_sig = fz_strndup(data, n);
	FZ_CHECK(paystack_signature_ok(key, (const char *)data, n, as_sig) ==
	    (strlen(as_sig) == 128 && strcasecmp(as_sig, sig) == 0));
	free(as_sig);
	return 0;
}
