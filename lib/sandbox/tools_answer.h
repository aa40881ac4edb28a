/*
 * tools_answer: the sandbox's test helpers that both the partner API
 * (/v1/sandbox/...) and the console's Sandbox tools (/console/api/sandbox/...)
 * answer, for r's caller; 404 outside the sandbox. A test deposit credits
 * the caller's USDT or USDC (201; at most 1,000,000); approve and reject
 * act as the payer of the caller's pending payment intent on the simulator
 * (sandbox/payer.h): 200 with the intent, 409 invalid state once it left
 * pending_approval.
 */
#ifndef CEDIRAMP_TOOLS_ANSWER_H
#define CEDIRAMP_TOOLS_ANSWER_H

#include "http/req.h"
#include "http/resp.h"

enum err sandbox_deposit_answer(struct req *r, struct resp *resp);
enum err sandbox_intent_approve_answer(struct req *r, struct resp *resp);
enum err sandbox_intent_reject_answer(struct req *r, struct resp *resp);

#endif
