/*
 * webhook_answer: the answers both the partner API and the console give
 * about a partner's webhook endpoints and its delivery log, for r's caller
 * (the key's partner, or the console session's): create (201, the secret
 * shown once when the service made it), list, delete (204), rotate the
 * secret (with an overlap), an endpoint's deliveries, the whole log
 * (webhook_id, event_type and status filters; page and per_page), one
 * event's deliveries and attempts, and redeliver (202). Another partner's
 * endpoint or event is 404.
 */
#ifndef CEDIRAMP_WEBHOOK_ANSWER_H
#define CEDIRAMP_WEBHOOK_ANSWER_H

#include "http/req.h"
#include "http/resp.h"

/* the query parameters of the log and of one endpoint's log */
extern const char *const webhook_log_params[];
extern const char *const webhook_endpoint_log_params[];

enum err webhook_create_answer(struct req *r, struct resp *resp);
/* PATCH {events?, enabled?}: the console's (the partner API has no PATCH) */
enum err webhook_update_answer(struct req *r, struct resp *resp);
enum err webhook_list_answer(struct req *r, struct resp *resp);
enum err webhook_delete_answer(struct req *r, struct resp *resp);
enum err webhook_rotate_answer(struct req *r, struct resp *resp);
enum err webhook_endpoint_log_answer(struct req *r, struct resp *resp);
enum err webhook_log_answer(struct req *r, struct resp *resp);
enum err webhook_delivery_answer(struct req *r, struct resp *resp);
enum err webhook_redeliver_answer(struct req *r, struct resp *resp);
/* a test event ("webhook.test") to one endpoint: 202 {event_id} */
enum err webhook_test_answer(struct req *r, struct resp *resp);

#endif
