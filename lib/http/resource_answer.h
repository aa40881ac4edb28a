/*
 * resource_answer: the answers both the partner API and the console give
 * about a partner's withdrawals and payment intents, for r's caller (the
 * key's partner, or the console session's): the list (resource_page), one
 * by id (404 for anyone else's), and its cancel (409 invalid state).
 * Handlers of both APIs, so neither writes them twice.
 */
#ifndef CEDIRAMP_RESOURCE_ANSWER_H
#define CEDIRAMP_RESOURCE_ANSWER_H

#include "http/req.h"
#include "http/resp.h"

/* GET .../withdrawals, GET .../withdrawals/:id, POST .../withdrawals/:id/cancel */
enum err withdrawal_list_answer(struct req *r, struct resp *resp);
enum err withdrawal_get_answer(struct req *r, struct resp *resp);
enum err withdrawal_cancel_answer(struct req *r, struct resp *resp);

/* the same of payment intents */
enum err intent_list_answer(struct req *r, struct resp *resp);
enum err intent_get_answer(struct req *r, struct resp *resp);
enum err intent_cancel_answer(struct req *r, struct resp *resp);

#endif
