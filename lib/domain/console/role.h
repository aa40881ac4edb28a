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
	/* the platform's back office (no partner; two-factor mandatory,
	 * console.ops_allow applies): its operators, compliance, finance
	 * (named "finance" as a partner's is: which one a user has is decided
	 * by whether it has a partner) and read-only */
	CONSOLE_OPERATOR,
	CONSOLE_COMPLIANCE,
	CONSOLE_PLATFORM_FINANCE,
	CONSOLE_READ_ONLY,
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
	CONSOLE_OPS_READ, /* the back office: read (partners, their keys and balances) */
	CONSOLE_OPS_PARTNERS, /* the back office: create, suspend and reactivate partners */
	CONSOLE_OPS_KYC,  /* the back office: KYC submissions, their images and decisions */
	CONSOLE_OPS_PAYOUTS, /* the back office: settle a payout held for review, retry one now */
	CONSOLE_OPS_MONEY, /* the back office: float sync, chain deposit assignment, partner credit and adjust */
	CONSOLE_OPS_RATES, /* the back office: set a rate */
	CONSOLE_ACTIONS
};

/* The role named s of a user with a partner (platform 0: owner,
 * developer, finance, viewer) or without one (platform 1:
 * wallet-developer, operator, compliance, finance, read-only), or -1.
 * "finance" is CONSOLE_FINANCE with a partner, CONSOLE_PLATFORM_FINANCE
 * without. */
int console_role_in(const char *s, int platform);

/* 1 when s names a partner member's role (owner, developer, finance or
 * viewer), not the platform's. */
int console_role_of_partner(const char *s);

/* 1 when s names a role of the back office (operator, compliance,
 * finance or read-only; finance as the platform's). */
int console_role_of_ops(const char *s);

/* 1 when role (an enum console_role) is one of the back office's. */
int console_role_is_ops(int role);

/* A role's name; "" out of range (CONSOLE_PLATFORM_FINANCE's is
 * "finance", as CONSOLE_FINANCE's). */
const char *console_role_name(int role);

/* An action's name as docs/console.md shows it ("read" ...); "" out of range. */
const char *console_action_name(int action);

/* 1 when role may take action, else 0 (an unknown role may take none). */
int console_may(int role, int action);

#endif
