#include "sandbox/chain_helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/currency.h"
#include "core/log.h"
#include "core/money.h"
#include "core/strict.h"
#include "domain/onchain.h"
#include "providers/evm_abi.h"
#include "providers/evm_rpc.h"
#include "providers/registry.h"

#define MINED_WAIT_MS 15000 /* Anvil mines every second */
#define POLL_MS 200
#define GAS_FLOOR_WEI "16345785d8a0000" /* 0.1 ether (hex): tops up a wallet below it */
#define GAS_TOPUP_WEI "0xde0b6b3a7640000"  /* 1 ether */

static void
sleep_ms(long ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&t, NULL);
}

/* Waits until hash has a receipt (mined, whatever its confirmations).
 * CHAIN_OK (*ok 1 when it executed, 0 when it reverted), CHAIN_TIMEOUT. */
static enum chain_rc
wait_mined(struct prov_chain *ch, const char *hash, int *ok)
{
	struct chain_receipt r;
	long waited;

	for (waited = 0; waited < MINED_WAIT_MS; waited += POLL_MS) {
		if (ch->ops->receipt(ch, hash, &r) == CHAIN_OK && r.block_number > 0 &&
		    r.state != CHAIN_UNKNOWN) {
			*ok = r.state != CHAIN_FAILED;
			return CHAIN_OK;
		}
		sleep_ms(POLL_MS);
	}
	return CHAIN_TIMEOUT;
}

enum chain_rc
sandbox_faucet(struct ctx *ctx, const char *wallet, const char *asset, const char *amount,
    char *balance, size_t cap)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	char ref[ID_MAX], hash[CHAIN_HASH_LEN + 1], why[200];
	enum chain_rc rc;
	int ok = 0;

	if (ch->ops->faucet != NULL)
		return ch->ops->faucet(ch, wallet, asset, amount, balance, cap);
	if (money_cmp_text(amount, SANDBOX_FAUCET_MAX, 18) > 0)
		return CHAIN_REJECTED;
	if ((rc = onchain_mint(ctx, wallet, asset, amount, ref, hash, why, sizeof(why))) != CHAIN_OK) {
		log_event("warn", "faucet: %s", why);
		return rc == CHAIN_REJECTED ? CHAIN_UNAVAILABLE : rc;
	}
	if ((rc = wait_mined(ch, hash, &ok)) != CHAIN_OK)
		return rc;
	if (!ok)
		return CHAIN_UNAVAILABLE;
	return ch->ops->balance(ch, wallet, asset, balance, cap) == CHAIN_OK ?
	    CHAIN_OK : CHAIN_UNAVAILABLE;
}

/* One JSON-RPC call whose result is not needed. */
static enum chain_rc
call(struct prov_chain *ch, const char *method, json_t *params, json_t **res)
{
	struct evm_rpc_error err;
	json_t *r = NULL;
	enum evm_rpc_rc rc = evm_rpc_call(&ch->ep, method, params, &r, &err);

	if (rc == EVM_RPC_ERROR)
		log_event("warn", "sandbox approve: %s: %s", method, err.message);
	if (res != NULL)
		*res = r;
	else
		json_decref(r);
	return rc == EVM_RPC_OK ? CHAIN_OK : rc == EVM_RPC_ERROR ? CHAIN_REJECTED :
	    CHAIN_UNAVAILABLE;
}

/* The wallet's ether, for its gas: topped up to 1 ether below 0.1. */
static enum chain_rc
gas_for(struct prov_chain *ch, const char *wallet)
{
	json_t *res = NULL;
	enum chain_rc rc;
	mpz_t have, floor;
	int low;

	if ((rc = call(ch, "eth_getBalance", json_pack("[s,s]", wallet, "latest"), &res)) != CHAIN_OK)
		return rc;
	mpz_inits(have, floor, NULL);
	mpz_set_str(floor, GAS_FLOOR_WEI, 16);
	low = evm_qty_mpz(res, have) != 0 || mpz_cmp(have, floor) < 0;
	mpz_clears(have, floor, NULL);
	json_decref(res);
	if (!low)
		return CHAIN_OK;
	return call(ch, "anvil_setBalance", json_pack("[s,s]", wallet, GAS_TOPUP_WEI), NULL);
}

enum chain_rc
sandbox_approve(struct ctx *ctx, const char *wallet, const char *asset, const char *amount,
    char *allowance, size_t cap, char tx_hash[CHAIN_HASH_LEN + 1])
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	const struct chain_token *t = NULL;
	unsigned char who[EVM_ADDR_LEN], gw[EVM_ADDR_LEN];
	char *data_hex = NULL;
	struct buf data;
	json_t *res = NULL;
	enum chain_rc rc = CHAIN_UNAVAILABLE;
	size_t i;
	mpz_t units;
	int ok = 0;

	tx_hash[0] = '\0';
	if (ch->ops->faucet != NULL) {
		/* the simulator keeps no allowances: nothing to approve */
		(void)strict_copy(allowance, cap, amount);
		return CHAIN_OK;
	}
	for (i = 0; i < CHAIN_ASSETS; i++)
		if (strcmp(ch->evm.tokens[i].asset, asset) == 0 && ch->evm.tokens[i].address[0])
			t = &ch->evm.tokens[i];
	if (t == NULL || evm_addr_parse(wallet, who) != 0 ||
	    evm_addr_parse(ch->evm.gateway, gw) != 0)
		return CHAIN_REJECTED;
	mpz_init(units);
	buf_init(&data, 1024);
	if (evm_units_from_text(amount, t->decimals, units) != 0) {
		rc = CHAIN_REJECTED;
		goto out;
	}
	if (evm_abi_selector(&data, EVM_SIG_APPROVE) || evm_abi_address(&data, gw) ||
	    evm_abi_uint(&data, units))
		goto out;
	if ((data_hex = malloc(2 * data.len + 3)) == NULL)
		goto out;
	evm_hex((const unsigned char *)data.data, data.len, data_hex);
	if ((rc = gas_for(ch, wallet)) != CHAIN_OK ||
	    (rc = call(ch, "anvil_impersonateAccount", json_pack("[s]", wallet), NULL)) != CHAIN_OK)
		goto out;
	rc = call(ch, "eth_sendTransaction", json_pack("[{s:s,s:s,s:s}]", "from", wallet,
	    "to", t->address, "data", data_hex), &res);
	(void)call(ch, "anvil_stopImpersonatingAccount", json_pack("[s]", wallet), NULL);
	if (rc != CHAIN_OK)
		goto out;
	if (evm_hash_copy(res, tx_hash) != 0) {
		rc = CHAIN_UNAVAILABLE;
		goto out;
	}
	if ((rc = wait_mined(ch, tx_hash, &ok)) != CHAIN_OK)
		goto out;
	rc = ok ? CHAIN_OK : CHAIN_REJECTED;
	if (rc == CHAIN_OK)
		(void)strict_copy(allowance, cap, amount);
out:
	json_decref(res);
	free(data_hex);
	buf_free(&data);
	mpz_clear(units);
	return rc;
}
