/*
 * momo_reason: MTN MoMo's failure reasons, one by one, as the texts a
 * payout's or a payment intent's failureReason carries: "CODE: text". The
 * code stays first, so a client can match it; the text is ours, because a
 * provider's own message is free text of any length and language. A code
 * outside the table keeps the provider's message (cleaned and clipped by
 * momo_wire_reason). The table, with each code's sandbox suffix, is in
 * docs/sandbox.md ("MTN's failure reasons").
 */
#ifndef CEDIRAMP_MOMO_REASON_H
#define CEDIRAMP_MOMO_REASON_H

#include <stddef.h>

struct momo_reason {
	const char *code; /* as MTN sends it */
	const char *text; /* what failureReason says after "CODE: " */
};

/* The table, in MTN's order, and its length. */
extern const struct momo_reason momo_reasons[];
extern const size_t momo_reasons_len;

/* The text of code, or NULL for a code outside the table. */
const char *momo_reason_text(const char *code);

#endif
