#include "domain/onchain.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/currency.h"
#include "core/log.h"
#include "core/metrics.h"
#include "core/money.h"
#include "core/strict.h"
#include "providers/registry.h"
#include "providers/signer_client.h"
#include "store/db_sig.h"

#define CHECK_AGAIN_SECONDS 2 /* a sandbox mint's next look */

struct send {
	char ref[ID_MAX], purpose[16];
	char sender[43];
	unsigned long long nonce;
	int has_nonce;
	char wallet[129], asset[8], amount[MONEY_MAX_TEXT];
	char tx_hash[CHAIN_HASH_LEN + 1];
	unsigned long long attempts, broadcasts;
	char status[16];
	char mined_hash[CHAIN_HASH_LEN + 1], mined_block_hash[CHAIN_HASH_LEN + 1];
	long long mined_block;
	char reason[201];
	long long signed_age;
};

static int
cell_uint(const struct db_rows *r, size_t col, unsigned long long *out)
{
	const char *v = db_cell(r, 0, col);

	return v != NULL && strict_uint(v, strlen(v), ~0ULL, out) == 0 ? 0 : -1;
}

/* Reads ref's send (locked when lock, inside a transaction): DB_OK, DB_DUP
 * for none, or the db's error. */
static int
send_load(struct db *db, const char *ref, int lock, struct send *s)
{
	const struct currency *cur;
	unsigned long long u;
	struct db_rows rows;
	int rc;

	memset(s, 0, sizeof(*s));
	if ((rc = lock ? DB_EXEC(db, DB_CHAIN_SEND_LOCK, by_id, &rows, NULL, .id = ref) :
	    DB_EXEC(db, DB_CHAIN_SEND_GET, by_id, &rows, NULL, .id = ref)) != DB_OK)
		return rc;
	rc = DB_DUP;
	if (rows.nrows != 1)
		goto out;
	rc = DB_FAIL;
	if (rows.ncols != DB_NCOLS(oc_send))
		goto out;
#define SC(name) DB_COL(oc_send, name)
	db_cell_copy(s->ref, sizeof(s->ref), &rows, 0, SC(ref_id));
	db_cell_copy(s->purpose, sizeof(s->purpose), &rows, 0, SC(purpose));
	db_cell_copy(s->sender, sizeof(s->sender), &rows, 0, SC(sender));
	s->has_nonce = cell_uint(&rows, SC(nonce), &s->nonce) == 0;
	db_cell_copy(s->wallet, sizeof(s->wallet), &rows, 0, SC(wallet));
	db_cell_copy(s->asset, sizeof(s->asset), &rows, 0, SC(asset));
	cur = currency_find(s->asset);
	if (cur == NULL || money_normalize(db_cell(&rows, 0, SC(amount)), 18, cur->scale,
	    s->amount, sizeof(s->amount)) != 0)
		goto out;
	db_cell_copy(s->tx_hash, sizeof(s->tx_hash), &rows, 0, SC(tx_hash));
	if (cell_uint(&rows, SC(attempts), &s->attempts) != 0 ||
	    cell_uint(&rows, SC(broadcasts), &s->broadcasts) != 0)
		goto out;
	db_cell_copy(s->status, sizeof(s->status), &rows, 0, SC(status));
	db_cell_copy(s->mined_hash, sizeof(s->mined_hash), &rows, 0, SC(mined_hash));
	s->mined_block = cell_uint(&rows, SC(mined_block), &u) == 0 ? (long long)u : -1;
	db_cell_copy(s->mined_block_hash, sizeof(s->mined_block_hash), &rows, 0,
	    SC(mined_block_hash));
	db_cell_copy(s->reason, sizeof(s->reason), &rows, 0, SC(failure_reason));
	s->signed_age = cell_uint(&rows, SC(signed_age), &u) == 0 ? (long long)u : 0;
#undef SC
	rc = DB_OK;
out:
	db_rows_free(&rows);
	return rc;
}

/* The move a stored send signed. */
static struct chain_move
send_move(const struct send *s)
{
	struct chain_move m;

	m.kind = strcmp(s->purpose, ONCHAIN_MINT) == 0 ? CHAIN_MINT : CHAIN_CONVERT;
	m.ref = s->ref;
	m.wallet = s->wallet;
	m.asset = s->asset;
	m.amount = s->amount;
	return m;
}

/* The newest attempt of ref into out (raw initialised by the caller). */
static int
newest_attempt(struct db *db, const char *ref, struct chain_signed *out,
    unsigned long long *attempt)
{
	struct db_rows rows;
	const char *raw;
	int rc;

	if ((rc = DB_EXEC(db, DB_CHAIN_TX_NEWEST, by_id, &rows, NULL, .id = ref)) != DB_OK)
		return rc;
	rc = DB_FAIL;
	if (rows.nrows == 1 &&
	    cell_uint(&rows, DB_COL(oc_tx, gas_limit), &out->fees.gas_limit) == 0 &&
	    cell_uint(&rows, DB_COL(oc_tx, max_fee_wei), &out->fees.max_fee) == 0 &&
	    cell_uint(&rows, DB_COL(oc_tx, priority_fee_wei), &out->fees.priority_fee) == 0 &&
	    cell_uint(&rows, DB_COL(oc_tx, attempt), attempt) == 0) {
		db_cell_copy(out->hash, sizeof(out->hash), &rows, 0, DB_COL(oc_tx, tx_hash));
		buf_reset(&out->raw);
		raw = db_cell(&rows, 0, DB_COL(oc_tx, raw));
		if (buf_puts(&out->raw, raw ? raw : "") == 0)
			rc = DB_OK;
	}
	db_rows_free(&rows);
	return rc;
}

/* ---- prepare and record ---- */

enum chain_rc
onchain_prepare(struct ctx *ctx, const struct chain_move *m, struct chain_fees *fees,
    char *why, size_t cap)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);

	/* the estimate runs as the operator: cediramp-signer must say who */
	if (ch->ops->nonces && ch->ops->signer(ch) == NULL) {
		snprintf(why, cap, "cediramp-signer does not answer");
		return CHAIN_SIGNER;
	}
	return ch->ops->prepare(ch, m, fees, why, cap);
}

int
onchain_attempt_insert(struct db *db, const char *ref, unsigned long long attempt,
    const struct chain_signed *s)
{
	return DB_EXEC(db, DB_CHAIN_TX_INSERT, oc_tx_insert, NULL, NULL, .tx_hash = s->hash,
	    .ref_id = ref, .attempt = (long long)attempt,
	    .raw = (struct db_bytes){ s->raw.data ? s->raw.data : "", s->raw.len },
	    .gas_limit = (long long)s->fees.gas_limit, .max_fee_wei = (long long)s->fees.max_fee,
	    .priority_fee_wei = (long long)s->fees.priority_fee);
}

/* The simulator's move (no key, no nonce), stored in the caller's
 * transaction. */
static int
record_unsigned(struct ctx *ctx, const char *purpose, const struct chain_move *m,
    const struct chain_fees *fees, char hash[CHAIN_HASH_LEN + 1])
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	struct chain_signed s;
	int rc;

	buf_init(&s.raw, CHAIN_RAW_TEXT_MAX);
	if (ch->ops->sign(ch, m, 0, fees, &s) != CHAIN_OK) {
		log_event("error", "chain: %s %s could not be made", purpose, m->ref);
		rc = DB_FAIL;
		goto out;
	}
	if ((rc = DB_EXEC(ctx->db, DB_CHAIN_SEND_INSERT, oc_send_insert, NULL, NULL,
	    .ref_id = m->ref, .purpose = purpose, .chain_id = (long long)ch->chain_id,
	    .sender = NULL, .nonce = NULL, .wallet = m->wallet, .asset = m->asset,
	    .amount = m->amount, .tx_hash = s.hash)) != DB_OK ||
	    (rc = onchain_attempt_insert(ctx->db, m->ref, 1, &s)) != DB_OK)
		goto out;
	(void)strict_copy(hash, CHAIN_HASH_LEN + 1, s.hash);
out:
	buf_free(&s.raw);
	return rc;
}

/* A request the signer may have received (it took the request and gave
 * no answer: killed before it answered, say) is asked again, under the
 * same ref, for this long: the signer answers what it stored (the same
 * transaction, never a second one at another nonce) once the keeper has
 * started it again. */
#define SIGNER_DOUBT_MS 8000

/* m asked of the signer, and again while in doubt (above). */
static enum signer_rc
ask_signer(struct ctx *ctx, const char *purpose, const struct chain_move *m,
    const struct chain_fees *fees, struct signer_answer *a)
{
	enum signer_rc rc = signer_move(ctx->cfg.signer_socket, purpose, m, fees, a);
	struct timespec pause = { 0, 100 * 1000000L };
	long waited = 0;

	if (rc != SIGNER_IN_DOUBT)
		return rc; /* an answer, or nothing asked: nothing stored */
	while (waited < SIGNER_DOUBT_MS) {
		(void)nanosleep(&pause, NULL);
		waited += 100;
		rc = signer_move(ctx->cfg.signer_socket, purpose, m, fees, a);
		if (rc == SIGNER_OK || rc == SIGNER_REFUSED)
			return rc;
	}
	return SIGNER_IN_DOUBT; /* it may hold a send: the gap filler's, unless owned */
}

int
onchain_record(struct ctx *ctx, const char *purpose, const struct chain_move *m,
    const struct chain_fees *fees, char hash[CHAIN_HASH_LEN + 1], struct onchain_refusal *no)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	struct signer_answer a;
	enum signer_rc rc;
	char labels[96];

	hash[0] = '\0';
	no->rc = SIGNER_OK;
	no->reason[0] = '\0';
	if (!ch->ops->nonces)
		return record_unsigned(ctx, purpose, m, fees, hash);
	rc = ask_signer(ctx, purpose, m, fees, &a);
	if (rc == SIGNER_OK && strict_copy(hash, CHAIN_HASH_LEN + 1, a.hash) == 0 &&
	    strlen(hash) == CHAIN_HASH_LEN)
		return DB_OK;
	no->rc = rc == SIGNER_OK ? SIGNER_IN_DOUBT : rc;
	snprintf(labels, sizeof(labels), "purpose=\"%s\",why=\"%s\"", purpose,
	    rc == SIGNER_REFUSED ? "refused" : "down");
	metrics_count("cediramp_signer_unsigned_total", labels, 1);
	if (rc == SIGNER_REFUSED)
		metrics_latest_set("cediramp_signer_last_refusal_timestamp_seconds", "",
		    (int64_t)time(NULL));
	(void)strict_copy(no->reason, sizeof(no->reason), a.reason[0] ? a.reason :
	    "the signer's answer had no hash");
	log_event(rc == SIGNER_REFUSED ? "warn" : "error", "chain: %s %s not signed: %s%s",
	    purpose, m->ref, rc == SIGNER_REFUSED ? "cediramp-signer refused it: " :
	    "cediramp-signer: ", no->reason);
	hash[0] = '\0';
	return DB_FAIL;
}

/* ---- broadcast ---- */

/* Broadcasts s (the signed move of send), counted first. */
static enum chain_rc
broadcast_signed(struct ctx *ctx, const struct send *send, const struct chain_signed *s,
    char *why, size_t cap)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	struct chain_move m = send_move(send);
	enum chain_rc rc;

	if (DB_EXEC(ctx->db, DB_CHAIN_SEND_BROADCAST, by_id, NULL, NULL, .id = send->ref) != DB_OK) {
		snprintf(why, cap, "the database did not count the broadcast");
		return CHAIN_UNAVAILABLE; /* not counted, so not sent */
	}
	why[0] = '\0';
	rc = ch->ops->broadcast(ch, &m, s, why, cap);
	if (rc != CHAIN_OK && rc != CHAIN_IN_DOUBT)
		log_event(ch->ops->nonces ? "error" : "warn",
		    "chain: %s %s (%s) not accepted: %s", send->purpose, send->ref, s->hash, why);
	return rc;
}

enum chain_rc
onchain_broadcast(struct ctx *ctx, const char *ref, char *why, size_t cap)
{
	struct chain_signed s;
	unsigned long long attempt;
	struct send send;
	enum chain_rc rc = CHAIN_UNAVAILABLE;

	snprintf(why, cap, "the database is unavailable");
	buf_init(&s.raw, CHAIN_RAW_TEXT_MAX);
	if (send_load(ctx->db, ref, 0, &send) == DB_OK &&
	    newest_attempt(ctx->db, ref, &s, &attempt) == DB_OK)
		rc = broadcast_signed(ctx, &send, &s, why, cap);
	buf_free(&s.raw);
	return rc;
}

/* ---- advance ---- */

/* The send's final state, recorded once (whoever is first). */
static int
finish(struct ctx *ctx, const struct send *send, enum onchain_state state,
    const char *hash, const struct chain_receipt *r, const char *reason)
{
	return DB_EXEC(ctx->db, DB_CHAIN_SEND_FINAL, oc_final, NULL, NULL,
	    .status = state == ONCHAIN_CONFIRMED ? "confirmed" : "failed",
	    .reason = state == ONCHAIN_CONFIRMED ? NULL : reason, .mined_hash = hash,
	    .mined_block = r != NULL ? &r->block_number : NULL,
	    .mined_block_hash = r != NULL && r->block_hash[0] ? r->block_hash : NULL,
	    .ref_id = send->ref);
}

/* out from a send already final. */
static void
from_final(const struct send *s, struct onchain_result *out)
{
	out->state = strcmp(s->status, "confirmed") == 0 ? ONCHAIN_CONFIRMED : ONCHAIN_FAILED;
	(void)strict_copy(out->hash, sizeof(out->hash), s->mined_hash[0] ? s->mined_hash :
	    s->tx_hash);
	out->block = s->mined_block > 0 ? s->mined_block : 0;
	(void)strict_copy(out->reason, sizeof(out->reason), s->reason);
}

/* The receipt of whichever attempt the chain has (at most one: they share
 * a nonce). CHAIN_OK with *r (UNKNOWN: none) and its hash, or
 * CHAIN_UNAVAILABLE. */
static enum chain_rc
find_receipt(struct ctx *ctx, const char *ref, struct chain_receipt *r,
    char hash[CHAIN_HASH_LEN + 1])
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	struct db_rows rows;
	enum chain_rc rc = CHAIN_OK;
	size_t i;

	memset(r, 0, sizeof(*r));
	r->state = CHAIN_UNKNOWN;
	if (DB_EXEC(ctx->db, DB_CHAIN_TX_HASHES, by_id, &rows, NULL, .id = ref) != DB_OK)
		return CHAIN_UNAVAILABLE;
	for (i = 0; i < rows.nrows && rc == CHAIN_OK; i++) {
		db_cell_copy(hash, CHAIN_HASH_LEN + 1, &rows, i, DB_COL(oc_hash, tx_hash));
		rc = ch->ops->receipt(ch, hash, r);
		if (rc == CHAIN_OK && r->state != CHAIN_UNKNOWN)
			break;
	}
	db_rows_free(&rows);
	return rc == CHAIN_OK ? CHAIN_OK : CHAIN_UNAVAILABLE;
}

/*
 * Asks cediramp-signer for a replacement of send's newest attempt (number
 * attempt, fees in s): the same nonce, fees raised. It stores it beside
 * the others unless another process replaced it first; either way s then
 * holds the newest attempt. 1 when replaced by this call, 0 when not, -1
 * when the signer or the database failed.
 */
static int
replace(struct ctx *ctx, const struct send *send, struct chain_signed *s,
    unsigned long long *attempt)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	struct signer_answer a;
	struct chain_fees fees;
	enum signer_rc rc;

	if (ch->ops->reprice(ch, &s->fees, &fees) != CHAIN_OK) {
		log_event("warn", "chain: %s %s is stuck and providers.evm.max_fee_gwei "
		    "leaves no room to raise its fees", send->purpose, send->ref);
		return 0;
	}
	rc = signer_replace(ctx->cfg.signer_socket, send->ref, *attempt, &fees, &a);
	if (rc != SIGNER_OK) {
		log_event(rc == SIGNER_REFUSED ? "warn" : "error", "chain: replacing %s: "
		    "cediramp-signer %s: %s", send->ref, rc == SIGNER_REFUSED ? "refused" :
		    "did not answer", a.reason);
		return -1;
	}
	if (newest_attempt(ctx->db, send->ref, s, attempt) != DB_OK)
		return -1;
	return strcmp(s->hash, a.hash) == 0 && s->fees.max_fee == fees.max_fee ? 1 : 0;
}

/* Nothing on chain has any of send's attempts: the same bytes again, or a
 * replacement once the newest is old enough. reorged: a reorg just took it
 * out of a block (the node no longer has it, however new it is). */
static void
send_again(struct ctx *ctx, const struct send *send, struct onchain_result *out,
    int reorged)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	unsigned long long attempt;
	struct chain_signed s;
	char why[200];
	enum chain_rc rc;
	int replaced;

	/* signed and sent this very second (the signer's own broadcast, a
	 * moment ago): the node has it; the next look sends it again */
	if (!reorged && send->signed_age < 1 && send->broadcasts > 0)
		return;
	buf_init(&s.raw, CHAIN_RAW_TEXT_MAX);
	if (newest_attempt(ctx->db, send->ref, &s, &attempt) != DB_OK)
		goto out;
	if (ch->ops->reprice != NULL && send->has_nonce &&
	    send->signed_age >= (long long)ch->evm.replace_after_seconds) {
		if ((replaced = replace(ctx, send, &s, &attempt)) < 0)
			goto out;
		if (replaced)
			log_event("warn", "chain: %s %s not mined after %lld s; replaced by %s "
			    "(attempt %llu, max fee %llu wei)", send->purpose, send->ref,
			    send->signed_age, s.hash, attempt, s.fees.max_fee);
	}
	rc = broadcast_signed(ctx, send, &s, why, sizeof(why));
	if (!send->has_nonce && (rc == CHAIN_INSUFFICIENT || rc == CHAIN_REJECTED)) {
		/* the simulator said no: nothing moved and no nonce is in use */
		out->state = ONCHAIN_REFUSED;
		out->refusal = rc;
		(void)strict_copy(out->reason, sizeof(out->reason), why);
	}
out:
	buf_free(&s.raw);
}

int
onchain_advance(struct ctx *ctx, const char *ref, struct onchain_result *out)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	char hash[CHAIN_HASH_LEN + 1];
	struct chain_receipt r;
	struct send send;
	int used = 0;

	memset(out, 0, sizeof(*out));
	out->state = ONCHAIN_PENDING;
	if (send_load(ctx->db, ref, 0, &send) != DB_OK)
		return -1;
	if (strcmp(send.status, "sent") != 0) {
		from_final(&send, out);
		return 0;
	}
	if (find_receipt(ctx, ref, &r, hash) != CHAIN_OK) {
		out->unavailable = 1; /* the chain did not answer: later */
		return 0;
	}
	if (r.state == CHAIN_UNKNOWN && send.has_nonce && ch->ops->nonce_used != NULL &&
	    ch->ops->nonce_used(ch, send.nonce, &used) == CHAIN_OK && used &&
	    find_receipt(ctx, ref, &r, hash) == CHAIN_OK && r.state == CHAIN_UNKNOWN) {
		/* buried under the confirmations, and none of ours: never ours */
		(void)snprintf(out->reason, sizeof(out->reason), "nonce %llu of %s was used by "
		    "another transaction (is the operator key used outside cediramp?)",
		    send.nonce, send.sender);
		log_event("error", "chain: %s %s: %s", send.purpose, ref, out->reason);
		if (finish(ctx, &send, ONCHAIN_FAILED, NULL, NULL, out->reason) != DB_OK)
			return -1;
		out->state = ONCHAIN_FAILED;
		return 0;
	}
	switch (r.state) {
	case CHAIN_CONFIRMED:
	case CHAIN_FAILED:
		if (finish(ctx, &send, r.state == CHAIN_CONFIRMED ? ONCHAIN_CONFIRMED :
		    ONCHAIN_FAILED, hash, &r, r.reason) != DB_OK)
			return -1;
		/* whoever recorded it first decides; read what was kept */
		if (send_load(ctx->db, ref, 0, &send) != DB_OK)
			return -1;
		from_final(&send, out);
		return 0;
	case CHAIN_PENDING:
		if (r.block_number <= 0)
			return 0; /* not mined (the simulator's pending) */
		if (send.mined_block_hash[0] != '\0' &&
		    strcmp(send.mined_block_hash, r.block_hash) != 0)
			log_event("warn", "chain: %s %s moved from block %lld (%s) to %lld (%s): "
			    "a reorg; counting its confirmations again", send.purpose, ref,
			    send.mined_block, send.mined_block_hash, r.block_number, r.block_hash);
		return DB_EXEC(ctx->db, DB_CHAIN_SEND_SEEN, oc_seen, NULL, NULL, .mined_hash = hash,
		    .mined_block = &r.block_number,
		    .mined_block_hash = r.block_hash[0] ? r.block_hash : NULL,
		    .ref_id = ref) == DB_OK ? 0 : -1;
	default:
		break;
	}
	if (send.mined_block > 0) {
		/* seen mined before, gone now: a reorg took its block away */
		log_event("warn", "chain: %s %s: its receipt in block %lld is gone (a reorg); "
		    "broadcasting it again", send.purpose, ref, send.mined_block);
		if (DB_EXEC(ctx->db, DB_CHAIN_SEND_SEEN, oc_seen, NULL, NULL, .ref_id = ref) != DB_OK)
			return -1;
	}
	send_again(ctx, &send, out, send.mined_block > 0);
	return 0;
}

struct mint {
	struct ctx *ctx;
	const struct chain_move *move;
	const struct chain_fees *fees;
	char hash[CHAIN_HASH_LEN + 1];
	struct onchain_refusal no;
};

static int
mint_tx(struct db *db, void *arg)
{
	struct mint *k = arg;

	(void)db;
	return onchain_record(k->ctx, ONCHAIN_MINT, k->move, k->fees, k->hash, &k->no);
}

enum chain_rc
onchain_mint(struct ctx *ctx, const char *wallet, const char *asset, const char *amount,
    char ref[ID_MAX], char hash[CHAIN_HASH_LEN + 1], char *why, size_t cap)
{
	struct chain_move move;
	struct chain_fees fees;
	struct mint k;
	enum chain_rc rc;

	if (id_new(ref, ID_MAX, "mn_") != 0) {
		snprintf(why, cap, "no id");
		return CHAIN_UNAVAILABLE;
	}
	move = (struct chain_move){ CHAIN_MINT, ref, wallet, asset, amount };
	if ((rc = onchain_prepare(ctx, &move, &fees, why, cap)) != CHAIN_OK)
		return rc;
	memset(&k, 0, sizeof(k));
	k.ctx = ctx;
	k.move = &move;
	k.fees = &fees;
	if (db_tx(ctx->db, mint_tx, &k) != DB_OK) {
		if (k.no.rc != SIGNER_OK) {
			snprintf(why, cap, "cediramp-signer: %s", k.no.reason);
			return CHAIN_SIGNER;
		}
		snprintf(why, cap, "the mint could not be stored");
		return CHAIN_UNAVAILABLE;
	}
	(void)strict_copy(hash, CHAIN_HASH_LEN + 1, k.hash);
	rc = onchain_broadcast(ctx, ref, why, cap);
	return rc == CHAIN_IN_DOUBT ? CHAIN_OK : rc; /* stored: the worker sees it through */
}

int
onchain_forget(struct db *db, const char *ref)
{
	return DB_EXEC(db, DB_CHAIN_SEND_DELETE, by_id, NULL, NULL, .id = ref);
}

int
onchain_claim(struct ctx *ctx, int n, int lease_seconds, char (*out)[ID_MAX])
{
	return db_claim(ctx->db, DB_CHAIN_SEND_CLAIM, DB_CHAIN_SEND_LEASE, n, lease_seconds,
	    out[0], ID_MAX);
}

int
onchain_settle(struct ctx *ctx, const char *ref)
{
	struct onchain_result r;

	if (onchain_advance(ctx, ref, &r) != 0)
		return -1;
	if (r.state == ONCHAIN_PENDING || r.state == ONCHAIN_REFUSED) {
		(void)DB_EXEC(ctx->db, DB_CHAIN_SEND_CHECK_LATER, oc_later, NULL, NULL,
		    .seconds = CHECK_AGAIN_SECONDS, .id = ref);
		return 0;
	}
	return 1;
}
