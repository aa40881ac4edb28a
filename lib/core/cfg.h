/*
 * cfg: the cediramp configuration file. Lines are `key = value`; `#` starts
 * a comment line; blank lines are ignored; unknown keys and bad values are
 * errors (a typo must not silently fall back to a default). Every key and
 * its default is documented in etc/cediramp.conf.
 */
#ifndef CEDIRAMP_CFG_H
#define CEDIRAMP_CFG_H

#include <stddef.h>

#include "core/cidr.h"
#include "core/portlist.h"

#define CFG_DEFAULT_PATH "/etc/cediramp/cediramp.conf"
#define CFG_ENV "CEDIRAMP_CONF"

struct cfg {
	char environment[16]; /* "sandbox" or "production" */
	int sandbox;          /* derived: environment is sandbox */

	char db_socket[256];
	char db_host[256];
	unsigned long long db_port;
	char db_user[64];
	char db_password[128];
	char db_name[64];
	unsigned long long db_connect_timeout; /* seconds */
	unsigned long long db_rw_timeout;      /* seconds */

	unsigned long long max_body_bytes;
	/* the proxies whose X-Forwarded-Proto and X-Forwarded-Host are
	 * believed (the request's scheme and authority for signatures) */
	struct cidr_list trusted_proxies;

	char jwt_hs256_secret[256];
	char jwt_jwks_file[512];
	char jwt_algorithms[64]; /* comma list of HS256, RS256, ES256 */
	char jwt_issuer[256];
	char jwt_audience[256];
	unsigned long long jwt_leeway_seconds;
	/* partner API keys that authenticated are trusted this long per
	 * process (0: every request asks the database) */
	unsigned long long key_cache_seconds;

	char log_file[512]; /* empty: stderr */

	int chain_evm;       /* providers.chain: 0 sim (the simulator), 1 evm */
	char chain_url[512]; /* the simulator's base URL (providers.chain = sim) */
	/* the wallet partners' coins are held in; withdrawals convert from it
	 * (under evm an address: partners' deposits arrive there) */
	char chain_custody_wallet[129];
	/* providers.evm.*: the EVM chain (providers.chain = evm) */
	struct cfg_evm {
		char rpc_url[512];
		unsigned long long chain_id;      /* checked against eth_chainId */
		unsigned long long confirmations; /* blocks before a receipt counts */
		char gateway[43];                 /* the gateway contract */
		char treasury[43];                /* where converted coins go */
		char token[4][43];                /* USDT, USDC, USDC_E, DAI ("": none) */
		unsigned long long decimals[4];
		unsigned long long max_fee_wei;      /* cap of maxFeePerGas */
		/* cap of one transaction's gas limit: the node's estimate (and its
		 * margin) below it, refused above it */
		unsigned long long gas_limit_cap;
		unsigned long long priority_fee_wei; /* cap of maxPriorityFeePerGas */
		unsigned long long replace_after_seconds;
		unsigned long long head_max_age_seconds;
		unsigned long long log_range;        /* blocks per eth_getLogs */
		unsigned long long deposits_start_block; /* 0: the head at the first run */
	} evm;
	/* signer.*: cediramp-signer, the only holder of the operator's key
	 * (docs/design.md "Custody"). Every program's config names its
	 * socket; the rest is the signer's own config (signer.conf) only. */
	char signer_socket[108];
	char signer_key_store[16];          /* "file" or "pkcs11" */
	char signer_key_file[512];          /* file: 0400, the signer's own */
	char signer_pkcs11_module[512];     /* pkcs11: the module's path */
	char signer_pkcs11_token[64];       /* the token's label */
	char signer_pkcs11_pin_file[512];   /* the user PIN, 0400, the signer's own */
	char signer_pkcs11_key_label[64];   /* the key pair's label */
	char signer_allow_uids[256];        /* comma list: the uids that may ask */
	/* a key rotation's (cediramp-admin signer rotate): the gateway's
	 * owner's key (file, or its label in the token; none: no rotation),
	 * where new operator keys are made (file), and who may ask for one */
	char signer_owner_key_file[512];
	char signer_pkcs11_owner_label[64];
	char signer_key_dir[512];
	char signer_admin_uids[256];
	unsigned long long signer_workers; /* requests served side by side */
	/* the policy: a transaction's most per coin and a rolling 24 h cap per
	 * coin (decimals; USDT, USDC, USDC_E, DAI), signatures a minute, the
	 * most fee per gas (wei) and gas */
	char signer_max_per_tx[4][40];
	char signer_cap_24h[4][40];
	unsigned long long signer_per_minute;
	unsigned long long signer_max_fee_wei;
	unsigned long long signer_max_gas;
	/* a send no one will broadcast (its owner never committed) is voided
	 * this long after it was stored: a fill takes its nonce */
	unsigned long long signer_void_after_seconds;
	/* the sandbox's tests only (refused elsewhere): the signer kills
	 * itself (SIGKILL) after storing a move, before its answer */
	unsigned long long signer_test_kill_after_store;
	char momo_url[512];  /* mobile money: base of the per-network defaults */
	/* where providers send callbacks: our public base URL; each network's
	 * is callback_base + "/v1/providers/momo/<NETWORK>/callback" ("": no
	 * X-Callback-Url, the worker's polling alone settles) */
	char momo_callback_base[256];
	/* the unguessable last segment of MTN's callback path (48+ of
	 * a-z A-Z 0-9); a callback without it is 404 */
	char momo_callback_token[128];
	/* when not empty, the only addresses MTN's callbacks may come from */
	struct cidr_list momo_callback_allow;
	/* a hint makes a reference due at most once in this many seconds */
	unsigned long long callback_min_interval_seconds;
	/* Per network, in the order MTN, TELECEL, AIRTELTIGO. */
	struct cfg_momo {
		char url[512];            /* "" is momo_url + "/NETWORK" */
		char api_user[128];       /* MoMo API user (X-Reference-Id of its creation) */
		char api_key[256];
		char subscription_key[128]; /* Ocp-Apim-Subscription-Key */
		char target_environment[32]; /* X-Target-Environment */
		unsigned long long timeout_ms; /* 0: providers.timeout_ms */
		char payout_fee[16];      /* GHS charged on top of each payout */
		/* which protocol reaches the network: "mtn" (MTN's MoMo Open
		 * API) or "paystack" (Paystack's Transfers and Charges) */
		char adapter[16];
		char secret_key[128];      /* paystack: the secret key (sk_...) */
		/* paystack: a charge's customer email is <msisdn>@this */
		char charge_email_domain[128];
	} momo_net[3];
	unsigned long long provider_timeout_ms;

	char schema_dir[512];

	char fee_conversion_percent[16]; /* decimal, 2 places: "1.00" */
	char fee_collection_percent[16]; /* payment intents: the same form */
	unsigned long long quote_ttl_seconds;
	/* how long after expires_at an expired payment intent's provider is
	 * still asked for a late payment */
	unsigned long long intent_late_check_seconds;
	/* how long after it completed a payout on a network whose provider
	 * may reverse it (Paystack) is still verified for a reversal */
	unsigned long long payout_reversal_watch_seconds;
	/* the payouts worker: status reads in flight at once, and payouts
	 * settled per transaction (1: each in its own) */
	unsigned long long payouts_concurrency;
	unsigned long long payouts_group_size;
	/* after a send in doubt, how long a status of "never seen" is not
	 * taken as lost (domain/payout.c, payout_resend_due) */
	unsigned long long payouts_resend_grace_seconds;
	/* a request holding an idempotency key this long without progress is
	 * taken for dead; longer than any request can take */
	unsigned long long idempotency_lease_seconds;
	unsigned long long rate_max_age_seconds;
	/* a process quotes from its copy of a rate this long before reading
	 * fx_rates again (domain/fxrate.h); 0 reads on every quote */
	unsigned long long rate_cache_seconds;
	/* a mobile money account lookup found is reused this long by the
	 * process that made it (domain/lookup_cache.h); 0 asks every time */
	unsigned long long lookup_cache_seconds;
	/* signs quote ids (domain/quote_redeem.h); empty: a key derived from
	 * api.cursor_secret. The same on every host. */
	char quote_signing_key[256];
	/* a provider's stored health older than this is probed again, by one
	 * request at a time (domain/probe.h); 0 probes on every request */
	unsigned long long health_probe_seconds;
	char rate_source_url[512];
	char cursor_secret[128]; /* keys pagination cursors; same on every host */
	/* a list's total counts at most this many matches past the start of
	 * its page (decision 70): the count reads no further */
	unsigned long long list_total_cap;

	/* Rate limits: N requests per window of S seconds ("N/S"). */
	struct cfg_rate {
		unsigned long long limit;
		unsigned long long window;
	} rate_limit_general, rate_limit_quotes, rate_limit_convert, rate_limit_payouts, rate_limit_beneficiaries,
	    rate_limit_kyc, rate_limit_partner_minute, rate_limit_partner_day,
	    rate_limit_console_signin;
	/* console sign-in (domain/console/account.h): failures before each
	 * attempt waits longer, and failures that lock the account */
	unsigned long long console_signin_backoff_after, console_signin_lockout;
	/* the wallet-login provider's published JWKS (fetched, cached, fetched
	 * again on an unknown kid at most every jwt_jwks_refetch_seconds) */
	char jwt_jwks_url[512];
	unsigned long long jwt_jwks_refetch_seconds;
	/* the console's links in mail: its pages' address ("https://host/console/") */
	char console_base_url[256];
	/* a block explorer's page of a transaction, {hash} standing for its
	 * hash: the console links a withdrawal's on-chain hash through it */
	char console_explorer_tx_url[256];
	/* the addresses the back office's roles may use the console from
	 * (empty: any); anyone else's request of theirs is 403 */
	struct cidr_list console_ops_allow;
	/* metrics (core/metrics.h): the directory of the programs' shared
	 * memory files ("" off), and the addresses GET /metrics answers */
	char metrics_dir[512];
	struct cidr_list metrics_allow;
	/* a limited float below this many GHS is alerted on (a gauge) */
	unsigned long long metrics_float_low_ghs;
	/* the back office lists a payout in doubt past this many seconds */
	unsigned long long console_ops_doubt_seconds;
	/* mail by SMTP (providers/mail.h): the server, the sender, the file of
	 * the login, and whether STARTTLS may be skipped (a local sink only) */
	char mail_smtp_url[256];
	char mail_from[256];
	char mail_credentials_file[512];
	unsigned long long mail_starttls_optional;
	/* requests to the public routes (no key: health, the providers'
	 * callbacks) per client address, counted in each process's memory */
	struct cfg_rate public_limit;

	/* AES-256-GCM key of stored KYC images: 64 hex digits, or "" (KYC
	 * uploads then answer 503) */
	char kyc_encryption_key[65];

	/* AES-256-GCM key of stored webhook endpoint secrets, read from its own
	 * file (core/keyfile.h; none named: registering one then answers 503
	 * and the webhooks worker does not start), and the id stored beside
	 * each secret sealed with it; the
	 * previous key and its id (0: none) still open what it sealed until
	 * `cediramp-admin migrate` has sealed everything again with the current
	 * one (docs/operations.md, the webhook secrets key) */
	char wh_encryption_key_file[256];
	char wh_previous_encryption_key_file[256];
	/* the keys those files hold, as 64 hex digits ("" when not named) */
	char wh_encryption_key[65];
	unsigned long long wh_encryption_key_id;
	char wh_previous_encryption_key[65];
	unsigned long long wh_previous_encryption_key_id;

	/* Webhooks (docs/decisions.md, decisions 3, 25; decided once the environment is
	 * known when left 0): */
	unsigned long long wh_policy;          /* 1 or 2: production 1, sandbox 2 */
	unsigned long long wh_clock_divisor;   /* divides the retry delays (tests) */
	unsigned long long wh_timeout_seconds; /* per attempt: policy 1 30, policy 2 10 */
	unsigned long long wh_lease_seconds;   /* a claim's hold: timeout + 15 */
	unsigned long long wh_drain_seconds;   /* how long one worker run drains */
	unsigned long long wh_max_in_flight;   /* deliveries sent at once */
	unsigned long long wh_allow_loopback;  /* 1: loopback receivers (sandbox only) */
	/* the ports a webhook URL may name (providers/netguard.h): 443 and 80
	 * unless set; a loopback receiver let through by wh_allow_loopback
	 * may use any port */
	struct port_list wh_allowed_ports;

	/* What the environment decides, derived from it by cfg_load and
	 * cfg_defaults (cfg.c is the one place that maps the environment to
	 * behaviour; production modules read these values, never the
	 * environment: tools/check.sh holds them to it): */
	char apikey_prefix[12];         /* new and accepted API keys: sk_test_, sk_live_ */
	char user_start_tier[16];       /* a wallet user's first tier: basic, none */
	int payout_float_unlimited;     /* a network without a float row pays unbounded */
	int wh_allow_http;              /* webhook URLs may be http:// (else https) */
	unsigned long long withdrawal_eta_seconds; /* estimated_completion: 15, 300 */
	int signer_mints;               /* cediramp-signer signs the test token's mint */
};

/* Fills c with the documented defaults (the sandbox's); the keys whose
 * default is "the environment's" stay 0 until cfg_load decides them. */
void cfg_defaults(struct cfg *c);

/*
 * Loads the file at path over the defaults. Returns 0, or -1 with
 * "path:line: reason" in err.
 */
int cfg_load(const char *path, struct cfg *c, char *err, size_t errlen);

/* The path to load: $CEDIRAMP_CONF or CFG_DEFAULT_PATH. Not owned. */
const char *cfg_path(void);

/* Loads cfg_path() into c; convenience for programs. */
int cfg_load_default(struct cfg *c, char *err, size_t errlen);

#endif
