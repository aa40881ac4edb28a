/*
 * chain_status: what an operator checks before and while running on a
 * chain, gathered once for `cediramp-admin chain status` and the back
 * office's Chain page (GET /console/api/ops/chain): the adapter and its
 * node, whether the node answers, and under evm the chain id, the head
 * and its age, the operator's address, its gas and nonces (the
 * database's next, the node's pending count), the gateway, treasury and
 * custody with the custody's coins; and the service's chain
 * transactions sent and not yet final (the database's, on any adapter).
 * Reads only: nothing is written, on the chain or in the database.
 */
#ifndef CEDIRAMP_CHAIN_STATUS_H
#define CEDIRAMP_CHAIN_STATUS_H

#include "providers/registry.h"
#include "store/db.h"

/* One of the custody's coins. */
struct chain_status_coin {
	const char *asset;  /* "USDT", "USDC", "USDC_E", "DAI" (static) */
	int known;          /* 0: the node did not answer for it */
	char balance[96];   /* decimal text at the asset's scale */
};

struct chain_status {
	char adapter[8];            /* "sim" or "evm" */
	char node[512];             /* the node's (or simulator's) URL; "" none */
	int reachable;              /* the node answered now (sim: its health) */
	int evm;                    /* 1: an adapter with a signer; the rest is evm's */
	unsigned long long chain_id;
	int chain_checked;          /* the node agreed on the chain id */
	int head_known;
	long long head;             /* the node's last block */
	long long head_age;         /* its timestamp to this host's clock, seconds
	                               (0 for one ahead of it); -1 unknown */
	char operator_address[43];
	int gas_known;
	char gas[96];               /* the operator's native coin, 18 places */
	int db_nonce_known;         /* 0: none handed out yet, or unread */
	unsigned long long db_nonce; /* the database's next nonce */
	int node_nonce_known;
	unsigned long long node_nonce; /* the node's count, pending included */
	char gateway[43], treasury[43], custody[43];
	struct chain_status_coin coins[CHAIN_ASSETS];
	int pending_known;          /* 0: the database did not answer */
	long long pending;          /* chain_sends sent and not yet final */
	long long fills;            /* nonces cediramp-signer filled (pending_known) */
};

/*
 * Fills *out from p's chain (opened: providers_open) and db at now (Unix
 * seconds). Never fails: what could not be read is marked unknown
 * (reachable 0 when the node did not answer). Each node call is bounded
 * by the chain's timeout (providers.timeout_ms).
 */
void chain_status_read(struct db *db, struct providers *p, long long now,
    struct chain_status *out);

#endif
