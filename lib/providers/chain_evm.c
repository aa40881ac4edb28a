/*
 * chain_evm: the chain adapter for any EVM network, over standard JSON-RPC
 * (see chain.h). A conversion is the gateway's convert(id, token, from,
 * amount), an EIP-1559 transaction built and signed here in cediramp-signer
 * only (its key store); every other program asks the signer
 * (signer_client.h);
 * a sandbox mint is the test token's mint(to, amount). Reads are eth_call
 * at "latest"; a receipt is final once it has providers.evm.confirmations
 * blocks and its block is still the chain's block at that height.
 */
#include "providers/chain.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <openssl/crypto.h>

#include "core/clock.h"
#include "core/currency.h"
#include "core/log.h"
#include "core/money.h"
#include "core/strict.h"
#include "providers/evm_abi.h"
#include "providers/evm_rpc.h"
#include "providers/evm_tx.h"
#include "providers/keystore.h"
#include "providers/signer_client.h"

#define GAS_MARGIN_PERCENT 20 /* on top of eth_estimateGas */
#define DATA_MAX 4096         /* call data of the calls made here */

/* ---- plumbing ---- */

/*
 * One call; CHAIN_OK with *res. CHAIN_REJECTED only when the node says
 * the call would revert (its words in why); any other error (a rate
 * limit, an internal error, an HTTP error page) and no usable answer are
 * CHAIN_UNAVAILABLE: the node failed, the request did not.
 */
static enum chain_rc
rpc(struct prov_chain *ch, const char *method, json_t *params, json_t **res,
    char *why, size_t cap)
{
	struct evm_rpc_error err;
	enum evm_rpc_rc rc = evm_rpc_call(&ch->ep, method, params, res, &err);

	if (rc == EVM_RPC_OK)
		return CHAIN_OK;
	if (why != NULL)
		snprintf(why, cap, "%s: %s", method,
		    err.message[0] ? err.message : "an error without a message");
	return rc == EVM_RPC_ERROR && err.reverted ? CHAIN_REJECTED : CHAIN_UNAVAILABLE;
}

/* A call whose result must be a 64-bit quantity. */
static enum chain_rc
rpc_u64(struct prov_chain *ch, const char *method, json_t *params, uint64_t *out)
{
	enum chain_rc rc;
	json_t *res;

	if ((rc = rpc(ch, method, params, &res, NULL, 0)) != CHAIN_OK)
		return CHAIN_UNAVAILABLE;
	rc = evm_qty_u64(res, out) == 0 ? CHAIN_OK : CHAIN_UNAVAILABLE;
	json_decref(res);
	return rc;
}

static const struct chain_token *
token_of(const struct prov_chain *ch, const char *asset)
{
	size_t i;

	for (i = 0; i < CHAIN_ASSETS; i++)
		if (strcmp(ch->evm.tokens[i].asset, asset) == 0)
			return ch->evm.tokens[i].address[0] != '\0' ? &ch->evm.tokens[i] : NULL;
	return NULL;
}

/* "0x" + hex of b's bytes, as a JSON string (new reference). */
static json_t *
hex_json(const struct buf *b)
{
	char *text = malloc(2 * b->len + 3);
	json_t *j;

	if (text == NULL)
		return NULL;
	evm_hex((const unsigned char *)b->data, b->len, text);
	j = json_string(text);
	free(text);
	return j;
}

static enum chain_rc call_word(struct prov_chain *ch, const char *to, const struct buf *data,
    mpz_t v);

/*
 * Each configured token's decimals(), against providers.evm.decimals.*:
 * amounts are converted with the configured places, so a token with other
 * places would move 10^k times what was asked. CHAIN_OK, CHAIN_UNAVAILABLE
 * (a call failed: asked again later), or CHAIN_MISCONFIGURED with why.
 */
static enum chain_rc
check_decimals(struct prov_chain *ch, char *why, size_t cap)
{
	enum chain_rc rc = CHAIN_OK;
	struct buf data;
	size_t i;
	mpz_t v;

	mpz_init(v);
	buf_init(&data, DATA_MAX);
	for (i = 0; i < CHAIN_ASSETS && rc == CHAIN_OK; i++) {
		const struct chain_token *t = &ch->evm.tokens[i];

		if (t->address[0] == '\0')
			continue;
		buf_reset(&data);
		if (evm_abi_selector(&data, EVM_SIG_DECIMALS) ||
		    call_word(ch, t->address, &data, v) != CHAIN_OK) {
			snprintf(why, cap, "the token %s at %s did not tell its decimals()", t->asset,
			    t->address);
			rc = CHAIN_UNAVAILABLE;
		} else if (mpz_cmp_ui(v, t->decimals) != 0) {
			gmp_snprintf(why, cap, "the token %s at %s has %Zd decimals, not "
			    "providers.evm.decimals.%s %u", t->asset, t->address, v, t->asset,
			    t->decimals);
			rc = CHAIN_MISCONFIGURED;
		}
	}
	buf_free(&data);
	mpz_clear(v);
	return rc;
}

/*
 * The chain id check, then each token's decimals: once per process,
 * before anything is signed or trusted. A node on another chain, or a
 * token with other places than configured, breaks the adapter for good
 * (every later call refuses); a node that does not answer is asked again
 * later.
 */
static enum chain_rc
check_chain(struct prov_chain *ch, char *why, size_t cap)
{
	enum chain_rc rc;
	uint64_t id;

	if (ch->evm.broken) {
		snprintf(why, cap, "the chain adapter refused to start (see the log)");
		return CHAIN_MISCONFIGURED;
	}
	if (ch->evm.chain_checked)
		return CHAIN_OK;
	if (rpc_u64(ch, "eth_chainId", NULL, &id) != CHAIN_OK) {
		snprintf(why, cap, "the node did not tell its chain id");
		return CHAIN_UNAVAILABLE;
	}
	if (id != ch->evm.chain_id) {
		ch->evm.broken = 1;
		snprintf(why, cap, "the node at providers.evm.rpc_url is on chain %llu, "
		    "not providers.evm.chain_id %llu", (unsigned long long)id,
		    ch->evm.chain_id);
		log_event("error", "chain: %s; refusing every chain call", why);
		return CHAIN_MISCONFIGURED;
	}
	if ((rc = check_decimals(ch, why, cap)) != CHAIN_OK) {
		if (rc == CHAIN_MISCONFIGURED) {
			ch->evm.broken = 1;
			log_event("error", "chain: %s; refusing every chain call", why);
		}
		return rc;
	}
	ch->evm.chain_checked = 1;
	return CHAIN_OK;
}

/* Seconds between two askings of the signer's address (a rotation moves
 * it; a signer that was down may be back). */
#define OPERATOR_RECHECK_SECONDS 5

/* The operator's address: the key store's in cediramp-signer; elsewhere
 * the signer's answer, asked again once it is a few seconds old. */
static const char *
evm_signer(struct prov_chain *ch)
{
	struct signer_answer a;
	long long now;

	if (ch->evm.keys != NULL)
		return keystore_address(ch->evm.keys);
	now = clock_monotonic_ms() / 1000;
	if (ch->evm.operator_learnt == 0 ||
	    now - ch->evm.operator_learnt >= OPERATOR_RECHECK_SECONDS) {
		ch->evm.operator_learnt = now;
		if (signer_status(ch->evm.signer_socket, &a) == SIGNER_OK &&
		    evm_addr_ok(a.address)) {
			(void)strict_copy(ch->evm.operator_address,
			    sizeof(ch->evm.operator_address), a.address);
			evm_addr_lower(ch->evm.operator_address);
		} else if (ch->evm.operator_address[0] == '\0') {
			log_event("warn", "chain: %s", a.reason);
		}
	}
	return ch->evm.operator_address[0] != '\0' ? ch->evm.operator_address : NULL;
}

/* The node's chain id (and each token's decimals); the signer's address
 * is asked for when first needed. */
static enum chain_rc
evm_open(struct prov_chain *ch, char *why, size_t cap)
{
	enum chain_rc rc = check_chain(ch, why, cap);

	if (rc == CHAIN_UNAVAILABLE)
		log_event("warn", "chain: %s; checked again before the first move", why);
	return rc;
}

/* ---- reads ---- */

/* eth_call of to with data at "latest": the first 32-byte word of the
 * result into v. */
static enum chain_rc
call_word(struct prov_chain *ch, const char *to, const struct buf *data, mpz_t v)
{
	unsigned char w[EVM_WORD * 2];
	json_t *res, *params;
	enum chain_rc rc;
	size_t n;

	params = json_pack("[{s:s,s:o},s]", "to", to, "data", hex_json(data), "latest");
	if (params == NULL)
		return CHAIN_UNAVAILABLE;
	if ((rc = rpc(ch, "eth_call", params, &res, NULL, 0)) != CHAIN_OK)
		return CHAIN_UNAVAILABLE;
	rc = CHAIN_UNAVAILABLE;
	if (evm_unhex_any(json_string_value(res), w, sizeof(w), &n) == 0 && n >= EVM_WORD) {
		evm_word_to_mpz(w, v);
		rc = CHAIN_OK;
	}
	json_decref(res);
	return rc;
}

/* token.balanceOf(owner) or, with spender, token.allowance(owner, spender). */
static enum chain_rc
token_read(struct prov_chain *ch, const char *token, const char *owner,
    const char *spender, mpz_t v)
{
	unsigned char a[EVM_ADDR_LEN], b[EVM_ADDR_LEN];
	struct buf data;
	enum chain_rc rc = CHAIN_REJECTED;

	buf_init(&data, DATA_MAX);
	if (evm_addr_parse(owner, a) != 0 || (spender && evm_addr_parse(spender, b) != 0))
		goto out;
	/* || and not |: the words must be appended in this order */
	if (spender ? (evm_abi_selector(&data, EVM_SIG_ALLOWANCE) || evm_abi_address(&data, a) ||
	    evm_abi_address(&data, b)) : (evm_abi_selector(&data, EVM_SIG_BALANCE_OF) ||
	    evm_abi_address(&data, a))) {
		rc = CHAIN_UNAVAILABLE;
		goto out;
	}
	rc = call_word(ch, token, &data, v);
out:
	buf_free(&data);
	return rc;
}

static enum chain_rc
evm_balance(struct prov_chain *ch, const char *wallet, const char *asset, char *out,
    size_t cap)
{
	const struct chain_token *t = token_of(ch, asset);
	const struct currency *cur = currency_find(asset);
	enum chain_rc rc;
	char why[160];
	mpz_t v;

	if (t == NULL || cur == NULL || !evm_addr_ok(wallet))
		return CHAIN_REJECTED;
	if ((rc = check_chain(ch, why, sizeof(why))) != CHAIN_OK)
		return rc == CHAIN_MISCONFIGURED ? rc : CHAIN_UNAVAILABLE;
	mpz_init(v);
	rc = token_read(ch, t->address, wallet, NULL, v);
	/* exact: at the asset's places, or at the token's when it has more
	 * (never rounded) */
	if (rc == CHAIN_OK && evm_units_to_text(v, t->decimals, t->decimals > cur->scale ?
	    t->decimals : cur->scale, out, cap) != 0)
		rc = CHAIN_UNAVAILABLE;
	mpz_clear(v);
	return rc;
}

/* ---- building a move ---- */

/* The call of m: its contract (to) and its data. CHAIN_REJECTED for an
 * asset not configured on this chain or an amount its decimals cannot hold
 * exactly (never truncated). */
static enum chain_rc
move_call(const struct prov_chain *ch, const struct chain_move *m, char to[43],
    struct buf *data, mpz_t units, char *why, size_t cap)
{
	const struct chain_token *t = token_of(ch, m->asset);
	unsigned char id[EVM_WORD], tok[EVM_ADDR_LEN], who[EVM_ADDR_LEN];
	int bad;

	if (m->kind == CHAIN_FILL) {
		(void)strict_copy(to, 43, ch->evm.operator_address);
		mpz_set_ui(units, 0);
		return to[0] != '\0' ? CHAIN_OK : CHAIN_UNAVAILABLE; /* no data */
	}
	if (m->kind == CHAIN_GAS || m->kind == CHAIN_SET_OPERATOR) {
		/* a rotation's: ether to a key (units: the value), or an operator
		 * set on the gateway (units: 1 allowed, 0 not) */
		if (evm_addr_parse(m->wallet, who) != 0 || mpz_set_str(units, m->amount, 10) != 0 ||
		    mpz_sgn(units) < 0 || mpz_sizeinbase(units, 256) > 32) {
			snprintf(why, cap, "a rotation's move is not well formed");
			return CHAIN_REJECTED;
		}
		if (m->kind == CHAIN_GAS) {
			(void)strict_copy(to, 43, m->wallet);
			return CHAIN_OK;
		}
		(void)strict_copy(to, 43, ch->evm.gateway);
		bad = mpz_cmp_ui(units, 1) > 0 || evm_abi_selector(data, EVM_SIG_SET_OPERATOR) ||
		    evm_abi_address(data, who) || evm_abi_uint(data, units);
		mpz_set_ui(units, 0); /* no ether */
		return bad ? CHAIN_REJECTED : CHAIN_OK;
	}
	if (t == NULL) {
		snprintf(why, cap, "%s is not configured on this chain", m->asset);
		return CHAIN_REJECTED;
	}
	if (evm_units_from_text(m->amount, t->decimals, units) != 0 || mpz_sgn(units) <= 0) {
		snprintf(why, cap, "%s %s is not a whole number of the token's base units",
		    m->amount, m->asset);
		return CHAIN_REJECTED;
	}
	if (evm_addr_parse(m->wallet, who) != 0 || evm_addr_parse(t->address, tok) != 0) {
		snprintf(why, cap, "the wallet is not an address");
		return CHAIN_REJECTED;
	}
	if (m->kind == CHAIN_MINT) {
		(void)strict_copy(to, 43, t->address);
		bad = evm_abi_selector(data, EVM_SIG_MINT) || evm_abi_address(data, who) ||
		    evm_abi_uint(data, units);
	} else {
		if (evm_id_word(m->ref, id) != 0) {
			snprintf(why, cap, "the id %s is longer than 32 bytes", m->ref);
			return CHAIN_REJECTED;
		}
		(void)strict_copy(to, 43, ch->evm.gateway);
		bad = evm_abi_selector(data, EVM_SIG_CONVERT) || evm_abi_bytes32(data, id) ||
		    evm_abi_address(data, tok) || evm_abi_address(data, who) ||
		    evm_abi_uint(data, units);
	}
	if (bad) {
		snprintf(why, cap, "the call does not fit");
		return CHAIN_UNAVAILABLE;
	}
	return CHAIN_OK;
}

/* The next block's base fee and a suggested tip (wei), from the last
 * block's fee history. */
static enum chain_rc
fees_now(struct prov_chain *ch, uint64_t *base, uint64_t *tip)
{
	json_t *res, *bases, *reward, *params = json_pack("[s,s,[i]]", "0x1", "latest", 50);
	enum chain_rc rc = CHAIN_UNAVAILABLE;
	size_t n;

	if (params == NULL || rpc(ch, "eth_feeHistory", params, &res, NULL, 0) != CHAIN_OK)
		return CHAIN_UNAVAILABLE;
	bases = json_object_get(res, "baseFeePerGas");
	reward = json_array_get(json_object_get(res, "reward"), 0);
	n = json_array_size(bases);
	*tip = 0;
	if (n > 0 && evm_qty_u64(json_array_get(bases, n - 1), base) == 0 &&
	    (reward == NULL || evm_qty_u64(json_array_get(reward, 0), tip) == 0))
		rc = CHAIN_OK;
	json_decref(res);
	if (rc == CHAIN_OK && reward == NULL &&
	    rpc_u64(ch, "eth_maxPriorityFeePerGas", NULL, tip) != CHAIN_OK)
		*tip = ch->evm.priority_fee_wei;
	return rc;
}

/* Fees to offer now, within the configured limits: the tip the chain
 * suggests (at most priority_fee_gwei) and twice the base fee on top, so
 * the transaction survives a few full blocks (at most max_fee_gwei). */
static enum chain_rc
offer(struct prov_chain *ch, struct chain_fees *fees, char *why, size_t cap)
{
	uint64_t base, tip;

	if (fees_now(ch, &base, &tip) != CHAIN_OK) {
		snprintf(why, cap, "the node did not tell its fees");
		return CHAIN_UNAVAILABLE;
	}
	if (tip > ch->evm.priority_fee_wei)
		tip = ch->evm.priority_fee_wei;
	if (base > ch->evm.max_fee_wei || tip > ch->evm.max_fee_wei - base) {
		snprintf(why, cap, "gas costs %llu wei now, above providers.evm.max_fee_gwei",
		    (unsigned long long)base);
		return CHAIN_UNAVAILABLE;
	}
	fees->priority_fee = tip;
	fees->max_fee = base <= (ch->evm.max_fee_wei - tip) / 2 ? 2 * base + tip :
	    ch->evm.max_fee_wei;
	return CHAIN_OK;
}

static enum chain_rc
evm_prepare(struct prov_chain *ch, const struct chain_move *m, struct chain_fees *fees,
    char *why, size_t cap)
{
	const struct chain_token *t;
	char to[43];
	struct buf data;
	json_t *res, *params;
	enum chain_rc rc;
	uint64_t gas;
	mpz_t units, have;

	memset(fees, 0, sizeof(*fees));
	if ((rc = check_chain(ch, why, cap)) != CHAIN_OK)
		return rc == CHAIN_MISCONFIGURED ? CHAIN_UNAVAILABLE : rc;
	buf_init(&data, DATA_MAX);
	mpz_inits(units, have, NULL);
	if ((rc = move_call(ch, m, to, &data, units, why, cap)) != CHAIN_OK)
		goto out;
	t = token_of(ch, m->asset);
	if (m->kind == CHAIN_CONVERT) {
		/* what the gateway would find: the coins, then the approval */
		if ((rc = token_read(ch, t->address, m->wallet, NULL, have)) != CHAIN_OK) {
			snprintf(why, cap, "the token's balance could not be read");
			goto out;
		}
		if (mpz_cmp(have, units) < 0) {
			snprintf(why, cap, "the wallet holds less than %s %s", m->amount, m->asset);
			rc = CHAIN_INSUFFICIENT;
			goto out;
		}
		if ((rc = token_read(ch, t->address, m->wallet, ch->evm.gateway, have)) != CHAIN_OK) {
			snprintf(why, cap, "the token's allowance could not be read");
			goto out;
		}
		if (mpz_cmp(have, units) < 0) {
			snprintf(why, cap, "the wallet has approved the gateway %s for less than "
			    "%s %s", ch->evm.gateway, m->amount, m->asset);
			rc = CHAIN_ALLOWANCE;
			goto out;
		}
	}
	/* a call that would revert is refused here, before anything is signed */
	params = json_pack("[{s:s,s:s,s:o}]", "from", ch->evm.operator_address, "to", to,
	    "data", hex_json(&data));
	if (params == NULL) {
		rc = CHAIN_UNAVAILABLE;
		goto out;
	}
	if ((rc = rpc(ch, "eth_estimateGas", params, &res, why, cap)) != CHAIN_OK)
		goto out;
	rc = evm_qty_u64(res, &gas) == 0 && gas > 0 && gas < (1ULL << 40) ?
	    CHAIN_OK : CHAIN_UNAVAILABLE;
	json_decref(res);
	if (rc != CHAIN_OK) {
		snprintf(why, cap, "the node's gas estimate is unusable");
		goto out;
	}
	/* the estimate and its margin, within the configured cap; an estimate
	 * above the cap is never signed (the move would run out of gas, or the
	 * node is wrong) */
	if (gas > ch->evm.gas_limit_cap) {
		snprintf(why, cap, "the node's gas estimate %llu exceeds providers.evm.gas_limit_cap "
		    "%llu", (unsigned long long)gas, ch->evm.gas_limit_cap);
		log_event("error", "chain: %s; nothing is signed", why);
		rc = CHAIN_UNAVAILABLE;
		goto out;
	}
	fees->gas_limit = gas + gas * GAS_MARGIN_PERCENT / 100;
	if (fees->gas_limit > ch->evm.gas_limit_cap)
		fees->gas_limit = ch->evm.gas_limit_cap;
	rc = offer(ch, fees, why, cap);
out:
	mpz_clears(units, have, NULL);
	buf_free(&data);
	return rc;
}

/* v raised by 12.5 % (rounded up) and by at least one wei. */
static unsigned long long
bump(unsigned long long v)
{
	unsigned long long b = v + (v + 7) / 8;

	return b > v ? b : v + 1;
}

static enum chain_rc
evm_reprice(struct prov_chain *ch, const struct chain_fees *old, struct chain_fees *fees)
{
	struct chain_fees now;
	char why[160];

	*fees = *old;
	if (check_chain(ch, why, sizeof(why)) != CHAIN_OK)
		return CHAIN_REJECTED;
	fees->priority_fee = bump(old->priority_fee);
	fees->max_fee = bump(old->max_fee);
	/* what the chain asks now, when that is more than the raise */
	if (offer(ch, &now, why, sizeof(why)) == CHAIN_OK) {
		if (now.max_fee > fees->max_fee)
			fees->max_fee = now.max_fee;
		if (now.priority_fee > fees->priority_fee)
			fees->priority_fee = now.priority_fee;
	}
	if (fees->max_fee > ch->evm.max_fee_wei && bump(old->max_fee) <= ch->evm.max_fee_wei)
		fees->max_fee = ch->evm.max_fee_wei;
	if (fees->max_fee > ch->evm.max_fee_wei || fees->priority_fee > fees->max_fee)
		return CHAIN_REJECTED;
	return CHAIN_OK;
}

/* evm_tx_sign_by's signer: the key store in arg. */
static int
sign_digest(void *arg, const unsigned char digest[32], unsigned char rs[64], int *recid)
{
	return keystore_sign(arg, digest, rs, recid);
}

static enum chain_rc
evm_sign(struct prov_chain *ch, const struct chain_move *m, unsigned long long nonce,
    const struct chain_fees *fees, struct chain_signed *out)
{
	unsigned char hash[32];
	char to[43], why[200], *hex = NULL;
	struct evm_tx tx;
	struct buf data, raw;
	enum chain_rc rc = CHAIN_UNAVAILABLE;
	mpz_t units;

	buf_init(&data, DATA_MAX);
	buf_init(&raw, EVM_TX_MAX);
	mpz_init(units);
	buf_reset(&out->raw);
	out->fees = *fees;
	if (move_call(ch, m, to, &data, units, why, sizeof(why)) != CHAIN_OK)
		goto out;
	memset(&tx, 0, sizeof(tx));
	tx.chain_id = ch->evm.chain_id;
	tx.nonce = nonce;
	tx.max_priority_fee = fees->priority_fee;
	tx.max_fee = fees->max_fee;
	tx.gas_limit = fees->gas_limit;
	tx.data = (const unsigned char *)data.data;
	tx.data_len = data.len;
	if (m->kind == CHAIN_GAS) { /* the value, big-endian in 32 bytes */
		size_t n = 0;

		mpz_export(tx.value + sizeof(tx.value) - mpz_sizeinbase(units, 256), &n, 1, 1, 1, 0,
		    units);
		if (mpz_sgn(units) == 0)
			memset(tx.value, 0, sizeof(tx.value));
	}
	if (evm_addr_parse(to, tx.to) != 0)
		goto out;
	/* only cediramp-signer holds a key store */
	if (ch->evm.keys == NULL) {
		log_event("error", "chain: only cediramp-signer signs (signer.socket)");
		goto out;
	}
	rc = evm_tx_sign_by(&tx, sign_digest, ch->evm.keys, &raw, hash) == 0 ? CHAIN_OK :
	    CHAIN_UNAVAILABLE;
	if (rc != CHAIN_OK)
		goto out;
	rc = CHAIN_UNAVAILABLE;
	if ((hex = malloc(2 * raw.len + 3)) == NULL)
		goto out;
	evm_hex((const unsigned char *)raw.data, raw.len, hex);
	if (buf_puts(&out->raw, hex) != 0)
		goto out;
	evm_hex(hash, sizeof(hash), out->hash);
	rc = CHAIN_OK;
out:
	free(hex);
	mpz_clear(units);
	buf_free(&data);
	buf_free(&raw);
	return rc;
}

/* The node's words for "this can never be accepted as it is". */
static int
says_funds(const char *msg)
{
	return strstr(msg, "insufficient funds") != NULL;
}

static enum chain_rc
evm_broadcast(struct prov_chain *ch, const struct chain_move *m, const struct chain_signed *s,
    char *why, size_t cap)
{
	struct evm_rpc_error err;
	json_t *res, *params;
	char hash[CHAIN_HASH_LEN + 1];
	enum chain_rc rc;

	(void)m;
	if ((rc = check_chain(ch, why, cap)) != CHAIN_OK)
		return CHAIN_UNAVAILABLE; /* nothing left this machine */
	params = json_pack("[s]", s->raw.data != NULL ? s->raw.data : "");
	if (params == NULL)
		return CHAIN_UNAVAILABLE;
	switch (evm_rpc_call(&ch->ep, "eth_sendRawTransaction", params, &res, &err)) {
	case EVM_RPC_OK:
		/* the node names the hash it took: it must be ours */
		rc = evm_hash_copy(res, hash) == 0 && strcmp(hash, s->hash) == 0 ?
		    CHAIN_OK : CHAIN_IN_DOUBT;
		json_decref(res);
		return rc;
	case EVM_RPC_ERROR:
		snprintf(why, cap, "%s", err.message[0] ? err.message :
		    "the node refused it without a message");
		if (evm_rpc_known(&err))
			return CHAIN_OK; /* it has it, or had it: ask for the receipt */
		return says_funds(err.message) ? CHAIN_INSUFFICIENT : CHAIN_REJECTED;
	default:
		snprintf(why, cap, "%s", err.message);
		return err.sent ? CHAIN_IN_DOUBT : CHAIN_UNAVAILABLE;
	}
}

/* The hash of block number (hex, or a tag), or "" when the node has none. */
static enum chain_rc
block_read(struct prov_chain *ch, json_t *number, char hash[CHAIN_HASH_LEN + 1],
    uint64_t *num, uint64_t *timestamp)
{
	json_t *res, *params = json_pack("[o,b]", number, 0);
	enum chain_rc rc = CHAIN_UNAVAILABLE;

	hash[0] = '\0';
	if (params == NULL || rpc(ch, "eth_getBlockByNumber", params, &res, NULL, 0) != CHAIN_OK)
		return CHAIN_UNAVAILABLE;
	if (json_is_null(res))
		rc = CHAIN_OK;
	else if (evm_hash_copy(json_object_get(res, "hash"), hash) == 0 &&
	    (num == NULL || evm_qty_u64(json_object_get(res, "number"), num) == 0) &&
	    (timestamp == NULL || evm_qty_u64(json_object_get(res, "timestamp"), timestamp) == 0))
		rc = CHAIN_OK;
	else
		hash[0] = '\0'; /* half a block is no block */
	json_decref(res);
	return rc;
}

static enum chain_rc
evm_receipt(struct prov_chain *ch, const char *tx_hash, struct chain_receipt *out)
{
	json_t *res, *params;
	char canonical[CHAIN_HASH_LEN + 1], why[160];
	uint64_t status, block, head;
	enum chain_rc rc;

	memset(out, 0, sizeof(*out));
	if ((rc = check_chain(ch, why, sizeof(why))) != CHAIN_OK)
		return CHAIN_UNAVAILABLE;
	if ((params = json_pack("[s]", tx_hash)) == NULL ||
	    rpc(ch, "eth_getTransactionReceipt", params, &res, NULL, 0) != CHAIN_OK)
		return CHAIN_UNAVAILABLE;
	if (json_is_null(res)) {
		json_decref(res);
		out->state = CHAIN_UNKNOWN;
		return CHAIN_OK;
	}
	rc = CHAIN_UNAVAILABLE;
	/* the receipt of the transaction asked about, not of another */
	if (evm_hash_copy(json_object_get(res, "transactionHash"), canonical) != 0 ||
	    strcasecmp(canonical, tx_hash) != 0)
		goto out;
	if (evm_qty_u64(json_object_get(res, "status"), &status) != 0 || status > 1 ||
	    evm_qty_u64(json_object_get(res, "blockNumber"), &block) != 0 ||
	    block > (1ULL << 62) ||
	    evm_hash_copy(json_object_get(res, "blockHash"), out->block_hash) != 0)
		goto out;
	out->block_number = (long long)block;
	if (rpc_u64(ch, "eth_blockNumber", NULL, &head) != CHAIN_OK ||
	    block_read(ch, evm_qty_json(block), canonical, NULL, NULL) != CHAIN_OK)
		goto out;
	rc = CHAIN_OK;
	out->state = CHAIN_PENDING;
	if (strcmp(canonical, out->block_hash) != 0) {
		/* the node is between two forks: its receipt's block is gone */
		out->confirmations = 0;
		goto out;
	}
	out->confirmations = head >= block ? head - block + 1 : 0;
	if (out->confirmations < ch->evm.confirmations)
		goto out; /* mined, not yet final: nothing may count it */
	out->state = status == 1 ? CHAIN_CONFIRMED : CHAIN_FAILED;
	if (status == 0)
		snprintf(out->reason, sizeof(out->reason),
		    "the gateway call reverted (transaction %.66s)", tx_hash);
out:
	json_decref(res);
	return rc;
}

static enum chain_rc
evm_next_nonce(struct prov_chain *ch, unsigned long long *out)
{
	json_t *params;
	char why[160];
	uint64_t n;

	if (check_chain(ch, why, sizeof(why)) != CHAIN_OK)
		return CHAIN_UNAVAILABLE;
	params = json_pack("[s,s]", ch->evm.operator_address, "pending");
	if (params == NULL || rpc_u64(ch, "eth_getTransactionCount", params, &n) != CHAIN_OK)
		return CHAIN_UNAVAILABLE;
	*out = n;
	return CHAIN_OK;
}

static enum chain_rc
evm_nonce_used(struct prov_chain *ch, unsigned long long nonce, int *used)
{
	uint64_t head, count;
	json_t *params;
	char why[160];

	*used = 0;
	if (check_chain(ch, why, sizeof(why)) != CHAIN_OK ||
	    rpc_u64(ch, "eth_blockNumber", NULL, &head) != CHAIN_OK || head > (1ULL << 62))
		return CHAIN_UNAVAILABLE;
	if (head + 1 < ch->evm.confirmations)
		return CHAIN_OK;
	/* the count as of the newest block with the confirmations on top */
	params = json_pack("[s,o]", ch->evm.operator_address,
	    evm_qty_json(head + 1 - ch->evm.confirmations));
	if (params == NULL || rpc_u64(ch, "eth_getTransactionCount", params, &count) != CHAIN_OK)
		return CHAIN_UNAVAILABLE;
	*used = count > nonce;
	return CHAIN_OK;
}

static enum chain_rc
evm_gas_balance(struct prov_chain *ch, char *out, size_t cap)
{
	json_t *res, *params;
	enum chain_rc rc = CHAIN_UNAVAILABLE;
	char why[160];
	mpz_t v;

	if (check_chain(ch, why, sizeof(why)) != CHAIN_OK)
		return CHAIN_UNAVAILABLE;
	params = json_pack("[s,s]", ch->evm.operator_address, "latest");
	if (params == NULL || rpc(ch, "eth_getBalance", params, &res, NULL, 0) != CHAIN_OK)
		return CHAIN_UNAVAILABLE;
	mpz_init(v);
	if (evm_qty_mpz(res, v) == 0 && evm_units_to_text(v, 18, 18, out, cap) == 0)
		rc = CHAIN_OK;
	mpz_clear(v);
	json_decref(res);
	return rc;
}

static enum prov_health
evm_health(struct prov_chain *ch)
{
	struct timespec t0, t1;
	char hash[CHAIN_HASH_LEN + 1], why[160];
	uint64_t head, ts;
	long long ms, now = (long long)time(NULL);

	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (check_chain(ch, why, sizeof(why)) != CHAIN_OK ||
	    rpc_u64(ch, "eth_blockNumber", NULL, &head) != CHAIN_OK ||
	    block_read(ch, evm_qty_json(head), hash, NULL, &ts) != CHAIN_OK || hash[0] == '\0')
		return PROV_DOWN;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ms = (t1.tv_sec - t0.tv_sec) * 1000LL + (t1.tv_nsec - t0.tv_nsec) / 1000000LL;
	/* a node that stopped following its chain answers, but stale (a
	 * timestamp ahead of this clock is fresh; an absurd one is not) */
	if (ts > (1ULL << 40) || ((long long)ts < now &&
	    now - (long long)ts > (long long)ch->evm.head_max_age_seconds))
		return PROV_DOWN;
	if (ms > ch->ep.timeout_ms / 2)
		return PROV_DEGRADED;
	/* nothing is signed while cediramp-signer does not answer: moves
	 * wait (withdrawals) or are refused (conversions) */
	if (ch->evm.keys == NULL) {
		struct signer_answer a;

		if (signer_status(ch->evm.signer_socket, &a) != SIGNER_OK)
			return PROV_DEGRADED;
	}
	return PROV_OPERATIONAL;
}

/* ---- deposits ---- */

static enum chain_rc
evm_head(struct prov_chain *ch, long long *out)
{
	char why[160];
	uint64_t n;

	if (check_chain(ch, why, sizeof(why)) != CHAIN_OK ||
	    rpc_u64(ch, "eth_blockNumber", NULL, &n) != CHAIN_OK || n > (1ULL << 62))
		return CHAIN_UNAVAILABLE;
	*out = (long long)n;
	return CHAIN_OK;
}

static enum chain_rc
evm_head_time(struct prov_chain *ch, long long *number, long long *unix_ts)
{
	char hash[CHAIN_HASH_LEN + 1], why[160];
	uint64_t head, ts;

	if (check_chain(ch, why, sizeof(why)) != CHAIN_OK ||
	    rpc_u64(ch, "eth_blockNumber", NULL, &head) != CHAIN_OK || head > (1ULL << 62) ||
	    block_read(ch, evm_qty_json(head), hash, NULL, &ts) != CHAIN_OK || hash[0] == '\0' ||
	    ts > (1ULL << 40))
		return CHAIN_UNAVAILABLE;
	*number = (long long)head;
	*unix_ts = (long long)ts;
	return CHAIN_OK;
}

static enum chain_rc
evm_block_hash(struct prov_chain *ch, long long number, char out[CHAIN_HASH_LEN + 1])
{
	char why[160];
	uint64_t n;
	enum chain_rc rc;

	out[0] = '\0';
	if (number < 0)
		return CHAIN_REJECTED;
	if (check_chain(ch, why, sizeof(why)) != CHAIN_OK)
		return CHAIN_UNAVAILABLE;
	rc = block_read(ch, evm_qty_json((uint64_t)number), out, &n, NULL);
	/* the block asked for, not another */
	if (rc == CHAIN_OK && out[0] != '\0' && n != (uint64_t)number) {
		out[0] = '\0';
		return CHAIN_UNAVAILABLE;
	}
	return rc;
}

/* A topic holding an address: 12 zero bytes, then the address. */
static int
topic_address(const json_t *topic, char out[43])
{
	unsigned char w[EVM_WORD];
	size_t i;

	if (evm_data_exact(topic, w, sizeof(w)) != 0)
		return -1;
	for (i = 0; i < EVM_WORD - EVM_ADDR_LEN; i++)
		if (w[i] != 0)
			return -1;
	evm_addr_format(w + EVM_WORD - EVM_ADDR_LEN, out);
	return 0;
}

/* One log of eth_getLogs into t; -1 when it is not a Transfer of a
 * configured token as asked (a node answering something else). */
static int
transfer_log(const struct prov_chain *ch, const json_t *log, const char *topic0,
    struct chain_transfer_log *t)
{
	const json_t *topics = json_object_get(log, "topics");
	const struct currency *cur;
	unsigned char w[EVM_WORD];
	char addr[43], to[43];
	uint64_t u;
	size_t i;
	mpz_t v;

	memset(t, 0, sizeof(*t));
	if (json_is_true(json_object_get(log, "removed")))
		return -1;
	if (!json_is_array(topics) || json_array_size(topics) != 3 ||
	    strcmp(json_string_value(json_array_get(topics, 0)) ?
	    json_string_value(json_array_get(topics, 0)) : "", topic0) != 0 ||
	    topic_address(json_array_get(topics, 1), t->sender) != 0 ||
	    topic_address(json_array_get(topics, 2), to) != 0 || strcmp(to, ch->evm.custody) != 0)
		return -1;
	if (!json_is_string(json_object_get(log, "address")) ||
	    strlen(json_string_value(json_object_get(log, "address"))) != 42)
		return -1;
	(void)strict_copy(addr, sizeof(addr), json_string_value(json_object_get(log, "address")));
	evm_addr_lower(addr);
	for (i = 0; i < CHAIN_ASSETS; i++)
		if (ch->evm.tokens[i].address[0] != '\0' &&
		    strcmp(ch->evm.tokens[i].address, addr) == 0)
			break;
	if (i == CHAIN_ASSETS || evm_data_exact(json_object_get(log, "data"), w, sizeof(w)) != 0 ||
	    evm_hash_copy(json_object_get(log, "transactionHash"), t->tx_hash) != 0 ||
	    evm_hash_copy(json_object_get(log, "blockHash"), t->block_hash) != 0 ||
	    evm_qty_u64(json_object_get(log, "logIndex"), &u) != 0)
		return -1;
	t->log_index = u;
	if (evm_qty_u64(json_object_get(log, "blockNumber"), &u) != 0 || u > (1ULL << 62))
		return -1;
	t->block_number = (long long)u;
	(void)strict_copy(t->asset, sizeof(t->asset), ch->evm.tokens[i].asset);
	(void)strict_copy(t->token, sizeof(t->token), addr);
	cur = currency_find(t->asset);
	mpz_init(v);
	evm_word_to_mpz(w, v);
	mpz_get_str(t->units, 10, v);
	/* exact at the asset's places and within what the service counts
	 * (money.h's integer digits), or left "" for an operator */
	if (cur == NULL || evm_units_to_text(v, ch->evm.tokens[i].decimals, cur->scale,
	    t->amount, sizeof(t->amount)) != 0 ||
	    strcspn(t->amount, ".") > MONEY_MAX_INT_DIGITS)
		t->amount[0] = '\0';
	mpz_clear(v);
	return 0;
}

static enum chain_rc
evm_transfers_in(struct prov_chain *ch, long long from, long long to,
    struct chain_transfer_log **out, size_t *n)
{
	char topic0[EVM_HASH_TEXT], custody[EVM_HASH_TEXT];
	unsigned char w[EVM_WORD] = { 0 };
	json_t *res, *params, *addresses = json_array();
	enum chain_rc rc = CHAIN_UNAVAILABLE;
	size_t i, count;

	*out = NULL;
	*n = 0;
	if (addresses == NULL || from < 0 || to < from ||
	    evm_addr_parse(ch->evm.custody, w + EVM_WORD - EVM_ADDR_LEN) != 0) {
		json_decref(addresses);
		return CHAIN_REJECTED;
	}
	if (check_chain(ch, custody, sizeof(custody)) != CHAIN_OK) {
		json_decref(addresses);
		return CHAIN_UNAVAILABLE;
	}
	evm_topic(EVM_EVENT_TRANSFER, topic0);
	evm_hex(w, sizeof(w), custody);
	for (i = 0; i < CHAIN_ASSETS; i++)
		if (ch->evm.tokens[i].address[0] != '\0')
			json_array_append_new(addresses, json_string(ch->evm.tokens[i].address));
	params = json_pack("[{s:o,s:o,s:o,s:[s,n,s]}]", "fromBlock",
	    evm_qty_json((uint64_t)from), "toBlock", evm_qty_json((uint64_t)to),
	    "address", addresses, "topics", topic0, custody);
	if (params == NULL || rpc(ch, "eth_getLogs", params, &res, NULL, 0) != CHAIN_OK)
		return CHAIN_UNAVAILABLE;
	if (!json_is_array(res))
		goto out;
	count = json_array_size(res);
	if (count > 0 && (*out = calloc(count, sizeof(**out))) == NULL)
		goto out;
	for (i = 0; i < count; i++) {
		if (transfer_log(ch, json_array_get(res, i), topic0, &(*out)[i]) != 0 ||
		    (*out)[i].block_number < from || (*out)[i].block_number > to) {
			free(*out);
			*out = NULL;
			goto out; /* one bad log spoils the range: ask again later */
		}
	}
	*n = count;
	rc = CHAIN_OK;
out:
	json_decref(res);
	return rc;
}

const struct chain_adapter chain_evm = {
	.name = "evm",
	.open = evm_open,
	.wallet_ok = evm_addr_ok,
	.signer = evm_signer,
	.nonces = 1,
	.prepare = evm_prepare,
	.reprice = evm_reprice,
	.sign = evm_sign,
	.broadcast = evm_broadcast,
	.receipt = evm_receipt,
	.next_nonce = evm_next_nonce,
	.nonce_used = evm_nonce_used,
	.balance = evm_balance,
	.faucet = NULL,
	.gas_balance = evm_gas_balance,
	.health = evm_health,
	.head = evm_head,
	.block_hash = evm_block_hash,
	.transfers_in = evm_transfers_in,
	.head_time = evm_head_time,
};
