/*
 * endpoint: where one provider is and how long it may take, as the
 * registry built it from config. Every adapter call takes one.
 */
#ifndef CEDIRAMP_ENDPOINT_H
#define CEDIRAMP_ENDPOINT_H

struct prov_endpoint {
	char provider[16]; /* "chain", "MTN", "TELECEL", "AIRTELTIGO" */
	const char *kind;  /* its adapter, as the metrics name it: "momo",
	                      "paystack", "chain" (the simulator's gateway),
	                      "evm"; NULL: its calls are not counted */
	char url[512];     /* base URL; "" means not configured (down) */
	long timeout_ms;   /* total time for one call */
	/* credentials, where the provider takes them (mobile money) */
	char user[128];             /* API user */
	char secret[256];           /* API key (Paystack: the secret key) */
	char subscription_key[128]; /* Ocp-Apim-Subscription-Key */
	char environment[32];       /* X-Target-Environment */
	char callback_url[384];     /* X-Callback-Url of a send; "": none */
	char email_domain[128];     /* Paystack: a charge's customer email is
	                               <msisdn>@this */
};

#endif
