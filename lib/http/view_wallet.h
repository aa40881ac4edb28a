/*
 * view_wallet: the wallet API's objects as its responses show them
 * (wallet spec), from the domain's structs.
 */
#ifndef CEDIRAMP_VIEW_WALLET_H
#define CEDIRAMP_VIEW_WALLET_H

#include <jansson.h>

#include "domain/payout.h"
#include "domain/wallet/beneficiary.h"
#include "domain/wallet/conversion.h"

/* The Conversion object (new reference; NULL out of memory). */
json_t *conversion_json(const struct conversion *c);

/* The Payout object of POST /api/mobile-money/transfer (new reference). */
json_t *payout_json(const struct payout *p);

/* The Beneficiary object (new reference). */
json_t *beneficiary_json(const struct beneficiary *b);

#endif
