#include "providers/registry.h"

#include <curl/curl.h>
#include <stdio.h>
#include <string.h>

#include "core/strict.h"
#include "providers/evm_abi.h"

const char *const prov_network_ids[PROV_NETWORKS] = { "MTN", "TELECEL", "AIRTELTIGO" };

void
providers_global_init(void)
{
	curl_global_init(CURL_GLOBAL_DEFAULT);
}

void
providers_global_cleanup(void)
{
	prov_http_forget();
	curl_global_cleanup();
}

static int
endpoint(struct prov_endpoint *ep, const char *provider, const char *url,
    unsigned long long timeout_ms)
{
	memset(ep, 0, sizeof(*ep));
	ep->timeout_ms = (long)timeout_ms;
	if (strict_copy(ep->provider, sizeof(ep->provider), provider) != 0)
		return -1;
	return strict_copy(ep->url, sizeof(ep->url), url);
}

/* The EVM adapter's settings from providers.evm.* (cfg checked them). */
static int
evm_init(struct prov_chain *ch, const struct cfg *c)
{
	static const char *const assets[CHAIN_ASSETS] = { "USDT", "USDC", "USDC_E", "DAI" };
	struct chain_evm *e = &ch->evm;
	size_t i;
	int rc = 0;

	ch->ops = &chain_evm;
	ch->chain_id = c->evm.chain_id;
	e->chain_id = c->evm.chain_id;
	e->confirmations = c->evm.confirmations;
	e->replace_after_seconds = c->evm.replace_after_seconds;
	e->head_max_age_seconds = c->evm.head_max_age_seconds;
	e->log_range = c->evm.log_range;
	e->max_fee_wei = c->evm.max_fee_wei;
	e->gas_limit_cap = c->evm.gas_limit_cap;
	e->priority_fee_wei = c->evm.priority_fee_wei;
	rc |= strict_copy(e->gateway, sizeof(e->gateway), c->evm.gateway);
	rc |= strict_copy(e->treasury, sizeof(e->treasury), c->evm.treasury);
	rc |= strict_copy(e->custody, sizeof(e->custody), c->chain_custody_wallet);
	rc |= strict_copy(e->signer_socket, sizeof(e->signer_socket), c->signer_socket);
	for (i = 0; i < CHAIN_ASSETS; i++) {
		rc |= strict_copy(e->tokens[i].asset, sizeof(e->tokens[i].asset), assets[i]);
		rc |= strict_copy(e->tokens[i].address, sizeof(e->tokens[i].address),
		    c->evm.token[i]);
		e->tokens[i].decimals = (unsigned)c->evm.decimals[i];
	}
	/* identity is case-insensitive: keep every address lowercase */
	evm_addr_lower(e->gateway);
	evm_addr_lower(e->treasury);
	evm_addr_lower(e->custody);
	for (i = 0; i < CHAIN_ASSETS; i++)
		evm_addr_lower(e->tokens[i].address);
	rc |= endpoint(&ch->ep, "chain", c->evm.rpc_url, c->provider_timeout_ms);
	ch->ep.kind = "evm";
	return rc;
}

int
providers_init(struct providers *p, const struct cfg *c)
{
	char url[sizeof(p->momo[0].ep.url)];
	size_t i;
	int rc = 0;

	memset(p, 0, sizeof(*p));
	p->webhooks = &webhook_http;
	if (c->chain_evm) {
		rc |= evm_init(&p->chain, c);
	} else {
		p->chain.ops = &chain_http;
		rc |= endpoint(&p->chain.ep, "chain", c->chain_url, c->provider_timeout_ms);
		p->chain.ep.kind = "chain";
	}
	for (i = 0; i < PROV_NETWORKS; i++) {
		p->momo[i].ops = strcmp(c->momo_net[i].adapter, "paystack") == 0 ?
		    &momo_paystack : &momo_http;
		if (c->momo_net[i].url[0] != '\0')
			rc |= strict_copy(url, sizeof(url), c->momo_net[i].url);
		else if (c->momo_url[0] == '\0')
			url[0] = '\0';
		else if ((size_t)snprintf(url, sizeof(url), "%s/%s", c->momo_url,
		    prov_network_ids[i]) >= sizeof(url))
			rc = -1;
		rc |= endpoint(&p->momo[i].ep, prov_network_ids[i], url,
		    c->momo_net[i].timeout_ms ? c->momo_net[i].timeout_ms :
		    c->provider_timeout_ms);
		p->momo[i].ep.kind = p->momo[i].ops == &momo_paystack ? "paystack" : "momo";
		rc |= strict_copy(p->momo[i].ep.user, sizeof(p->momo[i].ep.user),
		    c->momo_net[i].api_user);
		rc |= strict_copy(p->momo[i].ep.secret, sizeof(p->momo[i].ep.secret),
		    p->momo[i].ops == &momo_paystack ? c->momo_net[i].secret_key :
		    c->momo_net[i].api_key);
		rc |= strict_copy(p->momo[i].ep.email_domain, sizeof(p->momo[i].ep.email_domain),
		    c->momo_net[i].charge_email_domain);
		rc |= strict_copy(p->momo[i].ep.subscription_key,
		    sizeof(p->momo[i].ep.subscription_key), c->momo_net[i].subscription_key);
		rc |= strict_copy(p->momo[i].ep.environment, sizeof(p->momo[i].ep.environment),
		    c->momo_net[i].target_environment);
		/* MTN's X-Callback-Url (Paystack's webhook URL is registered in
		 * its dashboard instead) */
		if (c->momo_callback_base[0] != '\0' && p->momo[i].ops == &momo_http &&
		    (size_t)snprintf(p->momo[i].ep.callback_url, sizeof(p->momo[i].ep.callback_url),
		    "%s" MOMO_CALLBACK_PATH, c->momo_callback_base, prov_network_ids[i],
		    c->momo_callback_token) >=
		    sizeof(p->momo[i].ep.callback_url))
			rc = -1;
	}
	return rc == 0 ? 0 : -1;
}

int
providers_open(struct providers *p, char *why, size_t cap)
{
	return p->chain.ops->open(&p->chain, why, cap) == CHAIN_MISCONFIGURED ? -1 : 0;
}

struct prov_chain *
providers_chain(struct providers *p)
{
	return &p->chain;
}

const struct prov_momo *
providers_momo(const struct providers *p, const char *network)
{
	size_t i;

	for (i = 0; i < PROV_NETWORKS; i++)
		if (network != NULL && strcmp(prov_network_ids[i], network) == 0)
			return &p->momo[i];
	return NULL;
}

void
providers_probe(struct providers *p, const int want[PROV_PROBED],
    enum prov_health out[PROV_PROBED])
{
	struct prov_probe probe[PROV_PROBED];
	enum prov_health h[PROV_PROBED];
	size_t i, n = 0, at[PROV_PROBED];

	/* an adapter with a health check of its own (a JSON-RPC node) is
	 * asked after the HTTP probes, which run at once */
	for (i = 0; i < PROV_PROBED; i++) {
		if (!want[i] || (i == 0 && p->chain.ops->health != NULL))
			continue;
		at[n] = i;
		probe[n++] = i == 0 ?
		    (struct prov_probe){ p->chain.ep.kind, p->chain.ep.url, "/health",
			p->chain.ep.timeout_ms } :
		    (struct prov_probe){ p->momo[i - 1].ep.kind, p->momo[i - 1].ep.url,
			p->momo[i - 1].ops->health_path, p->momo[i - 1].ep.timeout_ms };
	}
	prov_http_probe_many(probe, n, h);
	for (i = 0; i < n; i++)
		out[at[i]] = h[i];
	if (want[0] && p->chain.ops->health != NULL)
		out[0] = p->chain.ops->health(&p->chain);
}
