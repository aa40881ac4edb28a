#include "domain/report.h"

/* What the rows' callback needs: where to print, how, and a count. */
struct report_run {
	FILE *out;
	report_line_fn line;
	int n;
};

/* One row (a db_each callback): printed and counted. */
static int
report_row(const struct db_rows *row, void *arg)
{
	struct report_run *k = arg;

	k->line(k->out, row);
	k->n++;
	return 0;
}

int
report_lines(struct db *db, struct db_bound b, FILE *out, report_line_fn line)
{
	struct report_run k = { out, line, 0 };

	if (db_run_each(db, b, report_row, &k) != DB_OK)
		return -1;
	return k.n;
}
