#include "domain/partner/webhook.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>

#include "core/log.h"
#include "providers/netguard.h"
#include "core/strict.h"
#include "domain/event.h"
#include "domain/internal.h"
#include "domain/url_policy.h"
#include "domain/user.h"
#include "domain/webhook_secret.h"
#include "store/db_sig.h"

/* ---- validation ---- */

/* Checks url against the environment (domain/url_policy.h); the
 * delivery checks all of it again. */
static enum err
check_url(const struct cfg *cfg, const char *url, struct outcome *o)
{
	if (url == NULL || url[0] == '\0' || strlen(url) > WEBHOOK_URL_MAX)
		return outcome_field(o, ERR_VALIDATION, "url", "an http(s) URL of at most 2048 characters");
	return url_policy_check(cfg, url, "url", o);
}

/*
 * The secret to store: s, 32 to 256 printable ASCII characters (the HMAC
 * key, as its bytes), or with s NULL one made here into made (cap 64), in
 * the whsec_ form (domain/webhook_secret.h). *use points at it.
 */
static enum err
take_secret(const char *s, char *made, size_t cap, const char **use, struct outcome *o)
{
	size_t i, n;

	*use = NULL;
	if (s == NULL) {
		if (whsec_generate(made, cap) != 0)
			return outcome_fail(o, ERR_INTERNAL, "a webhook secret could not be made");
		*use = made;
		return ERR_OK;
	}
	n = strlen(s);
	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e)
			break;
	if (n < WEBHOOK_SECRET_MIN || n > WEBHOOK_SECRET_MAX || i != n)
		return outcome_field(o, ERR_VALIDATION, "secret",
		    "32 to 256 printable ASCII characters, or none to have one made");
	*use = s;
	return ERR_OK;
}

/* events as the stored comma list into out: a non-empty array of known,
 * distinct event types (the wallet's for the platform, else a partner's). */
static enum err
read_events(const struct caller *who, const json_t *events, char *out, size_t cap,
    struct outcome *o)
{
	int (*known)(const char *) = who->kind == CALLER_PLATFORM ? event_wallet_type_known :
	    event_partner_type_known;
	size_t i, j, len = 0;

	out[0] = '\0';
	if (!json_is_array(events) || json_array_size(events) == 0)
		return outcome_field(o, ERR_VALIDATION, "events",
		    "a non-empty array of event types");
	for (i = 0; i < json_array_size(events); i++) {
		const char *t = json_string_value(json_array_get(events, i));

		if (!known(t))
			return outcome_field(o, ERR_VALIDATION, "events",
			    "unknown event type (see the Events section)");
		for (j = 0; j < i; j++)
			if (strcmp(t, json_string_value(json_array_get(events, j))) == 0)
				return outcome_field(o, ERR_VALIDATION, "events",
				    "an event type is listed twice");
		len += (size_t)snprintf(out + len, cap - len, "%s%s", i ? "," : "", t);
		if (len >= cap)
			return outcome_field(o, ERR_VALIDATION, "events", "too many");
	}
	return ERR_OK;
}

/*
 * The webhook keys of cfg into keys (wiped by the caller with
 * whsec_keys_wipe), or ERR_SERVICE_UNAVAILABLE (and an error log line)
 * when webhooks.encryption_key_file is not set: no secret is stored in clear.
 */
static enum err
keys_load(const struct cfg *cfg, struct whsec_keys *keys, struct outcome *o)
{
	if (whsec_keys_load(cfg, keys) == 0)
		return ERR_OK;
	whsec_keys_wipe(keys);
	log_event("error", "webhooks: webhooks.encryption_key_file is not set in the config; "
	    "registering a webhook secret answers 503 until it is");
	return outcome_fail(o, ERR_SERVICE_UNAVAILABLE,
	    "webhook secrets cannot be stored right now; try again later");
}

/* ---- endpoints ---- */

const char *
webhook_subject(const struct caller *who, long long *sid)
{
	if (who->kind == CALLER_PLATFORM) {
		*sid = 0;
		return outbox_subject_name(OUTBOX_PLATFORM);
	}
	*sid = who->id;
	return outbox_subject_name(OUTBOX_PARTNER);
}

static void
from_row(const struct db_rows *r, size_t i, struct webhook *w)
{
	const char *active = db_cell(r, i, DB_COL(webhook, active));
	const char *enabled = db_cell(r, i, DB_COL(webhook, enabled));

	db_cell_copy(w->id, sizeof(w->id), r, i, DB_COL(webhook, public_id));
	db_cell_copy(w->url, sizeof(w->url), r, i, DB_COL(webhook, url));
	db_cell_copy(w->events, sizeof(w->events), r, i, DB_COL(webhook, events));
	w->active = active != NULL && strcmp(active, "1") == 0;
	w->enabled = enabled != NULL && strcmp(enabled, "1") == 0;
	db_cell_copy(w->created_at, sizeof(w->created_at), r, i, DB_COL(webhook, created_at));
}

/* Reads endpoint id of subject (kind, sid) into out; DB_DUP when absent. */
static int
load(struct db *db, const char *id, const char *kind, long long sid, struct webhook *out)
{
	struct db_rows rows;
	int rc;

	if ((rc = DB_EXEC(db, DB_WH_GET, wh_owned, &rows, NULL, .id = id, .kind = kind,
	    .sid = sid)) != DB_OK)
		return rc;
	if (rows.nrows == 0)
		rc = DB_DUP;
	else
		from_row(&rows, 0, out);
	db_rows_free(&rows);
	return rc;
}

struct create_tx {
	const char *kind;
	long long sid;
	const char *url, *events, *secret;
	const struct whsec_keys *keys; /* the secret is sealed under keys->cur */
	int replace;         /* a user's: the earlier one goes */
	struct webhook *out;
	int full;            /* set: the partner has the most it may */
};

static int
create_tx(struct db *db, void *arg)
{
	struct create_tx *k = arg;
	unsigned long long live = 0;
	char sealed[WHSEC_HEX_MAX];
	struct db_rows rows;
	const char *n;
	int rc;

	k->full = 0;
	if (k->replace) {
		if ((rc = DB_EXEC(db, DB_WH_DELETE_SUBJECT, wh_subject, NULL, NULL,
		    .kind = k->kind, .sid = k->sid)) != DB_OK ||
		    (rc = DB_EXEC(db, DB_WH_CANCEL_PENDING, wh_subject, NULL, NULL,
		    .kind = k->kind, .sid = k->sid)) != DB_OK)
			return rc;
	} else {
		/* the partner's row lock orders two racing registrations */
		if ((rc = DB_EXEC(db, DB_PARTNER_LOCK, partner_by_row, NULL, NULL,
		    .id = k->sid)) != DB_OK ||
		    (rc = DB_EXEC(db, DB_WH_COUNT_LIVE, wh_subject, &rows, NULL,
		    .kind = k->kind, .sid = k->sid)) != DB_OK)
			return rc;
		n = db_cell(&rows, 0, DB_COL(count, total));
		k->full = n == NULL || strict_uint(n, strlen(n), ~0ULL >> 1, &live) != 0 ||
		    live >= WEBHOOK_MAX_PER_PARTNER;
		db_rows_free(&rows);
		if (k->full)
			return DB_OK;
	}
	/* sealed for its id, so drawn again with it on a retried transaction */
	if (id_new(k->out->id, sizeof(k->out->id), "wh_") != 0 ||
	    whsec_seal_current(k->keys, k->out->id, WHSEC_CURRENT, k->secret, strlen(k->secret),
	    sealed, sizeof(sealed)) != 0)
		return DB_FAIL;
	if ((rc = DB_EXEC(db, DB_WH_INSERT, wh_insert, NULL, NULL, .id = k->out->id,
	    .kind = k->kind, .sid = k->sid, .url = k->url, .events = k->events,
	    .sealed = sealed, .key_id = (long long)k->keys->cur_id)) != DB_OK)
		return rc;
	return load(db, k->out->id, k->kind, k->sid, k->out);
}

enum err
webhook_create(struct ctx *ctx, const struct caller *who,
    const struct webhook_req *in, struct webhook *out, struct outcome *o)
{
	char events[WEBHOOK_EVENTS_MAX + 1], made[sizeof(out->generated_secret)] = "";
	struct whsec_keys keys;
	struct create_tx k;
	enum err e;
	int rc;

	outcome_init(o);
	memset(out, 0, sizeof(*out));
	memset(&k, 0, sizeof(k));
	if ((e = check_url(&ctx->cfg, in->url, o)) != ERR_OK ||
	    (e = read_events(who, in->events, events, sizeof(events), o)) != ERR_OK ||
	    (e = take_secret(in->secret, made, sizeof(made), &k.secret, o)) != ERR_OK ||
	    (e = keys_load(&ctx->cfg, &keys, o)) != ERR_OK) {
		OPENSSL_cleanse(made, sizeof(made));
		return e;
	}
	k.kind = webhook_subject(who, &k.sid);
	k.url = in->url;
	k.events = events;
	k.keys = &keys;
	k.out = out;
	rc = db_tx(ctx->db, create_tx, &k);
	whsec_keys_wipe(&keys);
	if (rc == DB_OK && !k.full && in->secret == NULL)
		memcpy(out->generated_secret, made, sizeof(out->generated_secret));
	OPENSSL_cleanse(made, sizeof(made));
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "store the webhook");
	/* a well-formed request refused by the account's state: not a
	 * validation error (the API fuzz found it, issue 23) */
	if (k.full)
		return outcome_field(o, ERR_LIMIT_EXCEEDED, "webhooks",
		    "at most 10 webhooks per partner; delete one first");
	o->changed = 1;
	return ERR_OK;
}

enum err
webhook_list(struct ctx *ctx, const struct caller *who, struct webhook *out,
    size_t cap, size_t *n, struct outcome *o)
{
	struct db_rows rows;
	const char *kind;
	long long sid;
	size_t i;
	int rc;

	outcome_init(o);
	*n = 0;
	kind = webhook_subject(who, &sid);
	if ((rc = DB_EXEC(ctx->db, DB_WH_LIST, wh_subject, &rows, NULL, .kind = kind,
	    .sid = sid)) != DB_OK)
		return domain_db_fail(o, rc, "read the webhooks");
	for (i = 0; i < rows.nrows && i < cap; i++)
		from_row(&rows, i, &out[i]);
	*n = i;
	db_rows_free(&rows);
	return ERR_OK;
}

enum err
webhook_get(struct ctx *ctx, const struct caller *who, const char *id,
    struct webhook *out, struct outcome *o)
{
	const char *kind;
	long long sid;
	int rc;

	outcome_init(o);
	if (!id_has_shape(id, "wh_"))
		return outcome_err(o, ERR_NOT_FOUND);
	kind = webhook_subject(who, &sid);
	rc = load(ctx->db, id, kind, sid, out);
	if (rc == DB_DUP)
		return outcome_err(o, ERR_NOT_FOUND);
	return rc == DB_OK ? ERR_OK : domain_db_fail(o, rc, "read the webhook");
}

struct delete_tx {
	const char *id, *kind;
	long long sid;
	int found;
};

static int
delete_tx(struct db *db, void *arg)
{
	struct delete_tx *k = arg;
	struct db_res res;
	int rc;

	if ((rc = DB_EXEC(db, DB_WH_DELETE, wh_owned, NULL, &res, .id = k->id, .kind = k->kind,
	    .sid = k->sid)) != DB_OK)
		return rc;
	k->found = res.affected == 1;
	return k->found ? DB_EXEC(db, DB_WH_CANCEL_PENDING, wh_subject, NULL, NULL,
	    .kind = k->kind, .sid = k->sid) : DB_OK;
}

enum err
webhook_delete(struct ctx *ctx, const struct caller *who, const char *id,
    struct outcome *o)
{
	struct delete_tx k = { id, NULL, 0, 0 };
	int rc;

	outcome_init(o);
	k.kind = webhook_subject(who, &k.sid);
	if (!id_has_shape(id, "wh_"))
		return outcome_err(o, ERR_NOT_FOUND);
	if ((rc = db_tx(ctx->db, delete_tx, &k)) != DB_OK)
		return domain_db_fail(o, rc, "delete the webhook");
	if (!k.found)
		return outcome_err(o, ERR_NOT_FOUND);
	o->changed = 1;
	return ERR_OK;
}

struct update_tx {
	const char *id, *kind;
	long long sid;
	const char *events;        /* NULL: kept */
	const long long *enabled;  /* NULL: kept */
	struct webhook *out;
	int found;
};

static int
update_tx(struct db *db, void *arg)
{
	struct update_tx *k = arg;
	int rc;

	rc = load(db, k->id, k->kind, k->sid, k->out);
	k->found = rc == DB_OK && k->out->active;
	if (rc == DB_DUP || (rc == DB_OK && !k->found))
		return DB_OK;
	if (rc != DB_OK ||
	    (rc = DB_EXEC(db, DB_WH_UPDATE, wh_update, NULL, NULL, .events = k->events,
	    .enabled = k->enabled, .id = k->id, .kind = k->kind, .sid = k->sid)) != DB_OK ||
	    (k->enabled != NULL && *k->enabled == 0 &&
	    (rc = DB_EXEC(db, DB_WH_CANCEL_DISABLED, wh_owned, NULL, NULL, .id = k->id,
	    .kind = k->kind, .sid = k->sid)) != DB_OK))
		return rc;
	return load(db, k->id, k->kind, k->sid, k->out);
}

enum err
webhook_update(struct ctx *ctx, const struct caller *who, const char *id,
    const json_t *events, int enabled, struct webhook *out, struct outcome *o)
{
	char list[WEBHOOK_EVENTS_MAX + 1];
	long long on = enabled;
	struct update_tx k = { id, NULL, 0, NULL, enabled < 0 ? NULL : &on, out, 0 };
	enum err e;
	int rc;

	outcome_init(o);
	k.kind = webhook_subject(who, &k.sid);
	memset(out, 0, sizeof(*out));
	if (!id_has_shape(id, "wh_"))
		return outcome_err(o, ERR_NOT_FOUND);
	if (events != NULL) {
		if ((e = read_events(who, events, list, sizeof(list), o)) != ERR_OK)
			return e;
		k.events = list;
	}
	if ((rc = db_tx(ctx->db, update_tx, &k)) != DB_OK)
		return domain_db_fail(o, rc, "change the webhook");
	if (!k.found)
		return outcome_err(o, ERR_NOT_FOUND);
	o->changed = 1;
	return ERR_OK;
}

enum err
webhook_set_user(struct db *db, const struct cfg *cfg, const char *wallet_id,
    const char *url, const char *secret, struct outcome *o)
{
	char made[64] = "";
	struct whsec_keys keys;
	struct webhook w;
	struct caller who;
	struct create_tx k;
	enum err e;
	int rc;

	outcome_init(o);
	memset(&k, 0, sizeof(k));
	if (!user_wallet_ok(wallet_id))
		return outcome_field(o, ERR_VALIDATION, "wallet_id",
		    "1 to 128 printable characters, no spaces");
	if (url != NULL && ((e = check_url(cfg, url, o)) != ERR_OK ||
	    (e = take_secret(secret, made, sizeof(made), &k.secret, o)) != ERR_OK))
		return e;
	if ((rc = user_resolve(db, wallet_id, cfg->user_start_tier, &who)) != DB_OK) {
		OPENSSL_cleanse(made, sizeof(made));
		return domain_db_fail(o, rc, "find the user");
	}
	k.kind = outbox_subject_name(OUTBOX_USER);
	k.sid = who.id;
	k.replace = 1;
	if (url == NULL) {
		/* a delete is the replacing step alone */
		struct db_res res;

		if ((rc = DB_EXEC(db, DB_WH_DELETE_SUBJECT, wh_subject, NULL, &res,
		    .kind = k.kind, .sid = k.sid)) != DB_OK ||
		    (rc = DB_EXEC(db, DB_WH_CANCEL_PENDING, wh_subject, NULL, NULL,
		    .kind = k.kind, .sid = k.sid)) != DB_OK)
			return domain_db_fail(o, rc, "delete the webhook");
		if (res.affected == 0)
			return outcome_fail(o, ERR_NOT_FOUND, "%s has no webhook", wallet_id);
		o->changed = 1;
		return ERR_OK;
	}
	if ((e = keys_load(cfg, &keys, o)) != ERR_OK) {
		OPENSSL_cleanse(made, sizeof(made));
		return e;
	}
	k.url = url;
	k.events = "payout.completed,payout.failed";
	k.keys = &keys;
	k.out = &w;
	rc = db_tx(db, create_tx, &k);
	whsec_keys_wipe(&keys);
	if (rc != DB_OK) {
		OPENSSL_cleanse(made, sizeof(made));
		return domain_db_fail(o, rc, "store the webhook");
	}
	o->changed = 1;
	outcome_str(o, "webhook_id", w.id);
	if (secret == NULL)
		outcome_str(o, "secret", made);
	OPENSSL_cleanse(made, sizeof(made));
	return ERR_OK;
}

/* ---- rotating the secret ---- */

struct rotate_tx {
	const char *id, *kind;
	long long sid;
	const char *secret;
	long long overlap;             /* seconds the current one still signs */
	const struct whsec_keys *keys;
	struct webhook *out;
	int found, same, bad;
};

/*
 * Compares the n bytes of secret with the current secret of the locked
 * row (its sealed hex and key id) in constant time: *same 1 when equal;
 * and seals that current secret again for the previous slot into
 * as_previous (cap >= WHSEC_HEX_MAX). 0, or -1 when the current secret
 * does not open.
 */
static int
same_as_current(const struct rotate_tx *k, const char *hex, const char *key_id,
    const char *secret, size_t n, int *same, char *as_previous, size_t cap)
{
	char plain[WHSEC_PLAIN_MAX + 1];
	size_t pn = 0;
	int rc = -1;

	*same = 0;
	if (whsec_open_stored(k->keys, k->id, WHSEC_CURRENT, key_id, hex, plain, sizeof(plain),
	    &pn) == 0) {
		/* the lengths are not secret; the bytes are compared in constant time */
		*same = pn == n && CRYPTO_memcmp(plain, secret, n) == 0;
		rc = whsec_seal_current(k->keys, k->id, WHSEC_PREVIOUS, plain, pn, as_previous, cap);
	}
	OPENSSL_cleanse(plain, sizeof(plain));
	return rc;
}

static int
rotate_tx(struct db *db, void *arg)
{
	struct rotate_tx *k = arg;
	char cur[WHSEC_HEX_MAX], row[24], sealed[WHSEC_HEX_MAX], prev[WHSEC_HEX_MAX];
	struct db_rows rows;
	unsigned long long rid = 0;
	const char *v;
	int rc;

	k->found = k->same = k->bad = 0;
	if ((rc = DB_EXEC(db, DB_WH_SECRET_LOCK, wh_owned, &rows, NULL, .id = k->id,
	    .kind = k->kind, .sid = k->sid)) != DB_OK)
		return rc;
	if (rows.nrows == 0) {
		db_rows_free(&rows);
		return DB_OK;
	}
	k->found = 1;
	db_cell_copy(row, sizeof(row), &rows, 0, DB_COL(wh_secret_lock, id));
	db_cell_copy(cur, sizeof(cur), &rows, 0, DB_COL(wh_secret_lock, secret_sealed));
	v = db_cell(&rows, 0, DB_COL(wh_secret_lock, secret_key_id));
	k->bad = strict_uint(row, strlen(row), ~0ULL >> 1, &rid) != 0 ||
	    same_as_current(k, cur, v, k->secret, strlen(k->secret), &k->same, prev,
	    sizeof(prev)) != 0;
	db_rows_free(&rows);
	if (k->bad)
		return DB_OK;
	/* the secret it already has: a retried rotation changes nothing (the
	 * previous secret keeps its expiry) */
	if (!k->same) {
		if (whsec_seal_current(k->keys, k->id, WHSEC_CURRENT, k->secret, strlen(k->secret),
		    sealed, sizeof(sealed)) != 0)
			return DB_FAIL;
		if (k->overlap > 0) {
			rc = DB_EXEC(db, DB_WH_SECRET_ROTATE_KEEP, wh_rotate_keep, NULL, NULL,
			    .prev_sealed = prev, .prev_key_id = (long long)k->keys->cur_id,
			    .seconds = k->overlap, .sealed = sealed,
			    .key_id = (long long)k->keys->cur_id, .id = (long long)rid);
		} else {
			rc = DB_EXEC(db, DB_WH_SECRET_ROTATE_DROP, wh_rotate_drop, NULL, NULL,
			    .sealed = sealed, .key_id = (long long)k->keys->cur_id,
			    .id = (long long)rid);
		}
		if (rc != DB_OK)
			return rc;
	}
	if ((rc = DB_EXEC(db, DB_WH_SECRET_PREVIOUS, wh_row, &rows, NULL,
	    .id = (long long)rid)) != DB_OK)
		return rc;
	db_cell_copy(k->out->previous_secret_expires_at,
	    sizeof(k->out->previous_secret_expires_at), &rows, 0,
	    DB_COL(wh_previous, expires_at));
	db_rows_free(&rows);
	return load(db, k->id, k->kind, k->sid, k->out);
}

enum err
webhook_rotate_secret(struct ctx *ctx, const struct caller *who, const char *id,
    const char *secret, long long overlap, struct webhook *out, struct outcome *o)
{
	char made[sizeof(out->generated_secret)] = "";
	struct whsec_keys keys;
	struct rotate_tx k;
	enum err e;
	int rc;

	outcome_init(o);
	memset(out, 0, sizeof(*out));
	memset(&k, 0, sizeof(k));
	if (!id_has_shape(id, "wh_"))
		return outcome_err(o, ERR_NOT_FOUND);
	if (overlap < 0 || overlap > WEBHOOK_OVERLAP_MAX)
		return outcome_field(o, ERR_VALIDATION, "expires_previous_in_seconds",
		    "an integer from 0 to 604800");
	if ((e = take_secret(secret, made, sizeof(made), &k.secret, o)) != ERR_OK)
		return e;
	if ((e = keys_load(&ctx->cfg, &keys, o)) != ERR_OK) {
		OPENSSL_cleanse(made, sizeof(made));
		return e;
	}
	k.id = id;
	k.kind = webhook_subject(who, &k.sid);
	k.overlap = overlap;
	k.keys = &keys;
	k.out = out;
	rc = db_tx(ctx->db, rotate_tx, &k);
	whsec_keys_wipe(&keys);
	if (rc == DB_OK && k.found && !k.bad && secret == NULL)
		memcpy(out->generated_secret, made, sizeof(out->generated_secret));
	OPENSSL_cleanse(made, sizeof(made));
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "rotate the webhook secret");
	if (!k.found)
		return outcome_err(o, ERR_NOT_FOUND);
	if (k.bad) {
		log_event("error", "webhooks: the secret of %s does not open with the configured "
		    "keys; run cediramp-admin migrate with the key that sealed it configured", id);
		return outcome_fail(o, ERR_INTERNAL, "the webhook secret could not be read");
	}
	o->changed = !k.same;
	return ERR_OK;
}

/* A test event's transaction: the event, and its one delivery. */
struct test_tx {
	const char *endpoint;
	enum outbox_subject kind;
	long long sid;
	const char *ref;
	const json_t *data;
	char *event_id;
	int found;
};

static int
test_tx(struct db *db, void *arg)
{
	struct test_tx *t = arg;
	enum db_rc rc = outbox_add_to(db, "webhook.test", t->kind, t->sid, t->ref, t->data,
	    t->endpoint, t->event_id);

	t->found = rc != DB_DUP;
	return rc;
}

enum err
webhook_send_test(struct ctx *ctx, const struct caller *who, const char *id,
    char *event_id, struct outcome *o)
{
	char ref[ID_MAX];
	json_t *data;
	struct test_tx t;
	int rc;

	outcome_init(o);
	event_id[0] = '\0';
	if (!id_has_shape(id, "wh_"))
		return outcome_err(o, ERR_NOT_FOUND);
	/* each test its own resource: its events number from 1 */
	if (id_new(ref, sizeof(ref), "wt_") != 0 ||
	    (data = json_pack("{s:s,s:s}", "webhook_id", id, "message",
	    "A test event from the cediramp console")) == NULL)
		return outcome_fail(o, ERR_INTERNAL, "no memory or random bytes");
	t = (struct test_tx){ id, OUTBOX_PARTNER, 0, ref, data, event_id, 0 };
	if (who->kind == CALLER_PLATFORM)
		t.kind = OUTBOX_PLATFORM;
	(void)webhook_subject(who, &t.sid);
	rc = db_tx(ctx->db, test_tx, &t);
	json_decref(data);
	if (rc == DB_DUP && !t.found) {
		event_id[0] = '\0';
		return outcome_err(o, ERR_NOT_FOUND);
	}
	if (rc != DB_OK) {
		event_id[0] = '\0';
		return domain_db_fail(o, rc, "send the test event");
	}
	o->changed = 1;
	return ERR_OK;
}
