/*
 * account_answer: a partner's own standing as both the partner API and the
 * console answer it, for r's caller: its balances (USDT, USDC and GHS:
 * available, and pending, held by withdrawals in flight), its statement
 * (a currency's movements over a period, CSV, streamed), and the networks
 * it pays to with their state.
 */
#ifndef CEDIRAMP_ACCOUNT_ANSWER_H
#define CEDIRAMP_ACCOUNT_ANSWER_H

#include "http/req.h"
#include "http/resp.h"

enum err partner_balances_answer(struct req *r, struct resp *resp);
/* the same balances as an array into *out (new reference): ERR_OK or the error */
enum err partner_balances_json(struct req *r, struct resp *resp, json_t **out);
/* ... of partner row partner_id (the back office's view of one) */
enum err partner_balances_json_of(struct req *r, long long partner_id, struct resp *resp,
    json_t **out);
/* the supported networks, each with its provider's state now (GET
 * /v1/supported-networks): the answer, and its array (NULL out of memory) */
enum err partner_networks_answer(struct req *r, struct resp *resp);
json_t *partner_networks_json(struct ctx *ctx);
enum err partner_statement_answer(struct req *r, struct resp *resp);

#endif
