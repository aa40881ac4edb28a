/*
 * registry: the providers, keyed by kind and provider, built once from
 * config. The domain reaches every adapter through it (never a global
 * adapter), so pointing a network at the sandbox simulator or at a real
 * provider is a config change:
 *   providers.chain = sim | evm          which chain adapter (chain.h)
 *   providers.chain_url                  the simulator (sim)
 *   providers.evm.*                      the EVM chain (evm): rpc_url,
 *                                        chain_id, confirmations, gateway,
 *                                        treasury, token.<ASSET>,
 *                                        decimals.<ASSET>, fee limits
 *   signer.socket                        cediramp-signer's socket (evm): it
 *                                        signs every move (signer_client.h)
 *   providers.momo.<NETWORK>.adapter     mtn | paystack: its protocol
 *   providers.momo.<NETWORK>.url         one mobile money provider per
 *                                        network (default momo_url/<NETWORK>)
 *   providers.momo.<NETWORK>.secret_key, charge_email_domain
 *                                        paystack: its key and payers' emails
 *   providers.momo.<NETWORK>.api_user, api_key, subscription_key,
 *     target_environment, timeout_ms     its MoMo API credentials and call
 *                                        settings (into the endpoint)
 *   providers.timeout_ms                 each call's total time
 */
#ifndef CEDIRAMP_REGISTRY_H
#define CEDIRAMP_REGISTRY_H

#include "core/cfg.h"
#include "providers/chain.h"
#include "providers/endpoint.h"
#include "providers/momo.h"
#include "providers/prov_http.h"
#include "providers/webhook_http.h"

#define PROV_NETWORKS 3

struct prov_momo {
	const struct momo_adapter *ops;
	struct prov_endpoint ep;  /* ep.provider is the network's id */
};

struct providers {
	struct prov_chain chain;
	struct prov_momo momo[PROV_NETWORKS]; /* MTN, TELECEL, AIRTELTIGO */
	const struct webhook_sender_ops *webhooks; /* posts events to receivers */
};

/* The network ids, in registry order. */
extern const char *const prov_network_ids[PROV_NETWORKS];

/* The process-wide set-up and tear-down of what the adapters use (libcurl):
 * once at start, before any other thread runs, and once at exit. */
void providers_global_init(void);
void providers_global_cleanup(void);

/* Builds the registry from c. 0, or -1 when a URL does not fit. */
int providers_init(struct providers *p, const struct cfg *c);

/*
 * Runs the adapters' start-up checks (the chain's key file and chain id).
 * 0; or -1 with why when the process must refuse to run. A node that does
 * not answer is not a refusal: it is checked again before it is used.
 */
int providers_open(struct providers *p, char *why, size_t cap);

/* The chain gateway. */
struct prov_chain *providers_chain(struct providers *p);

/* The adapter of network (an id above), or NULL for an unknown one. */
const struct prov_momo *providers_momo(const struct providers *p,
    const char *network);

/* What providers_probe probes: [0] the chain, [1 + i] network i. */
#define PROV_PROBED (1 + PROV_NETWORKS)

/* The health of each provider want[] names, probed now and at once (the
 * wait is the slowest probe, not their sum), into out (the others are
 * left as they were). Requests read the stored states (domain/probe.h). */
void providers_probe(struct providers *p, const int want[PROV_PROBED],
    enum prov_health out[PROV_PROBED]);

#endif
