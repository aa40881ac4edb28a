/*
 * mail_sink: the sandbox's outgoing mail, as its sink (tools/mailsink.c,
 * cediramp-mailsink, which `make run` starts) received it: stored, and
 * shown to a partner in the console ("Sandbox mail": what was sent to its
 * people and to those it invited).
 */
#ifndef CEDIRAMP_MAIL_SINK_H
#define CEDIRAMP_MAIL_SINK_H

#include <jansson.h>
#include <stddef.h>

#include "core/outcome.h"
#include "store/db.h"

#define MAIL_SINK_LIST_MAX 50

/* Stores one message (body: n bytes, any content): DB_OK or the database's. */
int mail_sink_store(struct db *db, const char *from, const char *to, const char *subject,
    const char *body, size_t n);

/* The newest (at most MAIL_SINK_LIST_MAX) messages to partner_id's people
 * and invitees (only to the address mine when it is not NULL) as a JSON
 * array of {id, to, subject, body, received_at} into *out (new
 * reference). ERR_OK or the database's error. */
enum err mail_sink_list(struct db *db, long long partner_id, const char *mine, json_t **out,
    struct outcome *o);

#endif
