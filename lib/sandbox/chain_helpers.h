/*
 * chain_helpers: the sandbox's chain test helpers behind
 * POST /api/sandbox/faucet and POST /api/sandbox/approve, for either
 * chain adapter. Production never calls them (the handlers answer 404).
 *
 * Under the simulator the faucet credits its books and approving is not
 * needed (it keeps no allowances). On a real node (the sandbox's Anvil):
 * the faucet mints the sandbox token to the wallet through a signed move
 * of the operator (stored and broadcast like every move) and waits until
 * it is mined; approve has the wallet itself call approve(gateway, amount),
 * through Anvil's account impersonation, so it works for every sandbox
 * wallet, whose keys the service does not have.
 */
#ifndef CEDIRAMP_SANDBOX_CHAIN_HELPERS_H
#define CEDIRAMP_SANDBOX_CHAIN_HELPERS_H

#include <stddef.h>

#include "domain/ctx.h"
#include "providers/chain.h"

#define SANDBOX_FAUCET_MAX "1000000" /* the most one faucet call mints */

/*
 * Gives wallet amount (at the asset's scale) of asset; its balance after
 * into balance. CHAIN_OK; CHAIN_REJECTED (over SANDBOX_FAUCET_MAX, or the
 * simulator's 4xx); CHAIN_TIMEOUT (no answer, or not mined, in time);
 * CHAIN_UNAVAILABLE.
 */
enum chain_rc sandbox_faucet(struct ctx *ctx, const char *wallet, const char *asset,
    const char *amount, char *balance, size_t cap);

/*
 * Has wallet approve the gateway for amount of asset (replacing any
 * earlier approval). CHAIN_OK with the allowance now in allowance and the
 * approval's transaction hash in tx_hash ("" under the simulator, which
 * needs none); CHAIN_TIMEOUT; CHAIN_UNAVAILABLE; CHAIN_REJECTED.
 */
enum chain_rc sandbox_approve(struct ctx *ctx, const char *wallet, const char *asset,
    const char *amount, char *allowance, size_t cap, char tx_hash[CHAIN_HASH_LEN + 1]);

#endif
