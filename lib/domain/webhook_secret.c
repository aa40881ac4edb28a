#include "domain/webhook_secret.h"

#include <stdio.h>
#include <string.h>

#include <openssl/crypto.h>

#include "core/id.h"
#include "core/strict.h"
#include "domain/event.h"
#include "domain/internal.h"

/* the associated data's label: the bytes are a webhook secret, nothing else */
static const char aad_label[] = "cediramp webhook secret";

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

/* The associated data of public_id's secret into aad: the label, a NUL
 * byte, the id. Its length, or 0 when it does not fit. */
static size_t
secret_aad(const char *public_id, unsigned char *aad, size_t cap)
{
	size_t il = strlen(public_id);

	if (il == 0 || sizeof(aad_label) + il > cap)
		return 0;
	memcpy(aad, aad_label, sizeof(aad_label)); /* its NUL included */
	memcpy(aad + sizeof(aad_label), public_id, il);
	return sizeof(aad_label) + il;
}

int
whsec_seal_hex(const unsigned char key[AEAD_KEY_BYTES], const char *public_id,
    const char *secret, size_t n, char *hex, size_t cap)
{
	unsigned char aad[sizeof(aad_label) + ID_MAX], sealed[WHSEC_SEALED_MAX];
	size_t alen = secret_aad(public_id, aad, sizeof(aad)), slen = 0;

	if (cap > 0)
		hex[0] = '\0';
	if (alen == 0 || n == 0 || n > WHSEC_PLAIN_MAX || cap < 2 * (n + AEAD_OVERHEAD) + 1 ||
	    aead_seal(key, aad, alen, (const unsigned char *)secret, n, sealed,
	    sizeof(sealed), &slen) != 0)
		return -1;
	id_hex(sealed, slen, hex);
	return 0;
}

int
whsec_open_hex(const unsigned char key[AEAD_KEY_BYTES], const char *public_id,
    const char *hex, char *out, size_t cap, size_t *n)
{
	unsigned char aad[sizeof(aad_label) + ID_MAX], sealed[WHSEC_SEALED_MAX];
	size_t alen = secret_aad(public_id, aad, sizeof(aad)), hl, i, olen = 0;

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

/* ---- signing ---- */

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
		if (event_sig_hex(secrets[i].s, secrets[i].n, body, blen, sig, sizeof(sig)) != 0 ||
		    event_sig_std(secrets[i].s, secrets[i].n, msg_id, ts, body, blen, std,
		    sizeof(std)) != 0)
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
	unsigned long long after;  /* the last row looked at */
	int found, changed;
	int bad;                   /* a secret that does not open */
	char row[24];
};

/*
 * Opens the hex of one sealed column of public_id with the key its key id
 * names, and seals it again under the current key into hex (in place).
 * 0, or -1 when it does not open or seal.
 */
static int
reseal(const struct whsec_keys *k, const char *public_id, const char *key_id, char *hex,
    size_t cap)
{
	const unsigned char *key = whsec_key_by_id(k, key_id);
	char plain[WHSEC_PLAIN_MAX + 1];
	size_t n = 0;
	int rc = -1;

	if (key != NULL && whsec_open_hex(key, public_id, hex, plain, sizeof(plain), &n) == 0)
		rc = whsec_seal_hex(k->cur, public_id, plain, n, hex, cap);
	OPENSSL_cleanse(plain, sizeof(plain));
	return rc;
}

static int
seal_tx(struct db *db, void *arg)
{
	struct seal_tx *t = arg;
	char cur[WHSEC_HEX_MAX], prev[WHSEC_HEX_MAX], public_id[ID_MAX], plain[WHSEC_PLAIN_MAX + 1];
	struct db_arg a[6];
	struct db_rows rows;
	const char *v, *cur_kid, *prev_kid;
	unsigned long long id = 0;
	int rc, has_prev;

	t->found = t->changed = t->bad = 0;
	a[0] = DB_I((long long)t->after);
	a[1] = DB_I((long long)t->keys->cur_id);
	a[2] = DB_I((long long)t->keys->cur_id);
	if ((rc = db_exec(db, DB_WH_SECRET_STALE, a, 3, &rows, NULL)) != DB_OK)
		return rc;
	if (rows.nrows == 0) {
		db_rows_free(&rows);
		return DB_OK;
	}
	t->found = 1;
	v = db_cell(&rows, 0, 0);
	if (v == NULL || strict_uint(v, strlen(v), ~0ULL >> 1, &id) != 0) {
		db_rows_free(&rows);
		return DB_FAIL;
	}
	t->after = id;
	(void)strict_copy(t->row, sizeof(t->row), v);
	db_cell_copy(public_id, sizeof(public_id), &rows, 0, 1);
	db_cell_copy(cur, sizeof(cur), &rows, 0, 3);
	cur_kid = db_cell(&rows, 0, 4);
	db_cell_copy(prev, sizeof(prev), &rows, 0, 5);
	prev_kid = db_cell(&rows, 0, 6);
	has_prev = prev[0] != '\0';
	/* the migration's one read of the plaintext column */
	v = db_cell(&rows, 0, 2);
	if (v != NULL) {
		size_t n = strlen(v);

		(void)strict_copy(plain, sizeof(plain), v);
		rc = whsec_seal_hex(t->keys->cur, public_id, plain, n, cur, sizeof(cur));
		OPENSSL_cleanse(plain, sizeof(plain));
		if (rc != 0)
			t->bad = 1;
	} else if (whsec_key_by_id(t->keys, cur_kid) != t->keys->cur &&
	    reseal(t->keys, public_id, cur_kid, cur, sizeof(cur)) != 0)
		t->bad = 1;
	if (!t->bad && has_prev && whsec_key_by_id(t->keys, prev_kid) != t->keys->cur &&
	    reseal(t->keys, public_id, prev_kid, prev, sizeof(prev)) != 0)
		t->bad = 1;
	db_rows_free(&rows);
	if (t->bad)
		return DB_OK; /* nothing written; the caller reports the row */
	a[0] = DB_S(cur);
	a[1] = DB_I((long long)t->keys->cur_id);
	a[2] = has_prev ? DB_S(prev) : DB_NULL;
	a[3] = has_prev ? DB_I((long long)t->keys->cur_id) : DB_NULL;
	a[4] = DB_I((long long)id);
	if ((rc = db_exec(db, DB_WH_SECRET_SEAL, a, 5, NULL, NULL)) != DB_OK)
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
		if ((rc = db_count(db, DB_WH_SECRET_PLAIN_COUNT, NULL, 0, &left)) != DB_OK)
			return domain_db_fail(o, rc, "count the webhook secrets");
		if (left == 0)
			return ERR_OK;
		return outcome_fail(o, ERR_SERVICE_UNAVAILABLE,
		    "webhooks.encryption_key is not set: %llu webhook secrets are still "
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
			    "does not open with the configured keys (webhooks.encryption_key, "
			    "webhooks.previous_encryption_key and their ids)", t.row);
			break;
		}
		if (!t.found)
			break;
		*sealed += t.changed;
	}
	whsec_keys_wipe(&keys);
	return e;
}
