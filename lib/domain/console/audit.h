/*
 * audit: the console's append-only log of who did what: every console
 * action that changes something, every sign-in and failed sign-in, every
 * key event. Nothing updates or deletes a row; owners read it (newest
 * first) and export it.
 */
#ifndef CEDIRAMP_CONSOLE_AUDIT_H
#define CEDIRAMP_CONSOLE_AUDIT_H

#include <stddef.h>

#include "core/outcome.h"
#include "domain/console/session.h"
#include "store/db.h"

/*
 * Records action ("key.create") on object (an id, or "") by user_id (0:
 * no known user) of partner_id (0: none) from `from`: DB_OK or the
 * database's error. A failed write is the caller's to weigh: an action
 * already committed stands.
 */
int console_audit(struct db *db, long long partner_id, long long user_id, const char *action,
    const char *object, const struct console_client *from);

/* The most characters of a back-office action's reason. */
#define CONSOLE_REASON_MAX 200

/* 1 when reason is one a back-office action takes: 1 to
 * CONSOLE_REASON_MAX printable ASCII characters, not only spaces. */
int console_reason_ok(const char *reason);

/* console_audit with the reason the operator typed (NULL: none; the
 * caller checked it with console_reason_ok). */
int console_audit_reason(struct db *db, long long partner_id, long long user_id,
    const char *action, const char *object, const char *reason,
    const struct console_client *from);

/* One record as the log shows it. */
struct console_audit_row {
	long long id;
	char email[CONSOLE_EMAIL_MAX + 1];
	char action[65];
	char object[129];
	char address[65];
	char user_agent[256];
	char created_at[24];
	char reason[CONSOLE_REASON_MAX + 1];  /* "": none */
};

#define CONSOLE_AUDIT_PAGE_MAX 100

/*
 * Up to n (1 to CONSOLE_AUDIT_PAGE_MAX) records of partner_id older than
 * record before (0: the newest) into out: how many in *got. ERR_OK or
 * the database's error.
 */
enum err console_audit_page(struct db *db, long long partner_id, long long before, size_t n,
    struct console_audit_row *out, size_t *got, struct outcome *o);

#endif
