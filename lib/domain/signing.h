/*
 * signing: what cediramp-signer does with a request (tools/signer.c reads
 * it off its socket; signer_client.h has the protocol). Each decision is
 * one transaction of its own on ctx->db, journalled in it (signer_journal,
 * schema 053):
 *
 *   move     convert (a conversion's or a withdrawal's) or mint (the
 *            sandbox's): a send already stored under the same ref answers
 *            its transaction again ("repeated"); else the policy, then the
 *            next nonce under the row lock of chain_nonces (started from
 *            the node's count the first time), the signature, the send and
 *            its first attempt, all stored before the answer ("signed").
 *   replace  a stuck send's newest attempt again at its nonce with higher
 *            fees, stored beside the others; a send replaced meanwhile
 *            answers its newest attempt.
 *
 * The policy (signer.* in the signer's own config): the gateway's convert
 * and the configured tokens only; a withdrawal's move names a withdrawal
 * the database holds, pending and unsigned, of that coin and amount (the
 * custody wallet moves for nothing else); a transaction's most and a
 * rolling 24 h cap per coin; signatures a minute; the most fee per gas and
 * gas. A refusal signs and stores nothing.
 */
#ifndef CEDIRAMP_SIGNING_H
#define CEDIRAMP_SIGNING_H

#include <sys/types.h>

#include "domain/ctx.h"
#include "providers/chain.h"

struct signing_request {
	uid_t uid;          /* who asked (SO_PEERCRED) */
	const char *op;     /* convert, mint, replace */
	const char *purpose; /* convert: conversion or withdrawal */
	const char *ref;
	const char *asset, *wallet, *amount; /* convert, mint */
	unsigned long long attempt;          /* replace: the newest attempt's number */
	struct chain_fees fees;
};

struct signing_answer {
	const char *code; /* NULL: signed (or repeated); else refused, bad_request,
	                     unavailable */
	char reason[200];
	char hash[CHAIN_HASH_LEN + 1];
	char signer[43];
	unsigned long long nonce;
	int stored; /* 1: this request's own signature, stored now (not a repeat) */
};

/* convert or mint. */
void signing_move(struct ctx *ctx, const struct signing_request *r, struct signing_answer *a);

/* replace: signed by the key that signed the send (keys: those held). */
struct signer_keys;
void signing_replace(struct ctx *ctx, struct signer_keys *keys, const struct signing_request *r,
    struct signing_answer *a);

/*
 * The nonce gap: when the node's next nonce for the operator is held by a
 * send nobody will broadcast (stored for a conversion that never committed,
 * a withdrawal no longer pending) for signer.void_after_seconds, every
 * later transaction waits behind it. The send is voided (failed, with the
 * reason) and its nonce taken by a fill, a zero-value transfer to the
 * operator itself, stored as its newest attempt and journalled (op fill),
 * then broadcast, and again until mined. Run by the signer between
 * requests.
 */
void signing_sweep(struct ctx *ctx);

/* One decision into the journal (inside the decision's transaction when
 * it wrote anything): DB_OK or the error. */
int signing_journal(struct db *db, const struct signing_request *r, const char *decision,
    const struct signing_answer *a);

/* Locks the counter of signer's nonces on ch (started from the node's
 * count the first time: signer must be the key ch speaks for) and takes
 * the next: DB_OK, or the error (why in a). */
int signing_take_nonce(struct db *db, struct prov_chain *ch, const char *signer,
    unsigned long long *nonce, struct signing_answer *a);

/* A request refused before it reached the above (a caller not allowed, a
 * malformed request): journalled with code and reason. */
void signing_journal_refusal(struct ctx *ctx, const struct signing_request *r,
    const char *code, const char *reason);

#endif
