#include "domain/console/role.h"

#include <string.h>

static const char *const roles[CONSOLE_ROLES] = {
	[CONSOLE_OWNER] = "owner",
	[CONSOLE_DEVELOPER] = "developer",
	[CONSOLE_FINANCE] = "finance",
	[CONSOLE_VIEWER] = "viewer",
	[CONSOLE_WALLET_DEVELOPER] = "wallet-developer",
	[CONSOLE_OPERATOR] = "operator",
	[CONSOLE_COMPLIANCE] = "compliance",
	[CONSOLE_PLATFORM_FINANCE] = "finance",
	[CONSOLE_READ_ONLY] = "read-only",
};

/* which roles belong to no partner */
static const unsigned char platform_role[CONSOLE_ROLES] = {
	[CONSOLE_WALLET_DEVELOPER] = 1,
	[CONSOLE_OPERATOR] = 1,
	[CONSOLE_COMPLIANCE] = 1,
	[CONSOLE_PLATFORM_FINANCE] = 1,
	[CONSOLE_READ_ONLY] = 1,
};

static const char *const actions[CONSOLE_ACTIONS] = {
	[CONSOLE_READ] = "read",
	[CONSOLE_CANCEL] = "cancel",
	[CONSOLE_KEYS] = "keys",
	[CONSOLE_TEAM] = "team",
	[CONSOLE_WEBHOOKS] = "webhooks",
	[CONSOLE_ACCOUNT] = "account",
	[CONSOLE_WALLET] = "wallet",
	[CONSOLE_OPS_READ] = "ops-read",
	[CONSOLE_OPS_PARTNERS] = "ops-partners",
	[CONSOLE_OPS_KYC] = "ops-kyc",
	[CONSOLE_OPS_PAYOUTS] = "ops-payouts",
	[CONSOLE_OPS_MONEY] = "ops-money",
	[CONSOLE_OPS_RATES] = "ops-rates",
};

/* may[role][action]: read, cancel, keys, team, webhooks, account,
 * wallet, ops-read, ops-partners, ops-kyc, ops-payouts, ops-money, ops-rates */
static const unsigned char may[CONSOLE_ROLES][CONSOLE_ACTIONS] = {
	[CONSOLE_OWNER] =            { 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0 },
	[CONSOLE_DEVELOPER] =        { 1, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0 },
	[CONSOLE_FINANCE] =          { 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0 },
	[CONSOLE_VIEWER] =           { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0 },
	[CONSOLE_WALLET_DEVELOPER] = { 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0 },
	[CONSOLE_OPERATOR] =         { 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1, 1, 1 },
	[CONSOLE_COMPLIANCE] =       { 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0 },
	[CONSOLE_PLATFORM_FINANCE] = { 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0 },
	[CONSOLE_READ_ONLY] =        { 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0 },
};

int
console_role_in(const char *s, int platform)
{
	int i;

	for (i = 0; s != NULL && i < CONSOLE_ROLES; i++)
		if (platform_role[i] == (platform != 0) && strcmp(s, roles[i]) == 0)
			return i;
	return -1;
}

int
console_role_of_partner(const char *s)
{
	return console_role_in(s, 0) >= 0;
}

int
console_role_is_ops(int role)
{
	return role == CONSOLE_OPERATOR || role == CONSOLE_COMPLIANCE ||
	    role == CONSOLE_PLATFORM_FINANCE || role == CONSOLE_READ_ONLY;
}

int
console_role_of_ops(const char *s)
{
	return console_role_is_ops(console_role_in(s, 1));
}

const char *
console_role_name(int role)
{
	return role >= 0 && role < CONSOLE_ROLES ? roles[role] : "";
}

const char *
console_action_name(int action)
{
	return action >= 0 && action < CONSOLE_ACTIONS ? actions[action] : "";
}

int
console_may(int role, int action)
{
	if (role < 0 || role >= CONSOLE_ROLES || action < 0 || action >= CONSOLE_ACTIONS)
		return 0;
	return may[role][action];
}
