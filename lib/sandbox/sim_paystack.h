/*
 * The sandbox's Paystack simulator: the subset of Paystack's API the
 * paystack adapter speaks (providers/paystack_http.c), mounted by
 * fcgi/simulators.c under /sim/paystack/:network, one Paystack account per
 * network on the paystack adapter (its secret key is the network's
 * providers.momo.<NETWORK>.secret_key). Its transfers and charges are
 * sends of the shared ledger (sim_sends.h): the same magic suffixes as the
 * MTN simulator decide them (docs/sandbox.md). Answers are Paystack's own
 * {"status", "message", "data"} bodies.
 */
#ifndef CEDIRAMP_SIM_PAYSTACK_H
#define CEDIRAMP_SIM_PAYSTACK_H

#include "http/route.h"

/* GET .../bank/resolve?account_number=&bank_code= */
enum err sim_paystack_resolve(struct req *r, struct resp *resp);
/* POST .../transferrecipient */
enum err sim_paystack_recipient(struct req *r, struct resp *resp);
/* POST .../transfer, GET .../transfer/verify/:ref */
enum err sim_paystack_transfer(struct req *r, struct resp *resp);
enum err sim_paystack_transfer_verify(struct req *r, struct resp *resp);
/* POST .../charge, GET .../transaction/verify/:ref */
enum err sim_paystack_charge(struct req *r, struct resp *resp);
enum err sim_paystack_charge_verify(struct req *r, struct resp *resp);
/* GET .../balance */
enum err sim_paystack_balance(struct req *r, struct resp *resp);

/*
 * The data of a transfer ("transfer") or charge ("rtp") as verify answers
 * it and a webhook carries it; NULL when out of memory.
 */
json_t *sim_paystack_data(const char *kind, const char *reference, const char *state,
    const char *reason, const char *financial_id, const char *msisdn,
    const char *amount, const char *currency, const char *network);

#endif
