#include "providers/momo_reason.h"

#include <string.h>

/* The codes of MTN's Open API (its ErrorReason), then the simulator's own
 * SETTLEMENT_FAILED (a collection reversed after it succeeded). */
const struct momo_reason momo_reasons[] = {
	{ "PAYEE_NOT_FOUND", "the recipient's number has no mobile money account" },
	{ "PAYER_NOT_FOUND", "the payer's number has no mobile money account" },
	{ "NOT_ALLOWED", "the provider does not allow this transaction" },
	{ "NOT_ALLOWED_TARGET_ENVIRONMENT",
	  "our credentials are not valid for this target environment" },
	{ "INVALID_CALLBACK_URL_HOST",
	  "the callback URL's host is not the one registered with the provider" },
	{ "INVALID_CURRENCY", "the provider does not accept this currency" },
	{ "SERVICE_UNAVAILABLE", "the provider's service was unavailable" },
	{ "INTERNAL_PROCESSING_ERROR", "the provider failed to process the transaction" },
	{ "NOT_ENOUGH_FUNDS", "the paying account does not hold enough funds" },
	{ "PAYER_LIMIT_REACHED", "the paying account reached its transaction limit" },
	{ "PAYEE_NOT_ALLOWED_TO_RECEIVE",
	  "the recipient's account may not receive this payment (blocked or over its limit)" },
	{ "PAYMENT_NOT_APPROVED", "the payer did not approve the payment" },
	{ "RESOURCE_NOT_FOUND", "the provider has no transaction under this reference" },
	{ "APPROVAL_REJECTED", "the payer rejected the payment" },
	{ "EXPIRED", "the payer did not approve the payment in time" },
	{ "TRANSACTION_CANCELED", "the transaction was cancelled" },
	{ "RESOURCE_ALREADY_EXIST", "the reference was already used" },
	{ "COULD_NOT_PERFORM_TRANSACTION", "the provider could not perform the transaction" },
	{ "SETTLEMENT_FAILED", "the collected payment could not be settled" },
};

const size_t momo_reasons_len = sizeof(momo_reasons) / sizeof(momo_reasons[0]);

const char *
momo_reason_text(const char *code)
{
	size_t i;

	for (i = 0; code != NULL && i < momo_reasons_len; i++)
		if (strcmp(momo_reasons[i].code, code) == 0)
			return momo_reasons[i].text;
	return NULL;
}
