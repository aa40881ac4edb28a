#include "domain/signer_view.h"

#include <stdio.h>
#include <string.h>

#include "core/currency.h"
#include "core/money.h"
#include "store/db_sig.h"

/* h's amount (as MariaDB gives a DECIMAL(36,18)) at its coin's scale. */
static int
at_scale(struct signer_held *h)
{
	const struct currency *cur = currency_find(h->currency);
	char raw[sizeof(h->amount)];

	snprintf(raw, sizeof(raw), "%s", h->amount);
	return cur == NULL ? -1 : money_normalize(raw, 18, cur->scale, h->amount,
	    sizeof(h->amount));
}

int
signer_view_held(struct db *db, signer_held_fn *fn, void *arg)
{
	static const struct db_field fields[] = { DB_FIELDS(sg_held, struct signer_held) };
	struct signer_held h;
	struct db_rows rows;
	size_t i;

	if (DB_EXEC(db, DB_SIGNER_HELD, claim_batch, &rows, NULL,
	    .n = SIGNER_VIEW_HELD_MAX) != DB_OK)
		return -1;
	for (i = 0; i < rows.nrows; i++) {
		memset(&h, 0, sizeof(h));
		if (db_row_read(&rows, i, fields, DB_NCOLS(sg_held), &h) != 0 ||
		    at_scale(&h) != 0) {
			db_rows_free(&rows);
			return -1;
		}
		fn(&h, arg);
	}
	db_rows_free(&rows);
	return (int)i;
}

int
signer_view_rotations(struct db *db, int limit, signer_rotation_fn *fn, void *arg)
{
	static const struct db_field fields[] = { DB_FIELDS(sg_rot, struct signer_rotation) };
	struct signer_rotation r;
	struct db_rows rows;
	size_t i;

	if (DB_EXEC(db, DB_ROT_LIST, claim_batch, &rows, NULL, .n = limit) != DB_OK)
		return -1;
	for (i = 0; i < rows.nrows; i++) {
		memset(&r, 0, sizeof(r));
		if (db_row_read(&rows, i, fields, DB_NCOLS(sg_rot), &r) != 0) {
			db_rows_free(&rows);
			return -1;
		}
		fn(&r, arg);
	}
	db_rows_free(&rows);
	return (int)i;
}
