#include "core/cfg.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/eip55.h"
#include "core/keyfile.h"
#include "core/strict.h"

enum cfg_type { CFG_STR, CFG_UINT, CFG_ENUM_ENV, CFG_RATE, CFG_HEX_KEY, CFG_ENUM_CHAIN,
	CFG_ADDR, CFG_GWEI, CFG_CIDRS, CFG_PORTS, CFG_MOVED, CFG_TO_SIGNER };

struct cfg_key {
	const char *name;
	enum cfg_type type;
	size_t off;
	size_t size;             /* for CFG_STR */
	unsigned long long min;  /* for CFG_UINT */
	unsigned long long max;
};

#define S(k, f) { k, CFG_STR, offsetof(struct cfg, f), sizeof(((struct cfg *)0)->f), 0, 0 }
#define U(k, f, lo, hi) { k, CFG_UINT, offsetof(struct cfg, f), 0, lo, hi }
#define R(k, f) { k, CFG_RATE, offsetof(struct cfg, f), 0, 0, 0 }
/* One mobile money network's keys, providers.momo.<NET>.* */
#define MOMO(net, i) \
	S("providers.momo." net ".url", momo_net[i].url), \
	S("providers.momo." net ".api_user", momo_net[i].api_user), \
	S("providers.momo." net ".api_key", momo_net[i].api_key), \
	S("providers.momo." net ".subscription_key", momo_net[i].subscription_key), \
	S("providers.momo." net ".target_environment", momo_net[i].target_environment), \
	U("providers.momo." net ".timeout_ms", momo_net[i].timeout_ms, 0, 60000), \
	S("providers.momo." net ".payout_fee", momo_net[i].payout_fee), \
	S("providers.momo." net ".adapter", momo_net[i].adapter), \
	S("providers.momo." net ".secret_key", momo_net[i].secret_key), \
	S("providers.momo." net ".charge_email_domain", momo_net[i].charge_email_domain)
/* an EVM address (0x + 40 hex), or empty */
#define A(k, f) { k, CFG_ADDR, offsetof(struct cfg, f), sizeof(((struct cfg *)0)->f), 0, 0 }
/* gwei as a decimal (up to 9 places), stored in wei */
#define G(k, f) { k, CFG_GWEI, offsetof(struct cfg, f), 0, 0, 0 }
/* one asset's token contract and decimals */
#define TOKEN(asset, i) \
	A("providers.evm.token." asset, evm.token[i]), \
	U("providers.evm.decimals." asset, evm.decimals[i], 0, 36)
/* the signer's policy of one coin: a transaction's most, and its 24 h cap */
#define SIGNER_COIN(asset, i) \
	S("signer.max_per_tx." asset, signer_max_per_tx[i]), \
	S("signer.cap_24h." asset, signer_cap_24h[i])
/* a list of addresses and networks (core/cidr.h) */
#define N(k, f) { k, CFG_CIDRS, offsetof(struct cfg, f), sizeof(((struct cfg *)0)->f), 0, 0 }
/* a list of ports (core/portlist.h) */
#define P(k, f) { k, CFG_PORTS, offsetof(struct cfg, f), sizeof(((struct cfg *)0)->f), 0, 0 }
/* a 32-byte key as 64 hex digits, or empty */
#define H(k, f) { k, CFG_HEX_KEY, offsetof(struct cfg, f), sizeof(((struct cfg *)0)->f), 0, 0 }
/* a key no longer read from here: its value moved to the file k_file names */
#define MOVED(k) { k, CFG_MOVED, 0, 0, 0, 0 }

static const struct cfg_key cfg_keys[] = {
	{ "environment", CFG_ENUM_ENV, offsetof(struct cfg, environment),
	    sizeof(((struct cfg *)0)->environment), 0, 0 },
	S("db.socket", db_socket),
	S("db.host", db_host),
	U("db.port", db_port, 1, 65535),
	S("db.user", db_user),
	S("db.password", db_password),
	S("db.name", db_name),
	U("db.connect_timeout", db_connect_timeout, 1, 60),
	U("db.rw_timeout", db_rw_timeout, 1, 600),
	U("http.max_body_bytes", max_body_bytes, 1024, 64ULL * 1024 * 1024),
	N("http.trusted_proxies", trusted_proxies),
	S("jwt.hs256_secret", jwt_hs256_secret),
	S("jwt.jwks_file", jwt_jwks_file),
	S("jwt.jwks_url", jwt_jwks_url),
	U("jwt.jwks_refetch_seconds", jwt_jwks_refetch_seconds, 1, 86400),
	S("jwt.algorithms", jwt_algorithms),
	S("jwt.issuer", jwt_issuer),
	S("jwt.audience", jwt_audience),
	U("jwt.leeway_seconds", jwt_leeway_seconds, 0, 600),
	U("auth.key_cache_seconds", key_cache_seconds, 0, 60),
	S("log.file", log_file),
	{ "providers.chain", CFG_ENUM_CHAIN, offsetof(struct cfg, chain_evm), 0, 0, 0 },
	S("providers.chain_url", chain_url),
	S("providers.evm.rpc_url", evm.rpc_url),
	U("providers.evm.chain_id", evm.chain_id, 1, 1ULL << 53),
	U("providers.evm.confirmations", evm.confirmations, 1, 100000),
	A("providers.evm.gateway", evm.gateway),
	A("providers.evm.treasury", evm.treasury),
	{ "providers.evm.key_file", CFG_TO_SIGNER, 0, 0, 0, 0 },
	TOKEN("USDT", 0),
	TOKEN("USDC", 1),
	TOKEN("USDC_E", 2),
	TOKEN("DAI", 3),
	G("providers.evm.max_fee_gwei", evm.max_fee_wei),
	U("providers.evm.gas_limit_cap", evm.gas_limit_cap, 21000, 30000000),
	G("providers.evm.priority_fee_gwei", evm.priority_fee_wei),
	U("providers.evm.replace_after_seconds", evm.replace_after_seconds, 1, 86400),
	U("providers.evm.head_max_age_seconds", evm.head_max_age_seconds, 1, 86400),
	U("providers.evm.log_range", evm.log_range, 1, 100000),
	U("providers.evm.deposits_start_block", evm.deposits_start_block, 0, 1ULL << 62),
	S("providers.chain_custody_wallet", chain_custody_wallet),
	S("providers.momo_url", momo_url),
	S("providers.momo.callback_base", momo_callback_base),
	S("providers.momo.callback_token", momo_callback_token),
	N("providers.momo.callback_allow", momo_callback_allow),
	U("providers.callback_min_interval_seconds", callback_min_interval_seconds, 0, 3600),
	R("http.public_limit_per_address", public_limit),
	MOMO("MTN", 0),
	MOMO("TELECEL", 1),
	MOMO("AIRTELTIGO", 2),
	U("providers.timeout_ms", provider_timeout_ms, 100, 60000),
	U("providers.lookup_cache_seconds", lookup_cache_seconds, 0, 3600),
	S("schema.dir", schema_dir),
	S("fees.conversion_percent", fee_conversion_percent),
	S("fees.collection_percent", fee_collection_percent),
	U("quotes.ttl_seconds", quote_ttl_seconds, 10, 3600),
	U("payment_intents.late_check_seconds", intent_late_check_seconds, 0, 30 * 86400ULL),
	U("payouts.reversal_watch_seconds", payout_reversal_watch_seconds, 0, 30 * 86400ULL),
	U("payouts.concurrency", payouts_concurrency, 1, 64),
	U("payouts.group_size", payouts_group_size, 1, 200),
	U("payouts.resend_grace_seconds", payouts_resend_grace_seconds, 0, 3600),
	U("idempotency.lease_seconds", idempotency_lease_seconds, 10, 3600),
	U("rates.max_age_seconds", rate_max_age_seconds, 5, 86400),
	U("rates.cache_seconds", rate_cache_seconds, 0, 60),
	S("quotes.signing_key", quote_signing_key),
	U("health.probe_seconds", health_probe_seconds, 0, 3600),
	S("rates.source_url", rate_source_url),
	S("api.cursor_secret", cursor_secret),
	U("api.list_total_cap", list_total_cap, 100, 1000000000),
	R("ratelimit.general", rate_limit_general),
	R("ratelimit.quotes", rate_limit_quotes),
	R("ratelimit.convert", rate_limit_convert),
	R("ratelimit.payouts", rate_limit_payouts),
	R("ratelimit.beneficiaries", rate_limit_beneficiaries),
	R("ratelimit.kyc", rate_limit_kyc),
	R("ratelimit.partner_minute", rate_limit_partner_minute),
	R("ratelimit.partner_day", rate_limit_partner_day),
	R("ratelimit.console_signin", rate_limit_console_signin),
	U("console.signin_backoff_after", console_signin_backoff_after, 1, 100),
	U("console.signin_lockout", console_signin_lockout, 1, 1000),
	S("console.base_url", console_base_url),
	S("console.explorer_tx_url", console_explorer_tx_url),
	N("console.ops_allow", console_ops_allow),
	S("metrics.dir", metrics_dir),
	N("metrics.allow", metrics_allow),
	U("metrics.float_low_ghs", metrics_float_low_ghs, 0, 1000000000000ULL),
	U("console.ops_doubt_seconds", console_ops_doubt_seconds, 1, 31536000ULL),
	S("mail.smtp_url", mail_smtp_url),
	S("mail.from", mail_from),
	S("mail.credentials_file", mail_credentials_file),
	U("mail.starttls_optional", mail_starttls_optional, 0, 1),
	H("kyc.encryption_key", kyc_encryption_key),
	U("webhooks.retry_policy", wh_policy, 0, 2),
	U("webhooks.retry_clock_divisor", wh_clock_divisor, 1, 1000000),
	U("webhooks.timeout_seconds", wh_timeout_seconds, 0, 120),
	U("webhooks.lease_seconds", wh_lease_seconds, 0, 3600),
	U("webhooks.drain_seconds", wh_drain_seconds, 1, 3600),
	U("webhooks.max_in_flight", wh_max_in_flight, 1, 1000),
	U("webhooks.allow_loopback", wh_allow_loopback, 0, 1),
	P("webhooks.allowed_ports", wh_allowed_ports),
	S("signer.socket", signer_socket),
	S("signer.key_store", signer_key_store),
	S("signer.key_file", signer_key_file),
	S("signer.pkcs11.module", signer_pkcs11_module),
	S("signer.pkcs11.token", signer_pkcs11_token),
	S("signer.pkcs11.pin_file", signer_pkcs11_pin_file),
	S("signer.pkcs11.key_label", signer_pkcs11_key_label),
	S("signer.allow_uids", signer_allow_uids),
	S("signer.owner_key_file", signer_owner_key_file),
	S("signer.pkcs11.owner_label", signer_pkcs11_owner_label),
	S("signer.key_dir", signer_key_dir),
	S("signer.admin_uids", signer_admin_uids),
	U("signer.workers", signer_workers, 1, 32),
	SIGNER_COIN("USDT", 0), SIGNER_COIN("USDC", 1), SIGNER_COIN("USDC_E", 2),
	SIGNER_COIN("DAI", 3),
	U("signer.max_signatures_per_minute", signer_per_minute, 1, 1000000),
	G("signer.max_fee_gwei", signer_max_fee_wei),
	U("signer.max_gas", signer_max_gas, 21000, 30000000),
	U("signer.void_after_seconds", signer_void_after_seconds, 1, 86400),
	U("signer.test_kill_after_store", signer_test_kill_after_store, 0, 1),
	MOVED("webhooks.encryption_key"),
	S("webhooks.encryption_key_file", wh_encryption_key_file),
	U("webhooks.encryption_key_id", wh_encryption_key_id, 1, 65535),
	MOVED("webhooks.previous_encryption_key"),
	S("webhooks.previous_encryption_key_file", wh_previous_encryption_key_file),
	U("webhooks.previous_encryption_key_id", wh_previous_encryption_key_id, 0, 65535),
};

#undef S
#undef U
#undef R
#undef MOMO
#undef H
#undef N
#undef P
#undef A
#undef G
#undef TOKEN

static void
rate_set(struct cfg_rate *r, unsigned long long limit, unsigned long long window)
{
	r->limit = limit;
	r->window = window;
}

static void defaults(struct cfg *c);

/* The values the environment alone decides (struct cfg's last block). */
static void
derive(struct cfg *c)
{
	int sb = c->sandbox;

	(void)strict_copy(c->apikey_prefix, sizeof(c->apikey_prefix),
	    sb ? "sk_test_" : "sk_live_");
	(void)strict_copy(c->user_start_tier, sizeof(c->user_start_tier),
	    sb ? "basic" : "none");
	c->payout_float_unlimited = sb;
	c->wh_allow_http = sb;
	/* the simulators settle in seconds; a real network in minutes */
	c->withdrawal_eta_seconds = sb ? 15 : 300;
	c->signer_mints = sb;
}

/* The keys left 0 for "the environment's" (cfg_load, once it is known). */
static void
resolve(struct cfg *c)
{
	int sb = c->sandbox;

	if (c->rate_limit_partner_minute.limit == 0)
		c->rate_limit_partner_minute.limit = sb ? 60 : 300;
	if (c->rate_limit_partner_day.limit == 0)
		c->rate_limit_partner_day.limit = sb ? 10000 : 100000;
	if (c->wh_policy == 0)
		c->wh_policy = sb ? 2 : 1;
}

void
cfg_defaults(struct cfg *c)
{
	defaults(c);
	derive(c);
}

/* The documented defaults, the environment's values still to derive. */
static void
defaults(struct cfg *c)
{
	const char *loopback_why;
	size_t i;

	memset(c, 0, sizeof(*c));
	(void)strict_copy(c->environment, sizeof(c->environment), "sandbox");
	c->sandbox = 1;
	(void)strict_copy(c->db_host, sizeof(c->db_host), "localhost");
	c->db_port = 3306;
	(void)strict_copy(c->db_user, sizeof(c->db_user), "cediramp");
	(void)strict_copy(c->db_name, sizeof(c->db_name), "cediramp");
	c->db_connect_timeout = 2;
	c->db_rw_timeout = 10;
	c->max_body_bytes = 8ULL * 1024 * 1024;
	(void)strict_copy(c->jwt_algorithms, sizeof(c->jwt_algorithms),
	    "HS256,RS256,ES256");
	c->jwt_leeway_seconds = 60;
	c->jwt_jwks_refetch_seconds = 60;
	c->key_cache_seconds = 5;
	c->provider_timeout_ms = 2000;
	c->callback_min_interval_seconds = 10;
	c->public_limit.limit = 1200;
	c->public_limit.window = 60;
	(void)strict_copy(c->chain_custody_wallet, sizeof(c->chain_custody_wallet),
	    "cediramp-custody");
	(void)strict_copy(c->schema_dir, sizeof(c->schema_dir),
	    "/usr/share/cediramp/schema");
	(void)strict_copy(c->fee_conversion_percent,
	    sizeof(c->fee_conversion_percent), "1.00");
	(void)strict_copy(c->fee_collection_percent,
	    sizeof(c->fee_collection_percent), "1.00");
	c->quote_ttl_seconds = 300;
	c->rate_cache_seconds = 2;
	c->lookup_cache_seconds = 60;
	c->intent_late_check_seconds = 86400;
	c->payout_reversal_watch_seconds = 86400;
	c->payouts_concurrency = 16;
	c->payouts_group_size = 50;
	c->payouts_resend_grace_seconds = 10;
	c->idempotency_lease_seconds = 60;
	c->list_total_cap = 500;
	for (i = 0; i < 3; i++) {
		(void)strict_copy(c->momo_net[i].target_environment,
		    sizeof(c->momo_net[i].target_environment), "sandbox");
		(void)strict_copy(c->momo_net[i].payout_fee,
		    sizeof(c->momo_net[i].payout_fee), "1.00");
		(void)strict_copy(c->momo_net[i].adapter,
		    sizeof(c->momo_net[i].adapter), "mtn");
	}
	c->rate_max_age_seconds = 300;
	c->health_probe_seconds = 5;
	rate_set(&c->rate_limit_general, 1000, 3600);
	rate_set(&c->rate_limit_quotes, 30, 3600);
	rate_set(&c->rate_limit_convert, 10, 3600);
	rate_set(&c->rate_limit_payouts, 5, 86400);
	rate_set(&c->rate_limit_beneficiaries, 20, 3600);
	rate_set(&c->rate_limit_kyc, 3, 86400);
	rate_set(&c->rate_limit_console_signin, 30, 300);
	c->console_signin_backoff_after = 5;
	c->console_signin_lockout = 10;
	c->metrics_float_low_ghs = 1000;
	c->console_ops_doubt_seconds = 900;
	/* the signer: a file store, and a policy tight enough to notice a
	 * drain at once and loose enough for the sandbox's load */
	(void)strict_copy(c->signer_key_store, sizeof(c->signer_key_store), "file");
	(void)strict_copy(c->signer_pkcs11_key_label, sizeof(c->signer_pkcs11_key_label),
	    "cediramp-operator");
	for (i = 0; i < 4; i++) {
		(void)strict_copy(c->signer_max_per_tx[i], sizeof(c->signer_max_per_tx[i]), "100000");
		(void)strict_copy(c->signer_cap_24h[i], sizeof(c->signer_cap_24h[i]), "10000000");
	}
	c->signer_per_minute = 6000;
	c->signer_workers = 4;
	c->signer_max_fee_wei = 500ULL * 1000000000ULL;
	c->signer_max_gas = 1000000;
	c->signer_void_after_seconds = 60;
	/* the scrape from this host only, unless allowed wider */
	(void)cidr_list_parse("127.0.0.0/8, ::1/128", strlen("127.0.0.0/8, ::1/128"),
	    &c->metrics_allow, &loopback_why);
	(void)strict_copy(c->mail_from, sizeof(c->mail_from), "no-reply@cediramp.invalid");
	/* 0: the environment's plan (sandbox 60/min 10,000/day; production
	 * 300/min 100,000/day), decided once the environment is known */
	rate_set(&c->rate_limit_partner_minute, 0, 60);
	rate_set(&c->rate_limit_partner_day, 0, 86400);
	c->wh_clock_divisor = 1;
	c->wh_drain_seconds = 55;
	c->wh_max_in_flight = 50;
	c->wh_encryption_key_id = 1;
	c->wh_allowed_ports.n = 2;
	c->wh_allowed_ports.port[0] = 443;
	c->wh_allowed_ports.port[1] = 80;
	c->evm.confirmations = 12;
	c->evm.decimals[0] = c->evm.decimals[1] = c->evm.decimals[2] = 6;
	c->evm.decimals[3] = 18;
	c->evm.max_fee_wei = 500ULL * 1000000000ULL;
	c->evm.gas_limit_cap = 1000000;
	c->evm.priority_fee_wei = 2ULL * 1000000000ULL;
	c->evm.replace_after_seconds = 180;
	c->evm.head_max_age_seconds = 120;
	c->evm.log_range = 1000;
}

/* 1 when s[0..n) is "0x" and 40 hex digits, a mixed case one with its
 * EIP-55 checksum right (core/eip55.h). */
static int
is_address(const char *s, size_t n)
{
	return eip55_ok(s, n);
}

/* Gwei as "12" or "0.5" (at most 9 places) into wei, at most 10^6 gwei. */
static int
gwei_to_wei(const char *v, size_t n, unsigned long long *wei)
{
	const char *dot = memchr(v, '.', n);
	unsigned long long whole, frac = 0;
	size_t fn = 0, i;

	if (strict_uint(v, dot ? (size_t)(dot - v) : n, 1000000, &whole) != 0)
		return -1;
	if (dot != NULL) {
		fn = n - (size_t)(dot - v) - 1;
		if (fn == 0 || fn > 9)
			return -1;
		for (i = 0; i < fn; i++) {
			if (dot[1 + i] < '0' || dot[1 + i] > '9')
				return -1;
			frac = frac * 10 + (unsigned long long)(dot[1 + i] - '0');
		}
		for (; fn < 9; fn++)
			frac *= 10;
	}
	*wei = whole * 1000000000ULL + frac;
	return 0;
}

static const struct cfg_key *
cfg_find(const char *k, size_t n)
{
	size_t i;

	for (i = 0; i < sizeof(cfg_keys) / sizeof(cfg_keys[0]); i++)
		if (strlen(cfg_keys[i].name) == n &&
		    memcmp(cfg_keys[i].name, k, n) == 0)
			return &cfg_keys[i];
	return NULL;
}

/* Stores value v (n bytes) for key k into c; -1 with reason on error. */
static int
cfg_set(struct cfg *c, const struct cfg_key *k, const char *v, size_t n,
    const char **why)
{
	char *field = (char *)c + k->off;
	unsigned long long u;

	switch (k->type) {
	case CFG_ENUM_ENV:
		if (n == 7 && memcmp(v, "sandbox", 7) == 0)
			c->sandbox = 1;
		else if (n == 10 && memcmp(v, "production", 10) == 0)
			c->sandbox = 0;
		else {
			*why = "must be sandbox or production";
			return -1;
		}
		memcpy(field, v, n);
		field[n] = '\0';
		return 0;
	case CFG_STR:
		if (n >= k->size) {
			*why = "value too long";
			return -1;
		}
		if (!strict_printable(v, n)) {
			*why = "value has control bytes";
			return -1;
		}
		memcpy(field, v, n);
		field[n] = '\0';
		return 0;
	case CFG_UINT:
		if (strict_uint(v, n, k->max, &u) != 0 || u < k->min) {
			*why = "not a whole number in range";
			return -1;
		}
		memcpy(field, &u, sizeof(u));
		return 0;
	case CFG_RATE: {
		const char *slash = memchr(v, '/', n);
		struct cfg_rate r;

		if (slash == NULL ||
		    strict_uint(v, (size_t)(slash - v), 100000000ULL, &r.limit) != 0 ||
		    strict_uint(slash + 1, n - (size_t)(slash - v) - 1, 31ULL * 86400,
		    &r.window) != 0 || r.limit == 0 || r.window == 0) {
			*why = "expected REQUESTS/SECONDS, e.g. 30/3600";
			return -1;
		}
		memcpy(field, &r, sizeof(r));
		return 0;
	}
	case CFG_CIDRS: {
		struct cidr_list l;

		if (cidr_list_parse(v, n, &l, why) != 0)
			return -1;
		memcpy(field, &l, sizeof(l));
		return 0;
	}
	case CFG_PORTS: {
		struct port_list l;

		if (port_list_parse(v, n, &l, why) != 0)
			return -1;
		memcpy(field, &l, sizeof(l));
		return 0;
	}
	case CFG_ENUM_CHAIN:
		if (n == 3 && memcmp(v, "sim", 3) == 0)
			c->chain_evm = 0;
		else if (n == 3 && memcmp(v, "evm", 3) == 0)
			c->chain_evm = 1;
		else {
			*why = "must be sim or evm";
			return -1;
		}
		return 0;
	case CFG_ADDR:
		if (n != 0 && !is_address(v, n)) {
			*why = "must be an address: 0x and 40 hexadecimal digits (in mixed case, "
			    "with its EIP-55 checksum right)";
			return -1;
		}
		memcpy(field, v, n);
		field[n] = '\0';
		return 0;
	case CFG_GWEI:
		if (gwei_to_wei(v, n, &u) != 0) {
			*why = "must be gwei as a decimal with at most 9 places, up to 1000000";
			return -1;
		}
		memcpy(field, &u, sizeof(u));
		return 0;
	case CFG_TO_SIGNER:
		*why = "no longer read: cediramp-signer holds the operator's key (signer.key_file "
		    "or signer.key_store = pkcs11 in the signer's own config; docs/operations.md)";
		return -1;
	case CFG_MOVED:
		*why = "no longer read from the shared config: write the key to a file of "
		    "mode 0400 or 0440 and name that file in the same setting with _file";
		return -1;
	case CFG_HEX_KEY: {
		size_t i;

		for (i = 0; i < n; i++)
			if (!((v[i] >= '0' && v[i] <= '9') || (v[i] >= 'a' && v[i] <= 'f') ||
			    (v[i] >= 'A' && v[i] <= 'F')))
				break;
		if ((n != 0 && n != 64) || i != n || n >= k->size) {
			*why = "must be 64 hexadecimal digits (a 32-byte key), or empty";
			return -1;
		}
		memcpy(field, v, n);
		field[n] = '\0';
		return 0;
	}
	}
	*why = "bad key type";
	return -1;
}

/* Under providers.chain = evm: the keys it cannot run without. */
static int
evm_check(const struct cfg *c, const char *path, char *err, size_t errlen)
{
	const char *missing = NULL;
	size_t i, tokens = 0;

	for (i = 0; i < 4; i++)
		tokens += c->evm.token[i][0] != '\0';
	if (c->evm.rpc_url[0] == '\0')
		missing = "providers.evm.rpc_url";
	else if (c->evm.chain_id == 0)
		missing = "providers.evm.chain_id";
	else if (c->evm.gateway[0] == '\0')
		missing = "providers.evm.gateway";
	else if (c->evm.treasury[0] == '\0')
		missing = "providers.evm.treasury";
	else if (c->signer_socket[0] == '\0')
		missing = "signer.socket";
	else if (tokens == 0)
		missing = "providers.evm.token.<ASSET> (at least one)";
	if (missing != NULL) {
		snprintf(err, errlen, "%s: providers.chain = evm needs %s", path, missing);
		return -1;
	}
	if (!is_address(c->chain_custody_wallet, strlen(c->chain_custody_wallet))) {
		snprintf(err, errlen, "%s: under providers.chain = evm, "
		    "providers.chain_custody_wallet must be an address", path);
		return -1;
	}
	if (c->evm.priority_fee_wei > c->evm.max_fee_wei) {
		snprintf(err, errlen, "%s: providers.evm.priority_fee_gwei exceeds "
		    "providers.evm.max_fee_gwei", path);
		return -1;
	}
	return 0;
}

/* Each network's adapter is one we have, with what it needs. */
static int
momo_check(const struct cfg *c, const char *path, char *err, size_t errlen)
{
	static const char *const nets[3] = { "MTN", "TELECEL", "AIRTELTIGO" };
	size_t i;

	/* MTN calls back to callback_base + the path with the token: a
	 * callback URL nobody can guess (48 or more characters a-z A-Z 0-9) */
	if (c->momo_callback_base[0] != '\0') {
		size_t n = strlen(c->momo_callback_token), j;

		for (j = 0; j < n && ((c->momo_callback_token[j] >= 'a' && c->momo_callback_token[j] <= 'z') ||
		    (c->momo_callback_token[j] >= 'A' && c->momo_callback_token[j] <= 'Z') ||
		    (c->momo_callback_token[j] >= '0' && c->momo_callback_token[j] <= '9')); j++)
			;
		if (n < 48 || j != n) {
			snprintf(err, errlen, "%s: providers.momo.callback_base needs "
			    "providers.momo.callback_token: 48 or more of a-z A-Z 0-9", path);
			return -1;
		}
	}
	for (i = 0; i < 3; i++) {
		const struct cfg_momo *m = &c->momo_net[i];

		if (strcmp(m->adapter, "mtn") != 0 && strcmp(m->adapter, "paystack") != 0) {
			snprintf(err, errlen, "%s: providers.momo.%s.adapter must be mtn or "
			    "paystack", path, nets[i]);
			return -1;
		}
		if (strcmp(m->adapter, "paystack") == 0 && m->secret_key[0] == '\0') {
			snprintf(err, errlen, "%s: providers.momo.%s.adapter = paystack needs "
			    "providers.momo.%s.secret_key", path, nets[i], nets[i]);
			return -1;
		}
	}
	return 0;
}

/* The webhook keys from their own files (core/keyfile.h), when named. */
static int
webhook_keys(struct cfg *c, const char *path, char *err, size_t errlen)
{
	char why[400];

	if (c->wh_encryption_key_file[0] != '\0' &&
	    keyfile_read_hex(c->wh_encryption_key_file, c->wh_encryption_key, why,
	    sizeof(why)) != 0) {
		snprintf(err, errlen, "%s: webhooks.encryption_key_file: %s", path, why);
		return -1;
	}
	if (c->wh_previous_encryption_key_file[0] != '\0' &&
	    keyfile_read_hex(c->wh_previous_encryption_key_file,
	    c->wh_previous_encryption_key, why, sizeof(why)) != 0) {
		snprintf(err, errlen, "%s: webhooks.previous_encryption_key_file: %s", path, why);
		return -1;
	}
	return 0;
}

static int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

int
cfg_load(const char *path, struct cfg *c, char *err, size_t errlen)
{
	FILE *f = NULL;
	char line[1024];
	unsigned lineno = 0;
	int rc = -1;

	f = fopen(path, "r");
	if (f == NULL) {
		snprintf(err, errlen, "%s: cannot open", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f) != NULL) {
		size_t len = strlen(line), ks, ke, vs, ve;
		const struct cfg_key *k;
		const char *why = NULL;
		char *eq;

		lineno++;
		if (len > 0 && line[len - 1] != '\n' && !feof(f)) {
			snprintf(err, errlen, "%s:%u: line too long", path, lineno);
			goto out;
		}
		while (len > 0 && (line[len - 1] == '\n' || is_space(line[len - 1])))
			line[--len] = '\0';
		ks = 0;
		while (ks < len && is_space(line[ks]))
			ks++;
		if (ks == len || line[ks] == '#')
			continue;
		eq = memchr(line + ks, '=', len - ks);
		if (eq == NULL) {
			snprintf(err, errlen, "%s:%u: expected key = value", path, lineno);
			goto out;
		}
		ke = (size_t)(eq - line);
		while (ke > ks && is_space(line[ke - 1]))
			ke--;
		vs = (size_t)(eq - line) + 1;
		while (vs < len && is_space(line[vs]))
			vs++;
		ve = len;
		k = cfg_find(line + ks, ke - ks);
		if (k == NULL) {
			char clip[64];

			snprintf(err, errlen, "%s:%u: unknown key '%s'", path, lineno,
			    strict_clip(clip, sizeof(clip), line + ks, ke - ks));
			goto out;
		}
		if (cfg_set(c, k, line + vs, ve - vs, &why) != 0) {
			snprintf(err, errlen, "%s:%u: %s: %s", path, lineno, k->name, why);
			goto out;
		}
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: read error", path);
		goto out;
	}
	derive(c);
	resolve(c);
	if (c->wh_timeout_seconds == 0)
		c->wh_timeout_seconds = c->wh_policy == 1 ? 30 : 10;
	if (c->wh_lease_seconds == 0)
		c->wh_lease_seconds = c->wh_timeout_seconds + 15;
	if (c->wh_lease_seconds <= c->wh_timeout_seconds) {
		snprintf(err, errlen, "%s: webhooks.lease_seconds must exceed "
		    "webhooks.timeout_seconds", path);
		goto out;
	}
	if (c->chain_evm && evm_check(c, path, err, errlen) != 0)
		goto out;
	/* a fault the tests provoke, never a production signer's */
	if (c->signer_test_kill_after_store && !c->sandbox) {
		snprintf(err, errlen, "%s: signer.test_kill_after_store is for the sandbox's tests "
		    "only", path);
		goto out;
	}
	if (momo_check(c, path, err, errlen) != 0)
		goto out;
	if (webhook_keys(c, path, err, errlen) != 0)
		goto out;
	if (c->wh_previous_encryption_key[0] != '\0' &&
	    (c->wh_previous_encryption_key_id == 0 ||
	    c->wh_previous_encryption_key_id == c->wh_encryption_key_id)) {
		snprintf(err, errlen, "%s: webhooks.previous_encryption_key_file needs "
		    "webhooks.previous_encryption_key_id, other than "
		    "webhooks.encryption_key_id", path);
		goto out;
	}
	if (c->wh_allow_loopback && !c->sandbox) {
		snprintf(err, errlen, "%s: webhooks.allow_loopback is for the sandbox only", path);
		goto out;
	}
	rc = 0;
out:
	fclose(f);
	return rc;
}

const char *
cfg_path(void)
{
	const char *p = getenv(CFG_ENV);

	return (p != NULL && *p != '\0') ? p : CFG_DEFAULT_PATH;
}

int
cfg_load_default(struct cfg *c, char *err, size_t errlen)
{
	defaults(c);
	return cfg_load(cfg_path(), c, err, errlen);
}
