/*
 * payout_batch: the payouts worker's batch (payout_settle_many in
 * payout.h): the statuses of a claimed batch's processing payouts asked at
 * once, then each answer applied as payout_settle applies it, one payout
 * at a time in the batch's order, with the final ones committed in groups.
 */
#include "domain/payout.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/log.h"
#include "domain/internal.h"
#include "domain/payout_call.h"
#include "domain/payout_review.h"
#include "domain/provider_answer.h"
#include "providers/momo_many.h"
#include "providers/registry.h"
#include "store/db_sig.h"

#define WHY_MAX 160

/* What the batch keeps of each payout. */
struct item {
	struct payout p;
	char why[WHY_MAX];      /* a resend's refusal */
};

/*
 * The payouts of ids into it[i].p, in one statement: 0; -1 when they could
 * not be read (each is then read alone). One that is no payout keeps an
 * empty id.
 */
static int
load_batch(struct ctx *ctx, char (*ids)[ID_MAX], size_t n, struct item *it)
{
	const char **list = calloc(n ? n : 1, sizeof(*list));
	struct db_rows rows;
	struct payout p;
	size_t i, r;
	char *text;
	int rc;

	for (i = 0; list != NULL && i < n; i++)
		list[i] = ids[i];
	text = list != NULL ? domain_json_strings(list, n) : NULL;
	free(list);
	if (text == NULL)
		return -1;
	rc = DB_EXEC(ctx->db, DB_PAYOUT_GET_MANY, json_batch, &rows, NULL, .json = text) == DB_OK ?
	    0 : -1;
	free(text);
	for (r = 0; rc == 0 && r < rows.nrows; r++) {
		if (payout_from_row(&rows, r, &p) != 0)
			continue; /* left unread: an error for that one */
		for (i = 0; i < n; i++)
			if (strcmp(ids[i], p.id) == 0)
				it[i].p = p;
	}
	if (rc == 0)
		db_rows_free(&rows);
	return rc;
}

/*
 * The first pass: each payout loaded; the ones the provider is to be asked
 * about into asks (ask_of: their index in the batch); the others answered
 * into out as payout_settle would (pending: their owner's step).
 */
static size_t
sort_out(struct ctx *ctx, char (*ids)[ID_MAX], size_t n, const struct payout_owner_ops *const *owners,
    struct item *it, struct momo_ask *asks, size_t *ask_of, int *out)
{
	const struct prov_momo *m;
	struct payout *p;
	size_t i, k = 0;
	int batch = load_batch(ctx, ids, n, it) == 0;

	for (i = 0; i < n; i++) {
		p = &it[i].p;
		out[i] = 0;
		if (batch ? p->id[0] == '\0' : payout_load_any(ctx->db, ids[i], 0, p) != DB_OK) {
			out[i] = -1;
		} else if (strcmp(p->status, "pending") == 0) {
			out[i] = payout_pending(ctx, owners, p); /* its owner's step */
		} else if (strcmp(p->status, "processing") != 0 || p->held) {
			continue; /* settled, or held for an operator's review */
		} else if ((m = providers_momo(&ctx->prov, p->provider)) == NULL) {
			out[i] = -1;
		} else {
			asks[k] = (struct momo_ask){ .m = m, .provider_ref = p->provider_ref };
			ask_of[k++] = i;
		}
	}
	return k;
}

/* 1 when p is settled alone: its owner settles its own side, or is not
 * in owners (it fails alone, logged, and spoils no group); else 0. */
static int
owned(const struct payout_owner_ops *const *owners, const struct payout *p)
{
	const struct payout_owner_ops *ops = payout_owner_of(owners, p);

	return ops == NULL || ops->final != NULL;
}

void
payout_settle_many(struct ctx *ctx, char (*ids)[ID_MAX], size_t n,
    const struct payout_owner_ops *const *owners, int *out)
{
	struct item *it = calloc(n ? n : 1, sizeof(*it));
	struct momo_ask *asks = calloc(n ? n : 1, sizeof(*asks));
	struct payout_final *fin = calloc(n ? n : 1, sizeof(*fin));
	const char **later = calloc(n ? n : 1, sizeof(*later));
	size_t *ask_of = calloc(n ? n : 1, sizeof(*ask_of));
	size_t *fin_of = calloc(n ? n : 1, sizeof(*fin_of));
	size_t i, j, k, nf = 0, nl = 0;
	long long t0;

	if (it == NULL || asks == NULL || fin == NULL || later == NULL || ask_of == NULL ||
	    fin_of == NULL) {
		/* no memory for the batch: one payout at a time */
		for (i = 0; i < n; i++)
			out[i] = payout_settle(ctx, ids[i], owners);
		goto out;
	}
	k = sort_out(ctx, ids, n, owners, it, asks, ask_of, out);
	t0 = clock_monotonic_ms();
	momo_transfer_status_many(asks, k, (unsigned)ctx->cfg.payouts_concurrency);
	for (j = 0; j < k; j++)
		later[j] = it[ask_of[j]].p.id; /* the reads' payouts (later is refilled below) */
	payout_call_record_many(ctx, asks, later, k, clock_monotonic_ms() - t0);
	for (j = 0; j < k; j++) {
		const struct momo_ask *a = &asks[j];
		struct item *t = &it[ask_of[j]];
		int refused = 0;

		if (a->rc == MOMO_NOT_FOUND && payout_resend_due(ctx, &t->p)) {
			/* never seen: the same reference again cannot pay twice */
			refused = payout_send_once(ctx, &t->p, t->why, sizeof(t->why)) ==
			    MOMO_REFUSED;
			if (!refused) {
				later[nl++] = t->p.id;
				continue;
			}
		} else if (a->rc != MOMO_OK || a->st.state == MOMO_PENDING) {
			/* pending, no answer, or not yet seen a send of moments ago */
			later[nl++] = t->p.id;
			continue;
		} else if (a->st.state == MOMO_SUCCESSFUL && !provider_answer_matches(t->p.amount,
		    t->p.currency, t->p.phone, &a->st, t->why, sizeof(t->why))) {
			/* a success of something else: held, alone */
			out[ask_of[j]] = payout_review_hold(ctx, &t->p, &a->st, t->why) == DB_OK ?
			    1 : -1;
			continue;
		}
		fin[nf] = (struct payout_final){
			.id = t->p.id,
			.completed = !refused && a->st.state == MOMO_SUCCESSFUL,
			.reason = refused ? (t->why[0] ? t->why : "refused by the provider") :
			    a->st.reason[0] ? a->st.reason : "the provider reported a failure",
			.alone = owned(owners, &t->p),
		};
		fin_of[nf++] = ask_of[j];
	}
	payout_check_later_many(ctx, later, nl);
	payout_finish_many(ctx, fin, nf, owners);
	for (j = 0; j < nf; j++)
		out[fin_of[j]] = fin[j].rc == DB_OK ? fin[j].changed : -1;
out:
	free(it);
	free(asks);
	free(fin);
	free(later);
	free(ask_of);
	free(fin_of);
}
