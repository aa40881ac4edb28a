#include "sandbox/install.h"

#include "core/log.h"
#include "domain/onchain.h"
#include "providers/registry.h"

int
sandbox_custody_refill(struct ctx *ctx, const char *asset, const char *amount,
    const char *what)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	const char *custody = ctx->cfg.chain_custody_wallet;
	char bal[64], mint[ID_MAX], hash[CHAIN_HASH_LEN + 1], reason[200];

	if (ch->ops->faucet != NULL)
		return ch->ops->faucet(ch, custody, asset, amount, bal, sizeof(bal)) == CHAIN_OK;
	if (onchain_mint(ctx, custody, asset, amount, mint, hash, reason,
	    sizeof(reason)) != CHAIN_OK)
		log_event("warn", "withdrawal %s: the sandbox custody top-up failed: %s", what,
		    reason);
	return 0;
}

void
sandbox_install(struct ctx *ctx)
{
	if (!ctx->cfg.sandbox)
		return;
	ctx->hooks.custody_short = sandbox_custody_refill;
}
