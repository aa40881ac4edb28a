/*
 * err: the error vocabulary. Domain functions and handlers return an enum
 * err; each API renders it through its own table in http/errtab.c (code
 * string, HTTP status, default message).
 */
#ifndef CEDIRAMP_ERR_H
#define CEDIRAMP_ERR_H

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
	ERR_REQUEST_TIMEOUT, /* the web server gave up reading the request (408) */
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
	ERR_INVALID_STATE,       /* the resource's state does not allow it */
	ERR_INVALID_CREDENTIALS, /* the console: a wrong email or password */
	ERR_ACCOUNT_LOCKED,      /* the console: too many failed sign-ins */
	ERR_REAUTH_REQUIRED,     /* the console: give the password again first */
	ERR_CSRF,                /* the console: no CSRF token, or a foreign Origin */
	ERR_PUBLIC_KEY,          /* a key pair's public half presented as a credential */
	ERR_TWO_FACTOR_REQUIRED, /* the console: the password was right, now the code */
	ERR_TWO_FACTOR_ENROL,    /* the console: the partner requires two-factor; enrol first */
	ERR_PARTNER_SUSPENDED,   /* the partner API: the key's partner is suspended */
	ERR_SIGNER_UNAVAILABLE,  /* cediramp-signer refused the move or did not answer: nothing sent */
	ERR_INTERNAL,
	ERR_SERVICE_UNAVAILABLE,
	ERR__MAX
};

#endif
