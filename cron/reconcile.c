/*
 * reconcile: proves the ledger's invariants (see ledger_check). Prints
 * every offending row and exits 1 when one fails, so cron mails it. Also
 * lists the payment intents collected after their time to live (credited
 * all the same; an operator may want to tell the partner), the payouts a
 * provider reversed after they completed (refunded once), and the chain
 * deposits no partner was credited for (unmatched: each with the command
 * that assigns it) or whose reversal after a reorg needs an operator
 * (unreversible: exit 1). Compares each network's payout float with its
 * provider's balance (domain/float_reconcile.h): an unexplained
 * difference exits 1. Lists the payouts and payment intents held for
 * review (a provider's success that was not what was asked,
 * domain/payout_review.h, domain/partner/intent_review.h): each needs an
 * operator, so they exit 1 too.
 * It changes nothing it checks (it asks each provider for a balance): safe on any number of
 * hosts. A run that reads everything sets its findings, by kind, and its
 * end time as metrics (docs/operations.md, "Metrics"), and is kept with
 * its findings for the back office's Reconcile page (its one write:
 * domain/reconcile_run.h, the newest 100 runs).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "domain/chain_deposit.h"
#include "domain/ctx.h"
#include "domain/float_reconcile.h"
#include "domain/partner/intent.h"
#include "domain/partner/intent_review.h"
#include "domain/payout_review.h"
#include "domain/payout_reversal.h"
#include "domain/reconcile_run.h"
#include "domain/ledger.h"
#include "domain/worker_metrics.h"
#include "core/log.h"
#include "core/metrics.h"

static void
print_review(const struct review *r, void *arg)
{
	FILE *out = arg;

	if (r->decision[0] == '\0')
		fprintf(out, "held payout %s since %s: asked %s, the provider answered %s "
		    "(its id %s): cediramp-admin payout resolve %s --complete|--fail --reason TEXT\n",
		    r->id, r->held_at, r->asked, r->answered,
		    r->financial_id[0] ? r->financial_id : "none", r->id);
	else
		fprintf(out, "held payout %s resolved (%s by %s) but still %s: run the same "
		    "resolve again\n", r->id, r->decision, r->resolved_by, r->status);
}

static void
print_intent_review(const struct review *r, void *arg)
{
	FILE *out = arg;

	if (r->decision[0] == '\0')
		fprintf(out, "held payment intent %s (%s) since %s: asked %s, the provider "
		    "answered %s (its id %s): cediramp-admin intent resolve %s --complete|--fail "
		    "--reason TEXT\n", r->id, r->status, r->held_at, r->asked, r->answered,
		    r->financial_id[0] ? r->financial_id : "none", r->id);
	else
		fprintf(out, "held payment intent %s resolved (%s by %s) but still held (%s): run "
		    "the same resolve again\n", r->id, r->decision, r->resolved_by,
		    r->status);
}

/*
 * Sets every kind's findings gauge (0 for none, so a resolved finding
 * goes back to 0) and the last run's time: called only by a run that read
 * everything, so an interrupted one leaves the last whole run's figures.
 */
static void
report_findings(const int found[RECON_KINDS])
{
	char label[64];
	size_t i;

	for (i = 0; i < RECON_KINDS; i++) {
		snprintf(label, sizeof(label), "kind=\"%s\"", reconcile_kind_name[i]);
		metrics_latest_set("cediramp_reconcile_findings", label, found[i]);
	}
	metrics_latest_set("cediramp_reconcile_last_run_timestamp_seconds", "",
	    (int64_t)time(NULL));
}

/* One section of the report, written to memory, then printed and kept
 * as the run's findings of its kind (domain/reconcile_run.h). */
struct section {
	FILE *f;    /* NULL: memory ran out, the section went to stdout */
	char *text;
	size_t len;
};

/* Where the next section is written. */
static FILE *
section_open(struct section *s)
{
	s->text = NULL;
	s->len = 0;
	s->f = open_memstream(&s->text, &s->len);
	return s->f != NULL ? s->f : stdout;
}

/* The section printed, and its lines kept as findings of kind (when
 * kind is RECON_KINDS: printed only). */
static void
section_close(struct section *s, struct reconcile_record *rec, enum reconcile_kind kind)
{
	if (s->f == NULL) {
		rec->cut = 1; /* printed, not kept */
		return;
	}
	if (fclose(s->f) != 0 || s->text == NULL)
		rec->cut = 1;
	s->f = NULL;
	if (s->text != NULL) {
		fwrite(s->text, 1, s->len, stdout);
		if (kind < RECON_KINDS)
			reconcile_record_text(rec, kind, s->text, s->len);
	}
	free(s->text);
	s->text = NULL;
}

static long long
now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

int
main(void)
{
	struct chain_deposit_found dep;
	struct reconcile_record rec;
	struct section sec = { NULL, NULL, 0 };
	struct ctx ctx;
	int *found = rec.counts, rc = 2, unreversible = 0, unexplained = 0, held,
	    held_intents, n, whole = 0;
	long long started = now_ms();
	unsigned long long items = 0;
	FILE *out;
	size_t i;

	(void)reconcile_record_init(&rec); /* low memory: the counts are kept */
	if (ctx_init(&ctx, "reconcile", 0) != 0)
		goto out;
	out = section_open(&sec);
	found[RECON_LATE_COLLECTIONS] = intent_report_late(ctx.db, out);
	section_close(&sec, &rec, RECON_LATE_COLLECTIONS);
	out = section_open(&sec);
	found[RECON_REVERSED_PAYOUTS] = found[RECON_LATE_COLLECTIONS] < 0 ? -1 :
	    payout_report_reversed(ctx.db, out);
	section_close(&sec, &rec, RECON_REVERSED_PAYOUTS);
	if (found[RECON_LATE_COLLECTIONS] < 0 || found[RECON_REVERSED_PAYOUTS] < 0) {
		log_event("error", "reconcile: %s", db_error(ctx.db));
		goto out;
	}
	out = section_open(&sec);
	held = payout_review_list(ctx.db, print_review, out);
	held_intents = held < 0 ? -1 : intent_review_list(ctx.db, print_intent_review, out);
	section_close(&sec, &rec, RECON_HELD);
	if (held < 0 || held_intents < 0) {
		log_event("error", "reconcile: %s", db_error(ctx.db));
		goto out;
	}
	if (held > 0)
		log_event("error", "reconcile: %d payout(s) held for review", held);
	if (held_intents > 0)
		log_event("error", "reconcile: %d payment intent(s) held for review", held_intents);
	found[RECON_HELD] = held + held_intents;
	out = section_open(&sec);
	n = chain_deposit_report(ctx.db, out, &dep);
	section_close(&sec, &rec, RECON_UNMATCHED_DEPOSITS);
	switch (n) {
	case 0:
		break;
	case 1:
		log_event("error", "reconcile: a chain deposit needs an operator");
		unreversible = 1;
		break;
	default:
		log_event("error", "reconcile: %s", db_error(ctx.db));
		goto out;
	}
	found[RECON_UNMATCHED_DEPOSITS] = (int)dep.unmatched;
	found[RECON_UNREVERSIBLE] = (int)dep.unreversible;
	out = section_open(&sec);
	n = float_reconcile(&ctx, out);
	section_close(&sec, &rec, RECON_FLOAT);
	switch (n) {
	case 0:
		break;
	case -1:
		log_event("error", "reconcile: %s", db_error(ctx.db));
		goto out;
	default:
		log_event("error", "reconcile: a payout float differs from its provider, "
		    "unexplained");
		unexplained = 1;
		found[RECON_FLOAT] = n;
	}
	out = section_open(&sec);
	n = ledger_check(ctx.db, out);
	section_close(&sec, &rec, n < 0 ? RECON_KINDS : RECON_LEDGER);
	if (n < 0) {
		log_event("error", "reconcile: %s", db_error(ctx.db));
		goto out;
	}
	found[RECON_LEDGER] = n;
	if (n > 0) {
		log_event("error", "reconcile: ledger invariants violated");
		rc = 1;
	} else {
		rc = unreversible || unexplained || held > 0 || held_intents > 0;
	}
	whole = 1;
out:
	/* items: the findings listed, every kind */
	for (i = 0; i < RECON_KINDS; i++)
		items += found[i] > 0 ? (unsigned long long)found[i] : 0;
	if (whole) {
		report_findings(found);
		/* kept for the back office; a run not kept is still reported */
		if (reconcile_record_save(ctx.db, &rec, now_ms() - started, rc) != DB_OK)
			log_event("error", "reconcile: the run was not kept: %s", db_error(ctx.db));
	}
	worker_metrics_run(&ctx, items, rc != 0);
	reconcile_record_free(&rec);
	ctx_free(&ctx);
	return rc;
}
