/*
 * statement_query: a statement asked for in a query string, as both APIs
 * ask (GET /v1/statements: currency, from_date, to_date; GET
 * /api/statements: from_date, to_date, the GHS balance), answered as CSV
 * written while it is read (domain/statement.h, app_stream_write).
 */
#ifndef CEDIRAMP_STATEMENT_QUERY_H
#define CEDIRAMP_STATEMENT_QUERY_H

#include "domain/statement.h"
#include "http/req.h"
#include "http/resp.h"

/* The query keys each API takes. */
extern const char *const statement_partner_params[];
extern const char *const statement_user_params[];

/*
 * Reads the query of r (from_date and to_date required, ISO 8601, a date
 * alone as to_date its whole day; for a partner currency USDT, USDC or
 * GHS, else ERR_INVALID_CURRENCY) and streams the caller's statement.
 * ERR_OK once it was written; an error before its first byte is the
 * answer (ERR_VALIDATION naming the parameter, ERR_SERVICE_UNAVAILABLE).
 */
enum err statement_answer(struct req *r, struct resp *resp, enum statement_owner owner);

#endif
