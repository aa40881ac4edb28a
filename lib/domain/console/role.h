/*
 * role: what each console role may do (docs/console.md has the same
 * table, and tests/unit/test_console_role.c checks the two agree). The
 * console API refuses an action the session's role may not take with 403
 * before any handler runs; the pages hide what they may not call, which
 * is only a courtesy.
 */
#ifndef CEDIRAMP_CONSOLE_ROLE_H
#define CEDIRAMP_CONSOLE_ROLE_H

/* a role's name, its NUL included ("wallet-developer" is the longest) */
#define CONSOLE_ROLE_MAX 24

enum console_role {
	CONSOLE_OWNER = 0,
	CONSOLE_DEVELOPER,
	CONSOLE_FINANCE,
	CONSOLE_VIEWER,
	/* the platform's: whoever runs the wallet app on /api (no partner) */
	CONSOLE_WALLET_DEVELOPER,
	CONSOLE_ROLES
};

enum console_action {
	CONSOLE_READ = 0, /* the session, balances, withdrawals, intents */
	CONSOLE_CANCEL,   /* cancel a withdrawal or a payment intent; the sandbox tools */
	CONSOLE_KEYS,     /* see, create and revoke API keys */
	CONSOLE_TEAM,     /* see the members and the audit log */
	CONSOLE_WEBHOOKS, /* the webhook endpoints, their secrets and the delivery log */
	CONSOLE_ACCOUNT,  /* one's own session, sign-out and two-factor */
	CONSOLE_WALLET,   /* the wallet developer dashboard: the wallet's webhooks */
	CONSOLE_ACTIONS
};

/* The role named s ("owner" ...), or -1. */
int console_role_parse(const char *s);

/* 1 when s names a partner member's role (owner, developer, finance or
 * viewer), not the platform's. */
int console_role_of_partner(const char *s);

/* A role's name; "" out of range. */
const char *console_role_name(int role);

/* An action's name as docs/console.md shows it ("read" ...); "" out of range. */
const char *console_action_name(int action);

/* 1 when role may take action, else 0 (an unknown role may take none). */
int console_may(int role, int action);

#endif
