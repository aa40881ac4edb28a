/*
 * console/ops_rates: the back office's rates and chain (docs/console.md,
 * "Back office"): GET /console/api/ops/rates (every back-office role:
 * each source coin's current rate to GHS, its age and source, as `rate
 * list` reads them; a coin without one has a null rate), POST
 * /console/api/ops/rates/{coin} {rate, reason} (the operator: `rate set`'s
 * call, from source "console"; the coin as GET then shows it), and GET
 * /console/api/ops/chain (every back-office role: what `chain status`
 * prints, domain/chain_status.h; 200 whether or not the node answers,
 * its "reachable" saying which, what could not be read null).
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/currency.h"
#include "core/strict.h"
#include "domain/chain_status.h"
#include "domain/console/ops_rate.h"
#include "domain/fxrate.h"
#include "http/body.h"
#include "console.h"

static const char *const rate_fields[] = { "rate", "reason", NULL };

/* The rates read, by source coin. */
struct rates {
	struct fxrate_row row[8];
	int have[8];
};

static int
one_rate(const struct fxrate_row *row, void *arg)
{
	struct rates *k = arg;
	const struct currency *c;
	size_t n = strcspn(row->pair, "/");
	unsigned i;

	for (i = 0; i < 8 && (c = currency_source(i)) != NULL; i++)
		if (strlen(c->code) == n && strncmp(c->code, row->pair, n) == 0) {
			k->row[i] = *row;
			k->have[i] = 1;
		}
	return 0;
}

/* Coin i's rate as the page shows it (new reference): null members when
 * it has none. */
static json_t *
rate_json(const struct rates *k, unsigned i, const char *coin, unsigned long long max_age)
{
	const struct fxrate_row *row = &k->row[i];
	unsigned long long age;

	if (!k->have[i] || strict_uint(row->age_seconds, strlen(row->age_seconds), ~0ULL >> 1,
	    &age) != 0)
		return json_pack("{s:s,s:n,s:n,s:n,s:n,s:b}", "coin", coin, "rate", "updated_at",
		    "age_seconds", "source", "stale", 1);
	return json_pack("{s:s,s:s,s:s,s:I,s:s,s:b}", "coin", coin, "rate", row->rate,
	    "updated_at", row->updated_at, "age_seconds", (json_int_t)age, "source", row->source,
	    "stale", age > max_age);
}

/* Every source coin's rate read into k: ERR_OK, or the database's. */
static enum err
rates_read(struct req *r, struct resp *resp, struct rates *k)
{
	memset(k, 0, sizeof(*k));
	return fxrate_list(r->ctx->db, one_rate, k, &resp->out);
}

enum err
console_ops_rates_get(struct req *r, struct resp *resp)
{
	const struct currency *c;
	struct rates k;
	json_t *a;
	unsigned i;
	enum err e;

	if ((e = rates_read(r, resp, &k)) != ERR_OK)
		return e;
	if ((a = json_array()) == NULL)
		return ERR_INTERNAL;
	for (i = 0; i < 8 && (c = currency_source(i)) != NULL; i++)
		if (json_array_append_new(a, rate_json(&k, i, c->code,
		    r->ctx->cfg.rate_max_age_seconds)) != 0) {
			json_decref(a);
			return ERR_INTERNAL;
		}
	return resp_ok(resp, 200, a);
}

enum err
console_ops_rate_post(struct req *r, struct resp *resp)
{
	struct console_client from = console_client_of(r);
	const char *rate, *reason, *coin = req_param(r, "coin");
	const struct currency *c;
	struct rates k;
	unsigned i;
	enum err e;

	if ((e = body_only(r->body, resp, rate_fields)) != ERR_OK ||
	    (e = body_whole_text(r->body, resp, "rate", &rate)) != ERR_OK)
		return e;
	if ((e = body_whole_text(r->body, resp, "reason", &reason)) != ERR_OK)
		return e;
	e = console_ops_rate_set(r->ctx->db, &r->console, coin, rate, reason, &from, &resp->out);
	/* a coin the service does not convert is no rate here */
	if (e == ERR_VALIDATION && resp->out.nctx > 0 &&
	    strcmp(resp->out.ctx[0].str, "coin") == 0) {
		outcome_init(&resp->out);
		return resp_fail(resp, ERR_NOT_FOUND, "No such coin");
	}
	if (e != ERR_OK)
		return e;
	if ((e = rates_read(r, resp, &k)) != ERR_OK)
		return e;
	for (i = 0; i < 8 && (c = currency_source(i)) != NULL; i++)
		if (strcmp(c->code, coin) == 0)
			return resp_ok(resp, 200, rate_json(&k, i, c->code,
			    r->ctx->cfg.rate_max_age_seconds));
	return ERR_INTERNAL;
}

/* The node's scheme, host and port alone, into out ("" for none): its
 * path and query may carry a provider's key, and a user:password@ is
 * dropped. */
static void
node_origin(const char *url, char *out, size_t cap)
{
	const char *sep = strstr(url, "://"), *host, *end, *at;

	out[0] = '\0';
	if (sep == NULL)
		return;
	host = sep + 3;
	end = host + strcspn(host, "/?#");
	for (at = host; at < end; at++)
		if (*at == '@')
			host = at + 1;
	snprintf(out, cap, "%.*s%.*s", (int)(sep + 3 - url), url, (int)(end - host), host);
}

/* n when known, else null (new reference). */
static json_t *
int_or_null(int known, long long n)
{
	return known ? json_integer((json_int_t)n) : json_null();
}

/* text when known and not empty, else null (new reference). */
static json_t *
text_or_null(int known, const char *text)
{
	return known && text[0] != '\0' ? json_string(text) : json_null();
}

/* The custody's coins as the page shows them: each it could read. */
static json_t *
coins_json(const struct chain_status *st)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a != NULL && i < CHAIN_ASSETS; i++)
		if (st->coins[i].known && json_array_append_new(a, json_pack("{s:s,s:s}", "asset",
		    st->coins[i].asset, "balance", st->coins[i].balance)) != 0) {
			json_decref(a);
			return NULL;
		}
	return a;
}

enum err
console_ops_chain_get(struct req *r, struct resp *resp)
{
	struct chain_status st;
	char node[300];
	json_t *o;

	chain_status_read(r->ctx->db, &r->ctx->prov, (long long)time(NULL), &st);
	node_origin(st.node, node, sizeof(node));
	o = json_pack("{s:s,s:o,s:b,s:o,s:b,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o}",
	    "adapter", st.adapter, "node", text_or_null(1, node), "reachable", st.reachable,
	    "chain_id", int_or_null(st.evm, (long long)st.chain_id),
	    "chain_id_checked", st.chain_checked,
	    "head_block", int_or_null(st.head_known, st.head),
	    "head_age_seconds", int_or_null(st.head_known, st.head_age),
	    "operator_address", text_or_null(st.evm, st.operator_address),
	    "gas_balance", text_or_null(st.gas_known, st.gas),
	    "nonce_database_next", int_or_null(st.db_nonce_known, (long long)st.db_nonce),
	    "nonce_node_pending", int_or_null(st.node_nonce_known, (long long)st.node_nonce),
	    "pending_transactions", int_or_null(st.pending_known, st.pending),
	    "gateway", text_or_null(st.evm, st.gateway),
	    "treasury", text_or_null(st.evm, st.treasury),
	    "custody", text_or_null(st.evm, st.custody),
	    "custody_coins", st.evm ? coins_json(&st) : json_null());
	return o != NULL ? resp_ok(resp, 200, o) : ERR_INTERNAL;
}
