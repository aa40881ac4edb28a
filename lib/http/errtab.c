#include "http/errtab.h"

#include <stddef.h>

/*
 * The wallet API's codes are the spec's table plus not_found,
 * method_not_allowed, payload_too_large, unsupported_media_type,
 * internal_error, service_unavailable and signer_unavailable (docs/wallet-api.md and
 * docs/partner-api.md, "Error codes").
 */
static const struct err_def err_wallet[ERR__MAX] = {
	[ERR_OK] = { 200, "success", "OK" },
	[ERR_UNAUTHORIZED] = { 401, "unauthorized", "A bearer token is required" },
	[ERR_TOKEN_EXPIRED] = { 401, "token_expired", "The token has expired" },
	[ERR_TOKEN_INVALID] = { 401, "token_invalid", "The token is malformed or its signature is invalid" },
	[ERR_FORBIDDEN] = { 403, "forbidden", "Your KYC tier does not allow this operation" },
	[ERR_VALIDATION] = { 400, "validation_error", "A field is missing or invalid" },
	[ERR_NOT_FOUND] = { 404, "not_found", "No such resource" },
	[ERR_METHOD_NOT_ALLOWED] = { 405, "method_not_allowed", "Method not allowed on this resource" },
	[ERR_PAYLOAD_TOO_LARGE] = { 413, "payload_too_large", "The request body is too large" },
	[ERR_UNSUPPORTED_MEDIA_TYPE] = { 415, "unsupported_media_type", "Request bodies must be application/json" },
	[ERR_REQUEST_TIMEOUT] = { 408, "request_timeout", "The request did not arrive in time" },
	[ERR_INVALID_PHONE] = { 400, "invalid_phone_format", "Phone number must be E.164 (+233XXXXXXXXX)" },
	[ERR_INVALID_PROVIDER] = { 400, "invalid_provider", "Unrecognized provider code for the country" },
	[ERR_INVALID_AMOUNT] = { 400, "invalid_amount",
	  "Amount must be a positive decimal with the currency's places" },
	[ERR_INVALID_CURRENCY] = { 400, "invalid_currency", "Unsupported currency" },
	[ERR_INVALID_STABLECOIN] = { 400, "invalid_stablecoin", "Unsupported stablecoin" },
	[ERR_VERIFICATION_FAILED] = { 400, "verification_failed", "Account name does not match provider records" },
	[ERR_DUPLICATE_BENEFICIARY] = { 409, "duplicate_beneficiary",
	  "A beneficiary with this phone and provider exists" },
	[ERR_BENEFICIARY_NOT_FOUND] = { 404, "beneficiary_not_found", "No beneficiary with that id" },
	[ERR_PROVIDER_NOT_FOUND] = { 404, "provider_not_found", "Provider not available in that country" },
	[ERR_QUOTE_EXPIRED] = { 400, "quote_expired", "The quote has expired; fetch a new one" },
	[ERR_INSUFFICIENT_BALANCE] = { 400, "insufficient_balance", "Not enough balance" },
	[ERR_LIMIT_EXCEEDED] = { 400, "limit_exceeded", "Daily or monthly limit of your KYC tier exceeded" },
	[ERR_BELOW_MINIMUM] = { 400, "invalid_amount", "Amount is below the minimum" },
	[ERR_ABOVE_MAXIMUM] = { 400, "invalid_amount", "Amount is above the maximum" },
	[ERR_CONVERSION_FAILED] = { 500, "conversion_failed", "The on-chain conversion failed" },
	[ERR_PAYOUT_FAILED] = { 502, "payout_failed", "The provider could not process the payout" },
	[ERR_PROVIDER_UNAVAILABLE] = { 503, "provider_unavailable", "The provider is unreachable" },
	[ERR_PROVIDER_TIMEOUT] = { 504, "provider_timeout", "The provider did not respond in time" },
	[ERR_INSUFFICIENT_LIQUIDITY] = { 503, "provider_unavailable", "Not enough liquidity for the conversion" },
	[ERR_IDEMPOTENCY_CONFLICT] = { 409, "idempotency_conflict", "Idempotency key reused with a different request" },
	[ERR_DUPLICATE_REFERENCE] = { 409, "idempotency_conflict", "Reference reused with a different request" },
	[ERR_RATE_LIMITED] = { 429, "rate_limit_exceeded", "Rate limit exceeded" },
	[ERR_RATE_UNAVAILABLE] = { 503, "provider_unavailable", "No current exchange rate; try again shortly" },
	[ERR_INVALID_STATE] = { 409, "invalid_state", "Not possible in the resource's current state" },
	/* the console's own (never produced here) */
	[ERR_INVALID_CREDENTIALS] = { 401, "unauthorized", "A bearer token is required" },
	[ERR_ACCOUNT_LOCKED] = { 403, "forbidden", "Your KYC tier does not allow this operation" },
	[ERR_REAUTH_REQUIRED] = { 403, "forbidden", "Your KYC tier does not allow this operation" },
	[ERR_CSRF] = { 403, "forbidden", "Your KYC tier does not allow this operation" },
	[ERR_PUBLIC_KEY] = { 401, "unauthorized", "A bearer token is required" },
	[ERR_TWO_FACTOR_REQUIRED] = { 401, "unauthorized", "A bearer token is required" },
	[ERR_TWO_FACTOR_ENROL] = { 403, "forbidden", "Your KYC tier does not allow this operation" },
	[ERR_PARTNER_SUSPENDED] = { 403, "forbidden", "Your KYC tier does not allow this operation" },
	[ERR_SIGNER_UNAVAILABLE] = { 503, "signer_unavailable",
	  "The transaction signer refused or did not answer; nothing was sent: try again shortly" },
	[ERR_INTERNAL] = { 500, "internal_error", "Internal error" },
	[ERR_SERVICE_UNAVAILABLE] = { 503, "service_unavailable", "The service is temporarily unavailable" },
};

/*
 * The partner API's codes are the spec's table, the codes decision 9 adds
 * (NOT_FOUND, VALIDATION_ERROR, INVALID_CURRENCY, INSUFFICIENT_BALANCE,
 * LIMIT_EXCEEDED, DUPLICATE_REFERENCE), and METHOD_NOT_ALLOWED,
 * PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, REQUEST_TIMEOUT, RATE_UNAVAILABLE
 * and SERVICE_UNAVAILABLE.
 */
static const struct err_def err_partner[ERR__MAX] = {
	[ERR_OK] = { 200, "success", "OK" },
	[ERR_UNAUTHORIZED] = { 401, "UNAUTHORIZED", "Invalid or missing API key" },
	[ERR_TOKEN_EXPIRED] = { 401, "UNAUTHORIZED", "Invalid or missing API key" },
	[ERR_TOKEN_INVALID] = { 401, "UNAUTHORIZED", "Invalid or missing API key" },
	[ERR_FORBIDDEN] = { 403, "FORBIDDEN", "Your tier does not allow this operation" },
	[ERR_VALIDATION] = { 400, "VALIDATION_ERROR", "A field is missing or invalid" },
	[ERR_NOT_FOUND] = { 404, "NOT_FOUND", "No such resource" },
	[ERR_METHOD_NOT_ALLOWED] = { 405, "METHOD_NOT_ALLOWED", "Method not allowed on this resource" },
	[ERR_PAYLOAD_TOO_LARGE] = { 413, "PAYLOAD_TOO_LARGE", "The request body is too large" },
	[ERR_UNSUPPORTED_MEDIA_TYPE] = { 415, "UNSUPPORTED_MEDIA_TYPE", "Request bodies must be application/json" },
	[ERR_REQUEST_TIMEOUT] = { 408, "REQUEST_TIMEOUT", "The request did not arrive in time" },
	[ERR_INVALID_PHONE] = { 400, "INVALID_PHONE", "Invalid phone number format" },
	[ERR_INVALID_PROVIDER] = { 400, "INVALID_NETWORK", "Unsupported mobile money network" },
	[ERR_INVALID_AMOUNT] = { 400, "VALIDATION_ERROR",
	  "Amount must be a positive decimal with the currency's places" },
	[ERR_INVALID_CURRENCY] = { 400, "INVALID_CURRENCY", "Unsupported currency" },
	[ERR_INVALID_STABLECOIN] = { 400, "INVALID_CURRENCY", "Unsupported currency" },
	[ERR_VERIFICATION_FAILED] = { 400, "VALIDATION_ERROR", "Account name does not match provider records" },
	[ERR_DUPLICATE_BENEFICIARY] = { 400, "VALIDATION_ERROR", "Duplicate recipient" },
	[ERR_BENEFICIARY_NOT_FOUND] = { 404, "NOT_FOUND", "No such resource" },
	[ERR_PROVIDER_NOT_FOUND] = { 400, "INVALID_NETWORK", "Unsupported mobile money network" },
	[ERR_QUOTE_EXPIRED] = { 422, "RATE_EXPIRED", "Quoted rate expired" },
	[ERR_INSUFFICIENT_BALANCE] = { 422, "INSUFFICIENT_BALANCE", "Partner balance too low" },
	[ERR_LIMIT_EXCEEDED] = { 422, "LIMIT_EXCEEDED", "Tier limit exceeded" },
	[ERR_BELOW_MINIMUM] = { 422, "BELOW_MINIMUM", "Amount below the minimum" },
	[ERR_ABOVE_MAXIMUM] = { 422, "ABOVE_MAXIMUM", "Amount above the maximum" },
	[ERR_CONVERSION_FAILED] = { 500, "INTERNAL_ERROR", "The conversion failed" },
	[ERR_PAYOUT_FAILED] = { 503, "NETWORK_DOWN", "Mobile money network could not process the payout" },
	[ERR_PROVIDER_UNAVAILABLE] = { 503, "NETWORK_DOWN", "Mobile money network unavailable" },
	[ERR_PROVIDER_TIMEOUT] = { 503, "NETWORK_DOWN", "Mobile money network did not respond in time" },
	[ERR_INSUFFICIENT_LIQUIDITY] = { 503, "INSUFFICIENT_LIQUIDITY", "Not enough liquidity for the conversion" },
	[ERR_IDEMPOTENCY_CONFLICT] = { 409, "DUPLICATE_REFERENCE", "Reference reused with a different request" },
	[ERR_DUPLICATE_REFERENCE] = { 409, "DUPLICATE_REFERENCE", "Reference reused with a different request" },
	[ERR_RATE_LIMITED] = { 429, "RATE_LIMITED", "Too many requests" },
	[ERR_RATE_UNAVAILABLE] = { 503, "RATE_UNAVAILABLE", "No current exchange rate; try again shortly" },
	[ERR_INVALID_STATE] = { 409, "INVALID_STATE", "Not possible in the payment intent's current state" },
	/* the console's own (never produced here) */
	[ERR_INVALID_CREDENTIALS] = { 401, "UNAUTHORIZED", "Invalid or missing API key" },
	[ERR_ACCOUNT_LOCKED] = { 403, "FORBIDDEN", "Your tier does not allow this operation" },
	[ERR_REAUTH_REQUIRED] = { 403, "FORBIDDEN", "Your tier does not allow this operation" },
	[ERR_CSRF] = { 403, "FORBIDDEN", "Your tier does not allow this operation" },
	[ERR_PUBLIC_KEY] = { 401, "UNAUTHORIZED",
	  "This is the public half of a key pair (pk_...): authenticate with its secret key (sk_...)" },
	[ERR_TWO_FACTOR_REQUIRED] = { 401, "UNAUTHORIZED", "Invalid or missing API key" },
	[ERR_TWO_FACTOR_ENROL] = { 403, "FORBIDDEN", "Your tier does not allow this operation" },
	/* a good key whose partner an operator suspended (docs/console.md,
	 * "Back office"): nothing is lost, reactivation restores it */
	[ERR_PARTNER_SUSPENDED] = { 403, "FORBIDDEN",
	  "This partner is suspended: its API keys are refused until cediramp reactivates it; "
	  "contact cediramp support" },
	[ERR_SIGNER_UNAVAILABLE] = { 503, "SERVICE_UNAVAILABLE",
	  "The transaction signer refused or did not answer; nothing was sent: try again shortly" },
	[ERR_INTERNAL] = { 500, "INTERNAL_ERROR", "Internal error" },
	[ERR_SERVICE_UNAVAILABLE] = { 503, "SERVICE_UNAVAILABLE", "The service is temporarily unavailable" },
};

/*
 * The console API's codes (docs/console.md, "Errors"): snake_case, one
 * per meaning a page acts on; what the console never produces maps to
 * the nearest.
 */
static const struct err_def err_console[ERR__MAX] = {
	[ERR_OK] = { 200, "success", "OK" },
	[ERR_UNAUTHORIZED] = { 401, "unauthorized", "Sign in to the console" },
	[ERR_TOKEN_EXPIRED] = { 401, "unauthorized", "Sign in to the console" },
	[ERR_TOKEN_INVALID] = { 401, "unauthorized", "Sign in to the console" },
	[ERR_FORBIDDEN] = { 403, "forbidden", "Your role does not allow this" },
	[ERR_VALIDATION] = { 400, "validation_error", "A field is missing or invalid" },
	[ERR_NOT_FOUND] = { 404, "not_found", "No such resource" },
	[ERR_METHOD_NOT_ALLOWED] = { 405, "method_not_allowed", "Method not allowed on this resource" },
	[ERR_PAYLOAD_TOO_LARGE] = { 413, "payload_too_large", "The request body is too large" },
	[ERR_UNSUPPORTED_MEDIA_TYPE] = { 415, "unsupported_media_type", "Request bodies must be application/json" },
	[ERR_REQUEST_TIMEOUT] = { 408, "request_timeout", "The request did not arrive in time" },
	[ERR_INVALID_PHONE] = { 400, "validation_error", "Invalid phone number format" },
	[ERR_INVALID_PROVIDER] = { 400, "validation_error", "Unsupported mobile money network" },
	[ERR_INVALID_AMOUNT] = { 400, "validation_error", "Invalid amount" },
	[ERR_INVALID_CURRENCY] = { 400, "validation_error", "Unsupported currency" },
	[ERR_INVALID_STABLECOIN] = { 400, "validation_error", "Unsupported currency" },
	[ERR_VERIFICATION_FAILED] = { 400, "validation_error", "Account name does not match provider records" },
	[ERR_DUPLICATE_BENEFICIARY] = { 409, "conflict", "It exists already" },
	[ERR_BENEFICIARY_NOT_FOUND] = { 404, "not_found", "No such resource" },
	[ERR_PROVIDER_NOT_FOUND] = { 404, "not_found", "No such resource" },
	[ERR_QUOTE_EXPIRED] = { 422, "unprocessable", "Quoted rate expired" },
	[ERR_INSUFFICIENT_BALANCE] = { 422, "unprocessable", "Balance too low" },
	[ERR_LIMIT_EXCEEDED] = { 422, "unprocessable", "Tier limit exceeded" },
	[ERR_BELOW_MINIMUM] = { 422, "unprocessable", "Amount below the minimum" },
	[ERR_ABOVE_MAXIMUM] = { 422, "unprocessable", "Amount above the maximum" },
	[ERR_CONVERSION_FAILED] = { 500, "internal_error", "The conversion failed" },
	[ERR_PAYOUT_FAILED] = { 503, "service_unavailable", "The payout could not be made" },
	[ERR_PROVIDER_UNAVAILABLE] = { 503, "service_unavailable", "Mobile money network unavailable" },
	[ERR_PROVIDER_TIMEOUT] = { 503, "service_unavailable", "Mobile money network did not respond in time" },
	[ERR_INSUFFICIENT_LIQUIDITY] = { 503, "service_unavailable", "Not enough liquidity" },
	[ERR_IDEMPOTENCY_CONFLICT] = { 409, "conflict", "It exists already" },
	[ERR_DUPLICATE_REFERENCE] = { 409, "conflict", "It exists already" },
	[ERR_RATE_LIMITED] = { 429, "too_many_requests", "Too many requests" },
	[ERR_RATE_UNAVAILABLE] = { 503, "service_unavailable", "No current exchange rate" },
	[ERR_INVALID_STATE] = { 409, "invalid_state", "Not possible in the resource's current state" },
	[ERR_INVALID_CREDENTIALS] = { 401, "invalid_credentials", "The email or the password is wrong" },
	[ERR_ACCOUNT_LOCKED] = { 403, "account_locked", "This account is locked" },
	[ERR_REAUTH_REQUIRED] = { 403, "reauth_required", "Give your password again to do this" },
	[ERR_CSRF] = { 403, "csrf_failed", "The request did not come from the console's own page" },
	[ERR_PUBLIC_KEY] = { 401, "unauthorized", "Sign in to the console" },
	[ERR_TWO_FACTOR_REQUIRED] = { 401, "two_factor_required",
	  "Give the code of your authenticator app (or a recovery code)" },
	[ERR_TWO_FACTOR_ENROL] = { 403, "two_factor_enrolment_required",
	  "Your partner requires two-factor sign-in: set it up first" },
	[ERR_PARTNER_SUSPENDED] = { 403, "forbidden", "Your partner is suspended" },
	[ERR_SIGNER_UNAVAILABLE] = { 503, "service_unavailable",
	  "The transaction signer refused or did not answer; nothing was sent" },
	[ERR_INTERNAL] = { 500, "internal_error", "Internal error" },
	[ERR_SERVICE_UNAVAILABLE] = { 503, "service_unavailable", "The service is temporarily unavailable" },
};

const struct err_def *
err_def(enum api api, enum err e)
{
	const struct err_def *t = api == API_PARTNER ? err_partner :
	    api == API_CONSOLE ? err_console : err_wallet;

	if ((unsigned)e >= ERR__MAX || t[e].code == NULL)
		return &t[ERR_INTERNAL];
	return &t[e];
}

enum err
err_from_http_status(int status)
{
	switch (status) {
	case 400: case 411: case 414: case 417: case 431: case 505:
		return ERR_VALIDATION;
	case 401: return ERR_UNAUTHORIZED;
	case 403: case 404: return ERR_NOT_FOUND;
	case 405: case 501: return ERR_METHOD_NOT_ALLOWED;
	case 408: return ERR_REQUEST_TIMEOUT;
	case 413: return ERR_PAYLOAD_TOO_LARGE;
	case 415: return ERR_UNSUPPORTED_MEDIA_TYPE;
	case 503: return ERR_SERVICE_UNAVAILABLE;
	default: return ERR_INTERNAL;
	}
}
