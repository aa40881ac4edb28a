/*
 * partner_request: rules shared by the partner API's create requests (withdrawals,
 * payment intents): metadata, and the hash that tells the same request
 * under a reference_id from a different one.
 */
#ifndef CEDIRAMP_PARTNER_REQUEST_H
#define CEDIRAMP_PARTNER_REQUEST_H

#include <stddef.h>
#include <jansson.h>

#include "core/outcome.h"
#include "domain/ctx.h"

#define PARTNER_REQUEST_METADATA_KEYS 20
#define PARTNER_REQUEST_METADATA_KEY_MAX 40     /* characters */
#define PARTNER_REQUEST_METADATA_VALUE_MAX 500  /* characters */

/* Code points in a UTF-8 string (Jansson has validated it). */
size_t partner_request_utf8_chars(const char *s);

/*
 * metadata's rules (absent or null: none; else an object of at most 20
 * string values, keys 1 to 40 characters, values at most 500); its
 * canonical text (sorted keys) into *text, which the caller frees (NULL
 * for none). ERR_VALIDATION naming metadata in o.
 */
enum err partner_request_metadata(const json_t *md, char **text, struct outcome *o);

/* SHA-256 of the n parts (each with its NUL, so parts cannot run into
 * each other) as 64 hex digits into hash. 0, or -1 out of memory. */
int partner_request_hash(const char *const *parts, size_t n, char hash[65]);

/* The mobile money wallet of a request: phone (named phone_field) in
 * E.164, a Ghana mobile number (ERR_INVALID_PHONE), and network one of
 * the catalog's (ERR_PROVIDER_NOT_FOUND naming mobile_network). */
enum err partner_request_wallet(const char *phone, const char *phone_field,
    const char *network, struct outcome *o);

/*
 * The mobile money side of a request: amount (GHS, what the network
 * moves; field names it in messages) against network's bounds, then the
 * network's health from the registry. ERR_OK; ERR_BELOW_MINIMUM,
 * ERR_ABOVE_MAXIMUM, ERR_PROVIDER_UNAVAILABLE (down), ERR_INTERNAL (an
 * unknown network: checked before).
 */
enum err partner_request_network(struct ctx *ctx, const char *network,
    const char *field, const char *amount, struct outcome *o);

#endif
