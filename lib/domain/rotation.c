#include "domain/rotation.h"

#include <gmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/log.h"
#include "core/strict.h"
#include "domain/signing.h"
#include "providers/evm_abi.h"
#include "providers/registry.h"
#include "store/db_sig.h"

#define STEPS_AT_ONCE 8
#define GAS_TRANSFER 21000ULL
#define GAS_SET_OPERATOR 100000ULL

struct rot {
	unsigned long long id, step_age;
	char old[43], fresh[43], name[64], step[16];
};

/* The least a rotation stays draining: the web programs ask the signer
 * for the key that signs again once their answer is 5 s old (chain_evm.c)
 * and estimate a move's gas from it, so the old key stays an operator
 * until they all know the new one. */
#define DRAIN_MIN_SECONDS 6

/* The open rotation of the chain: 1 with *r, 0 for none, -1 on error. */
static int
rot_load(struct ctx *ctx, struct rot *r)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	struct db_rows rows;
	const char *v;
	int rc;

	memset(r, 0, sizeof(*r));
	if (DB_EXEC(ctx->db, DB_ROT_OPEN, sg_chain, &rows, NULL,
	    .chain_id = (long long)ch->chain_id) != DB_OK)
		return -1;
	rc = rows.nrows == 1;
	if (rc) {
		v = db_cell(&rows, 0, DB_COL(sg_rot, id));
		rc = v != NULL && strict_uint(v, strlen(v), ~0ULL, &r->id) == 0 ? 1 : -1;
		v = db_cell(&rows, 0, DB_COL(sg_rot, step_age));
		if (v == NULL || strict_uint(v, strlen(v), ~0ULL, &r->step_age) != 0)
			r->step_age = 0;
		db_cell_copy(r->old, sizeof(r->old), &rows, 0, DB_COL(sg_rot, old_address));
		db_cell_copy(r->fresh, sizeof(r->fresh), &rows, 0, DB_COL(sg_rot, new_address));
		db_cell_copy(r->name, sizeof(r->name), &rows, 0, DB_COL(sg_rot, key_name));
		db_cell_copy(r->step, sizeof(r->step), &rows, 0, DB_COL(sg_rot, step));
	}
	db_rows_free(&rows);
	return rc;
}

/* A line of the journal about rotation r (op rotate, purpose its step). */
static void
rot_journal(struct db *db, const struct rot *r, uid_t uid, const char *decision,
    const struct signing_answer *a)
{
	char ref[32];
	struct signing_request q;

	snprintf(ref, sizeof(ref), "rotation-%llu", r->id);
	memset(&q, 0, sizeof(q));
	q.uid = uid;
	q.op = "rotate";
	q.purpose = r->step;
	q.ref = r->id != 0 ? ref : NULL;
	q.wallet = r->fresh[0] != '\0' ? r->fresh : NULL;
	if (signing_journal(db, &q, decision, a) != DB_OK)
		log_event("error", "signer: the journal did not take rotation %llu's line: %s",
		    r->id, db_error(db));
}

/* r one step further (to; fresh: the new key's address once made; why:
 * a failure's reason), journalled. 0, or -1. */
static int
rot_step(struct ctx *ctx, struct rot *r, const char *to, const char *fresh, const char *why)
{
	struct signing_answer a;
	struct db_res res;

	if (DB_EXEC(ctx->db, DB_ROT_STEP, sg_rot_step, NULL, &res, .step = to, .reason = why,
	    .new_address = fresh, .id = (long long)r->id, .from_step = r->step) != DB_OK ||
	    res.affected != 1)
		return -1;
	(void)strict_copy(r->step, sizeof(r->step), to);
	if (fresh != NULL)
		(void)strict_copy(r->fresh, sizeof(r->fresh), fresh);
	memset(&a, 0, sizeof(a));
	snprintf(a.reason, sizeof(a.reason), "rotation %llu of %s: %s%s%s", r->id, r->old, to,
	    why != NULL ? ": " : "", why != NULL ? why : "");
	rot_journal(ctx->db, r, geteuid(), strcmp(to, "failed") == 0 ? "refused" : "step", &a);
	log_event(strcmp(to, "failed") == 0 ? "error" : "info", "signer: %s", a.reason);
	return 0;
}

/* ---- a step's transaction ---- */

struct step_tx {
	struct ctx *ctx;
	const struct rot *r;
	const struct chain_move *m;
	const struct chain_fees *fees;
	const char *sender;
	struct chain_signed s;
	unsigned long long nonce;
};

/* In one transaction: the sender's next nonce, the signature, the row,
 * the journal's line. */
static int
step_tx_store(struct db *db, void *arg)
{
	struct step_tx *k = arg;
	struct prov_chain *ch = providers_chain(&k->ctx->prov);
	struct signing_answer a;
	int rc;

	memset(&a, 0, sizeof(a));
	if ((rc = signing_take_nonce(db, ch, k->sender, &k->nonce, &a)) != DB_OK)
		return rc;
	buf_reset(&k->s.raw);
	if (ch->ops->sign(ch, k->m, k->nonce, k->fees, &k->s) != CHAIN_OK)
		return DB_FAIL;
	if ((rc = DB_EXEC(db, DB_ROT_TX_INSERT, sg_rot_tx, NULL, NULL,
	    .rotation_id = (long long)k->r->id, .step = k->r->step, .sender = k->sender,
	    .nonce = (long long)k->nonce, .tx_hash = k->s.hash, .raw = k->s.raw.data,
	    .value_wei = k->m->kind == CHAIN_GAS ? k->m->amount : "0")) != DB_OK)
		return rc;
	(void)strict_copy(a.signer, sizeof(a.signer), k->sender);
	(void)strict_copy(a.hash, sizeof(a.hash), k->s.hash);
	a.nonce = k->nonce;
	snprintf(a.reason, sizeof(a.reason), "rotation %llu: %s", k->r->id, k->r->step);
	rot_journal(db, k->r, geteuid(), "signed", &a);
	return DB_OK;
}

enum gas_part { GAS_NONE, GAS_HALF, GAS_REST };

/* The wei key has (as the node says) into wei: 0, or -1. */
static int
gas_of(struct prov_chain *ch, mpz_t wei)
{
	char text[96];

	return ch->ops->gas_balance(ch, text, sizeof(text)) == CHAIN_OK &&
	    evm_units_from_text(text, 18, wei) == 0 ? 0 : -1;
}

/*
 * Signs, stores and broadcasts r's step's transaction: m sent by key
 * (with part: that part of key's gas as m's value). 0 when stored (or
 * nothing to send: 1), -1 when it could not be.
 */
static int
step_tx_send(struct ctx *ctx, const struct rot *r, struct keystore *key, struct chain_move *m,
    enum gas_part part)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	struct keystore *was = signer_keys_use(ch, key);
	struct chain_fees zero = { 0, 0, 0 }, fees;
	struct step_tx k;
	char value[96], why[200];
	mpz_t wei, cost;
	int rc = -1;

	mpz_inits(wei, cost, NULL);
	zero.gas_limit = m->kind == CHAIN_GAS ? GAS_TRANSFER : GAS_SET_OPERATOR;
	if (ch->ops->reprice(ch, &zero, &fees) != CHAIN_OK)
		goto out;
	fees.gas_limit = zero.gas_limit;
	if (part != GAS_NONE) {
		if (gas_of(ch, wei) != 0)
			goto out;
		if (part == GAS_HALF) {
			mpz_fdiv_q_2exp(wei, wei, 1);
		} else { /* all but what this transfer may cost */
			mpz_set_ui(cost, fees.max_fee);
			mpz_mul_ui(cost, cost, fees.gas_limit);
			mpz_sub(wei, wei, cost);
		}
		if (mpz_sgn(wei) <= 0) {
			rc = 1; /* nothing to move */
			goto out;
		}
		gmp_snprintf(value, sizeof(value), "%Zd", wei);
		m->amount = value;
	}
	memset(&k, 0, sizeof(k));
	k.ctx = ctx;
	k.r = r;
	k.m = m;
	k.fees = &fees;
	k.sender = keystore_address(key);
	buf_init(&k.s.raw, CHAIN_RAW_TEXT_MAX);
	if (db_tx(ctx->db, step_tx_store, &k) == DB_OK) {
		rc = 0;
		if (ctx->cfg.signer_test_kill_after_store)
			raise(SIGKILL); /* stored, not broadcast: the next signer sends it */
		if (ch->ops->broadcast(ch, m, &k.s, why, sizeof(why)) != CHAIN_OK)
			log_event("warn", "signer: rotation %llu: %s %s not taken yet (sent again "
			    "until it is): %s", r->id, r->step, k.s.hash, why);
	} else {
		log_event("error", "signer: rotation %llu: %s not stored: %s", r->id, r->step,
		    db_error(ctx->db));
	}
	buf_free(&k.s.raw);
out:
	mpz_clears(wei, cost, NULL);
	(void)signer_keys_use(ch, was);
	return rc;
}

/*
 * r's step's transaction: sent once (m by key, with part of its gas),
 * then followed. 1 when mined with the confirmations (or there was
 * nothing to send), 0 while not yet, -1 when it failed (why).
 */
static int
step_tx(struct ctx *ctx, const struct rot *r, struct keystore *key, struct chain_move *m,
    enum gas_part part, char *why, size_t cap)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	struct chain_receipt rc;
	struct chain_signed s;
	char status[16];
	struct db_rows rows;
	int n;

	if (DB_EXEC(ctx->db, DB_ROT_TX, sg_rot_step_of, &rows, NULL,
	    .rotation_id = (long long)r->id, .step = r->step) != DB_OK)
		return 0;
	if (rows.nrows == 0) {
		db_rows_free(&rows);
		return step_tx_send(ctx, r, key, m, part) == 1 ? 1 : 0;
	}
	buf_init(&s.raw, CHAIN_RAW_TEXT_MAX);
	db_cell_copy(s.hash, sizeof(s.hash), &rows, 0, DB_COL(sg_rot_tx, tx_hash));
	db_cell_copy(status, sizeof(status), &rows, 0, DB_COL(sg_rot_tx, status));
	(void)buf_puts(&s.raw, db_cell(&rows, 0, DB_COL(sg_rot_tx, raw)));
	db_rows_free(&rows);
	n = strcmp(status, "confirmed") == 0 ? 1 : strcmp(status, "failed") == 0 ? -1 : 0;
	if (n == 0 && ch->ops->receipt(ch, s.hash, &rc) == CHAIN_OK) {
		if (rc.state == CHAIN_CONFIRMED || rc.state == CHAIN_FAILED) {
			n = rc.state == CHAIN_CONFIRMED ? 1 : -1;
			snprintf(why, cap, "%s reverted: %s", s.hash, rc.reason);
			(void)DB_EXEC(ctx->db, DB_ROT_TX_SETTLE, sg_rot_settle, NULL, NULL,
			    .status = n == 1 ? "confirmed" : "failed",
			    .rotation_id = (long long)r->id, .step = r->step);
		} else if (rc.state == CHAIN_UNKNOWN) { /* the node lost it, or never had it */
			char again[200];

			(void)ch->ops->broadcast(ch, m, &s, again, sizeof(again));
		}
	}
	if (n == -1 && strncmp(why, s.hash, strlen(s.hash)) != 0)
		snprintf(why, cap, "%s reverted", s.hash);
	buf_free(&s.raw);
	return n;
}

/* ---- the steps ---- */

/* Closes k->other unless another slot holds it. */
static void
other_drop(struct signer_keys *k)
{
	if (k->other != NULL && k->other != k->base && k->other != k->active &&
	    k->other != k->owner)
		keystore_close(k->other);
	k->other = NULL;
}

/* One step of r: 1 taken, 0 waiting, -1 an error (tried again later). */
static int
advance_once(struct ctx *ctx, struct signer_keys *k, struct rot *r)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	struct chain_move m = { CHAIN_GAS, NULL, r->fresh, "", "0" };
	char why[240];
	int n;

	why[0] = '\0';
	if (strcmp(r->step, "requested") == 0) {
		struct keystore *fresh = signer_keys_named(&ctx->cfg, r->name, why, sizeof(why));

		if (fresh == NULL) {
			log_event("error", "signer: rotation %llu: the new key: %s", r->id, why);
			return -1;
		}
		other_drop(k);
		k->other = fresh;
		return rot_step(ctx, r, "funding", keystore_address(fresh), NULL) == 0 ? 1 : -1;
	}
	if (strcmp(r->step, "funding") == 0 || strcmp(r->step, "adding") == 0) {
		if (strcasecmp(keystore_address(k->active), r->old) != 0 || k->other == NULL ||
		    strcasecmp(keystore_address(k->other), r->fresh) != 0)
			return rot_step(ctx, r, "failed", NULL, "the keys held are not the "
			    "rotation's (was the signer's key store changed?)") == 0 ? 1 : -1;
	}
	if (strcmp(r->step, "funding") == 0) {
		if ((n = step_tx(ctx, r, k->active, &m, GAS_HALF, why, sizeof(why))) == 0)
			return 0;
		return rot_step(ctx, r, n == 1 ? "adding" : "failed", NULL, n == 1 ? NULL : why) ==
		    0 ? 1 : -1;
	}
	if (strcmp(r->step, "adding") == 0) {
		struct keystore *old = k->active;

		m = (struct chain_move){ CHAIN_SET_OPERATOR, NULL, r->fresh, "", "1" };
		if ((n = step_tx(ctx, r, k->owner, &m, GAS_NONE, why, sizeof(why))) == 0)
			return 0;
		if (n < 0)
			return rot_step(ctx, r, "failed", NULL, why) == 0 ? 1 : -1;
		if (rot_step(ctx, r, "draining", NULL, NULL) != 0)
			return -1;
		/* the gateway took the new key: it signs from now on */
		k->active = k->other;
		k->other = old;
		(void)signer_keys_use(ch, k->active);
		return 1;
	}
	if (strcmp(r->step, "draining") == 0) {
		struct db_rows rows;
		const char *v;

		if (DB_EXEC(ctx->db, DB_ROT_UNSETTLED, sg_chain_key, &rows, NULL,
		    .chain_id = (long long)ch->chain_id, .sender = r->old) != DB_OK)
			return -1;
		v = rows.nrows == 1 ? db_cell(&rows, 0, DB_COL(count, total)) : NULL;
		n = v != NULL && strcmp(v, "0") == 0;
		db_rows_free(&rows);
		if (!n || r->step_age < DRAIN_MIN_SECONDS)
			return 0; /* the old key's sends (or word of the new key) on their way */
		return rot_step(ctx, r, "removing", NULL, NULL) == 0 ? 1 : -1;
	}
	if (strcmp(r->step, "removing") == 0) {
		m = (struct chain_move){ CHAIN_SET_OPERATOR, NULL, r->old, "", "0" };
		if ((n = step_tx(ctx, r, k->owner, &m, GAS_NONE, why, sizeof(why))) == 0)
			return 0;
		return rot_step(ctx, r, n == 1 ? "sweeping" : "failed", NULL, n == 1 ? NULL : why) ==
		    0 ? 1 : -1;
	}
	if (strcmp(r->step, "sweeping") == 0) {
		if (k->other == NULL || strcasecmp(keystore_address(k->other), r->old) != 0)
			return rot_step(ctx, r, "failed", NULL, "the old key is not held") == 0 ? 1 : -1;
		if ((n = step_tx(ctx, r, k->other, &m, GAS_REST, why, sizeof(why))) == 0)
			return 0;
		if (rot_step(ctx, r, n == 1 ? "done" : "failed", NULL, n == 1 ? NULL : why) != 0)
			return -1;
		other_drop(k); /* the old key: nothing left to sign with it */
		return 1;
	}
	return 0;
}

void
rotation_advance(struct ctx *ctx, struct signer_keys *k)
{
	struct rot r;
	int i;

	for (i = 0; i < STEPS_AT_ONCE; i++)
		if (rot_load(ctx, &r) != 1 || advance_once(ctx, k, &r) != 1)
			break;
}

/* ---- asking ---- */

struct ask {
	struct ctx *ctx;
	struct signer_keys *k;
	uid_t uid;
	unsigned long long id;
};

static int
request_tx(struct db *db, void *arg)
{
	struct ask *q = arg;
	struct prov_chain *ch = providers_chain(&q->ctx->prov);
	struct db_res res;
	int rc;

	if ((rc = DB_EXEC(db, DB_ROT_INSERT, sg_rot_new, NULL, &res,
	    .chain_id = (long long)ch->chain_id, .old_address = keystore_address(q->k->active),
	    .requested_by = (long long)q->uid)) != DB_OK)
		return rc;
	q->id = res.insert_id;
	return DB_EXEC(db, DB_ROT_NAME, sg_rot_name, NULL, NULL,
	    .prefix = signer_keys_prefix(&q->ctx->cfg));
}

void
rotation_request(struct ctx *ctx, struct signer_keys *k, uid_t uid, struct rotation_answer *a)
{
	struct ask q = { ctx, k, uid, 0 };
	struct signing_answer j;
	struct rot r;
	int rc;

	memset(a, 0, sizeof(*a));
	memset(&j, 0, sizeof(j));
	if (k->owner == NULL) {
		a->code = "refused";
		snprintf(a->reason, sizeof(a->reason), "no owner key is configured "
		    "(signer.owner_key_file or signer.pkcs11.owner_label): the gateway's "
		    "operators cannot be changed");
	} else if ((rc = rot_load(ctx, &r)) < 0) {
		a->code = "unavailable";
		snprintf(a->reason, sizeof(a->reason), "the database is unavailable");
	} else if (rc == 0 && db_tx(ctx->db, request_tx, &q) != DB_OK) {
		a->code = "unavailable";
		snprintf(a->reason, sizeof(a->reason), "the database is unavailable");
	} else if (rc == 0 && rot_load(ctx, &r) != 1) {
		a->code = "unavailable";
		snprintf(a->reason, sizeof(a->reason), "the rotation was not found again");
	}
	if (a->code != NULL) {
		struct rot none;

		memset(&none, 0, sizeof(none));
		(void)strict_copy(j.reason, sizeof(j.reason), a->reason);
		rot_journal(ctx->db, &none, uid, a->code, &j);
		return;
	}
	a->id = r.id;
	(void)strict_copy(a->step, sizeof(a->step), r.step);
	(void)strict_copy(a->old_address, sizeof(a->old_address), r.old);
	snprintf(j.reason, sizeof(j.reason), "rotation %llu of %s %s", r.id, r.old,
	    q.id != 0 ? "asked for" : "asked for again: under way");
	rot_journal(ctx->db, &r, uid, q.id != 0 ? "accepted" : "repeated", &j);
}
