/*
 * webhook_secret: webhook endpoint secrets at rest, and the signatures of a
 * delivery under one or two of them (issue 24; docs/webhooks.md,
 * docs/decisions.md, decision 62).
 *
 * A secret is sealed with AES-256-GCM (core/aead.h) under
 * webhooks.encryption_key, with associated data "cediramp webhook secret",
 * a NUL byte and the endpoint's public id (wh_...): sealed bytes copied to
 * another endpoint's row no longer open, and bytes sealed under the same
 * key for another purpose (a KYC image) never open as a secret. The sealed
 * bytes travel as lowercase hex text (the store's cells are text; the SQL
 * turns them into bytes with UNHEX), and the key's id
 * (webhooks.encryption_key_id) is stored beside them, so a row sealed under
 * an earlier key (webhooks.previous_encryption_key) is still opened and is
 * sealed again under the current one by whsec_seal_all.
 *
 * A secret is 16 to 256 printable ASCII bytes (domain/partner/webhook.h);
 * every buffer that held one in clear is wiped before it is released.
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

/* A secret in clear (borrowed bytes). */
struct whsec_plain {
	const char *s;
	size_t n;
};

/*
 * Reads the webhook keys of cfg into k. 0 with k->have_cur set; -1 when
 * webhooks.encryption_key is not set (k->have_cur 0; the previous key may
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
 * Seals the n bytes of secret (1..WHSEC_PLAIN_MAX) for endpoint
 * public_id under key into hex (cap >= WHSEC_HEX_MAX), NUL-terminated.
 * 0, or -1 (hex "") when an argument is out of range or the cipher fails.
 */
int whsec_seal_hex(const unsigned char key[AEAD_KEY_BYTES], const char *public_id,
    const char *secret, size_t n, char *hex, size_t cap);

/*
 * Opens hex (what whsec_seal_hex wrote, either case) sealed for public_id
 * under key into out (cap >= WHSEC_PLAIN_MAX + 1), NUL-terminated, *n its
 * length. 0, or -1 (out wiped, "") when hex is not even-length hex of a
 * sealed secret, or the key, the id or any byte differ.
 */
int whsec_open_hex(const unsigned char key[AEAD_KEY_BYTES], const char *public_id,
    const char *hex, char *out, size_t cap, size_t *n);

/*
 * The signature headers' values of one delivery under the ns secrets
 * (1..WHSEC_SIGN_MAX; the current one first): into hex_list
 * (WHSEC_HEX_LIST_MAX) "sha256=<hex HMAC of body>" per secret joined by
 * ", " (X-Cediramp-Signature), and into std_list (WHSEC_STD_LIST_MAX)
 * "v1,<base64 HMAC of msg_id.ts.body>" per secret joined by " " (Standard
 * Webhooks' webhook-signature). 0, or -1 when ns is out of range or a
 * buffer is too small.
 */
int whsec_sign(const struct whsec_plain *secrets, size_t ns, const char *msg_id,
    long long ts, const char *body, size_t blen, char *hex_list, size_t hcap,
    char *std_list, size_t scap);

/*
 * Seals every endpoint secret still in the plaintext column, and seals
 * again under the current key every one (current or previous) sealed under
 * another key id; the plaintext column is cleared in the same
 * transaction. One row per transaction, so a crash leaves each row whole.
 * Run by `cediramp-admin migrate` after the schema files. *sealed counts
 * the rows changed. Errors in o: ERR_SERVICE_UNAVAILABLE when a row needs
 * the current key and webhooks.encryption_key is not set, ERR_INTERNAL
 * when a row's secret does not open (its key id is not configured, or its
 * bytes were changed), the database's failures.
 */
enum err whsec_seal_all(struct db *db, const struct cfg *cfg, long long *sealed,
    struct outcome *o);

#endif
