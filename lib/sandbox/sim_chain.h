/* The sandbox chain gateway simulator's handlers, mounted by fcgi/simulators.c. */
#ifndef CEDIRAMP_SIM_CHAIN_H
#define CEDIRAMP_SIM_CHAIN_H

#include "http/route.h"

enum err sim_chain_submit(struct req *r, struct resp *resp);
enum err sim_chain_receipt(struct req *r, struct resp *resp);
enum err sim_chain_balance(struct req *r, struct resp *resp);
enum err sim_chain_faucet(struct req *r, struct resp *resp);

#endif
