/*
 * signer_view: what an operator sees of cediramp-signer in the back
 * office (docs/console.md, "Back office", the Chain page): the pending
 * withdrawals it signed nothing for (withdrawals.signer_hold, schema 053,
 * as `cediramp-admin signer held` lists them) and its key rotations
 * (schema 054, as `signer rotations`), each row handed to a callback.
 */
#ifndef CEDIRAMP_SIGNER_VIEW_H
#define CEDIRAMP_SIGNER_VIEW_H

#include "store/db.h"

/* The most held withdrawals one read hands over (oldest first). */
#define SIGNER_VIEW_HELD_MAX 100

/* A withdrawal the signer holds. */
struct signer_held {
	char id[41];
	char partner_id[41];   /* the partner's public id */
	char currency[9];
	char amount[64];
	char held_at[32];      /* ISO 8601, UTC */
	char reason[241];      /* the signer's words: which rule refused it */
};

/* A key rotation. */
struct signer_rotation {
	long long id;
	char step[16];         /* requested ... done, or failed */
	char old_address[43];
	char new_address[43];  /* "" until the new key is made */
	char reason[200];      /* why it failed, or "" */
	long long requested_by;
	char created_at[32];
	char updated_at[32];   /* when it reached its step */
	long long step_age;    /* seconds at its step */
};

typedef void signer_held_fn(const struct signer_held *h, void *arg);
typedef void signer_rotation_fn(const struct signer_rotation *r, void *arg);

/* The held withdrawals, oldest first, at most SIGNER_VIEW_HELD_MAX: how
 * many, or -1 (the database's error, db_error). */
int signer_view_held(struct db *db, signer_held_fn *fn, void *arg);

/* The newest limit rotations, newest first: how many, or -1. */
int signer_view_rotations(struct db *db, int limit, signer_rotation_fn *fn, void *arg);

#endif
