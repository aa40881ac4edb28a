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
 * Read-only (it asks each provider for a balance): safe on any number of
 * hosts. A run that reads everything sets its findings, by kind, and its
 * end time as metrics (docs/operations.md, "Metrics").
 */
#include <stdio.h>
#include <time.h>

#include "domain/chain_deposit.h"
#include "domain/ctx.h"
#include "domain/float_reconcile.h"
#include "domain/partner/intent.h"
#include "domain/partner/intent_review.h"
#include "domain/payout_review.h"
#include "domain/payout_reversal.h"
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

/* What one run found, by kind: cediramp_reconcile_findings{kind}. */
enum finding {
	LATE_COLLECTIONS = 0, /* intents collected after their time to live */
	REVERSED_PAYOUTS,     /* payouts a provider reversed after they completed */
	HELD,                 /* payouts and payment intents held for review */
	UNMATCHED_DEPOSITS,   /* chain deposits no partner was credited for */
	UNREVERSIBLE,         /* chain deposits whose reversal needs an operator */
	FLOAT,                /* floats that differ from their provider, unexplained */
	LEDGER,               /* rows that break a ledger invariant */
	FINDINGS
};

static const char *const finding_label[FINDINGS] = {
	"kind=\"late_collections\"", "kind=\"reversed_payouts\"", "kind=\"held\"",
	"kind=\"unmatched_deposits\"", "kind=\"unreversible\"", "kind=\"float\"",
	"kind=\"ledger\"",
};

/*
 * Sets every kind's findings gauge (0 for none, so a resolved finding
 * goes back to 0) and the last run's time: called only by a run that read
 * everything, so an interrupted one leaves the last whole run's figures.
 */
static void
report_findings(const int found[FINDINGS])
{
	size_t i;

	for (i = 0; i < FINDINGS; i++)
		metrics_latest_set("cediramp_reconcile_findings", finding_label[i], found[i]);
	metrics_latest_set("cediramp_reconcile_last_run_timestamp_seconds", "",
	    (int64_t)time(NULL));
}

int
main(void)
{
	struct chain_deposit_found dep;
	struct ctx ctx;
	int found[FINDINGS] = { 0 }, rc = 2, unreversible = 0, unexplained = 0, held,
	    held_intents, n, whole = 0;
	unsigned long long items = 0;
	size_t i;

	if (ctx_init(&ctx, "reconcile", 0) != 0)
		goto out;
	if ((found[LATE_COLLECTIONS] = intent_report_late(ctx.db, stdout)) < 0 ||
	    (found[REVERSED_PAYOUTS] = payout_report_reversed(ctx.db, stdout)) < 0) {
		log_event("error", "reconcile: %s", db_error(ctx.db));
		goto out;
	}
	if ((held = payout_review_list(ctx.db, print_review, stdout)) < 0) {
		log_event("error", "reconcile: %s", db_error(ctx.db));
		goto out;
	}
	if (held > 0)
		log_event("error", "reconcile: %d payout(s) held for review", held);
	if ((held_intents = intent_review_list(ctx.db, print_intent_review, stdout)) < 0) {
		log_event("error", "reconcile: %s", db_error(ctx.db));
		goto out;
	}
	if (held_intents > 0)
		log_event("error", "reconcile: %d payment intent(s) held for review", held_intents);
	found[HELD] = held + held_intents;
	switch (chain_deposit_report(ctx.db, stdout, &dep)) {
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
	found[UNMATCHED_DEPOSITS] = (int)dep.unmatched;
	found[UNREVERSIBLE] = (int)dep.unreversible;
	switch ((n = float_reconcile(&ctx, stdout))) {
	case 0:
		break;
	case -1:
		log_event("error", "reconcile: %s", db_error(ctx.db));
		goto out;
	default:
		log_event("error", "reconcile: a payout float differs from its provider, "
		    "unexplained");
		unexplained = 1;
		found[FLOAT] = n;
	}
	if ((n = ledger_check(ctx.db, stdout)) < 0) {
		log_event("error", "reconcile: %s", db_error(ctx.db));
		goto out;
	}
	found[LEDGER] = n;
	if (n > 0) {
		log_event("error", "reconcile: ledger invariants violated");
		rc = 1;
	} else {
		rc = unreversible || unexplained || held > 0 || held_intents > 0;
	}
	whole = 1;
out:
	/* items: the findings listed, every kind */
	for (i = 0; i < FINDINGS; i++)
		items += found[i] > 0 ? (unsigned long long)found[i] : 0;
	if (whole)
		report_findings(found);
	worker_metrics_run(&ctx, items, rc != 0);
	ctx_free(&ctx);
	return rc;
}
