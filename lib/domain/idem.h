/*
 * idem: X-Idempotency-Key on the wallet API's state-changing POSTs. Keys
 * are scoped per user, 1..128 printable characters, and live 24 hours. The
 * first request with a key claims it (UNIQUE (user, key) decides races);
 * its answer is stored when the request changed something and replayed
 * byte for byte to the same key with the same body on the same endpoint.
 * A different body or endpoint is 409 idempotency_conflict. A request
 * whose twin is still running waits for it (bounded) and replays its
 * answer, else gets 409 with inProgress. An answer that changed nothing (a
 * validation error) is not stored, so a corrected retry can run.
 */
#ifndef CEDIRAMP_IDEM_H
#define CEDIRAMP_IDEM_H

#include <stddef.h>

#include "http/req.h"
#include "http/resp.h"

#define IDEM_KEY_MAX 128
#define IDEM_WAIT_MS 5000

/*
 * Before the handler. Returns ERR_OK with r->idem_row set (proceed), or
 * ERR_OK with resp->raw_body set (a replay: skip the handler), or an error
 * (ERR_VALIDATION for a bad key, ERR_IDEMPOTENCY_CONFLICT with context,
 * ERR_SERVICE_UNAVAILABLE).
 */
enum err idem_begin(struct req *r, struct resp *resp, const char *endpoint,
    const char *body, size_t len);

/*
 * After rendering: stores status and body for the claimed key when store
 * is set, otherwise releases the key. No-op without a claimed key.
 */
void idem_finish(struct req *r, int store, int status, const char *body,
    size_t len);

#endif
