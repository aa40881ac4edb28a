/*
 * err: the error vocabulary. Domain code and handlers return an enum err;
 * each API renders it through its own table (code string, HTTP status,
 * default message). Both tables cover every value: an error one API never
 * produces still maps to its nearest code there.
 */
#ifndef CEDIRAMP_ERR_H
#define CEDIRAMP_ERR_H

enum api { API_WALLET = 0, API_PARTNER = 1 };

enum err {
	ERR_OK = 0,
	ERR_UNAUTHORIZED,
	ERR_TOKEN_EXPIRED,
	ERR_TOKEN_INVALID,
	ERR_FORBIDDEN,
	ERR_VALIDATION,
	ERR_NOT_FOUND,
	ERR_METHOD_NOT_ALLOWED,
	ERR_PAYLOAD_TOO_LARGE,
	ERR_UNSUPPORTED_MEDIA_TYPE,
	ERR_INVALID_PHONE,
	ERR_INVALID_PROVIDER,
	ERR_INVALID_AMOUNT,
	ERR_INVALID_CURRENCY,
	ERR_INVALID_STABLECOIN,
	ERR_VERIFICATION_FAILED,
	ERR_DUPLICATE_BENEFICIARY,
	ERR_BENEFICIARY_NOT_FOUND,
	ERR_PROVIDER_NOT_FOUND,
	ERR_QUOTE_EXPIRED,
	ERR_INSUFFICIENT_BALANCE,
	ERR_LIMIT_EXCEEDED,
	ERR_BELOW_MINIMUM,
	ERR_ABOVE_MAXIMUM,
	ERR_CONVERSION_FAILED,
	ERR_PAYOUT_FAILED,
	ERR_PROVIDER_UNAVAILABLE,
	ERR_PROVIDER_TIMEOUT,
	ERR_INSUFFICIENT_LIQUIDITY,
	ERR_IDEMPOTENCY_CONFLICT,
	ERR_DUPLICATE_REFERENCE,
	ERR_RATE_LIMITED,
	ERR_RATE_UNAVAILABLE,
	ERR_INTERNAL,
	ERR_SERVICE_UNAVAILABLE,
	ERR__MAX
};

struct err_def {
	int http_status;
	const char *code;
	const char *message; /* default, safe to show to a client */
};

/* The row of api's table for e (ERR_INTERNAL's row for out-of-range e). */
const struct err_def *err_def(enum api api, enum err e);

/* The error for an HTTP status the web server produced (413, 404...). */
enum err err_from_http_status(int status);

#endif
