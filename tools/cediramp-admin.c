/*
 * cediramp-admin: the operator's tool. Reads the same config file as the
 * servers ($CEDIRAMP_CONF). Run without arguments for usage.
 *
 * It parses arguments, calls the same library functions the servers and
 * workers call, and prints: every check and every write lives in lib/.
 * Exit status 0 on success, 2 for a usage error (and, as before, for a
 * malformed argument of partner create, user tier and user limit), 1 for
 * anything else, with "cediramp-admin: <why>" on stderr.
 */
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <openssl/crypto.h>

#include "core/cfg.h"
#include "core/log.h"
#include "core/err.h"
#include "core/outcome.h"
#include "core/strict.h"
#include "core/timefmt.h"
#include "core/currency.h"
#include "core/money.h"
#include "domain/apikey.h"
#include "domain/chain_status.h"
#include "domain/fxrate.h"
#include "domain/wallet/kyc.h"
#include "domain/partner_account.h"
#include "domain/partner_wallet.h"
#include "domain/sigkey.h"
#include "domain/float_reconcile.h"
#include "domain/payout_float.h"
#include "domain/payout_retry.h"
#include "domain/payout_review.h"
#include "domain/partner/intent_review.h"
#include "domain/partner/withdrawal.h"
#include "domain/wallet/transfer.h"
#include "domain/probe.h"
#include "domain/statement.h"
#include "domain/user.h"
#include "domain/partner/webhook.h"
#include "domain/webhook_secret.h"
#include "http/errpage.h"
#include "http/errtab.h"
#include "http/jwt.h"
#include "sandbox/rates.h"
#include "sandbox/settings.h"
#include "sandbox/sim_sends.h"
#include "domain/console/account.h"
#include "domain/console/invite.h"
#include "domain/console/ops.h"
#include "store/db.h"
#include "providers/signer_client.h"
#include "store/db_sig.h"
#include "store/migrate.h"
#include "providers/registry.h"

static const char usage[] =
    "usage: cediramp-admin COMMAND ...\n"
    "  migrate [--dir DIR]                     apply pending schema migrations, seal webhook secrets\n"
    "  partner create --name NAME [--tier basic|verified|enterprise] [--unfunded] [--quiet]\n"
    "         [--owner-email EMAIL]            new partner; prints its API key once (sandbox:\n"
    "                                          10000 USDT and USDC to start, unless --unfunded);\n"
    "                                          --owner-email mails its owner a console invitation\n"
    "  partner credit PARTNER_ID USDT|USDC AMOUNT --reference TEXT\n"
    "                                          credit a real deposit once (the reference is unique;\n"
    "                                          chain:... assigns an unmatched chain deposit)\n"
    "  partner adjust PARTNER_ID USDT|USDC|GHS AMOUNT --reference TEXT\n"
    "                                          correct an available balance by a signed AMOUNT,\n"
    "                                          once per reference (1 to 40 characters)\n"
    "  statement PARTNER_ID USDT|USDC|GHS --from DATE --to DATE\n"
    "                                          the CSV of GET /v1/statements, to stdout\n"
    "  partner wallet challenge PARTNER_ID 0xADDRESS\n"
    "                                          the message (EIP-191) the address's key signs to\n"
    "                                          prove it is the partner's; valid 1 hour, used once\n"
    "  partner wallet add PARTNER_ID 0xADDRESS --signature 0xSIGNATURE\n"
    "                                          register it with that signature: its chain deposits\n"
    "                                          are credited to the partner\n"
    "  partner wallet remove PARTNER_ID 0xADDRESS\n"
    "  partner wallet list [PARTNER_ID]\n"
    "  chain status                            the chain: its id, head, the operator's address, gas\n"
    "                                          and nonces, the custody's coins\n"
    "  signer journal [--limit N] [--before ID]\n"
    "                                          cediramp-signer's decisions, newest first: what was\n"
    "                                          asked, by which uid, signed or refused and why\n"
    "  signer held                             the pending withdrawals the signer signed nothing\n"
    "                                          for: since when and why (each asked for again at\n"
    "                                          its next check)\n"
    "  signer rotate [--wait SECONDS]          a new operator key: made in the signer's store, given\n"
    "                                          half the gas, made the gateway's operator; the old\n"
    "                                          key's sends finish, it is removed, the rest of its gas\n"
    "                                          moves (with --wait: until done, each step printed)\n"
    "  signer rotations [--limit N]            the key rotations, newest first\n"
    "  partner key PARTNER_ID [--quiet]        another key for a partner (rotation)\n"
    "  partner revoke KEY_ID|PARTNER_ID        disable one key, or all of a partner's\n"
    "  partner list                            partners, their active key counts and status\n"
    "  partner suspend PARTNER_ID --reason TEXT\n"
    "                                          refuse the partner's API keys (403 FORBIDDEN) until\n"
    "                                          it is reactivated; nothing else changes\n"
    "  partner reactivate PARTNER_ID           its keys work again\n"
    "  partner tier PARTNER_ID basic|verified|enterprise --reason TEXT\n"
    "                                          its tier, whose limits its withdrawals meet from\n"
    "                                          its next request\n"
    "  partner verify-key                      exit 0 if the key on standard input authenticates\n"
    "                                          here, printing its partner's id\n"
    "  console user add --partner PARTNER_ID --email EMAIL --role owner|developer|finance|viewer\n"
    "                                          a person who signs in to the console for the\n"
    "                                          partner; the password is read from standard input\n"
    "  console user add --email EMAIL --role wallet-developer\n"
    "                                          the wallet developer (no partner): its dashboard\n"
    "                                          sets the wallet's webhooks\n"
    "  console user unlock EMAIL               lift a console account's sign-in lockout\n"
    "  operator add EMAIL --role operator|compliance|finance|read-only\n"
    "                                          invite someone to the back office (/console/ops/):\n"
    "                                          the mailed link sets a password; two-factor follows\n"
    "  payout resolve PAYOUT_ID --complete|--fail --reason TEXT\n"
    "                                          settle a payout held for review, once\n"
    "  payout retry PAYOUT_ID --reason TEXT    make an unsettled payout due now: the payouts\n"
    "                                          worker's next run asks the provider about it\n"
    "  intent resolve PI_ID --complete|--fail --reason TEXT\n"
    "                                          settle a payment intent held for review, once\n"
    "  partner signing PARTNER_ID required|optional\n"
    "                                          whether every key's requests must carry an RFC 9421\n"
    "                                          signature (docs/partner-api.md#signed-requests)\n"
    "  partner key-policy KEY_ID signed|unsigned\n"
    "                                          a key stricter than its partner (signed), or as it\n"
    "                                          (unsigned)\n"
    "  partner sigkey add PARTNER_ID --keyid NAME --alg ed25519|ecdsa-p256-sha256 --public-key FILE.pem\n"
    "  partner sigkey remove PARTNER_ID --keyid NAME\n"
    "  partner sigkey list [PARTNER_ID]        the public keys a partner signs requests with\n"
    "  user tier WALLET_ID none|basic|verified|enterprise\n"
    "  user limit WALLET_ID CATEGORY N         this user's own rate limit (N 0: back to config);\n"
    "                                          CATEGORY general|quotes|convert|payouts|beneficiaries|kyc\n"
    "  user webhook WALLET_ID URL              the user's wallet webhook (payout.completed and\n"
    "                                          payout.failed), replacing any earlier one; its\n"
    "                                          secret on standard input (an empty line: one is\n"
    "                                          made and printed once)\n"
    "  user webhook WALLET_ID --delete         remove it; nothing more is sent there\n"
    "  kyc list                                KYC submissions: pending first (oldest first), then decided\n"
    "  kyc approve ID [--tier basic|verified|enterprise]\n"
    "                                          approve; raises the user's tier (default verified), never lowers it\n"
    "  kyc reject ID --reason TEXT             reject with a reason (1 to 200 characters)\n"
    "  rate set COIN RATE                      set COIN/GHS (USDT, USDC, USDC_E, DAI, GHSFIAT)\n"
    "  rate list                               current rates, their age and source\n"
    "  rate seed                               (sandbox) starting rates where none exist\n"
    "  token mint --wallet WALLET_ID [--ttl SECONDS]   (sandbox) an HS256 wallet token\n"
    "  errdocs DIR                             write the JSON bodies of the web server's own errors\n"
    "                                          (DIR/{wallet,partner,neutral}/NNN.json; apache-conf/cediramp.conf)\n"
    "  sim set NAME VALUE                      (sandbox) a simulator setting\n"
    "  float add NETWORK AMOUNT --reference TEXT\n"
    "                                          top up a network's payout float, once per reference\n"
    "  float list                              each network's payout float (balance or unlimited)\n"
    "  float sync NETWORK --reason TEXT        set a limited float from the provider's balance\n"
    "                                          (less what payouts in flight drew), journalled\n";

/* The value after flag in argv, or NULL. */
static const char *
opt(int argc, char **argv, const char *flag)
{
	int i;

	for (i = 0; i + 1 < argc; i++)
		if (strcmp(argv[i], flag) == 0)
			return argv[i + 1];
	return NULL;
}

static int
has(int argc, char **argv, const char *flag)
{
	int i;

	for (i = 0; i < argc; i++)
		if (strcmp(argv[i], flag) == 0)
			return 1;
	return 0;
}

/*
 * Prints why a library call failed, "cediramp-admin: <message>", and
 * returns the exit status: usage_rc (2 where an argument was malformed)
 * for ERR_VALIDATION, 1 for anything else. The outcome's message never
 * holds the database's own text (HTTP callers may show it); the operator
 * gets it here.
 */
static int
report(const struct db *db, const struct outcome *o, int usage_rc)
{
	const char *msg = o->message[0] ? o->message :
	    err_def(API_PARTNER, o->err)->message;

	if ((o->err == ERR_INTERNAL || o->err == ERR_SERVICE_UNAVAILABLE) && db != NULL)
		fprintf(stderr, "cediramp-admin: %s (%s)\n", msg, db_error(db));
	else
		fprintf(stderr, "cediramp-admin: %s\n", msg);
	return o->err == ERR_VALIDATION ? usage_rc : 1;
}

/* Prints a key just issued: alone (--quiet) or with its ids. */
static void
print_key(const struct partner_key *k, int quiet)
{
	if (quiet)
		printf("%s\n", k->key);
	else
		printf("partner_id: %s\nkey_id:     %s\napi_key:    %s\n"
		    "(the key is shown once; only its hash is stored)\n",
		    k->public_id, k->key_id, k->key);
}

static int
cmd_partner_create(struct db *db, const struct cfg *c, int argc, char **argv)
{
	struct partner_key k;
	struct outcome o;

	/* a sandbox partner starts with test coins unless --unfunded */
	if (partner_create(db, c, opt(argc, argv, "--name"), opt(argc, argv, "--tier"),
	    c->sandbox && !has(argc, argv, "--unfunded") ? SANDBOX_PARTNER_FUNDS : NULL, &k,
	    &o) != ERR_OK)
		return report(db, &o, 2);
	print_key(&k, has(argc, argv, "--quiet"));
	if (opt(argc, argv, "--owner-email") != NULL) {
		struct console_mailed m;

		if (console_invite_owner(db, c, k.public_id, opt(argc, argv, "--owner-email"), &m,
		    &o) != ERR_OK)
			return report(db, &o, 2);
		fprintf(stderr, "owner invitation (mail %s): %s\n", m.mail, m.link);
	}
	return 0;
}

static int
cmd_partner_credit(struct db *db, const struct cfg *c, int argc, char **argv)
{
	struct funds_deposit d;
	struct outcome o;

	if (partner_credit(db, c, argv[3], argv[4], argv[5],
	    opt(argc, argv, "--reference"), &d, &o) != ERR_OK)
		return report(db, &o, 2);
	printf("credited %s %s to %s (deposit %s, reference %s)\n", d.amount, d.currency,
	    argv[3], d.id, d.deposit_ref);
	return 0;
}

static int
cmd_partner_adjust(struct db *db, const struct cfg *c, int argc, char **argv)
{
	char balance[MONEY_MAX_TEXT];
	struct outcome o;

	if (partner_adjust(db, c, argv[3], argv[4], argv[5], opt(argc, argv, "--reference"),
	    balance, sizeof(balance), &o) != ERR_OK)
		return report(db, &o, 2);
	printf("adjusted %s by %s %s (reference %s): available %s\n", argv[3], argv[5],
	    argv[4], opt(argc, argv, "--reference"), balance);
	return 0;
}

static int
stdout_write(void *io, const char *p, size_t n)
{
	(void)io;
	return fwrite(p, 1, n, stdout) == n ? 0 : -1;
}

/* statement PARTNER_ID CURRENCY --from DATE --to DATE: the CSV the API
 * streams, with the same dates (a date alone as --to is its whole day). */
static int
cmd_statement(struct db *db, const struct cfg *c, int argc, char **argv)
{
	const char *fs = opt(argc, argv, "--from"), *ts = opt(argc, argv, "--to");
	char from[40], to[40];
	struct statement_req q;
	struct outcome o;
	long long fu, tu;

	memset(&q, 0, sizeof(q));
	q.owner = STATEMENT_PARTNER;
	if (partner_row(db, c, argv[2], &q.id, &o) != ERR_OK)
		return report(db, &o, 2);
	if ((q.cur = currency_find(argv[3])) == NULL || (strcmp(argv[3], "USDT") != 0 &&
	    strcmp(argv[3], "USDC") != 0 && strcmp(argv[3], "GHS") != 0)) {
		fprintf(stderr, "cediramp-admin: currency: USDT, USDC or GHS\n");
		return 2;
	}
	if (fs == NULL || ts == NULL || timefmt_iso_to_us(fs, 0, &fu) != 0 ||
	    timefmt_iso_to_us(ts, 1, &tu) != 0 || fu > tu) {
		fprintf(stderr, "cediramp-admin: --from and --to: ISO 8601 dates or date-times, "
		    "from not after to\n");
		return 2;
	}
	timefmt_us_to_db(fu, from, sizeof(from));
	timefmt_us_to_db(tu, to, sizeof(to));
	q.from = from;
	q.to = to;
	outcome_init(&o);
	if (statement_write(db, &q, stdout_write, NULL, &o) != ERR_OK)
		return report(db, &o, 2);
	return fflush(stdout) == 0 ? 0 : 1;
}

static void
print_wallet(const char *address, const char *public_id, const char *created_at, void *arg)
{
	(void)arg;
	printf("%-42s %-28s %s\n", address, public_id, created_at);
}

/*
 * partner wallet challenge PARTNER_ID ADDRESS (the message to sign, on
 * stdout), partner wallet add PARTNER_ID ADDRESS --signature 0x...,
 * partner wallet remove PARTNER_ID ADDRESS, partner wallet list [PARTNER_ID]
 */
static int
cmd_partner_wallet(struct db *db, const struct cfg *c, int argc, char **argv)
{
	const char *op = argc > 3 ? argv[3] : "";
	char msg[WALLET_CHALLENGE_MAX];
	struct outcome o;
	enum err e;

	if (strcmp(op, "list") == 0 && argc <= 5) {
		printf("%-42s %-28s %s\n", "address", "partner_id", "created_at");
		if (partner_wallet_list(db, c, argc == 5 ? argv[4] : NULL,
		    print_wallet, NULL, &o) != ERR_OK)
			return report(db, &o, 2);
		return 0;
	}
	if (strcmp(op, "challenge") == 0 && argc == 6) {
		if (partner_wallet_challenge(db, c, argv[4], argv[5], msg, sizeof(msg), &o) != ERR_OK)
			return report(db, &o, 2);
		/* exactly the message: what is signed is these lines, without
		 * the final newline */
		printf("%s\n", msg);
		return 0;
	}
	if (strcmp(op, "add") == 0 && argc == 6) {
		fprintf(stderr, "cediramp-admin: partner wallet add: --signature is required: the "
		    "address's personal_sign (EIP-191) of the message `partner wallet challenge "
		    "%s %s` prints\n", argv[4], argv[5]);
		return 2;
	}
	if (!(strcmp(op, "add") == 0 && argc == 8 && strcmp(argv[6], "--signature") == 0) &&
	    !(strcmp(op, "remove") == 0 && argc == 6)) {
		fprintf(stderr, "%s", usage);
		return 2;
	}
	e = strcmp(op, "add") == 0 ?
	    partner_wallet_add(db, c, argv[4], argv[5], argv[7], &o) :
	    partner_wallet_remove(db, c, argv[4], argv[5], &o);
	if (e != ERR_OK)
		return report(db, &o, 2);
	printf("%s: %s %s\n", argv[4], strcmp(op, "add") == 0 ? "sends deposits from" :
	    "no longer sends deposits from", argv[5]);
	return 0;
}

static int
cmd_partner_key(struct db *db, const struct cfg *c, const char *public_id,
    int quiet)
{
	struct partner_key k;
	struct outcome o;

	if (partner_issue_key(db, c, public_id, &k, &o) != ERR_OK)
		return report(db, &o, 1);
	print_key(&k, quiet);
	return 0;
}

static int
cmd_partner_revoke(struct db *db, const char *which)
{
	unsigned long long n;
	struct outcome o;

	if (partner_revoke(db, which, &n, &o) != ERR_OK)
		return report(db, &o, 1);
	printf("revoked %llu key(s)\n", n);
	return 0;
}

/* Who runs the tool, for a journal: the user, and sudo's caller. */
static void
operator_name(char *out, size_t cap)
{
	const struct passwd *pw = getpwuid(geteuid());
	const char *sudo = getenv("SUDO_USER");

	snprintf(out, cap, "%.32s%s%.24s%s", pw != NULL ? pw->pw_name : "uid?",
	    sudo != NULL && *sudo ? " (sudo " : "", sudo != NULL && *sudo ? sudo : "",
	    sudo != NULL && *sudo ? ")" : "");
}

/* Every owner of payouts, whose payouts an operator resolves. */
static const struct payout_owner_ops *const payout_owners[] = {
	&transfer_payout_owner,
	&withdrawal_payout_owner,
	NULL,
};

/* A held payout resolved: its owner follows it (a withdrawal completes or
 * fails too). */
static enum err
resolve_payout(struct ctx *ctx, const char *id, int complete, const char *reason,
    const char *who, struct outcome *o)
{
	return payout_review_resolve(ctx, id, complete, reason, who, payout_owners, o);
}

/* A held payment intent resolved. */
static enum err
resolve_intent(struct ctx *ctx, const char *id, int complete, const char *reason,
    const char *who, struct outcome *o)
{
	return intent_review_resolve(ctx, id, complete, reason, who, o);
}

/*
 * payout|intent resolve ID --complete|--fail --reason TEXT: resolve settles
 * argv[3] as the operator decided; done and undone say what each decision
 * did, for the line printed.
 */
static int
run_resolve(int argc, char **argv, enum err (*resolve)(struct ctx *, const char *, int,
    const char *, const char *, struct outcome *), const char *done, const char *undone)
{
	int complete = has(argc, argv, "--complete"), fail = has(argc, argv, "--fail");
	const char *reason = opt(argc, argv, "--reason");
	char who[64];
	struct outcome o;
	struct ctx ctx;
	enum err e;

	if (complete == fail || reason == NULL) {
		fprintf(stderr, "%s", usage);
		return 2;
	}
	if (ctx_init(&ctx, "cediramp-admin", 0) != 0) {
		fprintf(stderr, "cediramp-admin: no database or providers (see the log)\n");
		return 1;
	}
	operator_name(who, sizeof(who));
	e = resolve(&ctx, argv[3], complete, reason, who, &o);
	if (e != ERR_OK) {
		int rc = report(ctx.db, &o, 2);

		ctx_free(&ctx);
		return rc;
	}
	printf("%s: %s on review%s\n", argv[3], complete ? done : undone,
	    o.changed ? "" : " (already)");
	ctx_free(&ctx);
	return 0;
}

/* payout resolve PAYOUT_ID --complete|--fail --reason TEXT */
static int
cmd_payout_resolve(int argc, char **argv)
{
	return run_resolve(argc, argv, resolve_payout, "completed", "failed and refunded");
}

/* payout retry PAYOUT_ID --reason TEXT: logged with its reason */
static int
cmd_payout_retry(struct db *db, int argc, char **argv)
{
	const char *reason = opt(argc, argv, "--reason");
	struct outcome o;

	outcome_init(&o);
	if (reason == NULL || console_ops_reason(reason, &o) != ERR_OK) {
		fprintf(stderr, "cediramp-admin: payout retry: --reason TEXT (1 to 200 printable "
		    "characters) is required\n");
		return 2;
	}
	if (payout_retry_now(db, argv[3], &o) != ERR_OK)
		return report(db, &o, 2);
	log_event("info", "payout %s: made due now by cediramp-admin (reason: %s)", argv[3],
	    reason);
	printf("%s: due now; the payouts worker's next run asks the provider about it\n",
	    argv[3]);
	return 0;
}

/* intent resolve PI_ID --complete|--fail --reason TEXT */
static int
cmd_intent_resolve(int argc, char **argv)
{
	return run_resolve(argc, argv, resolve_intent, "completed and credited", "failed");
}

/* partner signing PARTNER_ID required|optional */
static int
cmd_partner_signing(struct db *db, const struct cfg *c, const char *public_id,
    const char *policy)
{
	struct outcome o;
	int required = strcmp(policy, "required") == 0;

	if (!required && strcmp(policy, "optional") != 0) {
		fprintf(stderr, "%s", usage);
		return 2;
	}
	if (sigkey_partner_signing_set(db, c, public_id, required, &o) != ERR_OK)
		return report(db, &o, 2);
	printf("%s: %s\n", public_id, required ?
	    "every key's requests must be signed (RFC 9421)" :
	    "signatures optional (verified whenever sent)");
	return 0;
}

/* partner key-policy KEY_ID signed|unsigned */
static int
cmd_partner_key_policy(struct db *db, const struct cfg *c, const char *key_id,
    const char *policy)
{
	struct outcome o;

	if (strcmp(policy, "signed") != 0 && strcmp(policy, "unsigned") != 0) {
		fprintf(stderr, "%s", usage);
		return 2;
	}
	if (sigkey_policy_set(db, c, key_id, strcmp(policy, "signed") == 0, &o) != ERR_OK)
		return report(db, &o, 2);
	printf("%s: %s\n", key_id, strcmp(policy, "signed") == 0 ?
	    "requests must be signed (RFC 9421)" : "requests follow the partner's signing policy");
	return 0;
}

static void
print_sigkey(const char *public_id, const char *keyid, const char *alg,
    const char *created_at, void *arg)
{
	(void)arg;
	printf("%-28s %-32s %-18s %s\n", public_id, keyid, alg, created_at);
}

/* Reads a PEM file of at most HTTPSIG_PEM_MAX bytes into pem; its length,
 * or -1 (said on stderr). */
static long
read_pem(const char *path, char *pem)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (f == NULL) {
		fprintf(stderr, "cediramp-admin: %s: cannot be read\n", path);
		return -1;
	}
	n = fread(pem, 1, HTTPSIG_PEM_MAX + 1, f);
	fclose(f);
	if (n > HTTPSIG_PEM_MAX) {
		fprintf(stderr, "cediramp-admin: %s: more than %d bytes\n", path, HTTPSIG_PEM_MAX);
		return -1;
	}
	pem[n] = '\0';
	return (long)n;
}

/* partner sigkey add|remove PARTNER_ID --keyid NAME ..., partner sigkey list [PARTNER_ID] */
static int
cmd_partner_sigkey(struct db *db, const struct cfg *c, int argc, char **argv)
{
	const char *op = argc > 3 ? argv[3] : "", *file = opt(argc, argv, "--public-key");
	char pem[HTTPSIG_PEM_MAX + 2];
	struct outcome o;
	long n;

	if (strcmp(op, "list") == 0 && argc <= 5) {
		printf("%-28s %-32s %-18s %s\n", "partner_id", "keyid", "alg", "created_at");
		return sigkey_list(db, c, argc == 5 ? argv[4] : NULL, print_sigkey, NULL, &o) ==
		    ERR_OK ? 0 : report(db, &o, 2);
	}
	if (strcmp(op, "remove") == 0 && argc == 7) {
		if (sigkey_remove(db, c, argv[4], opt(argc, argv, "--keyid"), &o) != ERR_OK)
			return report(db, &o, 2);
		printf("%s: key %s removed\n", argv[4], opt(argc, argv, "--keyid"));
		return 0;
	}
	if (strcmp(op, "add") != 0 || argc != 11 || file == NULL) {
		fprintf(stderr, "%s", usage);
		return 2;
	}
	if ((n = read_pem(file, pem)) < 0)
		return 2;
	if (sigkey_add(db, c, argv[4], opt(argc, argv, "--keyid"), opt(argc, argv, "--alg"),
	    pem, (size_t)n, &o) != ERR_OK)
		return report(db, &o, 2);
	printf("%s: key %s (%s) registered\n", argv[4], opt(argc, argv, "--keyid"),
	    opt(argc, argv, "--alg"));
	return 0;
}

static int
print_partner(const struct partner_row *p, void *arg)
{
	(void)arg;
	printf("%-28s %-10s %-10s %-20s %-5llu %-9s %s\n", p->public_id, p->tier,
	    p->environment, p->created_at, p->active_keys, p->status, p->name);
	return 0;
}

static int
cmd_partner_list(struct db *db)
{
	struct outcome o;

	printf("%-28s %-10s %-10s %-20s %-5s %-9s %s\n", "partner_id", "tier", "env",
	    "created_at", "keys", "status", "name");
	if (partner_list(db, print_partner, NULL, &o) != ERR_OK)
		return report(db, &o, 1);
	return 0;
}

static int
token_mint(const struct cfg *c, int argc, char **argv)
{
	const char *wallet = opt(argc, argv, "--wallet");
	const char *ttl_s = opt(argc, argv, "--ttl");
	unsigned long long ttl = 3600;
	long long now = (long long)time(NULL);
	char *tok;

	if (!c->sandbox) {
		fprintf(stderr, "token mint: sandbox only\n");
		return 1;
	}
	if (wallet == NULL || *wallet == '\0' || strlen(wallet) > JWT_SUB_MAX ||
	    (ttl_s != NULL && strict_uint(ttl_s, strlen(ttl_s), 365ULL * 86400, &ttl) != 0)) {
		fprintf(stderr, "%s", usage);
		return 2;
	}
	tok = jwt_sign_hs256((const unsigned char *)c->jwt_hs256_secret,
	    strlen(c->jwt_hs256_secret), wallet, now, now + (long long)ttl,
	    c->jwt_issuer[0] ? c->jwt_issuer : NULL,
	    c->jwt_audience[0] ? c->jwt_audience : NULL);
	if (tok == NULL || c->jwt_hs256_secret[0] == '\0') {
		free(tok);
		fprintf(stderr, "token mint: jwt.hs256_secret is not set\n");
		return 1;
	}
	printf("%s\n", tok);
	free(tok);
	return 0;
}

static int
cmd_user_tier(struct db *db, const struct cfg *c, const char *wallet,
    const char *tier)
{
	struct outcome o;

	if (user_set_tier(db, c->user_start_tier, wallet, tier, &o) != ERR_OK)
		return report(db, &o, 2);
	printf("%s: tier %s\n", wallet, tier);
	return 0;
}

/*
 * A secret from standard input, never from argv (where ps and the shell's
 * history show it): its first line, without the line end, into buf (cap
 * bytes). Its length (0: an empty line or nothing), or -1 when it is
 * longer than cap - 1 or has control bytes (said on stderr).
 */
static long
secret_from_stdin(const char *what, char *buf, size_t cap)
{
	size_t n = 0;
	int ch;

	while ((ch = getchar()) != EOF && ch != '\n') {
		if (n + 1 >= cap) {
			OPENSSL_cleanse(buf, cap);
			fprintf(stderr, "cediramp-admin: %s: longer than %zu characters\n", what,
			    cap - 1);
			return -1;
		}
		buf[n++] = (char)ch;
	}
	if (n > 0 && buf[n - 1] == '\r')
		n--;
	buf[n] = '\0';
	if (!strict_printable(buf, n)) {
		OPENSSL_cleanse(buf, cap);
		fprintf(stderr, "cediramp-admin: %s: control bytes\n", what);
		return -1;
	}
	return (long)n;
}

/*
 * user webhook WALLET_ID URL (the secret on standard input; an empty line:
 * one made here, printed once) | user webhook WALLET_ID --delete
 */
static int
cmd_user_webhook(struct db *db, const struct cfg *c, int argc, char **argv)
{
	int del = argc == 5 && strcmp(argv[4], "--delete") == 0;
	char secret[WEBHOOK_SECRET_MAX + 2];
	struct outcome o;
	long n = 0;
	int rc = 0;

	if (argc == 6) {
		fprintf(stderr, "cediramp-admin: user webhook: the secret is read from standard "
		    "input, never from the command line (ps and the shell's history show it): "
		    "printf '%%s\\n' \"$SECRET\" | cediramp-admin user webhook WALLET_ID URL\n");
		return 2;
	}
	if (!del && argc != 5) {
		fprintf(stderr, "%s", usage);
		return 2;
	}
	if (!del && (n = secret_from_stdin("the webhook secret", secret, sizeof(secret))) < 0)
		return 2;
	if (webhook_set_user(db, c, argv[3], del ? NULL : argv[4],
	    del || n == 0 ? NULL : secret, &o) != ERR_OK)
		rc = report(db, &o, 2);
	else if (del)
		printf("%s: webhook deleted\n", argv[3]);
	else {
		printf("%s: webhook %s -> %s\n", argv[3], o.nctx ? o.ctx[0].str : "", argv[4]);
		/* a secret made here: shown this once, never stored in clear */
		if (o.nctx > 1)
			printf("secret: %s\n", o.ctx[1].str);
	}
	OPENSSL_cleanse(secret, sizeof(secret));
	if (o.nctx > 1)
		OPENSSL_cleanse(o.ctx[1].str, sizeof(o.ctx[1].str));
	return rc;
}

static int
print_rate(const struct fxrate_row *r, void *arg)
{
	(void)arg;
	printf("%-12s %-18s %-22s %-10s %ss old\n", r->pair, r->rate, r->updated_at, r->source,
	    r->age_seconds);
	return 0;
}

/* The sandbox's starting rates, as the domain takes them. */
static enum err
seed_sandbox_rates(struct db *db, struct outcome *o)
{
	struct fxrate_pair start[16];
	const struct sandbox_rate *s;
	size_t n = 0;

	for (s = sandbox_rates; s->coin != NULL; s++) {
		if (n == sizeof(start) / sizeof(start[0]))
			return outcome_fail(o, ERR_INTERNAL, "too many sandbox rates");
		start[n].coin = s->coin;
		start[n++].rate = s->rate;
	}
	return fxrate_seed(db, start, n, o);
}

static int
rate_cmd(struct db *db, const struct cfg *c, int argc, char **argv)
{
	const char *sub = argc > 2 ? argv[2] : "";
	struct outcome o;

	outcome_init(&o);
	if (strcmp(sub, "set") == 0 && argc == 5) {
		if (fxrate_set(db, argv[3], argv[4], "admin", &o) != ERR_OK)
			return report(db, &o, 1);
		printf("%s/GHS = %s\n", argv[3], argv[4]);
		return 0;
	}
	if (strcmp(sub, "list") == 0)
		return fxrate_list(db, print_rate, NULL, &o) == ERR_OK ? 0 :
		    report(db, &o, 1);
	if (strcmp(sub, "seed") == 0 && c->sandbox)
		return seed_sandbox_rates(db, &o) == ERR_OK ? 0 : report(db, &o, 1);
	fprintf(stderr, "%s", usage);
	return 2;
}

static int
cmd_user_limit(struct db *db, const struct cfg *c, const char *wallet,
    const char *category, const char *n_text)
{
	unsigned long long n;
	struct outcome o;

	if (strict_uint(n_text, strlen(n_text), ~0ULL, &n) != 0) {
		fprintf(stderr, "%s", usage);
		return 2;
	}
	if (user_limit_set(db, c->user_start_tier, wallet, category, n, &o) != ERR_OK)
		return report(db, &o, 2);
	printf("%s: %s limit %s\n", wallet, category, n ? n_text : "from config");
	return 0;
}

/* The sandbox's simulated account follows the float (sim_sends.h). 0, or
 * 1 (reported). */
static int
sim_account_follows(struct db *db, const struct cfg *c, const char *network,
    const char *float_balance, const char *deposit)
{
	if (sim_account_follow_float(db, c, network, float_balance, deposit) == 0)
		return 0;
	fprintf(stderr, "cediramp-admin: the simulated %s account did not follow the float "
	    "(%s)\n", network, db_error(db));
	return 1;
}

static int
cmd_sim_set(struct db *db, const struct cfg *c, const char *name,
    const char *value)
{
	struct payout_float_row f;
	struct outcome o;

	if (payout_float_is_setting(name)) { /* momo.<NET>.float is the float itself */
		outcome_init(&o);
		if (!c->sandbox)
			outcome_fail(&o, ERR_FORBIDDEN,
			    "simulator settings exist only in the sandbox");
		else
			(void)payout_float_set(db, c, name, value, &f, &o);
		if (o.err != ERR_OK)
			return report(db, &o, 1);
		return sim_account_follows(db, c, f.network, f.unlimited ? NULL : f.balance, NULL);
	}
	if (sandbox_setting_set(db, c->sandbox, name, value, &o) != ERR_OK)
		return report(db, &o, 1);
	/* a simulator's health changed: the stored states are probed again */
	if (strlen(name) > 7 && strcmp(name + strlen(name) - 7, ".health") == 0 &&
	    probe_mark_stale(db) != DB_OK) {
		fprintf(stderr, "cediramp-admin: the stored provider health was not reset (%s)\n",
		    db_error(db));
		return 1;
	}
	return 0;
}

static int
print_kyc(const struct kyc_row *k, void *arg)
{
	(void)arg;
	printf("%-28s %-44s %-16s %-9s %s\n", k->id, k->wallet_id, k->document_type,
	    k->status, k->submitted_at);
	return 0;
}

/* What a decision did to the user's tier, after "kyc_...: approved". */
static void
print_decision(const struct kyc_decision *d)
{
	if (strcmp(d->status, "approved") != 0)
		printf("%s: rejected (wallet %s, tier %s)\n", d->id, d->wallet_id, d->tier);
	else if (strcmp(d->tier, d->tier_before) != 0)
		printf("%s: approved (wallet %s, tier %s -> %s)\n", d->id, d->wallet_id,
		    d->tier_before, d->tier);
	else
		printf("%s: approved (wallet %s keeps tier %s)\n", d->id, d->wallet_id,
		    d->tier);
}

/*
 * kyc list | approve ID [--tier T] | reject ID --reason TEXT. A refused
 * decision (a malformed or unknown id, a bad tier or reason, a submission
 * already decided) exits 1; a command of the wrong shape 2.
 */
static int
kyc_cmd(struct db *db, int argc, char **argv)
{
	const char *sub = argc > 2 ? argv[2] : "";
	struct kyc_decision d;
	struct outcome o;

	outcome_init(&o);
	if (strcmp(sub, "list") == 0 && argc == 3) {
		printf("%-28s %-44s %-16s %-9s %s\n", "id", "wallet", "type", "status",
		    "submitted");
		return kyc_list(db, print_kyc, NULL, &o) == ERR_OK ? 0 : report(db, &o, 1);
	}
	if (strcmp(sub, "approve") == 0 &&
	    (argc == 4 || (argc == 6 && strcmp(argv[4], "--tier") == 0))) {
		if (kyc_approve(db, argv[3], argc == 6 ? argv[5] : NULL, &d, &o) != ERR_OK)
			return report(db, &o, 1);
		print_decision(&d);
		return 0;
	}
	if (strcmp(sub, "reject") == 0 && argc == 6 && strcmp(argv[4], "--reason") == 0) {
		if (kyc_reject(db, argv[3], argv[5], &d, &o) != ERR_OK)
			return report(db, &o, 1);
		print_decision(&d);
		return 0;
	}
	fprintf(stderr, "%s", usage);
	return 2;
}

static int
print_float(const struct payout_float_row *f, void *arg)
{
	(void)arg;
	printf("%-12s %-20s %s\n", f->network, f->unlimited ? "unlimited" : f->balance,
	    f->updated_at[0] ? f->updated_at : "-");
	return 0;
}

/*
 * float sync NETWORK --reason TEXT: the provider's balance, read through
 * the network's adapter, becomes the float (less what payouts in flight
 * drew). A provider that does not answer, or an unlimited float, exits 1;
 * a malformed network or reason 2; nothing is written either way.
 */
static int
float_sync(struct db *db, const struct cfg *c, const char *network, const char *reason)
{
	struct payout_float_sync s;
	struct providers p;
	char balance[64];
	struct outcome o;

	if (payout_float_sync_args(network, reason, &o) != ERR_OK)
		return report(db, &o, 2); /* before the provider is asked */
	if (providers_init(&p, c) != 0) {
		fprintf(stderr, "cediramp-admin: float sync: %s has no adapter\n", network);
		return 1;
	}
	if (float_sync_from_provider(db, c, &p, network, reason, balance, sizeof(balance), &s,
	    &o) != ERR_OK)
		return report(db, &o, 2);
	printf("%s float: %s -> %s (provider %s, payouts in flight %s)\n", network, s.before,
	    s.after, balance, s.in_flight);
	return 0;
}

/*
 * float add NETWORK AMOUNT --reference TEXT | list | sync. A malformed
 * network, amount or reference exits 2, a reference already used 1;
 * nothing is written either way.
 */
static int
float_cmd(struct db *db, const struct cfg *c, int argc, char **argv)
{
	const char *sub = argc > 2 ? argv[2] : "";
	struct payout_float_row f;
	struct outcome o;

	outcome_init(&o);
	if (strcmp(sub, "list") == 0 && argc == 3) {
		printf("%-12s %-20s %s\n", "network", "balance", "updated");
		return payout_float_list(db, c, print_float, NULL, &o) == ERR_OK ? 0 :
		    report(db, &o, 1);
	}
	if (strcmp(sub, "add") == 0 && argc == 7 && strcmp(argv[5], "--reference") == 0) {
		if (payout_float_topup(db, c, argv[3], argv[4], argv[6], &f, &o) != ERR_OK)
			return report(db, &o, 2);
		printf("%s float: %s\n", f.network, f.unlimited ? "unlimited" : f.balance);
		/* the sandbox deposits it at the simulated provider, as the
		 * operator's transfer would */
		return c->sandbox ? sim_account_follows(db, c, f.network, NULL, argv[4]) : 0;
	}
	if (strcmp(sub, "sync") == 0 && argc == 6 && strcmp(argv[4], "--reason") == 0)
		return float_sync(db, c, argv[3], argv[5]);
	fprintf(stderr, "%s", usage);
	return 2;
}

/* chain status: what an operator checks before and while running on a
 * chain (refuses as the programs do: a bad key file, a wrong chain id);
 * the back office's Chain page shows the same (domain/chain_status.h). */
static int
cmd_chain_status(struct db *db, const struct cfg *c)
{
	struct providers p;
	struct chain_status st;
	char why[300], db_nonce[32] = "none yet";
	size_t i;

	if (providers_init(&p, c) != 0 || providers_open(&p, why, sizeof(why)) != 0) {
		fprintf(stderr, "cediramp-admin: chain: %s\n", why);
		return 1;
	}
	chain_status_read(db, &p, (long long)time(NULL), &st);
	printf("adapter   %s\n", st.adapter);
	printf("node      %s%s\n", st.node[0] ? st.node : "(none)", st.reachable ? "" :
	    " (not answering)");
	if (st.pending_known)
		printf("pending   %lld transactions sent, not yet final; %lld nonces filled by "
		    "the signer\n", st.pending, st.fills);
	if (!st.evm)
		return 0; /* the simulator: nothing more to tell */
	printf("chain id  %llu (%s)\n", st.chain_id, st.chain_checked ?
	    "the node agrees" : "the node did not answer");
	if (st.head_known)
		printf("head      block %lld, %lld s old\n", st.head, st.head_age);
	printf("operator  %s\n", st.operator_address);
	printf("  gas     %s\n", st.gas_known ? st.gas : "(unreadable)");
	if (st.db_nonce_known)
		snprintf(db_nonce, sizeof(db_nonce), "%llu", st.db_nonce);
	if (st.node_nonce_known)
		printf("  nonce   next %s in the database, %llu at the node (pending)\n", db_nonce,
		    st.node_nonce);
	printf("gateway   %s\ntreasury  %s\ncustody   %s\n", st.gateway, st.treasury, st.custody);
	for (i = 0; i < CHAIN_ASSETS; i++)
		if (st.coins[i].known)
			printf("  %-7s %s\n", st.coins[i].asset, st.coins[i].balance);
	return 0;
}

/* header, then rows a line each, tab-separated (NULL as "-"). */
static void
print_rows(const char *header, const struct db_rows *rows)
{
	size_t i, col;

	printf("%s\n", header);
	for (i = 0; i < rows->nrows; i++)
		for (col = 0; col < rows->ncols; col++) {
			const char *v = db_cell(rows, i, col);

			printf("%s%c", v != NULL ? v : "-", col + 1 < rows->ncols ? '\t' : '\n');
		}
}

/* signer journal [--limit N] [--before ID]: cediramp-signer's decisions
 * (signer_journal, schema 053), newest first, a line each; NULLs as "-". */
static int
cmd_signer_journal(struct db *db, int argc, char **argv)
{
	const char *limit = opt(argc, argv, "--limit"), *before = opt(argc, argv, "--before");
	unsigned long long n = 50, b = ~0ULL >> 1;
	struct db_rows rows;

	if ((limit != NULL && (strict_uint(limit, strlen(limit), 10000, &n) != 0 || n == 0)) ||
	    (before != NULL && strict_uint(before, strlen(before), ~0ULL >> 1, &b) != 0)) {
		fprintf(stderr, "cediramp-admin: signer journal: --limit 1 to 10000, --before an id\n");
		return 2;
	}
	if (DB_EXEC(db, DB_SIGNER_JOURNAL_PAGE, sg_page, &rows, NULL, .before = (long long)b,
	    .limit = (long long)n) != DB_OK) {
		fprintf(stderr, "cediramp-admin: signer journal: %s\n", db_error(db));
		return 1;
	}
	print_rows("id\tat\tuid\top\tpurpose\tref\tasset\tamount\twallet\tdecision\treason\t"
	    "signer\tnonce\ttx_hash", &rows);
	db_rows_free(&rows);
	return 0;
}

/* signer held: the pending withdrawals cediramp-signer signed nothing for
 * (withdrawals.signer_hold), oldest first, a line each. */
static int
cmd_signer_held(struct db *db)
{
	struct db_rows rows;

	if (DB_EXEC(db, DB_SIGNER_HELD, claim_batch, &rows, NULL, .n = 1000) != DB_OK) {
		fprintf(stderr, "cediramp-admin: signer held: %s\n", db_error(db));
		return 1;
	}
	print_rows("withdrawal\tpartner\tcurrency\tamount\theld_since\treason", &rows);
	db_rows_free(&rows);
	return 0;
}

/* signer rotations [--limit N]: the key rotations (schema 054), newest
 * first. */
static int
cmd_signer_rotations(struct db *db, int argc, char **argv)
{
	const char *limit = opt(argc, argv, "--limit");
	unsigned long long n = 20;
	struct db_rows rows;

	if (limit != NULL && (strict_uint(limit, strlen(limit), 10000, &n) != 0 || n == 0)) {
		fprintf(stderr, "cediramp-admin: signer rotations: --limit 1 to 10000\n");
		return 2;
	}
	if (DB_EXEC(db, DB_ROT_LIST, claim_batch, &rows, NULL, .n = (long long)n) != DB_OK) {
		fprintf(stderr, "cediramp-admin: signer rotations: %s\n", db_error(db));
		return 1;
	}
	print_rows("id\told_key\tnew_key\tkey_name\tstep\treason\tuid\tasked_at\tupdated_at\tsecs_at_step",
	    &rows);
	db_rows_free(&rows);
	return 0;
}

/* The step and reason of rotation id into step (16) and reason (240):
 * 0, or -1. */
static int
rotation_step_of(struct db *db, unsigned long long id, char *step, char *reason)
{
	struct db_rows rows;
	int rc = -1;

	if (DB_EXEC(db, DB_ROT_BY_ID, sg_rot_id, &rows, NULL, .id = (long long)id) != DB_OK)
		return -1;
	if (rows.nrows == 1) {
		db_cell_copy(step, 16, &rows, 0, DB_COL(sg_rot, step));
		db_cell_copy(reason, 240, &rows, 0, DB_COL(sg_rot, reason));
		rc = 0;
	}
	db_rows_free(&rows);
	return rc;
}

/* signer rotate [--wait SECONDS]: asks cediramp-signer for a rotation of
 * the operator's key (asked again while the answer is in doubt: a second
 * ask answers the rotation under way); with --wait, follows it. Exit 0
 * when asked (or, waiting, done), 1 when refused, failed or not done in
 * time. */
static int
cmd_signer_rotate(struct db *db, const struct cfg *c, int argc, char **argv)
{
	const char *wait = opt(argc, argv, "--wait");
	unsigned long long secs = 0, waited;
	char step[16], last[16] = "", reason[240];
	struct signer_answer a;
	enum signer_rc rc;
	int tries;

	if (wait != NULL && strict_uint(wait, strlen(wait), 3600, &secs) != 0) {
		fprintf(stderr, "cediramp-admin: signer rotate: --wait 0 to 3600 seconds\n");
		return 2;
	}
	for (tries = 0; (rc = signer_rotate(c->signer_socket, &a)) != SIGNER_OK &&
	    rc != SIGNER_REFUSED && tries < 10; tries++)
		sleep(1); /* down or in doubt: asking again is safe */
	if (rc != SIGNER_OK) {
		fprintf(stderr, "cediramp-admin: signer rotate: %s\n", a.reason);
		return 1;
	}
	printf("rotation %llu of %s: %s\n", a.rotation, a.address, a.step);
	for (waited = 0; waited < secs; waited++) {
		if (rotation_step_of(db, a.rotation, step, reason) != 0) {
			fprintf(stderr, "cediramp-admin: signer rotate: %s\n", db_error(db));
			return 1;
		}
		if (strcmp(step, last) != 0)
			printf("rotation %llu: %s%s%s\n", a.rotation, step, reason[0] ? ": " : "",
			    reason);
		(void)strict_copy(last, sizeof(last), step);
		if (strcmp(step, "done") == 0 || strcmp(step, "failed") == 0)
			return strcmp(step, "done") == 0 ? 0 : 1;
		sleep(1);
	}
	if (secs > 0) {
		fprintf(stderr, "cediramp-admin: signer rotate: rotation %llu not done within %llu s "
		    "(it goes on; signer rotations shows it)\n", a.rotation, secs);
		return 1;
	}
	return 0;
}

/* partner suspend PARTNER_ID --reason TEXT, partner reactivate PARTNER_ID */
static int
cmd_partner_suspend(struct db *db, const struct cfg *c, int argc, char **argv)
{
	struct outcome o;
	int suspend = strcmp(argv[2], "suspend") == 0;

	if (suspend && opt(argc, argv, "--reason") == NULL) {
		fprintf(stderr, "cediramp-admin: partner suspend: --reason TEXT is required\n");
		return 2;
	}
	if ((suspend ? partner_suspend(db, c, argv[3], opt(argc, argv, "--reason"), &o) :
	    partner_reactivate(db, c, argv[3], &o)) != ERR_OK)
		return report(db, &o, 2);
	printf("%s %s\n", suspend ? "suspended" : "reactivated", argv[3]);
	return 0;
}

/* partner tier PARTNER_ID TIER --reason TEXT */
static int
cmd_partner_tier(struct db *db, const struct cfg *c, int argc, char **argv)
{
	struct outcome o;

	if (opt(argc, argv, "--reason") == NULL) {
		fprintf(stderr, "cediramp-admin: partner tier: --reason TEXT is required\n");
		return 2;
	}
	if (partner_set_tier(db, c, argv[3], argv[4], opt(argc, argv, "--reason"), &o) != ERR_OK)
		return report(db, &o, 2);
	printf("%s is %s\n", argv[3], argv[4]);
	return 0;
}

/* operator add EMAIL --role ROLE: an invitation to the back office */
static int
cmd_operator_add(struct db *db, const struct cfg *c, int argc, char **argv)
{
	struct console_mailed m;
	struct outcome o;

	if (console_invite_operator(db, c, argv[3], opt(argc, argv, "--role"), &m, &o) != ERR_OK)
		return report(db, &o, 2);
	printf("invited %s as %s (mail %s)\n", argv[3], opt(argc, argv, "--role"), m.mail);
	fprintf(stderr, "invitation: %s\n", m.link);
	return 0;
}

/* console user add|unlock (docs/console.md) */
static int
console_cmd(struct db *db, const struct cfg *c, int argc, char **argv)
{
	const char *sub = argc > 2 ? argv[2] : "", *what = argc > 3 ? argv[3] : "";
	char password[256], id[ID_MAX];
	struct outcome o;
	long n;
	enum err e;

	if (strcmp(sub, "user") == 0 && strcmp(what, "unlock") == 0 && argc == 5) {
		if (console_user_unlock(db, argv[4], &o) != ERR_OK)
			return report(db, &o, 2);
		printf("unlocked %s\n", argv[4]);
		return 0;
	}
	if (strcmp(sub, "user") != 0 || strcmp(what, "add") != 0) {
		fputs(usage, stderr);
		return 2;
	}
	if ((n = secret_from_stdin("the password", password, sizeof(password))) < 0)
		return 2;
	e = console_user_add(db, c, opt(argc, argv, "--partner"), opt(argc, argv, "--email"),
	    opt(argc, argv, "--role"), password, id, &o);
	OPENSSL_cleanse(password, sizeof(password));
	if (e != ERR_OK)
		return report(db, &o, 2);
	printf("%s\n", id);
	return 0;
}

static int
dispatch(struct db *db, const struct cfg *c, int argc, char **argv)
{
	const char *cmd = argv[1], *sub = argc > 2 ? argv[2] : "";

	/* the same wallet whatever case its address is written in */
	if (strcmp(cmd, "user") == 0 && argc > 3)
		user_wallet_canonical(c->chain_evm, argv[3]);
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "create") == 0)
		return cmd_partner_create(db, c, argc, argv);
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "credit") == 0 && argc >= 6)
		return cmd_partner_credit(db, c, argc, argv);
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "adjust") == 0 && argc >= 6)
		return cmd_partner_adjust(db, c, argc, argv);
	if (strcmp(cmd, "statement") == 0 && argc >= 4)
		return cmd_statement(db, c, argc, argv);
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "wallet") == 0)
		return cmd_partner_wallet(db, c, argc, argv);
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "key") == 0 && argc > 3)
		return cmd_partner_key(db, c, argv[3], has(argc, argv, "--quiet"));
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "revoke") == 0 && argc == 4)
		return cmd_partner_revoke(db, argv[3]);
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "list") == 0)
		return cmd_partner_list(db);
	if (strcmp(cmd, "partner") == 0 && (strcmp(sub, "suspend") == 0 ||
	    strcmp(sub, "reactivate") == 0) && argc >= 4)
		return cmd_partner_suspend(db, c, argc, argv);
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "tier") == 0 && argc >= 5)
		return cmd_partner_tier(db, c, argc, argv);
	if (strcmp(cmd, "operator") == 0 && strcmp(sub, "add") == 0 && argc >= 4)
		return cmd_operator_add(db, c, argc, argv);
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "signing") == 0 && argc == 5)
		return cmd_partner_signing(db, c, argv[3], argv[4]);
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "key-policy") == 0 && argc == 5)
		return cmd_partner_key_policy(db, c, argv[3], argv[4]);
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "sigkey") == 0)
		return cmd_partner_sigkey(db, c, argc, argv);
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "verify-key") == 0 && argc == 4) {
		fprintf(stderr, "cediramp-admin: partner verify-key: the key is read from "
		    "standard input, never from the command line (ps and the shell's history "
		    "show it)\n");
		return 2;
	}
	if (strcmp(cmd, "partner") == 0 && strcmp(sub, "verify-key") == 0 && argc == 3) {
		char key[512];
		struct caller who;
		long n = secret_from_stdin("the API key", key, sizeof(key));
		int ok = n > 0 && apikey_authenticate(db, c, key, (size_t)n, NULL, &who) == APIKEY_OK;

		OPENSSL_cleanse(key, sizeof(key));
		if (ok)
			printf("%s\n", who.public_id);
		return n < 0 ? 2 : ok ? 0 : 1;
	}
	if (strcmp(cmd, "console") == 0)
		return console_cmd(db, c, argc, argv);
	if (strcmp(cmd, "rate") == 0)
		return rate_cmd(db, c, argc, argv);
	if (strcmp(cmd, "kyc") == 0)
		return kyc_cmd(db, argc, argv);
	if (strcmp(cmd, "user") == 0 && strcmp(sub, "limit") == 0 && argc == 6)
		return cmd_user_limit(db, c, argv[3], argv[4], argv[5]);
	if (strcmp(cmd, "user") == 0 && strcmp(sub, "webhook") == 0 && argc >= 5)
		return cmd_user_webhook(db, c, argc, argv);
	if (strcmp(cmd, "user") == 0 && strcmp(sub, "tier") == 0 && argc == 5)
		return cmd_user_tier(db, c, argv[3], argv[4]);
	if (strcmp(cmd, "sim") == 0 && strcmp(sub, "set") == 0 && argc == 5)
		return cmd_sim_set(db, c, argv[3], argv[4]);
	if (strcmp(cmd, "float") == 0)
		return float_cmd(db, c, argc, argv);
	if (strcmp(cmd, "payout") == 0 && strcmp(sub, "resolve") == 0 && argc >= 6)
		return cmd_payout_resolve(argc, argv);
	if (strcmp(cmd, "payout") == 0 && strcmp(sub, "retry") == 0 && argc == 6)
		return cmd_payout_retry(db, argc, argv);
	if (strcmp(cmd, "intent") == 0 && strcmp(sub, "resolve") == 0 && argc >= 6)
		return cmd_intent_resolve(argc, argv);
	if (strcmp(cmd, "chain") == 0 && strcmp(sub, "status") == 0 && argc == 3)
		return cmd_chain_status(db, c);
	if (strcmp(cmd, "signer") == 0 && strcmp(sub, "journal") == 0)
		return cmd_signer_journal(db, argc, argv);
	if (strcmp(cmd, "signer") == 0 && strcmp(sub, "held") == 0 && argc == 3)
		return cmd_signer_held(db);
	if (strcmp(cmd, "signer") == 0 && strcmp(sub, "rotate") == 0)
		return cmd_signer_rotate(db, c, argc, argv);
	if (strcmp(cmd, "signer") == 0 && strcmp(sub, "rotations") == 0)
		return cmd_signer_rotations(db, argc, argv);
	fprintf(stderr, "%s", usage);
	return 2;
}

/*
 * The second step of migrate: seals the webhook secrets the schema left in
 * clear, and those sealed under a key other than the current one
 * (whsec_seal_all). 0, or 1 with the reason on stderr.
 */
static int
seal_webhook_secrets(const struct cfg *c)
{
	struct outcome o;
	struct db *db = db_open(c, 0);
	long long sealed = 0;
	int rc = 0;

	if (db == NULL) {
		fprintf(stderr, "cediramp-admin: database: out of memory\n");
		return 1;
	}
	if (whsec_seal_all(db, c, &sealed, &o) != ERR_OK)
		rc = report(db, &o, 1);
	else if (sealed > 0)
		printf("webhook secrets sealed: %lld\n", sealed);
	db_close(db);
	return rc;
}

int
main(int argc, char **argv)
{
	char err[300];
	struct cfg c;
	struct db *db = NULL;
	int rc;

	if (argc < 2) {
		fprintf(stderr, "%s", usage);
		return 2;
	}
	if (cfg_load_default(&c, err, sizeof(err)) != 0) {
		fprintf(stderr, "cediramp-admin: config: %s\n", err);
		return 1;
	}
	/* the library's own log lines (a database error's details) go to the
	 * services' log, not between this tool's answers; stderr if it cannot
	 * be opened */
	(void)log_open(c.log_file, "cediramp-admin");
	if (strcmp(argv[1], "migrate") == 0) {
		const char *dir = opt(argc, argv, "--dir");

		rc = migrate_apply(&c, dir ? dir : c.schema_dir, stdout);
		if (rc == 0)
			printf("schema up to date\n");
		return rc < 0 ? 1 : seal_webhook_secrets(&c);
	}
	if (strcmp(argv[1], "token") == 0 && argc > 2 && strcmp(argv[2], "mint") == 0)
		return token_mint(&c, argc, argv);
	if (strcmp(argv[1], "errdocs") == 0 && argc == 3) {
		if (errpage_write_dir(argv[2], c.max_body_bytes, err, sizeof(err)) != 0) {
			fprintf(stderr, "cediramp-admin: errdocs: %s\n", err);
			return 1;
		}
		return 0;
	}
	db = db_open(&c, 0);
	if (db == NULL) {
		fprintf(stderr, "cediramp-admin: database: out of memory\n");
		return 1;
	}
	rc = dispatch(db, &c, argc, argv);
	db_close(db);
	return rc;
}
