/*
 * stmt_internal: what the statement files (stmt_*.c) share, and nothing
 * outside lib/store includes: the statement table's types and the SQL
 * fragments several modules write.
 */
#ifndef CEDIRAMP_STMT_INTERNAL_H
#define CEDIRAMP_STMT_INTERNAL_H

#include <stddef.h>

#include "store/db_stmt.h"

/* Each module's table (stmt_<module>.c), ended by DB_STMT__MAX. */
extern const struct db_stmt_def db_stmts_db[];
extern const struct db_stmt_def db_stmts_user[];
extern const struct db_stmt_def db_stmts_partner[];
extern const struct db_stmt_def db_stmts_apikey[];
extern const struct db_stmt_def db_stmts_console[];
extern const struct db_stmt_def db_stmts_sim[];
extern const struct db_stmt_def db_stmts_fxrate[];
extern const struct db_stmt_def db_stmts_quote[];
extern const struct db_stmt_def db_stmts_rate_limit[];
extern const struct db_stmt_def db_stmts_ledger[];
extern const struct db_stmt_def db_stmts_conversion[];
extern const struct db_stmt_def db_stmts_idempotency[];
extern const struct db_stmt_def db_stmts_payout[];
extern const struct db_stmt_def db_stmts_withdrawal[];
extern const struct db_stmt_def db_stmts_outbox[];
extern const struct db_stmt_def db_stmts_funds[];
extern const struct db_stmt_def db_stmts_history[];
extern const struct db_stmt_def db_stmts_payout_float[];
extern const struct db_stmt_def db_stmts_beneficiary[];
extern const struct db_stmt_def db_stmts_kyc[];
extern const struct db_stmt_def db_stmts_webhook[];
extern const struct db_stmt_def db_stmts_delivery[];
extern const struct db_stmt_def db_stmts_intent[];
extern const struct db_stmt_def db_stmts_onchain[];
extern const struct db_stmt_def db_stmts_chain_deposit[];
extern const struct db_stmt_def db_stmts_gauges[];
extern const struct db_stmt_def db_stmts_ops_payout[];
extern const struct db_stmt_def db_stmts_reconcile[];
extern const struct db_stmt_def db_stmts_signer[];

/*
 * A decimal bound as text must be CAST before arithmetic or comparison:
 * DECIMAL + '1.5' is computed in floating point by MariaDB. (Storing text
 * into a DECIMAL column is exact and needs no cast.)
 */
#define DEC(p) "CAST(" p " AS DECIMAL(40,18))"

/*
 * A read that must see what the cluster committed before it, wherever it
 * was written: on a Galera node the statement first waits until the node
 * has applied every write set committed so far (wsrep_sync_wait = 1, for
 * this statement only). The server does not wait where wsrep is off (one
 * plain server) nor inside an open multi-statement transaction. Only in
 * front of a plain SELECT, never a FOR UPDATE one; the statements that carry
 * it are listed in docs/operations.md and pinned by tests/unit/test_db_stmt.c.
 */
#define SYNC_READ "SET STATEMENT wsrep_sync_wait = 1 FOR "

/*
 * A whole batch in one statement: the rows arrive as one argument, a JSON
 * array that MariaDB's JSON_TABLE reads as the table j, so the statement
 * stays prepared and its SQL fixed however many rows it carries. Each
 * text column has the character set and collation of the column it meets
 * (utf8mb4_bin for most tables, ascii_bin for the ledger's), or the join
 * cannot use that column's index. Amounts go as JSON strings into DECIMAL
 * columns: exact, as any text stored into a DECIMAL.
 */
#define J_ROWS(cols) "JSON_TABLE(?, '$[*]' COLUMNS (" cols ")) j"
#define J_TEXT(name, n, path) name " VARCHAR(" #n ") CHARACTER SET utf8mb4 " \
	"COLLATE utf8mb4_bin PATH '$" path "'"
#define J_ASCII(name, n, path) name " VARCHAR(" #n ") CHARACTER SET ascii " \
	"COLLATE ascii_bin PATH '$" path "'"
/* a JSON array of ids: ["po_...", ...] */
#define J_IDS J_ROWS(J_TEXT("id", 40, ""))

/* ISO 8601 to the millisecond (delivery logs: retries a second apart) */
#define ISO_MS(c) "CONCAT(LEFT(DATE_FORMAT(" c ", '%Y-%m-%dT%H:%i:%s.%f'), 23), 'Z')"

#endif
