/*
 * report: reconcile's lists (late collections, reversed payouts), each a
 * statement whose rows are printed one line each as they arrive from the
 * server: a list of any length runs in constant memory (decision 70).
 */
#ifndef CEDIRAMP_REPORT_H
#define CEDIRAMP_REPORT_H

#include <stdio.h>

#include "store/db.h"
#include "store/db_sig.h"

/* Prints row (one row of the statement's columns, borrowed) to out. */
typedef void (*report_line_fn)(FILE *out, const struct db_rows *row);

/*
 * Runs the bound statement b and prints each of its rows to out through
 * line. How many rows, or -1 when the database failed (the lines printed
 * so far stay printed).
 */
int report_lines(struct db *db, struct db_bound b, FILE *out, report_line_fn line);

#endif
