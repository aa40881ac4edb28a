/*
 * console/ops_signer: the back office's view of cediramp-signer
 * (docs/console.md, "Back office", the Chain page). GET
 * /console/api/ops/signer (every back-office role): the pending
 * withdrawals the signer signed nothing for, oldest first (at most
 * SIGNER_VIEW_HELD_MAX; `cediramp-admin signer held`), and the newest key
 * rotations (`signer rotations`). Both are read from the database, so the
 * page answers whether or not the signer does.
 */
#include "domain/signer_view.h"
#include "console.h"

/* The rotations the page shows. */
#define ROTATIONS_SHOWN 10

/* The array being filled, and whether appending failed. */
struct filling {
	json_t *a;
	int failed;
};

static void
append(struct filling *f, json_t *o)
{
	if (f->failed || o == NULL || json_array_append_new(f->a, o) != 0)
		f->failed = 1;
}

static void
one_held(const struct signer_held *h, void *arg)
{
	append(arg, json_pack("{s:s,s:s,s:s,s:s,s:s,s:s}", "withdrawal_id", h->id,
	    "partner_id", h->partner_id, "currency", h->currency, "amount", h->amount,
	    "held_since", h->held_at, "reason", h->reason));
}

/* "" as JSON null, else the text (new reference). */
static json_t *
text_or_null(const char *s)
{
	return s[0] != '\0' ? json_string(s) : json_null();
}

static void
one_rotation(const struct signer_rotation *v, void *arg)
{
	append(arg, json_pack("{s:I,s:s,s:s,s:o,s:o,s:I,s:s,s:s,s:I}", "id", (json_int_t)v->id,
	    "step", v->step, "old_address", v->old_address, "new_address",
	    text_or_null(v->new_address), "reason", text_or_null(v->reason), "requested_by_uid",
	    (json_int_t)v->requested_by, "requested_at", v->created_at, "step_since",
	    v->updated_at, "step_age_seconds", (json_int_t)v->step_age));
}

enum err
console_ops_signer_get(struct req *r, struct resp *resp)
{
	struct filling held = { json_array(), 0 }, rot = { json_array(), 0 };
	json_t *o;
	int ok;

	ok = held.a != NULL && rot.a != NULL &&
	    signer_view_held(r->ctx->db, one_held, &held) >= 0 &&
	    signer_view_rotations(r->ctx->db, ROTATIONS_SHOWN, one_rotation, &rot) >= 0;
	if (!ok || held.failed || rot.failed) {
		json_decref(held.a);
		json_decref(rot.a);
		return ok ? ERR_INTERNAL : resp_fail(resp, ERR_SERVICE_UNAVAILABLE,
		    "The signer's holds and rotations cannot be read now");
	}
	o = json_pack("{s:o,s:o}", "held", held.a, "rotations", rot.a);
	return o != NULL ? resp_ok(resp, 200, o) : ERR_INTERNAL;
}
