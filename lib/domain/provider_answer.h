/*
 * provider_answer: whether a provider's SUCCESSFUL answer is about what we
 * asked for. A status read says SUCCESSFUL with the amount, currency and
 * counterparty number the provider paid or collected (providers/momo.h,
 * struct momo_status); believing the word alone would complete a payout
 * the provider paid to someone else, or for another amount. A payout or a
 * payment intent completes only when all three are ours.
 */
#ifndef CEDIRAMP_PROVIDER_ANSWER_H
#define CEDIRAMP_PROVIDER_ANSWER_H

#include <stddef.h>

#include "providers/momo.h"

/*
 * 1 when st (SUCCESSFUL) says amount (2 places, compared exactly, so
 * "10.00" and "10" agree and "10.01" does not), currency and the number of
 * phone (E.164, "+233XXXXXXXXX", against the answer's 233XXXXXXXXX); 0
 * otherwise, with why (cap bytes) naming both sides ("the provider
 * answered 11.00 GHS to 233241234567; asked 10.00 GHS to
 * 233241234567"). Anything missing from the answer is a mismatch: an
 * answer that does not say what was paid completes nothing.
 */
int provider_answer_matches(const char *amount, const char *currency, const char *phone,
    const struct momo_status *st, char *why, size_t cap);

#endif
