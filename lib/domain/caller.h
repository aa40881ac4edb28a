/*
 * caller: who acts. A wallet user (the JWT's subject), a partner (an API
 * key's owner), or the platform (the wallet developer, signed in to the
 * console: the wallet's webhooks are its), once authenticated; the domain checks ownership and tiers
 * against it and never learns how the caller authenticated.
 */
#ifndef CEDIRAMP_CALLER_H
#define CEDIRAMP_CALLER_H

enum caller_kind { CALLER_NONE = 0, CALLER_USER, CALLER_PARTNER, CALLER_PLATFORM };

struct caller {
	enum caller_kind kind;
	long long id;    /* users.id or partners.id (0: the platform) */
	char public_id[140]; /* wallet id or partner public id (Glossary) */
	char tier[16];   /* KYC / partner tier */
};

#endif
