/*
 * install: the sandbox's helpers hooked into the domain's steps
 * (struct ctx_hooks). A program that runs the domain's workers calls
 * sandbox_install after ctx_init; outside the sandbox it installs nothing,
 * and the domain does what production does.
 */
#ifndef CEDIRAMP_SANDBOX_INSTALL_H
#define CEDIRAMP_SANDBOX_INSTALL_H

#include "domain/ctx.h"

/* Fills ctx->hooks with the sandbox's helpers when ctx's environment is
 * the sandbox; leaves them NULL otherwise. */
void sandbox_install(struct ctx *ctx);

/*
 * The sandbox's custody wallet is refilled when it runs short, as if the
 * partners' deposits had arrived on chain (their coins are the deposit
 * helper's, in the ledger only): the simulator's faucet (1: refilled at
 * once), or a mint of the sandbox token on a real node (0: the mint is
 * under way; the withdrawal's next check finds the coins).
 */
int sandbox_custody_refill(struct ctx *ctx, const char *asset, const char *amount,
    const char *what);

#endif
