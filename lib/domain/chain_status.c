#include "domain/chain_status.h"

#include <string.h>

#include "core/strict.h"
#include "store/db_sig.h"

static const char *const assets[CHAIN_ASSETS] = { "USDT", "USDC", "USDC_E", "DAI" };

/* The service's chain transactions sent and not yet final, and the
 * database's next nonce of the signer (evm). */
static void
from_database(struct db *db, const struct prov_chain *ch, struct chain_status *out)
{
	struct db_rows rows;
	unsigned long long v;
	const char *cell;

	if (DB_EXEC(db, DB_GAUGE_CHAIN_SENDS, no_args, &rows, NULL) == DB_OK) {
		cell = rows.nrows == 1 ? db_cell(&rows, 0, DB_COL(gauge_chain_sends, pending)) :
		    NULL;
		if (cell != NULL && strict_uint(cell, strlen(cell), ~0ULL >> 1, &v) == 0) {
			out->pending = (long long)v;
			out->pending_known = 1;
		}
		cell = rows.nrows == 1 ? db_cell(&rows, 0, DB_COL(gauge_chain_sends, fills)) : NULL;
		if (cell != NULL && strict_uint(cell, strlen(cell), ~0ULL >> 1, &v) == 0)
			out->fills = (long long)v;
		db_rows_free(&rows);
	}
	if (!out->evm || DB_EXEC(db, DB_CHAIN_NONCE_GET, oc_signer, &rows, NULL,
	    .chain_id = (long long)ch->chain_id, .address = out->operator_address) != DB_OK)
		return;
	cell = rows.nrows == 1 ? db_cell(&rows, 0, DB_COL(oc_nonce, next_nonce)) : NULL;
	if (cell != NULL && strict_uint(cell, strlen(cell), ~0ULL >> 1, &v) == 0) {
		out->db_nonce = v;
		out->db_nonce_known = 1;
	}
	db_rows_free(&rows);
}

void
chain_status_read(struct db *db, struct providers *p, long long now, struct chain_status *out)
{
	struct prov_chain *ch = providers_chain(p);
	const char *signer = ch->ops->signer(ch);
	long long number, at;
	size_t i;

	memset(out, 0, sizeof(*out));
	out->head_age = -1;
	(void)strict_copy(out->adapter, sizeof(out->adapter), ch->ops->name);
	(void)strict_copy(out->node, sizeof(out->node), ch->ep.url);
	for (i = 0; i < CHAIN_ASSETS; i++)
		out->coins[i].asset = assets[i];
	if (signer == NULL) {
		/* the simulator: its health alone tells whether it answers */
		int want[PROV_PROBED] = { 1 };
		enum prov_health h[PROV_PROBED] = { PROV_DOWN };

		providers_probe(p, want, h);
		out->reachable = h[0] != PROV_DOWN;
		from_database(db, ch, out);
		return;
	}
	out->evm = 1;
	out->chain_id = ch->chain_id;
	(void)strict_copy(out->operator_address, sizeof(out->operator_address), signer);
	(void)strict_copy(out->gateway, sizeof(out->gateway), ch->evm.gateway);
	(void)strict_copy(out->treasury, sizeof(out->treasury), ch->evm.treasury);
	(void)strict_copy(out->custody, sizeof(out->custody), ch->evm.custody);
	if (ch->ops->head_time != NULL && ch->ops->head_time(ch, &number, &at) == CHAIN_OK) {
		out->reachable = out->head_known = 1;
		out->head = number;
		out->head_age = at < now ? now - at : 0;
	}
	/* read after the first call: it checks the chain id when open could not */
	out->chain_checked = ch->evm.chain_checked;
	if (out->reachable) {
		if (ch->ops->gas_balance != NULL &&
		    ch->ops->gas_balance(ch, out->gas, sizeof(out->gas)) == CHAIN_OK)
			out->gas_known = 1;
		if (ch->ops->next_nonce != NULL && ch->ops->next_nonce(ch, &out->node_nonce) ==
		    CHAIN_OK)
			out->node_nonce_known = 1;
		for (i = 0; i < CHAIN_ASSETS; i++)
			out->coins[i].known = ch->ops->balance(ch, ch->evm.custody, assets[i],
			    out->coins[i].balance, sizeof(out->coins[i].balance)) == CHAIN_OK;
	}
	from_database(db, ch, out);
}
