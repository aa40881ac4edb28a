/*
 * statement: one owner's balance movements over a period, as CSV (GET
 * /v1/statements, GET /api/statements, `cediramp-admin statement`;
 * docs/decisions.md, decision 64). A header, then the opening balance of
 * each balance at the start, one line per ledger movement in time order
 * (a movement the ledger records net, a collection or a conversion less
 * its fee, shows as its gross line and a fee line), then the closing
 * balances; every line carries the balance it moved and that balance
 * after it, so the lines of a balance sum to closing - opening. A partner
 * has two balances per currency, available and pending (held by
 * withdrawals in flight); a wallet user one, its GHS.
 *
 * Everything comes from one snapshot of the database, read as it streams
 * out: a statement of any length runs in constant memory.
 */
#ifndef CEDIRAMP_STATEMENT_H
#define CEDIRAMP_STATEMENT_H

#include <stddef.h>

#include "core/currency.h"
#include "core/outcome.h"
#include "store/db.h"

enum statement_owner { STATEMENT_PARTNER = 0, STATEMENT_USER };

struct statement_req {
	enum statement_owner owner;
	long long id;                /* the partner's or the user's row */
	const struct currency *cur;  /* a partner's USDT, USDC or GHS; a user's GHS */
	const char *from, *to;       /* DATETIME(6) text: the period, both inclusive */
};

/* Writes n bytes of p: 0, or -1 when they could not be (the client left). */
typedef int (*statement_write_fn)(void *io, const char *p, size_t n);

#define STATEMENT_HEADER "date,type,id,reference,balance,amount,running_balance\r\n"

/*
 * Writes q's statement through wr. The opening balances are read before
 * the first byte is written, so until then an error can still be the
 * answer: ERR_SERVICE_UNAVAILABLE (nothing written). After it, a failure
 * is logged and the statement stops short of its closing lines (what a
 * reader can tell it by); ERR_INTERNAL then.
 */
enum err statement_write(struct db *db, const struct statement_req *q,
    statement_write_fn wr, void *io, struct outcome *o);

/* The statement type of a ledger transaction kind ("withdrawal.hold" ->
 * "withdrawal hold"; an unknown kind is an "adjustment"). */
const char *statement_type(const char *kind);

/*
 * s as one CSV field into out (cap bytes): quoted (RFC 4180) when it holds
 * a comma, a quote, CR or LF; when user is set, text a spreadsheet would
 * run as a formula (a leading =, +, -, @, tab or CR) is prefixed with '.
 * 0, or -1 when it does not fit.
 */
int statement_csv_field(const char *s, int user, char *out, size_t cap);

#endif
