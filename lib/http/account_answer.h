/*
 * account_answer: a partner's own standing as both the partner API and the
 * console answer it, for r's caller: its balances (USDT, USDC and GHS:
 * available, and pending, held by withdrawals in flight) and its
 * statement (a currency's movements over a period, CSV, streamed).
 */
#ifndef CEDIRAMP_ACCOUNT_ANSWER_H
#define CEDIRAMP_ACCOUNT_ANSWER_H

#include "http/req.h"
#include "http/resp.h"

enum err partner_balances_answer(struct req *r, struct resp *resp);
enum err partner_statement_answer(struct req *r, struct resp *resp);

#endif
