/*
 * The sandbox mobile money simulator's handlers: the MTN MoMo Open API
 * (providers/momo.h) for each network, mounted by fcgi/simulators.c under
 * /sim/momo/:network (MTN, TELECEL, AIRTELTIGO; any other is 404).
 * Outcomes are decided by the last three digits of the MSISDN
 * (docs/sandbox.md, "Magic values"). Answers are the API's own bodies, outside the
 * service's envelopes.
 */
#ifndef CEDIRAMP_SIM_MOMO_H
#define CEDIRAMP_SIM_MOMO_H

#include "http/route.h"

/* POST .../disbursement/token/ and .../collection/token/ */
enum err sim_momo_disbursement_token(struct req *r, struct resp *resp);
enum err sim_momo_collection_token(struct req *r, struct resp *resp);
/* GET .../disbursement/v1_0/accountholder/msisdn/:msisdn/basicuserinfo */
enum err sim_momo_lookup(struct req *r, struct resp *resp);
/* MTN's accountholder .../active and account/balance, per product */
enum err sim_momo_disbursement_active(struct req *r, struct resp *resp);
enum err sim_momo_collection_active(struct req *r, struct resp *resp);
enum err sim_momo_disbursement_balance(struct req *r, struct resp *resp);
enum err sim_momo_collection_balance(struct req *r, struct resp *resp);
/* every network's account in the simulator opens with this many GHS */
#define SIM_MOMO_OPENING_BALANCE "1000000.00"
/* POST .../disbursement/v1_0/transfer, GET .../transfer/:ref */
enum err sim_momo_transfer(struct req *r, struct resp *resp);
enum err sim_momo_transfer_status(struct req *r, struct resp *resp);
/* POST .../collection/v1_0/requesttopay, GET .../requesttopay/:ref */
enum err sim_momo_request_to_pay(struct req *r, struct resp *resp);
enum err sim_momo_request_to_pay_status(struct req *r, struct resp *resp);
/* The body of a status query (and of a callback, which carries the same)
 * of a send of kind ("transfer", "rtp") in state ("pending", "successful",
 * "failed"); NULL when out of memory. */
json_t *sim_momo_status_body(const char *kind, const char *state, const char *reason,
    const char *financial_id, const char *msisdn, const char *amount,
    const char *currency, const char *external_id);

#endif
