#include "domain/console/role.h"

#include <string.h>

static const char *const roles[CONSOLE_ROLES] = {
	[CONSOLE_OWNER] = "owner",
	[CONSOLE_DEVELOPER] = "developer",
	[CONSOLE_FINANCE] = "finance",
	[CONSOLE_VIEWER] = "viewer",
	[CONSOLE_WALLET_DEVELOPER] = "wallet-developer",
};

static const char *const actions[CONSOLE_ACTIONS] = {
	[CONSOLE_READ] = "read",
	[CONSOLE_CANCEL] = "cancel",
	[CONSOLE_KEYS] = "keys",
	[CONSOLE_TEAM] = "team",
	[CONSOLE_WEBHOOKS] = "webhooks",
	[CONSOLE_ACCOUNT] = "account",
	[CONSOLE_WALLET] = "wallet",
};

/* may[role][action] */
static const unsigned char may[CONSOLE_ROLES][CONSOLE_ACTIONS] = {
	[CONSOLE_OWNER] =            { 1, 1, 1, 1, 1, 1, 0 },
	[CONSOLE_DEVELOPER] =        { 1, 1, 1, 0, 1, 1, 0 },
	[CONSOLE_FINANCE] =          { 1, 1, 0, 0, 0, 1, 0 },
	[CONSOLE_VIEWER] =           { 1, 0, 0, 0, 0, 1, 0 },
	[CONSOLE_WALLET_DEVELOPER] = { 0, 0, 0, 0, 0, 1, 1 },
};

int
console_role_parse(const char *s)
{
	int i;

	for (i = 0; s != NULL && i < CONSOLE_ROLES; i++)
		if (strcmp(s, roles[i]) == 0)
			return i;
	return -1;
}

int
console_role_of_partner(const char *s)
{
	int role = console_role_parse(s);

	return role >= 0 && role != CONSOLE_WALLET_DEVELOPER;
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
