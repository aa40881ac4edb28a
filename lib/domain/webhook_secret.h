/*
 * webhook_secret: webhook endpoint secrets at rest, and the signatures of a
 * delivery under one or two of them (issues 24 and 34; docs/webhooks.md,
 * docs/security.md, docs/decisions.md, decision 62).
 *
 * A secret is sealed with AES-256-GCM (core/aead.h) under the key of
 * webhooks.encryption_key_file, with associated data binding it to what it
 * is: "cediramp webhook secret v2", then, each after a NUL byte, the
 * endpoint's public id (wh_...), the sealing key's id and the slot
 * ("current" or "previous"). Bytes copied to another endpoint's row, from
 * one slot to the other, or given another key id do not open, and bytes
 * sealed under the same key for another purpose never open as a secret.
 * The sealed bytes travel as lowercase hex text (the store's cells are
 * text; the SQL turns them into bytes with UNHEX), and the key's id is
 * stored beside them, so a row sealed under an earlier key
 * (webhooks.previous_encryption_key_file) is still opened and is sealed
 * again under the current one by whsec_seal_all, as are rows an earlier
 * version sealed bound to the endpoint alone (secret_binding 1).
 *
 * A secret is 32 to 256 printable ASCII bytes (domain/partner/webhook.h),
 * or one the service made (whsec_generate); every buffer that held one in
 * clear is wiped before it is released.
 */
#ifndef CEDIRAMP_WEBHOOK_SECRET_H
#define CEDIRAMP_WEBHOOK_SECRET_H

#include <stddef.h>

#include "core/aead.h"
#include "core/cfg.h"
#include "core/outcome.h"
#include "store/db.h"

#define WHSEC_PLAIN_MAX 256                               /* WEBHOOK_SECRET_MAX */
#define WHSEC_SEALED_MAX (WHSEC_PLAIN_MAX + AEAD_OVERHEAD)
#define WHSEC_HEX_MAX (2 * WHSEC_SEALED_MAX + 1)          /* with the NUL */
/* a delivery carries at most this many signatures: the current secret's
 * and, during a rotation's overlap, the previous one's */
#define WHSEC_SIGN_MAX 2
/* "sha256=<64 hex>" per secret, joined by ", " */
#define WHSEC_HEX_LIST_MAX (WHSEC_SIGN_MAX * (7 + 64 + 2) + 1)
/* "v1,<44 base64>" per secret, joined by " " */
#define WHSEC_STD_LIST_MAX (WHSEC_SIGN_MAX * (3 + 44 + 1) + 1)

/* The keys of the config: the current one (sealing and opening) and the
 * previous one (opening only), each with its id; have_* say which are set. */
struct whsec_keys {
	unsigned char cur[AEAD_KEY_BYTES];
	unsigned long long cur_id;
	int have_cur;
	unsigned char prev[AEAD_KEY_BYTES];
	unsigned long long prev_id;
	int have_prev;
};

/* Which of an endpoint's two secrets sealed bytes are. */
enum whsec_slot { WHSEC_CURRENT = 0, WHSEC_PREVIOUS = 1 };

/* What sealed bytes are bound to (the associated data). */
struct whsec_bind {
	const char *public_id;       /* the endpoint's wh_... id */
	unsigned long long key_id;   /* the id of the key that seals them */
	enum whsec_slot slot;
};

/* A secret the service makes: "whsec_" and the padded base64 of 32 random
 * bytes, the form Standard Webhooks libraries take as it is */
#define WHSEC_GENERATED_LEN (6 + 44)

/* A secret in clear (borrowed bytes). */
struct whsec_plain {
	const char *s;
	size_t n;
};

/*
 * Reads the webhook keys of cfg into k. 0 with k->have_cur set; -1 when
 * webhooks.encryption_key_file is not set (k->have_cur 0; the previous key may
 * still be read). Wipe k with whsec_keys_wipe.
 */
int whsec_keys_load(const struct cfg *cfg, struct whsec_keys *k);

/* Wipes k's key bytes. */
void whsec_keys_wipe(struct whsec_keys *k);

/*
 * The key of k whose id is the decimal text id (as the database gives
 * it), or NULL when neither configured key has that id (or id is not
 * plain decimal).
 */
const unsigned char *whsec_key_by_id(const struct whsec_keys *k, const char *id);

/*
 * Seals the n bytes of secret (1..WHSEC_PLAIN_MAX) bound to b under key
 * into hex (cap >= WHSEC_HEX_MAX), NUL-terminated. 0, or -1 (hex "") when
 * an argument is out of range or the cipher fails.
 */
int whsec_seal_hex(const unsigned char key[AEAD_KEY_BYTES], const struct whsec_bind *b,
    const char *secret, size_t n, char *hex, size_t cap);

/*
 * Opens hex (what whsec_seal_hex wrote, either case) sealed bound to b
 * under key into out (cap >= WHSEC_PLAIN_MAX + 1), NUL-terminated, *n its
 * length. 0, or -1 (out wiped, "") when hex is not even-length hex of a
 * sealed secret, or the key, the binding or any byte differ.
 */
int whsec_open_hex(const unsigned char key[AEAD_KEY_BYTES], const struct whsec_bind *b,
    const char *hex, char *out, size_t cap, size_t *n);

/*
 * Opens a stored column: hex sealed for public_id's slot under the key
 * whose id is the decimal text key_id (as the database gives it), into out
 * as whsec_open_hex does. -1 also when no configured key has that id.
 */
int whsec_open_stored(const struct whsec_keys *k, const char *public_id,
    enum whsec_slot slot, const char *key_id, const char *hex, char *out, size_t cap,
    size_t *n);

/* Seals secret for public_id's slot under k's current key (its id bound
 * in), as whsec_seal_hex does. */
int whsec_seal_current(const struct whsec_keys *k, const char *public_id,
    enum whsec_slot slot, const char *secret, size_t n, char *hex, size_t cap);

/*
 * Makes a secret: "whsec_" and the base64 of 32 bytes from OpenSSL's
 * generator, into out (cap > WHSEC_GENERATED_LEN). 0, or -1 (out "").
 */
int whsec_generate(char *out, size_t cap);

/*
 * The signature headers' values of one delivery under the ns secrets
 * (1..WHSEC_SIGN_MAX; the current one first): into hex_list
 * (WHSEC_HEX_LIST_MAX) "sha256=<hex HMAC of body>" per secret joined by
 * ", " (X-Cediramp-Signature, keyed with the secret's characters as
 * written), and into std_list (WHSEC_STD_LIST_MAX) "v1,<base64 HMAC of
 * msg_id.ts.body>" per secret joined by " " (Standard Webhooks'
 * webhook-signature, keyed as those libraries key it: for a secret in
 * their form, "whsec_" and strict padded base64 of 24 to 64 bytes, the
 * decoded bytes; for any other, its characters). 0, or -1 when ns is out
 * of range or a buffer is too small.
 */
int whsec_sign(const struct whsec_plain *secrets, size_t ns, const char *msg_id,
    long long ts, const char *body, size_t blen, char *hex_list, size_t hcap,
    char *std_list, size_t scap);

/*
 * Seals every endpoint secret still in the plaintext column, and seals
 * again under the current key every one (current or previous) sealed under
 * another key id or bound to the endpoint alone (an earlier version's
 * binding 1); the plaintext column is cleared in the same transaction.
 * One row per transaction, so a crash leaves each row whole.
 * Run by `cediramp-admin migrate` after the schema files. *sealed counts
 * the rows changed. Errors in o: ERR_SERVICE_UNAVAILABLE when a row needs
 * the current key and webhooks.encryption_key_file is not set, ERR_INTERNAL
 * when a row's secret does not open (its key id is not configured, or its
 * bytes were changed), the database's failures.
 */
enum err whsec_seal_all(struct db *db, const struct cfg *cfg, long long *sealed,
    struct outcome *o);

#endif
