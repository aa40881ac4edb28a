#include "domain/signing.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/currency.h"
#include "core/log.h"
#include "core/money.h"
#include "core/strict.h"
#include "domain/onchain.h"
#include "domain/signer_keys.h"
#include "providers/evm_abi.h"
#include "providers/registry.h"
#include "store/db_sig.h"

#define REF_MAX 64

static void
refuse(struct signing_answer *a, const char *code, const char *fmt, ...)
{
	va_list ap;

	a->code = code;
	va_start(ap, fmt);
	vsnprintf(a->reason, sizeof(a->reason), fmt, ap);
	va_end(ap);
}

int
signing_journal(struct db *db, const struct signing_request *r, const char *decision,
    const struct signing_answer *a)
{
	long long nonce = (long long)a->nonce;

	return DB_EXEC(db, DB_SIGNER_JOURNAL, sg_journal, NULL, NULL,
	    .caller_uid = (long long)r->uid, .op = r->op, .purpose = r->purpose,
	    .ref_id = r->ref, .asset = r->asset, .amount = r->amount, .wallet = r->wallet,
	    .decision = decision, .reason = a->reason[0] ? a->reason : NULL,
	    .signer = a->signer[0] ? a->signer : NULL, .nonce = a->hash[0] ? &nonce : NULL,
	    .tx_hash = a->hash[0] ? a->hash : NULL);
}

void
signing_journal_refusal(struct ctx *ctx, const struct signing_request *r, const char *code,
    const char *reason)
{
	struct signing_answer a;

	memset(&a, 0, sizeof(a));
	(void)strict_copy(a.reason, sizeof(a.reason), reason);
	if (signing_journal(ctx->db, r, code, &a) != DB_OK)
		log_event("error", "signer: the journal did not take a %s: %s", code,
		    db_error(ctx->db));
}

/* The index of asset among the chain's configured tokens, or -1. */
static int
coin_index(struct prov_chain *ch, const char *asset)
{
	int i;

	for (i = 0; asset != NULL && i < CHAIN_ASSETS; i++)
		if (strcmp(ch->evm.tokens[i].asset, asset) == 0 &&
		    ch->evm.tokens[i].address[0] != '\0')
			return i;
	return -1;
}

/* ---- the request's own shape (no database) ---- */

static int
ref_ok(const char *ref)
{
	size_t i, n = ref != NULL ? strlen(ref) : 0;

	if (n == 0 || n > REF_MAX)
		return 0;
	for (i = 0; i < n; i++)
		if (!((ref[i] >= 'a' && ref[i] <= 'z') || (ref[i] >= 'A' && ref[i] <= 'Z') ||
		    (ref[i] >= '0' && ref[i] <= '9') || ref[i] == '_' || ref[i] == '-'))
			return 0;
	return 1;
}

/* Whether fees are within the policy (and sane). */
static int
fees_ok(const struct ctx *ctx, const struct chain_fees *f, struct signing_answer *a)
{
	if (f->gas_limit < 21000 || f->max_fee == 0 || f->priority_fee > f->max_fee) {
		refuse(a, "bad_request", "the fees are not a transaction's");
		return 0;
	}
	if (f->gas_limit > ctx->cfg.signer_max_gas) {
		refuse(a, "refused", "gas limit %llu is above signer.max_gas (%llu)",
		    f->gas_limit, ctx->cfg.signer_max_gas);
		return 0;
	}
	if (f->max_fee > ctx->cfg.signer_max_fee_wei) {
		refuse(a, "refused", "max fee %llu wei per gas is above signer.max_fee_gwei "
		    "(%llu wei)", f->max_fee, ctx->cfg.signer_max_fee_wei);
		return 0;
	}
	return 1;
}

/* A move's fields: 1 when well formed, else 0 with a. */
static int
move_shape(struct ctx *ctx, const struct signing_request *r, struct signing_answer *a)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	const struct currency *cur = r->asset != NULL ? currency_find(r->asset) : NULL;
	mpz_t units;
	int ok;

	if (!ref_ok(r->ref)) {
		refuse(a, "bad_request", "ref must be 1 to %d letters, digits, _ or -", REF_MAX);
		return 0;
	}
	if (strcmp(r->op, "convert") == 0 && (r->purpose == NULL ||
	    (strcmp(r->purpose, ONCHAIN_CONVERSION) != 0 &&
	    strcmp(r->purpose, ONCHAIN_WITHDRAWAL) != 0))) {
		refuse(a, "bad_request", "purpose must be conversion or withdrawal");
		return 0;
	}
	if (cur == NULL || coin_index(ch, r->asset) < 0) {
		refuse(a, "refused", "%s is not a token configured on this chain",
		    r->asset != NULL ? r->asset : "(no asset)");
		return 0;
	}
	if (r->wallet == NULL || !evm_addr_ok(r->wallet)) {
		refuse(a, "bad_request", "wallet must be an address");
		return 0;
	}
	mpz_init(units);
	ok = r->amount != NULL && money_parse(r->amount, cur->scale, units) == MONEY_OK &&
	    mpz_sgn(units) > 0;
	mpz_clear(units);
	if (!ok) {
		refuse(a, "bad_request", "amount must be a positive decimal of %s", r->asset);
		return 0;
	}
	return fees_ok(ctx, &r->fees, a);
}

/* ---- the policy (inside the transaction, under the nonce's lock) ---- */

/* Signatures within the last minute against signer.max_signatures_per_minute:
 * 1 when one more may go, 0 (a) when not, -1 on a database error. */
static int
rate_ok(struct db *db, const struct ctx *ctx, struct signing_answer *a)
{
	unsigned long long n;
	struct db_rows rows;
	const char *v;
	int ok;

	if (DB_EXEC(db, DB_SIGNER_SIGNED_MINUTE, no_args, &rows, NULL) != DB_OK)
		return -1;
	v = rows.nrows == 1 ? db_cell(&rows, 0, DB_COL(count, total)) : NULL;
	ok = v != NULL && strict_uint(v, strlen(v), ~0ULL, &n) == 0;
	db_rows_free(&rows);
	if (!ok)
		return -1;
	if (n >= ctx->cfg.signer_per_minute) {
		refuse(a, "refused", "%llu signatures within the last minute: "
		    "signer.max_signatures_per_minute is %llu", n, ctx->cfg.signer_per_minute);
		return 0;
	}
	return 1;
}

/* The coin's caps: a transaction's most, and the last day's sum. */
static int
caps_ok(struct db *db, struct ctx *ctx, const struct signing_request *r,
    struct signing_answer *a)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	const struct currency *cur = currency_find(r->asset);
	int i = coin_index(ch, r->asset), rc = -1;
	const char *max = ctx->cfg.signer_max_per_tx[i], *cap = ctx->cfg.signer_cap_24h[i];
	char day[MONEY_MAX_TEXT], after[MONEY_MAX_TEXT];
	struct db_rows rows;
	mpz_t sum, amount;

	if (money_cmp_text(r->amount, max, cur->scale) > 0) {
		refuse(a, "refused", "%s %s is above signer.max_per_tx.%s (%s)", r->amount,
		    r->asset, r->asset, max);
		return 0;
	}
	if (DB_EXEC(db, DB_SIGNER_SIGNED_DAY, sg_asset, &rows, NULL, .asset = r->asset) != DB_OK)
		return -1;
	mpz_inits(sum, amount, NULL);
	if (rows.nrows == 1 && money_normalize(db_cell(&rows, 0, DB_COL(sg_sum, total)), 18,
	    cur->scale, day, sizeof(day)) == 0 && money_parse(day, cur->scale, sum) == MONEY_OK &&
	    money_parse(r->amount, cur->scale, amount) == MONEY_OK) {
		mpz_add(sum, sum, amount);
		rc = 1;
		if (money_format(sum, cur->scale, after, sizeof(after)) != 0)
			rc = -1;
		else if (money_cmp_text(after, cap, cur->scale) > 0) {
			refuse(a, "refused", "%s %s would make %s %s within 24 h, above "
			    "signer.cap_24h.%s (%s)", r->amount, r->asset, after, r->asset,
			    r->asset, cap);
			rc = 0;
		}
	}
	mpz_clears(sum, amount, NULL);
	db_rows_free(&rows);
	return rc;
}

/* What a move may do, by its purpose: 1, 0 (a), -1. */
static int
purpose_ok(struct db *db, struct ctx *ctx, const struct signing_request *r,
    struct signing_answer *a)
{
	const char *custody = ctx->cfg.chain_custody_wallet;
	const struct currency *cur = currency_find(r->asset);
	char amount[MONEY_MAX_TEXT];
	struct db_rows rows;
	int rc;

	if (strcmp(r->op, "mint") == 0) {
		if (!ctx->cfg.signer_mints) {
			refuse(a, "refused", "mint is signed in the sandbox only");
			return 0;
		}
		return 1;
	}
	if (strcmp(r->purpose, ONCHAIN_CONVERSION) == 0) {
		/* the custody wallet's coins move for a withdrawal only */
		if (strcasecmp(r->wallet, custody) == 0) {
			refuse(a, "refused", "the custody wallet moves only for a withdrawal");
			return 0;
		}
		return 1;
	}
	if (strcasecmp(r->wallet, custody) != 0) {
		refuse(a, "refused", "a withdrawal moves the custody wallet's coins only");
		return 0;
	}
	if (DB_EXEC(db, DB_SIGNER_WITHDRAWAL, by_id, &rows, NULL, .id = r->ref) != DB_OK)
		return -1;
	rc = rows.nrows == 1 &&
	    strcmp(db_cell(&rows, 0, DB_COL(sg_withdrawal, currency)), r->asset) == 0 &&
	    money_normalize(db_cell(&rows, 0, DB_COL(sg_withdrawal, amount)), 18, cur->scale,
	    amount, sizeof(amount)) == 0 && money_cmp_text(amount, r->amount, cur->scale) == 0;
	db_rows_free(&rows);
	if (!rc)
		refuse(a, "refused", "no pending withdrawal %s of %s %s is on record", r->ref,
		    r->amount, r->asset);
	return rc;
}

/* ---- the nonce ---- */

int
signing_take_nonce(struct db *db, struct prov_chain *ch, const char *signer,
    unsigned long long *nonce, struct signing_answer *a)
{
	struct db_rows rows;
	unsigned long long n;
	int rc, tries;

	for (tries = 0; tries < 2; tries++) {
		if ((rc = DB_EXEC(db, DB_CHAIN_NONCE_LOCK, oc_signer, &rows, NULL,
		    .chain_id = (long long)ch->chain_id, .address = signer)) != DB_OK)
			return rc;
		if (rows.nrows == 1) {
			const char *v = db_cell(&rows, 0, DB_COL(oc_nonce, next_nonce));

			rc = v != NULL && strict_uint(v, strlen(v), ~0ULL, nonce) == 0 ? DB_OK :
			    DB_FAIL;
			db_rows_free(&rows);
			if (rc != DB_OK)
				return rc;
			return DB_EXEC(db, DB_CHAIN_NONCE_TAKE, oc_signer, NULL, NULL,
			    .chain_id = (long long)ch->chain_id, .address = signer);
		}
		db_rows_free(&rows);
		/* the first move of this key on this chain: the node's count */
		if (ch->ops->next_nonce(ch, &n) != CHAIN_OK) {
			refuse(a, "unavailable", "the node's nonce count could not be read");
			return DB_FAIL;
		}
		if ((rc = DB_EXEC(db, DB_CHAIN_NONCE_SEED, oc_nonce_seed, NULL, NULL,
		    .chain_id = (long long)ch->chain_id, .address = signer,
		    .next_nonce = (long long)n)) != DB_OK)
			return rc;
		log_event("info", "signer: nonces of %s on chain %llu start at %llu", signer,
		    ch->chain_id, n);
	}
	return DB_FAIL;
}

/* ---- a send on record ---- */

struct stored {
	char purpose[16], sender[43], wallet[129], asset[8], amount[MONEY_MAX_TEXT];
	char tx_hash[CHAIN_HASH_LEN + 1], status[16];
	unsigned long long nonce, attempts;
};

/* ref's send, locked: DB_OK, DB_DUP for none, or the error. */
static int
stored_load(struct db *db, const char *ref, struct stored *s)
{
	const struct currency *cur;
	struct db_rows rows;
	const char *v;
	int rc;

	memset(s, 0, sizeof(*s));
	if ((rc = DB_EXEC(db, DB_CHAIN_SEND_LOCK, by_id, &rows, NULL, .id = ref)) != DB_OK)
		return rc;
	rc = DB_DUP;
	if (rows.nrows != 1)
		goto out;
	rc = DB_FAIL;
#define SC(name) DB_COL(oc_send, name)
	db_cell_copy(s->purpose, sizeof(s->purpose), &rows, 0, SC(purpose));
	db_cell_copy(s->sender, sizeof(s->sender), &rows, 0, SC(sender));
	db_cell_copy(s->wallet, sizeof(s->wallet), &rows, 0, SC(wallet));
	db_cell_copy(s->asset, sizeof(s->asset), &rows, 0, SC(asset));
	db_cell_copy(s->tx_hash, sizeof(s->tx_hash), &rows, 0, SC(tx_hash));
	db_cell_copy(s->status, sizeof(s->status), &rows, 0, SC(status));
	cur = currency_find(s->asset);
	if (cur == NULL || money_normalize(db_cell(&rows, 0, SC(amount)), 18, cur->scale,
	    s->amount, sizeof(s->amount)) != 0)
		goto out;
	v = db_cell(&rows, 0, SC(nonce));
	if (v != NULL && strict_uint(v, strlen(v), ~0ULL, &s->nonce) != 0)
		goto out;
	v = db_cell(&rows, 0, SC(attempts));
	if (v == NULL || strict_uint(v, strlen(v), ~0ULL, &s->attempts) != 0)
		goto out;
#undef SC
	rc = DB_OK;
out:
	db_rows_free(&rows);
	return rc;
}

/* Whether a stored send is the move r asks for. */
static int
same_move(const struct stored *s, const struct signing_request *r)
{
	const char *purpose = strcmp(r->op, "mint") == 0 ? ONCHAIN_MINT : r->purpose;
	const struct currency *cur = currency_find(s->asset);

	return strcmp(s->purpose, purpose) == 0 && strcasecmp(s->wallet, r->wallet) == 0 &&
	    strcmp(s->asset, r->asset) == 0 && cur != NULL &&
	    money_cmp_text(s->amount, r->amount, cur->scale) == 0;
}

/* ---- move ---- */

struct decide {
	struct ctx *ctx;
	struct signer_keys *keys; /* replace: the key of the send's sender */
	const struct signing_request *r;
	struct signing_answer *a;
	const char *decision; /* what the journal says, once decided */
};

/* After a decision with nothing else to write: into the journal. */
static int
decided(struct db *db, struct decide *k, const char *decision)
{
	k->decision = decision;
	return signing_journal(db, k->r, decision, k->a);
}

static int
move_tx(struct db *db, void *arg)
{
	struct decide *k = arg;
	const struct signing_request *r = k->r;
	struct signing_answer *a = k->a;
	struct prov_chain *ch = providers_chain(&k->ctx->prov);
	const char *signer = ch->ops->signer(ch);
	int mint = strcmp(r->op, "mint") == 0, rc, ok;
	struct chain_move m = { mint ? CHAIN_MINT : CHAIN_CONVERT, r->ref, r->wallet, r->asset,
		r->amount };
	long long nonce_arg;
	struct chain_signed s;
	struct stored old;

	memset(a, 0, sizeof(*a));
	k->decision = NULL;
	(void)strict_copy(a->signer, sizeof(a->signer), signer);
	/* the nonce's lock first: every decision of this key, one at a time */
	if ((rc = signing_take_nonce(db, ch, signer, &a->nonce, a)) != DB_OK)
		return rc;
	rc = stored_load(db, r->ref, &old);
	if (rc == DB_OK) {
		if (!same_move(&old, r)) {
			refuse(a, "refused", "%s was signed for another move", r->ref);
			return DB_FAIL; /* the nonce taken goes back */
		}
		/* asked again (a lost answer, a caller's retry): the same one */
		(void)strict_copy(a->hash, sizeof(a->hash), old.tx_hash);
		(void)strict_copy(a->signer, sizeof(a->signer), old.sender);
		a->nonce = old.nonce;
		k->decision = "repeated";
		return DB_FAIL; /* nothing to keep but the journal's line, written after */
	}
	if (rc != DB_DUP)
		return rc;
	if ((ok = purpose_ok(db, k->ctx, r, a)) <= 0 ||
	    (ok = caps_ok(db, k->ctx, r, a)) <= 0 || (ok = rate_ok(db, k->ctx, a)) <= 0)
		return DB_FAIL; /* a refusal (a), or the database's error */
	buf_init(&s.raw, CHAIN_RAW_TEXT_MAX);
	if (ch->ops->sign(ch, &m, a->nonce, &r->fees, &s) != CHAIN_OK) {
		buf_free(&s.raw);
		refuse(a, "unavailable", "the key store did not sign");
		return DB_FAIL;
	}
	nonce_arg = (long long)a->nonce;
	if ((rc = DB_EXEC(db, DB_CHAIN_SEND_INSERT, oc_send_insert, NULL, NULL,
	    .ref_id = r->ref, .purpose = mint ? ONCHAIN_MINT : r->purpose,
	    .chain_id = (long long)ch->chain_id, .sender = signer, .nonce = &nonce_arg,
	    .wallet = r->wallet, .asset = r->asset, .amount = r->amount,
	    .tx_hash = s.hash)) == DB_OK &&
	    (rc = onchain_attempt_insert(db, r->ref, 1, &s)) == DB_OK) {
		(void)strict_copy(a->hash, sizeof(a->hash), s.hash);
		rc = decided(db, k, "signed");
	}
	buf_free(&s.raw);
	return rc;
}

/* A decision's transaction, then the journal's line of one that wrote
 * nothing else (a repeat, a refusal: its transaction rolled back). */
static void
decide(struct ctx *ctx, struct signer_keys *keys, db_tx_fn fn, const struct signing_request *r,
    struct signing_answer *a)
{
	struct decide k = { ctx, keys, r, a, NULL };
	int rc = db_tx(ctx->db, fn, &k);

	if (rc == DB_OK) {
		a->stored = 1;
		return; /* signed, journalled with it */
	}
	if (k.decision != NULL && strcmp(k.decision, "repeated") == 0) {
		a->code = NULL; /* asked again: the answer on record */
		signing_journal_refusal(ctx, r, "repeated", a->reason);
		return;
	}
	if (a->code == NULL) {
		refuse(a, "unavailable", "the database is unavailable");
		log_event("error", "signer: %s %s: %s", r->op, r->ref, db_error(ctx->db));
	}
	a->hash[0] = '\0';
	signing_journal_refusal(ctx, r, a->code, a->reason);
	log_event(strcmp(a->code, "unavailable") == 0 ? "error" : "warn", "signer: %s %s %s: %s",
	    r->op, r->purpose != NULL ? r->purpose : "", r->ref, a->reason);
}

void
signing_move(struct ctx *ctx, const struct signing_request *r, struct signing_answer *a)
{
	memset(a, 0, sizeof(*a));
	if (!move_shape(ctx, r, a)) {
		signing_journal_refusal(ctx, r, a->code, a->reason);
		return;
	}
	decide(ctx, NULL, move_tx, r, a);
}

/* ---- replace ---- */

/* at least 12.5 % above v (EIP-1559 nodes refuse less) */
static unsigned long long
raised(unsigned long long v)
{
	return v + (v + 7) / 8;
}

static int
replace_tx(struct db *db, void *arg)
{
	struct decide *k = arg;
	const struct signing_request *r = k->r;
	struct signing_answer *a = k->a;
	struct prov_chain *ch = providers_chain(&k->ctx->prov);
	struct keystore *key, *was;
	struct chain_signed newest, s;
	struct chain_move m;
	struct stored old;
	struct db_rows rows;
	struct db_res res;
	int rc, ok;

	memset(a, 0, sizeof(*a));
	k->decision = NULL;
	if ((rc = stored_load(db, r->ref, &old)) == DB_DUP) {
		refuse(a, "refused", "no send %s is on record", r->ref);
		return DB_FAIL;
	}
	if (rc != DB_OK)
		return rc;
	(void)strict_copy(a->signer, sizeof(a->signer), old.sender);
	a->nonce = old.nonce;
	if (strcmp(old.status, "sent") != 0 || old.attempts != r->attempt) {
		/* final, or replaced meanwhile: what is on record answers */
		(void)strict_copy(a->hash, sizeof(a->hash), old.tx_hash);
		k->decision = "repeated";
		return DB_FAIL;
	}
	/* the key that signed it (during a rotation, the old one too) */
	if ((key = signer_keys_find(k->keys, old.sender)) == NULL) {
		refuse(a, "refused", "%s was signed by %s, not by a key this signer holds", r->ref,
		    old.sender);
		return DB_FAIL;
	}
	if ((rc = DB_EXEC(db, DB_CHAIN_TX_NEWEST, by_id, &rows, NULL, .id = r->ref)) != DB_OK)
		return rc;
	ok = rows.nrows == 1 &&
	    strict_uint(db_cell(&rows, 0, DB_COL(oc_tx, max_fee_wei)), strlen(db_cell(&rows, 0,
	    DB_COL(oc_tx, max_fee_wei))), ~0ULL, &newest.fees.max_fee) == 0 &&
	    strict_uint(db_cell(&rows, 0, DB_COL(oc_tx, priority_fee_wei)), strlen(db_cell(&rows,
	    0, DB_COL(oc_tx, priority_fee_wei))), ~0ULL, &newest.fees.priority_fee) == 0;
	db_rows_free(&rows);
	if (!ok)
		return DB_FAIL;
	if (r->fees.max_fee < raised(newest.fees.max_fee) ||
	    r->fees.priority_fee < raised(newest.fees.priority_fee)) {
		refuse(a, "refused", "a replacement's fees must be 12.5 %% above the last "
		    "attempt's (%llu and %llu wei)", newest.fees.max_fee,
		    newest.fees.priority_fee);
		return DB_FAIL;
	}
	if ((ok = rate_ok(db, k->ctx, a)) <= 0)
		return DB_FAIL;
	m = (struct chain_move){ strcmp(old.purpose, ONCHAIN_MINT) == 0 ? CHAIN_MINT :
		CHAIN_CONVERT, r->ref, old.wallet, old.asset, old.amount };
	buf_init(&s.raw, CHAIN_RAW_TEXT_MAX);
	was = signer_keys_use(ch, key);
	ok = ch->ops->sign(ch, &m, old.nonce, &r->fees, &s) == CHAIN_OK;
	(void)signer_keys_use(ch, was);
	if (!ok) {
		buf_free(&s.raw);
		refuse(a, "unavailable", "the key store did not sign");
		return DB_FAIL;
	}
	if ((rc = onchain_attempt_insert(db, r->ref, old.attempts + 1, &s)) == DB_OK &&
	    (rc = DB_EXEC(db, DB_CHAIN_SEND_REPLACED, oc_replaced, NULL, &res,
	    .tx_hash = s.hash, .ref_id = r->ref, .attempts = (long long)old.attempts)) == DB_OK) {
		(void)strict_copy(a->hash, sizeof(a->hash), s.hash);
		rc = res.affected == 1 ? decided(db, k, "signed") : DB_FAIL;
	}
	buf_free(&s.raw);
	return rc;
}

void
signing_replace(struct ctx *ctx, struct signer_keys *keys, const struct signing_request *r,
    struct signing_answer *a)
{
	memset(a, 0, sizeof(*a));
	if (!ref_ok(r->ref)) {
		refuse(a, "bad_request", "ref must be 1 to %d letters, digits, _ or -", REF_MAX);
		signing_journal_refusal(ctx, r, a->code, a->reason);
		return;
	}
	if (!fees_ok(ctx, &r->fees, a)) {
		signing_journal_refusal(ctx, r, a->code, a->reason);
		return;
	}
	decide(ctx, keys, replace_tx, r, a);
}

/* ---- fills ---- */

/* The send holding the node's next nonce, as the sweep reads it. */
struct at_nonce {
	char ref[ID_MAX], status[16], reason[201];
	unsigned long long broadcasts, age, signed_age;
	int owned;
};

/* The send of nonce: 1 with *at, 0 when none holds it, -1 on error. */
static int
send_at(struct ctx *ctx, struct prov_chain *ch, const char *signer,
    unsigned long long nonce, struct at_nonce *at)
{
	struct db_rows rows;
	const char *v;
	int rc = -1;

	memset(at, 0, sizeof(*at));
	if (DB_EXEC(ctx->db, DB_SIGNER_SEND_AT, sg_nonce, &rows, NULL,
	    .chain_id = (long long)ch->chain_id, .sender = signer,
	    .nonce = (long long)nonce) != DB_OK)
		return -1;
	if (rows.nrows == 0) {
		rc = 0;
		goto out;
	}
#define AT(name) db_cell(&rows, 0, DB_COL(sg_at, name))
	db_cell_copy(at->ref, sizeof(at->ref), &rows, 0, DB_COL(sg_at, ref_id));
	db_cell_copy(at->status, sizeof(at->status), &rows, 0, DB_COL(sg_at, status));
	db_cell_copy(at->reason, sizeof(at->reason), &rows, 0, DB_COL(sg_at, failure_reason));
	if ((v = AT(broadcasts)) == NULL || strict_uint(v, strlen(v), ~0ULL, &at->broadcasts) ||
	    (v = AT(age)) == NULL || strict_uint(v, strlen(v), ~0ULL, &at->age) ||
	    (v = AT(signed_age)) == NULL || strict_uint(v, strlen(v), ~0ULL, &at->signed_age) ||
	    (v = AT(owned)) == NULL)
		goto out;
	at->owned = strcmp(v, "0") != 0;
	rc = 1;
#undef AT
out:
	db_rows_free(&rows);
	return rc;
}

struct fill {
	struct ctx *ctx;
	const char *ref;
	unsigned long long nonce;
	const struct chain_fees *fees;
	struct chain_signed s;
	int filled;
};

/* In one transaction: the send still unbroadcast and unowned, a fill
 * signed at its nonce, stored as its newest attempt, the send failed as
 * void, the fill journalled. */
static int
fill_tx(struct db *db, void *arg)
{
	struct fill *k = arg;
	struct prov_chain *ch = providers_chain(&k->ctx->prov);
	const char *signer = ch->ops->signer(ch);
	struct chain_move m = { CHAIN_FILL, k->ref, signer, "", "0" };
	struct signing_request r = { 0, "fill", NULL, k->ref, NULL, signer, "0", 0, *k->fees };
	struct signing_answer a;
	struct at_nonce at;
	struct stored old;
	struct db_res res;
	int rc;

	k->filled = 0;
	memset(&a, 0, sizeof(a));
	r.uid = geteuid();
	if ((rc = stored_load(db, k->ref, &old)) != DB_OK)
		return rc;
	if (send_at(k->ctx, ch, signer, k->nonce, &at) != 1 || at.owned ||
	    strcmp(old.status, "sent") != 0 || at.broadcasts != 0)
		return DB_OK; /* owned, sent or settled meanwhile: nothing to fill */
	buf_reset(&k->s.raw);
	if (ch->ops->sign(ch, &m, k->nonce, k->fees, &k->s) != CHAIN_OK)
		return DB_FAIL;
	snprintf(a.reason, sizeof(a.reason), "void: %s %s was never broadcast and nothing "
	    "owns it (its owner never committed); nonce %llu filled by a zero-value "
	    "transfer to the operator", old.purpose, k->ref, k->nonce);
	if ((rc = onchain_attempt_insert(db, k->ref, old.attempts + 1, &k->s)) != DB_OK ||
	    (rc = DB_EXEC(db, DB_SIGNER_VOID, sg_void, NULL, &res, .tx_hash = k->s.hash,
	    .reason = a.reason, .ref_id = k->ref)) != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_FAIL;
	(void)strict_copy(a.hash, sizeof(a.hash), k->s.hash);
	(void)strict_copy(a.signer, sizeof(a.signer), signer);
	a.nonce = k->nonce;
	if ((rc = signing_journal(db, &r, "signed", &a)) != DB_OK)
		return rc;
	k->filled = 1;
	return DB_OK;
}

/* The newest attempt of ref broadcast (counted first). */
static void
rebroadcast(struct ctx *ctx, const char *ref)
{
	char why[200];

	(void)onchain_broadcast(ctx, ref, why, sizeof(why));
}

/* The fills one sweep may make: orphans in a row (a crash storm) are filled
 * one after another, since the node counts a broadcast fill at once. */
#define SWEEP_FILLS_MAX 32

/* The orphan at the node's next nonce filled: 1 when one was, else 0. */
static int
sweep_once(struct ctx *ctx)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	const char *signer = ch->ops->signer(ch);
	struct chain_fees zero = { 21000, 0, 0 }, fees;
	unsigned long long next;
	struct at_nonce at;
	struct fill k;

	if (signer == NULL || ch->ops->next_nonce(ch, &next) != CHAIN_OK ||
	    send_at(ctx, ch, signer, next, &at) != 1)
		return 0; /* the node's next nonce is nobody's: nothing waits on it */
	if (strcmp(at.status, "failed") == 0 && strncmp(at.reason, "void:", 5) == 0) {
		/* its fill, not mined yet: out again */
		if (at.signed_age >= 5)
			rebroadcast(ctx, at.ref);
		return 0;
	}
	if (strcmp(at.status, "sent") != 0 || at.owned || at.broadcasts != 0 ||
	    at.age < ctx->cfg.signer_void_after_seconds)
		return 0;
	/* an orphan holds the next nonce: every later transaction waits */
	if (ch->ops->reprice(ch, &zero, &fees) != CHAIN_OK)
		return 0;
	fees.gas_limit = 21000;
	memset(&k, 0, sizeof(k));
	k.ctx = ctx;
	k.ref = at.ref;
	k.nonce = next;
	k.fees = &fees;
	buf_init(&k.s.raw, CHAIN_RAW_TEXT_MAX);
	if (db_tx(ctx->db, fill_tx, &k) != DB_OK)
		log_event("error", "signer: filling nonce %llu of %s failed: %s", next, at.ref,
		    db_error(ctx->db));
	else if (k.filled) {
		log_event("warn", "signer: %s was never broadcast and nothing owns it; nonce %llu "
		    "filled by %s", at.ref, next, k.s.hash);
		rebroadcast(ctx, at.ref);
	}
	buf_free(&k.s.raw);
	return k.filled;
}

void
signing_sweep(struct ctx *ctx)
{
	int n;

	for (n = 0; n < SWEEP_FILLS_MAX && sweep_once(ctx); n++)
		;
}
