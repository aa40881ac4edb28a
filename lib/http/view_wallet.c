#include "http/view_wallet.h"

json_t *
conversion_json(const struct conversion *c)
{
	return json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s}",
	    "conversionId", c->id, "from", c->from, "to", c->to,
	    "amount", c->amount, "rate", c->rate, "fee", c->fee,
	    "receiveAmount", c->receive, "status", c->status,
	    "txHash", c->tx_hash, "createdAt", c->created_at);
}

json_t *
payout_json(const struct payout *p)
{
	return json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:o,s:s,s:s}",
	    "transactionId", p->id, "beneficiaryId", p->beneficiary_id,
	    "provider", p->provider, "phone", p->phone, "amount", p->amount,
	    "currency", p->currency, "fee", p->fee, "status", p->status,
	    "reference", p->client_ref[0] ? json_string(p->client_ref) : json_null(),
	    "createdAt", p->created_at, "estimatedArrival", "1-5 minutes");
}

json_t *
beneficiary_json(const struct beneficiary *b)
{
	return json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s}",
	    "beneficiaryId", b->id, "provider", b->provider,
	    "providerName", b->provider_name, "phone", b->phone,
	    "accountName", b->account_name, "country", b->country,
	    "currency", b->currency, "createdAt", b->created_at);
}
