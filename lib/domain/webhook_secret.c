#include "domain/webhook_secret.h"

#include <stdio.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include "core/b64.h"
#include "core/id.h"
#include "core/strict.h"
#include "domain/event.h"
#include "domain/internal.h"
#include "store/db_sig.h"

/* the associated data's label: the bytes are a webhook secret, nothing
 * else; "v2": bound to the endpoint, the key's id and the slot */
static const char aad_label[] = "cediramp webhook secret v2";
/* an earlier version's label, bound to the endpoint alone: opened only by
 * whsec_seal_all, to seal those rows again */
static const char aad_label_v1[] = "cediramp webhook secret";

/* the associated data's most bytes: a label, an id, a key id, a slot */
#define AAD_MAX (sizeof(aad_label) + ID_MAX + 24 + 16)

/* ---- keys ---- */

int
whsec_keys_load(const struct cfg *cfg, struct whsec_keys *k)
{
	memset(k, 0, sizeof(*k));
	if (cfg->wh_previous_encryption_key[0] != '\0' &&
	    aead_key_from_hex(cfg->wh_previous_encryption_key, k->prev) == 0) {
		k->prev_id = cfg->wh_previous_encryption_key_id;
		k->have_prev = 1;
	}
	if (cfg->wh_encryption_key[0] == '\0' ||
	    aead_key_from_hex(cfg->wh_encryption_key, k->cur) != 0)
		return -1;
	k->cur_id = cfg->wh_encryption_key_id;
	k->have_cur = 1;
	return 0;
}

void
whsec_keys_wipe(struct whsec_keys *k)
{
	OPENSSL_cleanse(k, sizeof(*k));
}

const unsigned char *
whsec_key_by_id(const struct whsec_keys *k, const char *id)
{
	unsigned long long v;

	if (id == NULL || strict_uint(id, strlen(id), 65535, &v) != 0)
		return NULL;
	if (k->have_cur && v == k->cur_id)
		return k->cur;
	if (k->have_prev && v == k->prev_id)
		return k->prev;
	return NULL;
}

/* ---- sealing ---- */

/* The associated data of b into aad (AAD_MAX): the label, then after a
 * NUL byte each of the id, the key id, the slot. Its length, or 0. */
static size_t
secret_aad(const struct whsec_bind *b, unsigned char *aad, size_t cap)
{
	int n;

	if (b->public_id == NULL || b->public_id[0] == '\0' || strlen(b->public_id) >= ID_MAX)
		return 0;
	memcpy(aad, aad_label, sizeof(aad_label)); /* its NUL included */
	n = snprintf((char *)aad + sizeof(aad_label), cap - sizeof(aad_label), "%s%c%llu%c%s",
	    b->public_id, '\0', b->key_id, '\0', b->slot == WHSEC_CURRENT ? "current" : "previous");
	if (n < 0 || (size_t)n >= cap - sizeof(aad_label))
		return 0;
	return sizeof(aad_label) + (size_t)n;
}

/* An earlier version's associated data of public_id: the v1 label, a NUL
 * byte, the id. Its length, or 0. */
static size_t
secret_aad_v1(const char *public_id, unsigned char *aad, size_t cap)
{
	size_t il = strlen(public_id);

	if (il == 0 || sizeof(aad_label_v1) + il > cap)
		return 0;
	memcpy(aad, aad_label_v1, sizeof(aad_label_v1));
	memcpy(aad + sizeof(aad_label_v1), public_id, il);
	return sizeof(aad_label_v1) + il;
}

int
whsec_seal_hex(const unsigned char key[AEAD_KEY_BYTES], const struct whsec_bind *b,
    const char *secret, size_t n, char *hex, size_t cap)
{
	unsigned char aad[AAD_MAX], sealed[WHSEC_SEALED_MAX];
	size_t alen = secret_aad(b, aad, sizeof(aad)), slen = 0;

	if (cap > 0)
		hex[0] = '\0';
	if (alen == 0 || n == 0 || n > WHSEC_PLAIN_MAX || cap < 2 * (n + AEAD_OVERHEAD) + 1 ||
	    aead_seal(key, aad, alen, (const unsigned char *)secret, n, sealed,
	    sizeof(sealed), &slen) != 0)
		return -1;
	id_hex(sealed, slen, hex);
	return 0;
}

/* Opens hex under key with the alen bytes of associated data aad into out
 * as whsec_open_hex says. */
static int
open_with(const unsigned char key[AEAD_KEY_BYTES], const unsigned char *aad, size_t alen,
    const char *hex, char *out, size_t cap, size_t *n)
{
	unsigned char sealed[WHSEC_SEALED_MAX];
	size_t hl, i, olen = 0;

	*n = 0;
	if (cap > 0)
		out[0] = '\0';
	hl = hex != NULL ? strlen(hex) : 0;
	if (alen == 0 || cap < WHSEC_PLAIN_MAX + 1 || hl % 2 != 0 ||
	    hl / 2 <= AEAD_OVERHEAD || hl / 2 > WHSEC_SEALED_MAX)
		return -1;
	for (i = 0; i < hl / 2; i++) {
		int hi = strict_hexval(hex[2 * i]), lo = strict_hexval(hex[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return -1;
		sealed[i] = (unsigned char)(hi << 4 | lo);
	}
	if (aead_open(key, aad, alen, sealed, hl / 2, (unsigned char *)out, cap - 1,
	    &olen) != 0) {
		OPENSSL_cleanse(out, cap);
		out[0] = '\0';
		return -1;
	}
	out[olen] = '\0';
	*n = olen;
	return 0;
}

int
whsec_open_hex(const unsigned char key[AEAD_KEY_BYTES], const struct whsec_bind *b,
    const char *hex, char *out, size_t cap, size_t *n)
{
	unsigned char aad[AAD_MAX];

	return open_with(key, aad, secret_aad(b, aad, sizeof(aad)), hex, out, cap, n);
}

/* The key of k named by the decimal text id, its id into *v; NULL when none. */
static const unsigned char *
key_and_id(const struct whsec_keys *k, const char *id, unsigned long long *v)
{
	const unsigned char *key = whsec_key_by_id(k, id);

	*v = 0;
	if (key != NULL)
		*v = key == k->cur ? k->cur_id : k->prev_id;
	return key;
}

int
whsec_open_stored(const struct whsec_keys *k, const char *public_id,
    enum whsec_slot slot, const char *key_id, const char *hex, char *out, size_t cap,
    size_t *n)
{
	struct whsec_bind b = { public_id, 0, slot };
	const unsigned char *key = key_and_id(k, key_id, &b.key_id);

	*n = 0;
	if (cap > 0)
		out[0] = '\0';
	return key != NULL ? whsec_open_hex(key, &b, hex, out, cap, n) : -1;
}

int
whsec_seal_current(const struct whsec_keys *k, const char *public_id,
    enum whsec_slot slot, const char *secret, size_t n, char *hex, size_t cap)
{
	struct whsec_bind b = { public_id, k->cur_id, slot };

	if (!k->have_cur) {
		if (cap > 0)
			hex[0] = '\0';
		return -1;
	}
	return whsec_seal_hex(k->cur, &b, secret, n, hex, cap);
}

int
whsec_generate(char *out, size_t cap)
{
	unsigned char raw[32];
	int rc = -1;

	if (cap > 0)
		out[0] = '\0';
	if (cap > WHSEC_GENERATED_LEN && RAND_bytes(raw, sizeof(raw)) == 1) {
		memcpy(out, "whsec_", 6);
		/* 32 bytes: 44 characters, padded, and the NUL */
		rc = EVP_EncodeBlock((unsigned char *)out + 6, raw, (int)sizeof(raw)) == 44 ? 0 : -1;
		if (rc != 0)
			out[0] = '\0';
	}
	OPENSSL_cleanse(raw, sizeof(raw));
	return rc;
}

/* ---- signing ---- */

/*
 * The Standard Webhooks key of the n bytes of secret s into raw (cap 64):
 * for "whsec_" and strict padded base64 of 24 to 64 bytes, those bytes,
 * and their count; 0 for any other secret (keyed with its characters).
 */
static size_t
std_key(const char *s, size_t n, unsigned char *raw, size_t cap)
{
	size_t len;

	if (n < 6 || memcmp(s, "whsec_", 6) != 0)
		return 0;
	len = b64std_decoded_len(s + 6, n - 6);
	if (len == (size_t)-1 || len < 24 || len > cap ||
	    b64std_decode(s + 6, n - 6, raw, cap) != len) {
		OPENSSL_cleanse(raw, cap);
		return 0;
	}
	return len;
}

int
whsec_sign(const struct whsec_plain *secrets, size_t ns, const char *msg_id,
    long long ts, const char *body, size_t blen, char *hex_list, size_t hcap,
    char *std_list, size_t scap)
{
	char sig[EVENT_SIG_HEX_LEN + 1], std[EVENT_SIG_STD_MAX];
	size_t i, hl = 0, sl = 0;
	int w;

	if (hcap > 0)
		hex_list[0] = '\0';
	if (scap > 0)
		std_list[0] = '\0';
	if (ns == 0 || ns > WHSEC_SIGN_MAX || hcap == 0 || scap == 0)
		return -1;
	for (i = 0; i < ns; i++) {
		unsigned char raw[64];
		const char *key = secrets[i].s;
		size_t klen = std_key(secrets[i].s, secrets[i].n, raw, sizeof(raw));
		int bad;

		if (klen > 0)
			key = (const char *)raw;
		else
			klen = secrets[i].n;
		bad = event_sig_hex(secrets[i].s, secrets[i].n, body, blen, sig, sizeof(sig)) != 0 ||
		    event_sig_std(key, klen, msg_id, ts, body, blen, std, sizeof(std)) != 0;
		OPENSSL_cleanse(raw, sizeof(raw));
		if (bad)
			return -1;
		w = snprintf(hex_list + hl, hcap - hl, "%s%s", i ? ", " : "", sig);
		if (w < 0 || (size_t)w >= hcap - hl)
			return -1;
		hl += (size_t)w;
		w = snprintf(std_list + sl, scap - sl, "%s%s", i ? " " : "", std);
		if (w < 0 || (size_t)w >= scap - sl)
			return -1;
		sl += (size_t)w;
	}
	return 0;
}

/* ---- sealing what is left (cediramp-admin migrate) ---- */

struct seal_tx {
	const struct whsec_keys *keys;
	unsigned long long after;  /* the last row done (moved on by the caller) */
	unsigned long long at;     /* the row this transaction looked at */
	int found, changed;
	int bad;                   /* a secret that does not open */
	char row[24];
};

/*
 * Opens the hex of public_id's sealed column slot with the key its key id
 * names, bound as binding (1: an earlier version's, to the endpoint alone;
 * 2: to the endpoint, the key id and the slot), and seals it again under
 * the current key, binding 2, into hex (in place). 0, or -1 when it does
 * not open or seal.
 */
static int
reseal(const struct whsec_keys *k, const char *public_id, enum whsec_slot slot,
    const char *key_id, int binding, char *hex, size_t cap)
{
	unsigned char aad[AAD_MAX];
	char plain[WHSEC_PLAIN_MAX + 1];
	const unsigned char *key = whsec_key_by_id(k, key_id);
	size_t n = 0;
	int rc = -1, opened;

	if (binding == 1)
		opened = key != NULL && open_with(key, aad, secret_aad_v1(public_id, aad,
		    sizeof(aad)), hex, plain, sizeof(plain), &n) == 0;
	else
		opened = whsec_open_stored(k, public_id, slot, key_id, hex, plain, sizeof(plain),
		    &n) == 0;
	if (opened)
		rc = whsec_seal_current(k, public_id, slot, plain, n, hex, cap);
	OPENSSL_cleanse(plain, sizeof(plain));
	return rc;
}

static int
seal_tx(struct db *db, void *arg)
{
	struct seal_tx *t = arg;
	char cur[WHSEC_HEX_MAX], prev[WHSEC_HEX_MAX], public_id[ID_MAX], plain[WHSEC_PLAIN_MAX + 1];
	struct db_rows rows;
	const char *v, *cur_kid, *prev_kid;
	unsigned long long id = 0;
	long long kid;
	int rc, has_prev, binding;

	t->found = t->changed = t->bad = 0;
	if ((rc = DB_EXEC(db, DB_WH_SECRET_STALE, wh_stale, &rows, NULL,
	    .after = (long long)t->after, .key_id = (long long)t->keys->cur_id)) != DB_OK)
		return rc;
	if (rows.nrows == 0) {
		db_rows_free(&rows);
		return DB_OK;
	}
	t->found = 1;
	v = db_cell(&rows, 0, DB_COL(wh_stale, id));
	if (v == NULL || strict_uint(v, strlen(v), ~0ULL >> 1, &id) != 0) {
		db_rows_free(&rows);
		return DB_FAIL;
	}
	/* t->after moves on only once this transaction committed: one that
	 * db_tx runs again (a deadlock) looks at the same row again */
	t->at = id;
	(void)strict_copy(t->row, sizeof(t->row), v);
	db_cell_copy(public_id, sizeof(public_id), &rows, 0, DB_COL(wh_stale, public_id));
	db_cell_copy(cur, sizeof(cur), &rows, 0, DB_COL(wh_stale, secret_sealed));
	cur_kid = db_cell(&rows, 0, DB_COL(wh_stale, secret_key_id));
	db_cell_copy(prev, sizeof(prev), &rows, 0, DB_COL(wh_stale, previous_secret_sealed));
	prev_kid = db_cell(&rows, 0, DB_COL(wh_stale, previous_secret_key_id));
	has_prev = prev[0] != '\0';
	v = db_cell(&rows, 0, DB_COL(wh_stale, secret_binding));
	binding = v != NULL && strcmp(v, "2") == 0 ? 2 : 1;
	/* the migration's one read of the plaintext column */
	v = db_cell(&rows, 0, DB_COL(wh_stale, secret));
	if (v != NULL) {
		size_t n = strlen(v);

		(void)strict_copy(plain, sizeof(plain), v);
		rc = whsec_seal_current(t->keys, public_id, WHSEC_CURRENT, plain, n, cur,
		    sizeof(cur));
		OPENSSL_cleanse(plain, sizeof(plain));
		if (rc != 0)
			t->bad = 1;
	} else if ((binding != 2 || whsec_key_by_id(t->keys, cur_kid) != t->keys->cur) &&
	    reseal(t->keys, public_id, WHSEC_CURRENT, cur_kid, binding, cur, sizeof(cur)) != 0)
		t->bad = 1;
	if (!t->bad && has_prev &&
	    (binding != 2 || whsec_key_by_id(t->keys, prev_kid) != t->keys->cur) &&
	    reseal(t->keys, public_id, WHSEC_PREVIOUS, prev_kid, binding, prev,
	    sizeof(prev)) != 0)
		t->bad = 1;
	db_rows_free(&rows);
	if (t->bad)
		return DB_OK; /* nothing written; the caller reports the row */
	kid = (long long)t->keys->cur_id;
	if ((rc = DB_EXEC(db, DB_WH_SECRET_SEAL, wh_seal, NULL, NULL, .sealed = cur,
	    .key_id = kid, .prev_sealed = has_prev ? prev : NULL,
	    .prev_key_id = has_prev ? &kid : NULL, .id = (long long)id)) != DB_OK)
		return rc;
	t->changed = 1;
	OPENSSL_cleanse(cur, sizeof(cur));
	return DB_OK;
}

enum err
whsec_seal_all(struct db *db, const struct cfg *cfg, long long *sealed, struct outcome *o)
{
	struct whsec_keys keys;
	struct seal_tx t;
	enum err e = ERR_OK;
	unsigned long long left = 0;
	int rc;

	outcome_init(o);
	*sealed = 0;
	if (whsec_keys_load(cfg, &keys) != 0) {
		whsec_keys_wipe(&keys);
		/* nothing to seal needs no key: a deployment without webhooks */
		if ((rc = db_run_count(db, DB_BIND(DB_WH_SECRET_PLAIN_COUNT, no_args), &left)) != DB_OK)
			return domain_db_fail(o, rc, "count the webhook secrets");
		if (left == 0)
			return ERR_OK;
		return outcome_fail(o, ERR_SERVICE_UNAVAILABLE,
		    "webhooks.encryption_key_file is not set: %llu webhook secrets are still "
		    "stored in clear", left);
	}
	memset(&t, 0, sizeof(t));
	t.keys = &keys;
	for (;;) {
		if ((rc = db_tx(db, seal_tx, &t)) != DB_OK) {
			e = domain_db_fail(o, rc, "seal the webhook secrets");
			break;
		}
		if (t.bad) {
			e = outcome_fail(o, ERR_INTERNAL, "webhook endpoint row %s: its secret "
			    "does not open with the configured keys (webhooks.encryption_key_file, "
			    "webhooks.previous_encryption_key_file and their ids)", t.row);
			break;
		}
		if (!t.found)
			break;
		t.after = t.at;
		*sealed += t.changed;
	}
	whsec_keys_wipe(&keys);
	return e;
}
