/*
 * reconcile_run: reconcile's runs kept (schema 050), for the back
 * office's Reconcile page (docs/console.md, "Back office"). A run that
 * read everything records its counts per kind and its findings, the
 * report's lines of each kind as it printed them (a line with the lines
 * indented under it); the newest RECON_RUNS_KEPT runs are kept, at most
 * RECON_FINDINGS_MAX findings a run of at most RECON_DETAIL_MAX bytes
 * each (more: the run says findings_cut; the printed report has them all).
 */
#ifndef CEDIRAMP_RECONCILE_RUN_H
#define CEDIRAMP_RECONCILE_RUN_H

#include <jansson.h>
#include <stddef.h>

#include "core/outcome.h"
#include "store/db.h"
#include "store/stmt_reconcile.h"

/* What reconcile finds, by kind (its metrics' kind labels, the columns'
 * names but float's). */
enum reconcile_kind {
	RECON_LATE_COLLECTIONS = 0, /* intents collected after their time to live */
	RECON_REVERSED_PAYOUTS,     /* payouts a provider reversed after they completed */
	RECON_HELD,                 /* payouts and payment intents held for review */
	RECON_UNMATCHED_DEPOSITS,   /* chain deposits no partner was credited for */
	RECON_UNREVERSIBLE,         /* chain deposits whose reversal needs an operator */
	RECON_FLOAT,                /* floats that differ from their provider, unexplained */
	RECON_LEDGER,               /* rows that break a ledger invariant */
	RECON_KINDS
};

/* Each kind's name: "late_collections", ..., "float", "ledger". */
extern const char *const reconcile_kind_name[RECON_KINDS];

#define RECON_FINDINGS_MAX 500
#define RECON_DETAIL_MAX 1000
#define RECON_PAGE_MAX 20

/* A run being recorded. */
struct reconcile_record {
	int counts[RECON_KINDS];
	json_t *findings; /* [{kind, detail}], in the report's order */
	int cut;          /* findings left out */
};

/* r empty (0: ready; -1 on low memory, r then records nothing but its
 * counts). */
int reconcile_record_init(struct reconcile_record *r);
void reconcile_record_free(struct reconcile_record *r);

/*
 * The report's text (len bytes) of kind's section, as reconcile printed
 * it, into r's findings: each line a finding, the lines that start with
 * two spaces joined to the one before. In the chain deposits' section a
 * line that names a deposit "unreversible:" is of RECON_UNREVERSIBLE.
 * Control characters but the joins' newlines become spaces; a detail is
 * cut at RECON_DETAIL_MAX bytes (at a character's start).
 */
void reconcile_record_text(struct reconcile_record *r, enum reconcile_kind kind,
    const char *text, size_t len);

/*
 * Keeps the run that ended now after duration_ms with exit_status (0 or 1)
 * and r, then deletes the runs older than the newest RECON_RUNS_KEPT, in
 * one transaction. DB_OK or the database's error (nothing kept).
 */
int reconcile_record_save(struct db *db, const struct reconcile_record *r,
    long long duration_ms, int exit_status);

/* A run as listed. */
struct reconcile_run {
	long long id;
	char started_at[24], finished_at[24]; /* ISO 8601, UTC */
	long long duration_ms;
	int exit_status;
	long long counts[RECON_KINDS];
	int findings_cut;
};

/* Called for each finding of a listed run (runs[i]), in the report's
 * order; kind and detail are borrowed for the call. */
typedef void (*reconcile_finding_fn)(size_t i, const char *kind, const char *detail,
    void *arg);

/*
 * Up to n (1..RECON_PAGE_MAX) runs older than run before (0: the newest),
 * newest first, into runs (*got of them), and each one's findings through
 * fn. ERR_OK, ERR_SERVICE_UNAVAILABLE or ERR_INTERNAL (o, initialised
 * here, says which).
 */
enum err reconcile_run_page(struct db *db, long long before, size_t n,
    struct reconcile_run *runs, size_t *got, reconcile_finding_fn fn, void *arg,
    struct outcome *o);

#endif
