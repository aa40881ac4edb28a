/*
 * rotation: a rotation of the operator's key, walked by cediramp-signer
 * (issue 38, item 4; schema 054 has the steps; docs/operations.md
 * "Rotating the operator's key"). `cediramp-admin signer rotate` asks for
 * one (rotation_request); the signer then takes a step whenever it can
 * (rotation_advance, between requests):
 *
 *   1. a new key is made in the store (named by the rotation, so found
 *      again after a restart);
 *   2. half the old key's gas is sent to it, so both can pay while both
 *      are in use;
 *   3. the owner's setOperator(new, true): once mined, the new key signs
 *      every new move;
 *   4. the old key's sends still in flight finish (the old key replaces
 *      them if stuck; no new ones are signed with it);
 *   5. the owner's setOperator(old, false);
 *   6. the rest of the old key's gas is sent to the new key.
 *
 * Each transaction is stored (with its nonce, from the key's counter in
 * chain_nonces) in the same database transaction as the step it belongs
 * to, before it is broadcast, and broadcast again with the same bytes
 * until mined: a signer killed anywhere signs nothing twice and loses
 * nothing.
 */
#ifndef CEDIRAMP_ROTATION_H
#define CEDIRAMP_ROTATION_H

#include <sys/types.h>

#include "domain/ctx.h"
#include "domain/signer_keys.h"

struct rotation_answer {
	const char *code;        /* NULL: asked (or one was under way); refused, unavailable */
	char reason[200];
	unsigned long long id;
	char step[16];
	char old_address[43];
};

/* A rotation asked for by uid: a new one, or the one under way. */
void rotation_request(struct ctx *ctx, struct signer_keys *k, uid_t uid,
    struct rotation_answer *a);

/* As many steps of the rotation under way as can be taken now. */
void rotation_advance(struct ctx *ctx, struct signer_keys *k);

#endif
