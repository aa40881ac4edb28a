/*
 * partner_wallet: the addresses a partner sends chain deposits from (the
 * deposits worker credits the partner for transfers from them to the
 * custody address), and the proof that the partner controls each one
 * (issue 34, item 5; docs/security.md, "Deposit addresses are proven").
 *
 * An address is registered only with an EIP-191 personal_sign signature,
 * made by the address's key, over a challenge the service issued: a
 * message naming the partner, the address, the chain id and a nonce,
 * valid one hour and used once. Whoever registers an address collects its
 * deposits, so an address nobody proved is never registered.
 */
#ifndef CEDIRAMP_PARTNER_WALLET_H
#define CEDIRAMP_PARTNER_WALLET_H

#include <stddef.h>

#include "core/cfg.h"
#include "core/outcome.h"
#include "store/db.h"

#define WALLET_CHALLENGE_SECONDS 3600
#define WALLET_CHALLENGE_MAX 600 /* the message's most bytes, with the NUL */

/*
 * A challenge for partner public_id and address (0x and 40 hex digits; in
 * mixed case with its EIP-55 checksum right): the message to sign into msg
 * (cap >= WALLET_CHALLENGE_MAX; no final newline), stored with its nonce
 * until it expires or is used. Errors in o: ERR_VALIDATION (partner_id,
 * address, or no providers.evm.chain_id: deposits are read on an EVM
 * chain only), ERR_NOT_FOUND for the partner, the database's.
 */
enum err partner_wallet_challenge(struct db *db, const struct cfg *cfg, const char *public_id,
    const char *address, char *msg, size_t cap, struct outcome *o);

/*
 * Registers address for partner public_id when signature ("0x" and 130
 * hex digits) is the address's personal_sign of one of its live
 * challenges (that challenge is used up; the address is stored lowercase).
 * An address belongs to one partner (ERR_DUPLICATE_REFERENCE when another
 * has it; the same partner again is ERR_OK and uses nothing). Errors in
 * o: ERR_VALIDATION (partner_id, address, signature: missing, malformed,
 * or not the address's over a live challenge), ERR_NOT_FOUND for the
 * partner, the database's. On an error nothing was written.
 */
enum err partner_wallet_add(struct db *db, const struct cfg *cfg, const char *public_id,
    const char *address, const char *signature, struct outcome *o);

/* Removes it: ERR_NOT_FOUND when the partner has no such address. */
enum err partner_wallet_remove(struct db *db, const struct cfg *cfg, const char *public_id,
    const char *address, struct outcome *o);

/* Calls fn(address, public id, created_at, arg) for each registered
 * address (of public_id only, when not NULL), by partner then address. */
typedef void (*partner_wallet_fn)(const char *address, const char *public_id,
    const char *created_at, void *arg);
enum err partner_wallet_list(struct db *db, const struct cfg *cfg, const char *public_id,
    partner_wallet_fn fn, void *arg, struct outcome *o);

/*
 * The message of a challenge (exposed for its unit test): the partner,
 * the address (EIP-55), the chain id, the nonce and the expiry
 * (YYYY-MM-DDTHH:MM:SSZ) into msg (cap bytes). 0, or -1 when it does not fit.
 */
int partner_wallet_message(const char *public_id, const unsigned char addr[20],
    unsigned long long chain_id, const char *nonce, const char *expires, char *msg,
    size_t cap);

#endif
