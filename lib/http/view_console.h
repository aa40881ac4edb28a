/*
 * view_console: the console API's objects as its answers show them
 * (openapi/console.yaml), from the domain's structs. Every string in them
 * is data: the pages render it as text, never as HTML.
 */
#ifndef CEDIRAMP_VIEW_CONSOLE_H
#define CEDIRAMP_VIEW_CONSOLE_H

#include <jansson.h>

#include "core/cfg.h"
#include "domain/console/audit.h"
#include "domain/console/keys.h"
#include "domain/console/session.h"

/* The Session object {user {id, email, role}, partner {id, name, tier,
 * environment}, csrf_token, signed_in_at, permissions {read, cancel, keys,
 * team, webhooks}, two_factor {enabled, required}, explorer_tx_url (the
 * block explorer's page of a transaction, {hash} standing for its hash; null:
 * none)} (new reference; NULL out of memory). */
json_t *console_session_json(const struct cfg *cfg, const struct console_session *s);

/* An API key row {key_id, public_key, name, status (active, expiring,
 * expired, revoked), created_at, last_used_at, last_used_address,
 * expires_at, revoked_at} (new reference). */
json_t *console_key_json(const struct cfg *cfg, const struct console_key *k);

/* An audit record {id, actor, action, object, address, user_agent,
 * created_at} (new reference). */
json_t *console_audit_json(const struct console_audit_row *a);

#endif
