#include "providers/registry.h"

#include <stdio.h>
#include <string.h>

#include "core/strict.h"

const char *const prov_network_ids[PROV_NETWORKS] = { "MTN", "TELECEL", "AIRTELTIGO" };

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

int
providers_init(struct providers *p, const struct cfg *c)
{
	char url[sizeof(p->momo[0].ep.url)];
	size_t i;
	int rc = 0;

	memset(p, 0, sizeof(*p));
	p->chain.ops = &chain_http;
	rc |= endpoint(&p->chain.ep, "chain", c->chain_url, c->provider_timeout_ms);
	for (i = 0; i < PROV_NETWORKS; i++) {
		p->momo[i].ops = &momo_http;
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
		rc |= strict_copy(p->momo[i].ep.user, sizeof(p->momo[i].ep.user),
		    c->momo_net[i].api_user);
		rc |= strict_copy(p->momo[i].ep.secret, sizeof(p->momo[i].ep.secret),
		    c->momo_net[i].api_key);
		rc |= strict_copy(p->momo[i].ep.subscription_key,
		    sizeof(p->momo[i].ep.subscription_key), c->momo_net[i].subscription_key);
		rc |= strict_copy(p->momo[i].ep.environment, sizeof(p->momo[i].ep.environment),
		    c->momo_net[i].target_environment);
	}
	return rc == 0 ? 0 : -1;
}

const struct prov_chain *
providers_chain(const struct providers *p)
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
providers_health(const struct providers *p, enum prov_health *chain,
    enum prov_health momo[PROV_NETWORKS])
{
	struct prov_probe probe[1 + PROV_NETWORKS];
	enum prov_health h[1 + PROV_NETWORKS];
	size_t i;

	probe[0] = (struct prov_probe){ p->chain.ep.url, "/health", p->chain.ep.timeout_ms };
	for (i = 0; i < PROV_NETWORKS; i++)
		probe[1 + i] = (struct prov_probe){ p->momo[i].ep.url,
		    p->momo[i].ops->health_path, p->momo[i].ep.timeout_ms };
	prov_http_probe_many(probe, 1 + PROV_NETWORKS, h);
	*chain = h[0];
	for (i = 0; i < PROV_NETWORKS; i++)
		momo[i] = h[1 + i];
}
