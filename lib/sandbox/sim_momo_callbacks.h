/*
 * The mobile money simulator's callbacks: what MTN does on its own once a
 * transfer or request to pay reaches its final state. Run by the sandbox's
 * sandbox_providers worker (cron/sandbox_providers.c); nothing in
 * production.
 */
#ifndef CEDIRAMP_SIM_MOMO_CALLBACKS_H
#define CEDIRAMP_SIM_MOMO_CALLBACKS_H

#include "domain/ctx.h"

/*
 * Moves every accepted send past its settle time to its final state, then
 * sends up to batch callbacks: one per final state, to the X-Callback-Url
 * its send carried, with no retry (as MTN: a callback that fails is gone,
 * and the receiver's polling must settle it). A transfer's callback is a
 * POST, a request to pay's a PUT, each with the body its status query
 * gives. With the sandbox setting momo.drop_callbacks = 1 a callback is
 * taken but not sent (a lost callback). Counts into sent and dropped;
 * 0, or -1 when the database failed. Outside the sandbox: 0, nothing done.
 */
int sim_momo_send_callbacks(struct ctx *ctx, int batch, unsigned *sent,
    unsigned *dropped);

#endif
