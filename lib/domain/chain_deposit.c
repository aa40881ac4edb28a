#include "domain/chain_deposit.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/currency.h"
#include "core/log.h"
#include "core/money.h"
#include "core/strict.h"
#include "domain/internal.h"
#include "domain/ledger.h"
#include "providers/registry.h"
#include "store/db_sig.h"

#define PRUNE_KEEP 10000 /* finished blocks kept below the newest */

static int
cell_ll(const struct db_rows *r, size_t row, size_t col, long long *out)
{
	const char *v = db_cell(r, row, col);
	unsigned long long u;

	if (v == NULL || strict_uint(v, strlen(v), ~0ULL >> 1, &u) != 0)
		return -1;
	*out = (long long)u;
	return 0;
}

/* ---- recording one log ---- */

struct verdict {
	long long partner_id;  /* 0: unmatched */
	char note[200];
};

/* Whether log t credits a partner, and whom; why not in v->note. */
static int
judge(struct db *db, const struct chain_transfer_log *t, struct verdict *v)
{
	const struct currency *cur = currency_find(t->asset);
	struct db_rows rows;
	int rc;

	memset(v, 0, sizeof(*v));
	if ((rc = DB_EXEC(db, DB_PWALLET_OWNER, pw_by_address, &rows, NULL,
	    .address = t->sender)) != DB_OK)
		return rc;
	if (rows.nrows == 1 &&
	    cell_ll(&rows, 0, DB_COL(pw_owner, partner_id), &v->partner_id) != 0)
		v->partner_id = 0;
	db_rows_free(&rows);
	if (v->partner_id == 0)
		snprintf(v->note, sizeof(v->note), "sent from %s, which no partner registered",
		    t->sender);
	else if (cur == NULL || !(cur->flags & CURRENCY_PARTNER))
		snprintf(v->note, sizeof(v->note), "partners hold USDT and USDC, not %s",
		    t->asset);
	else if (t->amount[0] == '\0')
		snprintf(v->note, sizeof(v->note), "%.80s base units of %s are finer than its "
		    "places or more than the service counts", t->units, t->asset);
	else if (money_cmp_text(t->amount, "0", cur->scale) <= 0)
		snprintf(v->note, sizeof(v->note), "a transfer of nothing");
	if (v->note[0] != '\0')
		v->partner_id = 0;
	return DB_OK;
}

/* The deposit reference of log t's credit number n (1, 2, ...). */
static void
deposit_ref_of(unsigned long long chain_id, const struct chain_transfer_log *t,
    unsigned long long n, char *out, size_t cap)
{
	if (n <= 1)
		snprintf(out, cap, CHAIN_DEPOSIT_REF_PREFIX "%llu:%s:%llu", chain_id, t->tx_hash,
		    t->log_index);
	else
		snprintf(out, cap, CHAIN_DEPOSIT_REF_PREFIX "%llu:%s:%llu#%llu", chain_id,
		    t->tx_hash, t->log_index, n);
}

struct scan {
	struct ctx *ctx;
	struct prov_chain *ch;
	long long from, to;
	const struct chain_transfer_log *logs;
	size_t n;
	char (*hashes)[CHAIN_HASH_LEN + 1]; /* from..to */
	struct chain_deposit_stats *st;
};

/* 1 when log t comes from a transaction the service signed itself (a
 * sandbox mint topping up the custody address): not a deposit. */
static int
ours(struct db *db, const struct chain_transfer_log *t, int *yes)
{
	struct db_rows rows;
	const char *n;
	int rc;

	if ((rc = DB_EXEC(db, DB_CHAIN_TX_OURS, cd_tx, &rows, NULL,
	    .tx_hash = t->tx_hash)) != DB_OK)
		return rc;
	n = rows.nrows == 1 ? db_cell(&rows, 0, DB_COL(count, total)) : NULL;
	*yes = n != NULL && strcmp(n, "0") != 0;
	db_rows_free(&rows);
	return DB_OK;
}

/* Log t, in the scan's transaction: credited once, or recorded unmatched;
 * seen before, nothing (unless a reorg had reversed it: recorded anew). */
static int
record_log(struct db *db, struct scan *k, const struct chain_transfer_log *t)
{
	char id[ID_MAX], deposit_ref[FUNDS_REFERENCE_MAX + 1];
	unsigned long long credits = 0;
	struct funds_deposit dep;
	struct verdict v;
	struct db_rows rows;
	long long n;
	int rc, again = 0, own = 0;

	if ((rc = ours(db, t, &own)) != DB_OK || own)
		return rc;
	if ((rc = DB_EXEC(db, DB_CDEP_LOCK, cd_log, &rows, NULL,
	    .chain_id = (long long)k->ch->chain_id, .tx_hash = t->tx_hash,
	    .log_index = (long long)t->log_index)) != DB_OK)
		return rc;
	if (rows.nrows == 1) {
		if (strcmp(db_cell(&rows, 0, DB_COL(cd_lock, status)), "reversed") != 0) {
			db_rows_free(&rows);
			return DB_OK; /* the same log again: credited once already */
		}
		again = 1;
		db_cell_copy(id, sizeof(id), &rows, 0, DB_COL(cd_lock, id));
		credits = cell_ll(&rows, 0, DB_COL(cd_lock, credits), &n) == 0 ?
		    (unsigned long long)n : 0;
	}
	db_rows_free(&rows);
	if ((rc = judge(db, t, &v)) != DB_OK)
		return rc;
	deposit_ref_of(k->ch->chain_id, t, credits + 1, deposit_ref, sizeof(deposit_ref));
	if (v.partner_id != 0 && (rc = funds_deposit_tx(db, v.partner_id, t->asset, t->amount,
	    deposit_ref, FUNDS_CHAIN, &dep)) != DB_OK)
		return rc;
	if (v.partner_id != 0)
		k->st->credited++;
	else
		k->st->unmatched++;
	if (again)
		return DB_EXEC(db, DB_CDEP_RECORD, cd_record, NULL, NULL,
		    .block_number = t->block_number, .block_hash = t->block_hash,
		    .status = v.partner_id ? "credited" : "unmatched",
		    .partner_id = v.partner_id ? &v.partner_id : NULL, .deposit_ref = deposit_ref,
		    .credits = v.partner_id ? 1 : 0, .note = v.note[0] ? v.note : NULL,
		    .id = id);
	if (id_new(id, sizeof(id), "cd_") != 0)
		return DB_FAIL;
	return DB_EXEC(db, DB_CDEP_INSERT, cd_insert, NULL, NULL, .id = id,
	    .chain_id = (long long)k->ch->chain_id, .tx_hash = t->tx_hash,
	    .log_index = (long long)t->log_index, .block_number = t->block_number,
	    .block_hash = t->block_hash, .token = t->token, .asset = t->asset,
	    .sender = t->sender, .units = t->units, .amount = t->amount[0] ? t->amount : NULL,
	    .status = v.partner_id ? "credited" : "unmatched",
	    .partner_id = v.partner_id ? &v.partner_id : NULL, .deposit_ref = deposit_ref,
	    .credits = v.partner_id ? 1 : 0, .note = v.note[0] ? v.note : NULL);
}

/* One range, in one transaction: its logs, then every block as finished. */
static int
range_tx(struct db *db, void *arg)
{
	struct scan *k = arg;
	struct chain_deposit_stats keep = *k->st;
	long long b;
	size_t i;
	int rc;

	for (i = 0; i < k->n; i++)
		if ((rc = record_log(db, k, &k->logs[i])) != DB_OK)
			goto fail;
	for (b = k->from; b <= k->to; b++)
		if ((rc = DB_EXEC(db, DB_CHAIN_BLOCK_INSERT, cd_block_insert, NULL, NULL,
		    .chain_id = (long long)k->ch->chain_id, .number = b,
		    .hash = k->hashes[b - k->from])) != DB_OK)
			goto fail;
	return DB_OK;
fail:
	*k->st = keep; /* a retried transaction counts again */
	return rc;
}

/* ---- reorgs ---- */

struct reverse {
	unsigned long long chain_id;
	long long fork; /* the last block both agree on */
	int reversed;
};

/* Takes back the credit of deposit row i of rows (DB_CDEP_ABOVE): the
 * partner's balance gives it back, or it is left to an operator. */
static int
reverse_credit(struct db *db, const struct db_rows *rows, size_t i, struct reverse *k)
{
	const char *id = db_cell(rows, i, DB_COL(cd_above, id));
	struct db_rows dep;
	struct ledger_leg legs[2];
	char acct[LEDGER_CODE_MAX], house[LEDGER_CODE_MAX], bal[MONEY_MAX_TEXT];
	char dep_id[ID_MAX], asset[8], amount[MONEY_MAX_TEXT];
	const struct currency *cur;
	long long partner;
	int rc;

	rc = DB_EXEC(db, DB_DEPOSIT_BY_REF, deposit_by_ref, &dep, NULL,
	    .deposit_ref = db_cell(rows, i, DB_COL(cd_above, deposit_reference)));
	if (rc != DB_OK)
		return rc;
	rc = DB_FAIL;
	if (dep.nrows == 1 && cell_ll(&dep, 0, DB_COL(deposit, partner_id), &partner) == 0) {
		db_cell_copy(dep_id, sizeof(dep_id), &dep, 0, DB_COL(deposit, id));
		db_cell_copy(asset, sizeof(asset), &dep, 0, DB_COL(deposit, currency));
		cur = currency_find(asset);
		if (cur != NULL && money_normalize(db_cell(&dep, 0, DB_COL(deposit, amount)), 18,
		    cur->scale, amount, sizeof(amount)) == 0)
			rc = DB_OK;
	}
	db_rows_free(&dep);
	if (rc != DB_OK)
		return rc;
	snprintf(acct, sizeof(acct), "partner:%lld:%s", partner, asset);
	snprintf(house, sizeof(house), "house:deposits:%s", asset);
	if ((rc = ledger_balance(db, acct, cur->scale, bal, sizeof(bal))) != DB_OK)
		return rc;
	if (money_cmp_text(bal, amount, cur->scale) < 0) {
		log_event("error", "deposits: a reorg removed deposit %s (%s %s) but partner %lld "
		    "holds only %s %s: left for an operator", id, amount, asset, partner, bal,
		    asset);
		return DB_EXEC(db, DB_CDEP_SET_STATUS, cd_set_status, NULL, NULL,
		    .status = "unreversible",
		    .note = "a reorg removed it after the partner spent the credit", .id = id);
	}
	ledger_leg(&legs[0], acct, asset, amount, 1);
	ledger_leg(&legs[1], house, asset, amount, 0);
	if ((rc = ledger_post(db, "partner.deposit.reversed", dep_id, legs, 2)) != DB_OK)
		return rc;
	k->reversed++;
	return DB_EXEC(db, DB_CDEP_SET_STATUS, cd_set_status, NULL, NULL, .status = "reversed",
	    .note = "a reorg removed its block; the credit was taken back", .id = id);
}

static int
reverse_tx(struct db *db, void *arg)
{
	struct reverse *k = arg;
	struct db_rows rows;
	size_t i;
	int rc = DB_OK;

	k->reversed = 0;
	if ((rc = DB_EXEC(db, DB_CDEP_ABOVE, cd_chain_block, &rows, NULL,
	    .chain_id = (long long)k->chain_id, .number = k->fork)) != DB_OK)
		return rc;
	for (i = 0; i < rows.nrows && rc == DB_OK; i++) {
		if (strcmp(db_cell(&rows, i, DB_COL(cd_above, status)), "unmatched") == 0) {
			rc = DB_EXEC(db, DB_CDEP_SET_STATUS, cd_set_status, NULL, NULL,
			    .status = "reversed", .note = "a reorg removed its block",
			    .id = db_cell(&rows, i, DB_COL(cd_above, id)));
		} else {
			rc = reverse_credit(db, &rows, i, k);
		}
	}
	db_rows_free(&rows);
	if (rc != DB_OK)
		return rc;
	return DB_EXEC(db, DB_CHAIN_BLOCK_DELETE_ABOVE, cd_chain_block, NULL, NULL,
	    .chain_id = (long long)k->chain_id, .number = k->fork);
}

/*
 * The last finished block both the node and the database agree on, when
 * the newest finished one (last, hash) is no longer the node's: walks
 * back the stored blocks. *fork is -1 when none agrees (everything stored
 * is gone). 0, or -1 when the chain or the database failed.
 */
static int
find_fork(struct ctx *ctx, struct prov_chain *ch, long long last, long long *fork)
{
	char node[CHAIN_HASH_LEN + 1];
	struct db_rows rows;
	long long below = last, n;
	size_t i;

	*fork = -1;
	for (;;) {
		if (DB_EXEC(ctx->db, DB_CHAIN_BLOCK_BELOW, cd_chain_block, &rows, NULL,
		    .chain_id = (long long)ch->chain_id, .number = below) != DB_OK)
			return -1;
		if (rows.nrows == 0) {
			db_rows_free(&rows);
			return 0;
		}
		for (i = 0; i < rows.nrows; i++) {
			if (cell_ll(&rows, i, DB_COL(cd_block, number), &n) != 0 ||
			    ch->ops->block_hash(ch, n, node) != CHAIN_OK) {
				db_rows_free(&rows);
				return -1;
			}
			if (strcmp(node, db_cell(&rows, i, DB_COL(cd_block, hash))) == 0) {
				*fork = n;
				db_rows_free(&rows);
				return 0;
			}
			below = n;
		}
		db_rows_free(&rows);
	}
}

/* Where this run starts: after the last finished block, after a reorg's
 * fork (its removed deposits reversed first), or, on the first run, at
 * providers.evm.deposits_start_block (0: the safe head). */
static int
start_block(struct ctx *ctx, struct prov_chain *ch, long long safe, long long *from,
    struct chain_deposit_stats *st)
{
	char node[CHAIN_HASH_LEN + 1], stored[CHAIN_HASH_LEN + 1];
	struct reverse k;
	struct db_rows rows;
	long long last;
	int have;

	if (DB_EXEC(ctx->db, DB_CHAIN_BLOCK_LAST, cd_chain, &rows, NULL,
	    .chain_id = (long long)ch->chain_id) != DB_OK)
		return -1;
	have = rows.nrows == 1 && cell_ll(&rows, 0, DB_COL(cd_block, number), &last) == 0;
	if (have)
		db_cell_copy(stored, sizeof(stored), &rows, 0, DB_COL(cd_block, hash));
	db_rows_free(&rows);
	if (!have) {
		*from = ctx->cfg.evm.deposits_start_block > 0 ?
		    (long long)ctx->cfg.evm.deposits_start_block : safe;
		return 0;
	}
	if (ch->ops->block_hash(ch, last, node) != CHAIN_OK)
		return -1;
	if (strcmp(node, stored) == 0) {
		*from = last + 1;
		return 0;
	}
	/* the node's block there is another one (or none): a reorg */
	k.chain_id = ch->chain_id;
	if (find_fork(ctx, ch, last, &k.fork) != 0)
		return -1;
	if (k.fork < 0)
		k.fork = -1; /* nothing stored survives: everything above -1 */
	if (db_tx(ctx->db, reverse_tx, &k) != DB_OK) {
		log_event("error", "deposits: reversing the reorg failed: %s", db_error(ctx->db));
		return -1;
	}
	st->reorgs++;
	st->reversed += k.reversed;
	log_event("warn", "deposits: block %lld is no longer %s: the chain forked after block "
	    "%lld; %d credit(s) reversed, scanning again from %lld", last, stored, k.fork,
	    k.reversed, k.fork + 1);
	*from = k.fork + 1;
	return 0;
}

int
chain_deposit_scan(struct ctx *ctx, long budget_seconds, struct chain_deposit_stats *st)
{
	struct prov_chain *ch = providers_chain(&ctx->prov);
	struct chain_transfer_log *logs = NULL;
	char (*hashes)[CHAIN_HASH_LEN + 1] = NULL;
	time_t start = time(NULL);
	long long head, safe, from, to, b;
	struct scan k;
	size_t n, i;
	int rc = -1;

	memset(st, 0, sizeof(*st));
	st->from = 0;
	st->to = -1;
	if (ch->ops->transfers_in == NULL)
		return 0; /* the simulator: no deposits on chain */
	if (ch->ops->head(ch, &head) != CHAIN_OK) {
		log_event("warn", "deposits: the node did not answer");
		return -1;
	}
	safe = head - (long long)ch->evm.confirmations + 1;
	if (safe < 0)
		return 0;
	if (start_block(ctx, ch, safe, &from, st) != 0)
		return -1;
	st->from = from;
	while (from <= safe && time(NULL) - start < budget_seconds) {
		to = from + (long long)ch->evm.log_range - 1;
		if (to > safe)
			to = safe;
		hashes = calloc((size_t)(to - from + 1), sizeof(*hashes));
		if (hashes == NULL)
			goto out;
		if (ch->ops->transfers_in(ch, from, to, &logs, &n) != CHAIN_OK)
			goto out;
		for (b = from; b <= to; b++)
			if (ch->ops->block_hash(ch, b, hashes[b - from]) != CHAIN_OK ||
			    hashes[b - from][0] == '\0')
				goto out;
		/* the logs must come from these very blocks: else the node
		 * moved meanwhile, and the next run looks again */
		for (i = 0; i < n; i++)
			if (strcmp(logs[i].block_hash, hashes[logs[i].block_number - from]) != 0) {
				log_event("warn", "deposits: block %lld changed while it was read",
				    logs[i].block_number);
				goto out;
			}
		k = (struct scan){ ctx, ch, from, to, logs, n, hashes, st };
		if (db_tx(ctx->db, range_tx, &k) != DB_OK) {
			log_event("error", "deposits: blocks %lld..%lld not recorded: %s", from, to,
			    db_error(ctx->db));
			goto out;
		}
		st->to = to;
		free(logs);
		logs = NULL;
		free(hashes);
		hashes = NULL;
		from = to + 1;
	}
	/* the hashes far below are no use to a reorg's walk back */
	(void)DB_EXEC(ctx->db, DB_CHAIN_BLOCK_PRUNE, cd_chain_block, NULL, NULL,
	    .chain_id = (long long)ch->chain_id, .number = from - PRUNE_KEEP);
	rc = 0;
out:
	free(logs);
	free(hashes);
	return rc;
}

/* ---- reconcile and the operator ---- */

/* Where the report goes, whether a deposit needs an operator, and how
 * many of each status were listed. */
struct report_state {
	FILE *out;
	int bad;
	struct chain_deposit_found *found;
};

/* One deposit of the report and what to do about it (a db_run_each callback);
 * *arg is set to 1 by an unreversible one. */
static int
report_line(const struct db_rows *row, void *arg)
{
#define RP(name) db_cell(row, 0, DB_COL(cd_report, name))
	const char *amount = RP(amount);
	const struct currency *cur = currency_find(RP(asset));
	const char *status = RP(status);
	struct report_state *k = arg;
	char shown[MONEY_MAX_TEXT] = "";

	if (amount != NULL && cur != NULL)
		(void)money_normalize(amount, 18, cur->scale, shown, sizeof(shown));
	fprintf(k->out, "chain deposit %s %s: %s %s (%s base units) from %s, transaction %s "
	    "log %s, block %s: %s\n", RP(id), status, shown[0] ? shown : "?", RP(asset),
	    RP(units), RP(sender), RP(tx_hash), RP(log_index), RP(block_number),
	    RP(note) ? RP(note) : "");
	if (status != NULL && strcmp(status, "unreversible") == 0) {
		k->bad = 1;
		k->found->unreversible++;
		fprintf(k->out, "  take it back from the partner by hand, then mark it\n");
		return 0;
	}
	k->found->unmatched++;
	if (shown[0] && cur != NULL && (cur->flags & CURRENCY_PARTNER))
		fprintf(k->out, "  to credit it: cediramp-admin partner credit PARTNER_ID %s %s "
		    "--reference %s\n", RP(asset), shown, RP(deposit_reference));
	else
		fprintf(k->out, "  no partner can hold it: return it to its sender\n");
	return 0;
#undef RP
}

int
chain_deposit_report(struct db *db, FILE *out, struct chain_deposit_found *found)
{
	struct report_state k = { out, 0, found };

	memset(found, 0, sizeof(*found));

	/* streamed: however many there are, the memory stays one row */
	if (db_run_each(db, DB_BIND(DB_CDEP_REPORT, no_args), report_line, &k) != DB_OK)
		return -1;
	return k.bad;
}

struct assign {
	long long partner_id;
	const char *currency, *amount, *deposit_ref;
	struct funds_deposit *out;
	int found;
};

static int
assign_tx(struct db *db, void *arg)
{
	struct assign *k = arg;
	struct db_res res;
	int rc;

	k->found = 0;
	if ((rc = DB_EXEC(db, DB_CDEP_ASSIGN, cd_assign, NULL, &res, .partner_id = k->partner_id,
	    .deposit_ref = k->deposit_ref, .asset = k->currency, .amount = k->amount)) != DB_OK)
		return rc;
	if (res.affected != 1)
		return DB_FAIL; /* nothing to assign: nothing written */
	k->found = 1;
	return funds_deposit_tx(db, k->partner_id, k->currency, k->amount, k->deposit_ref,
	    FUNDS_OPERATOR, k->out);
}

enum err
chain_deposit_assign(struct db *db, long long partner_id, const char *currency,
    const char *amount, const char *deposit_ref, struct funds_deposit *out,
    struct outcome *o)
{
	const struct currency *cur = currency_find(currency);
	char norm[MONEY_MAX_TEXT];
	struct assign k;
	int rc;

	memset(out, 0, sizeof(*out));
	if (cur == NULL || !(cur->flags & CURRENCY_PARTNER))
		return outcome_field(o, ERR_INVALID_CURRENCY, "currency", "USDT or USDC");
	if (money_normalize(amount, cur->scale, cur->scale, norm, sizeof(norm)) != 0)
		return outcome_field(o, ERR_VALIDATION, "amount",
		    "a decimal with the currency's places");
	k = (struct assign){ partner_id, cur->code, norm, deposit_ref, out, 0 };
	rc = db_tx(db, assign_tx, &k);
	if (rc == DB_DUP)
		return outcome_fail(o, ERR_DUPLICATE_REFERENCE,
		    "A deposit with that reference was credited already");
	if (rc != DB_OK && !k.found)
		return outcome_field(o, ERR_VALIDATION, "reference", "names no unmatched chain "
		    "deposit of that currency and amount (cron/reconcile lists them)");
	if (rc != DB_OK) {
		memset(out, 0, sizeof(*out));
		return domain_db_fail(o, rc, "credit the deposit");
	}
	o->changed = 1;
	return ERR_OK;
}

/* ---- the back office ---- */

/* Row i of rows (cd_listed's columns first) into d; 0, or -1 when a
 * stored value does not read. */
static int
listed_read(const struct db_rows *rows, size_t i, struct chain_deposit_row *d)
{
#define LC(name) db_cell(rows, i, DB_COL(cd_listed, name))
	const struct currency *cur = currency_find(LC(asset) ? LC(asset) : "");
	unsigned long long v;

	memset(d, 0, sizeof(*d));
	db_cell_copy(d->id, sizeof(d->id), rows, i, DB_COL(cd_listed, id));
	db_cell_copy(d->tx_hash, sizeof(d->tx_hash), rows, i, DB_COL(cd_listed, tx_hash));
	db_cell_copy(d->sender, sizeof(d->sender), rows, i, DB_COL(cd_listed, sender));
	db_cell_copy(d->asset, sizeof(d->asset), rows, i, DB_COL(cd_listed, asset));
	db_cell_copy(d->units, sizeof(d->units), rows, i, DB_COL(cd_listed, units));
	db_cell_copy(d->deposit_ref, sizeof(d->deposit_ref), rows, i,
	    DB_COL(cd_listed, deposit_reference));
	db_cell_copy(d->seen_at, sizeof(d->seen_at), rows, i, DB_COL(cd_listed, seen_at));
	if (LC(chain_id) == NULL || strict_uint(LC(chain_id), strlen(LC(chain_id)), LLONG_MAX,
	    &v) != 0)
		return -1;
	d->chain_id = (long long)v;
	if (LC(log_index) == NULL || strict_uint(LC(log_index), strlen(LC(log_index)),
	    LLONG_MAX, &v) != 0)
		return -1;
	d->log_index = (long long)v;
	if (LC(block_number) == NULL || strict_uint(LC(block_number),
	    strlen(LC(block_number)), LLONG_MAX, &v) != 0)
		return -1;
	d->block_number = (long long)v;
	/* stored at 18 places; shown at the asset's (exact there, or none) */
	if (LC(amount) != NULL && cur != NULL &&
	    money_normalize(LC(amount), 18, cur->scale, d->amount, sizeof(d->amount)) != 0)
		d->amount[0] = '\0';
	return 0;
#undef LC
}

enum err
chain_deposit_unmatched(struct db *db, size_t n, chain_deposit_row_fn fn, void *arg, int *more,
    struct outcome *o)
{
	struct chain_deposit_row d;
	struct db_rows rows;
	size_t i;
	int rc;

	outcome_init(o);
	*more = 0;
	/* one more than asked: whether there are more */
	if ((rc = DB_EXEC(db, DB_CDEP_UNMATCHED, cd_upto, &rows, NULL, .n = (long long)n + 1)) !=
	    DB_OK)
		return domain_db_fail(o, rc, "read the unmatched deposits");
	*more = rows.nrows > n;
	for (i = 0; i < rows.nrows && i < n; i++) {
		if (listed_read(&rows, i, &d) != 0) {
			db_rows_free(&rows);
			return outcome_err(o, ERR_INTERNAL);
		}
		if (fn(&d, arg) != 0)
			break;
	}
	db_rows_free(&rows);
	return ERR_OK;
}

enum err
chain_deposit_get(struct db *db, const char *id, struct chain_deposit_row *d, struct outcome *o)
{
	struct db_rows rows;
	int rc;

	outcome_init(o);
	memset(d, 0, sizeof(*d));
	if (id == NULL || strncmp(id, "cd_", 3) != 0 || strlen(id) >= sizeof(d->id) ||
	    !strict_printable(id, strlen(id)))
		return outcome_fail(o, ERR_NOT_FOUND, "No such chain deposit");
	if ((rc = DB_EXEC(db, DB_CDEP_GET, by_id, &rows, NULL, .id = id)) != DB_OK)
		return domain_db_fail(o, rc, "read the deposit");
	if (rows.nrows == 0) {
		db_rows_free(&rows);
		return outcome_fail(o, ERR_NOT_FOUND, "No such chain deposit");
	}
	rc = listed_read(&rows, 0, d);
	db_cell_copy(d->status, sizeof(d->status), &rows, 0, DB_COL(cd_one, status));
	db_rows_free(&rows);
	return rc == 0 ? ERR_OK : outcome_err(o, ERR_INTERNAL);
}
