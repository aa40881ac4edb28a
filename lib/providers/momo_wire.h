/*
 * momo_wire: the parts of the MTN MoMo Open API adapter (momo_http) that
 * need no network: reading its answers' bodies and checking references.
 * Shared by momo_http.c, the sandbox simulator and the unit tests
 * (tests/unit/test_momo.c); the domain uses providers/momo.h only.
 */
#ifndef CEDIRAMP_MOMO_WIRE_H
#define CEDIRAMP_MOMO_WIRE_H

#include <stddef.h>
#include <jansson.h>

#include "providers/momo.h"

/*
 * 1 when s is a UUID as text: 8-4-4-4-12 hex digits (either case), the
 * form the API requires of X-Reference-Id; else 0.
 */
int momo_ref_valid(const char *s);

/*
 * The provider's reason as one line of text into out (cap > 0 bytes): a
 * code of MTN's table (momo_reason.h) as "CODE: our text", whether it
 * comes as a string or in an object {"code","message"}; another code as
 * "CODE: message" (or whichever of the two it has). Control and non-ASCII bytes become '?',
 * and the text is clipped to fit. "" when reason is NULL or holds neither.
 */
void momo_wire_reason(const json_t *reason, char *out, size_t cap);

/*
 * An account/balance body ({"availableBalance": "123.45", "currency":
 * "GHS"}; MTN sends the amount as a string) into amount (cap bytes) as
 * exact text with 2 places: MOMO_OK, or MOMO_UNAVAILABLE for a body that
 * is not one (no amount, a negative or malformed one, more than 2 places,
 * another currency than currency).
 */
enum momo_rc momo_wire_balance(const json_t *body, const char *currency, char *amount,
    size_t cap);

/*
 * A status body ({"status":"PENDING|SUCCESSFUL|FAILED", "reason",
 * "financialTransactionId"}) into out (cleared first): MOMO_OK, or
 * MOMO_UNAVAILABLE for a body without one of those three statuses (an
 * answer that settles nothing). A FAILED status without a reason reads
 * "FAILED (no reason given)".
 */
enum momo_rc momo_wire_status(const json_t *body, struct momo_status *out);

/*
 * The account holder's name from a basicuserinfo body into name (cap > 0
 * bytes): "name" when it is a non-empty string, else "given_name" and
 * "family_name" joined by a space (whichever are non-empty strings).
 * Control bytes become spaces; a name too long is cut at a UTF-8
 * character boundary. When the body has no name at all: MOMO_OK with ""
 * if it says "sandbox_any_name": true (the sandbox discloses no name, so
 * any name verifies), else MOMO_UNAVAILABLE.
 */
enum momo_rc momo_wire_name(const json_t *body, char *name, size_t cap);

/* Forgets every access token momo_http cached (momo_http.c; for tests,
 * which need a cold cache to count token requests). */
void momo_http_forget_tokens(void);

#endif
