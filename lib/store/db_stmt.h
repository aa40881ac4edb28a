/*
 * db_stmt: every SQL statement the programs run. Each module's statements
 * live in store/stmt_<module>.{c,h}: the header lists them (DB_STMTS_<X>)
 * beside the columns their rows hold, the .c file holds their SQL and how
 * many columns each returns. Here they become one enum and one table; db.c
 * prepares each statement once per connection and checks its column count
 * against the server's: a statement that returns other columns than its
 * table says never runs (with prepare_all, every one is checked at start).
 * Nothing else in the tree holds SQL text (migrations aside); no function
 * takes SQL from a caller.
 */
#ifndef CEDIRAMP_DB_STMT_H
#define CEDIRAMP_DB_STMT_H

#include <stddef.h>

#include "store/stmt_apikey.h"
#include "store/stmt_beneficiary.h"
#include "store/stmt_chain_deposit.h"
#include "store/stmt_console.h"
#include "store/stmt_conversion.h"
#include "store/stmt_db.h"
#include "store/stmt_delivery.h"
#include "store/stmt_funds.h"
#include "store/stmt_fxrate.h"
#include "store/stmt_gauges.h"
#include "store/stmt_history.h"
#include "store/stmt_idempotency.h"
#include "store/stmt_intent.h"
#include "store/stmt_kyc.h"
#include "store/stmt_ops_payout.h"
#include "store/stmt_ledger.h"
#include "store/stmt_onchain.h"
#include "store/stmt_outbox.h"
#include "store/stmt_partner.h"
#include "store/stmt_payout.h"
#include "store/stmt_payout_float.h"
#include "store/stmt_quote.h"
#include "store/stmt_rate_limit.h"
#include "store/stmt_reconcile.h"
#include "store/stmt_signer.h"
#include "store/stmt_shapes.h"
#include "store/stmt_sim.h"
#include "store/stmt_user.h"
#include "store/stmt_webhook.h"
#include "store/stmt_withdrawal.h"

/* a module's list gives S(name) or, typed (store/db_sig.h), S(name, args, rows) */
#define DB_STMT_NAME(name, ...) name,

enum db_stmt {
	DB_STMTS_DB(DB_STMT_NAME)
	DB_STMTS_USER(DB_STMT_NAME)
	DB_STMTS_PARTNER(DB_STMT_NAME)
	DB_STMTS_APIKEY(DB_STMT_NAME)
	DB_STMTS_SIM(DB_STMT_NAME)
	DB_STMTS_FXRATE(DB_STMT_NAME)
	DB_STMTS_QUOTE(DB_STMT_NAME)
	DB_STMTS_RATE_LIMIT(DB_STMT_NAME)
	DB_STMTS_LEDGER(DB_STMT_NAME)
	DB_STMTS_CONVERSION(DB_STMT_NAME)
	DB_STMTS_IDEMPOTENCY(DB_STMT_NAME)
	DB_STMTS_PAYOUT(DB_STMT_NAME)
	DB_STMTS_WITHDRAWAL(DB_STMT_NAME)
	DB_STMTS_OUTBOX(DB_STMT_NAME)
	DB_STMTS_FUNDS(DB_STMT_NAME)
	DB_STMTS_HISTORY(DB_STMT_NAME)
	DB_STMTS_PAYOUT_FLOAT(DB_STMT_NAME)
	DB_STMTS_BENEFICIARY(DB_STMT_NAME)
	DB_STMTS_KYC(DB_STMT_NAME)
	DB_STMTS_WEBHOOK(DB_STMT_NAME)
	DB_STMTS_DELIVERY(DB_STMT_NAME)
	DB_STMTS_INTENT(DB_STMT_NAME)
	DB_STMTS_ONCHAIN(DB_STMT_NAME)
	DB_STMTS_CHAIN_DEPOSIT(DB_STMT_NAME)
	DB_STMTS_CONSOLE(DB_STMT_NAME)
	DB_STMTS_GAUGES(DB_STMT_NAME)
	DB_STMTS_OPS_PAYOUT(DB_STMT_NAME)
	DB_STMTS_RECONCILE(DB_STMT_NAME)
	DB_STMTS_SIGNER(DB_STMT_NAME)
	DB_STMT__MAX
};

/* One statement: its SQL (what it takes and returns is its declaration
 * in store/stmt_<module>.h, store/db_sig.h). */
struct db_stmt_def {
	enum db_stmt id;
	const char *sql;
};

/* The SQL text of s (NULL for a value that is no statement). */
const char *db_stmt_sql(enum db_stmt s);

/* The columns s returns, as its declaration names them. */
unsigned db_stmt_ncols(enum db_stmt s);

/* The placeholders s has, as its declaration binds them. */
unsigned db_stmt_nargs(enum db_stmt s);

/* The name of s ("DB_WD_GET"), for messages. */
const char *db_stmt_name(enum db_stmt s);

/* 1 when s waits for the Galera cluster before it reads (it starts with
 * SYNC_READ, store/stmt_internal.h), else 0. */
int db_stmt_sync_read(enum db_stmt s);

/*
 * 0 when the server's prepare of s agrees with its declaration: nparams
 * placeholders, and the ncols columns named names[] in the declared order.
 * Else -1 with why (cap bytes) naming the statement, the position and
 * both sides: a SELECT whose columns were reordered never runs.
 */
int db_stmt_prepare_check(enum db_stmt s, unsigned nparams, const char *const *names,
    unsigned ncols, char *why, size_t cap);

/* 1 when args_shape is s's arguments' shape (enum db_args_shape), else
 * 0. */
int db_stmt_takes(enum db_stmt s, int args_shape);

/* 0 when every statement has its SQL exactly once in the module tables;
 * else -1 with why naming the first that has none or two. */
int db_stmt_table_check(char *why, size_t cap);

#endif
