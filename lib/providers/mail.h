/*
 * mail: one message sent by SMTP through libcurl (docs/console.md,
 * "Mail"): mail.smtp_url (smtp://host:port, STARTTLS as mail.starttls
 * says; smtps:// for TLS from the first byte), the envelope sender
 * mail.from, and the login, when one is needed, from the first line
 * "user:password" of mail.credentials_file (readable by its owner and
 * group only), never from the shared config.
 */
#ifndef CEDIRAMP_MAIL_H
#define CEDIRAMP_MAIL_H

#include <stddef.h>

#include "core/cfg.h"

enum mail_rc {
	MAIL_SENT = 0,
	MAIL_OFF,     /* mail.smtp_url is empty: nothing to send to */
	MAIL_FAILED   /* the server refused it, or could not be reached */
};

/*
 * Sends a plain-text message (UTF-8) with subject to to (one address),
 * within cfg->provider_timeout_ms. why (cap bytes) says what failed.
 */
enum mail_rc mail_send(const struct cfg *cfg, const char *to, const char *subject,
    const char *body, char *why, size_t cap);

#endif
