#include "domain/partner_wallet.h"

#include <stdio.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/rand.h>

#include "core/eip55.h"
#include "core/id.h"
#include "core/strict.h"
#include "domain/internal.h"
#include "domain/partner_account.h"
#include "providers/evm_abi.h"
#include "providers/evm_key.h"
#include "store/db_sig.h"

/* ---- the addresses ---- */

/* The partner row of public_id in this environment into *id, and the
 * address (lowercase) into addr: ERR_OK or the error in o. */
static enum err
wallet_args(struct db *db, const struct cfg *cfg, const char *public_id, const char *address,
    long long *id, char addr[43], struct outcome *o)
{
	outcome_init(o);
	if (!id_has_shape(public_id, "pt_"))
		return outcome_field(o, ERR_VALIDATION, "partner_id", "pt_ and base62 characters");
	if (address != NULL) {
		if (!evm_addr_ok(address))
			return outcome_field(o, ERR_VALIDATION, "address",
			    "0x and 40 hexadecimal digits (in mixed case, with its EIP-55 "
			    "checksum right)");
		(void)strict_copy(addr, 43, address);
		evm_addr_lower(addr);
	}
	return partner_row(db, cfg, public_id, id, o);
}

/* ---- proof of control ---- */

int
partner_wallet_message(const char *public_id, const unsigned char addr[20],
    unsigned long long chain_id, const char *nonce, const char *expires, char *msg,
    size_t cap)
{
	char text[EIP55_TEXT];
	int n;

	eip55_format(addr, text);
	n = snprintf(msg, cap,
	    "cediramp: proof of a deposit address\n"
	    "\n"
	    "Signing this proves you control the address below. Deposits sent from\n"
	    "it will be credited to the partner below, and to no one else.\n"
	    "\n"
	    "Partner: %s\n"
	    "Address: %s\n"
	    "Chain ID: %llu\n"
	    "Nonce: %s\n"
	    "Expires: %s", public_id, text, chain_id, nonce, expires);
	return n < 0 || (size_t)n >= cap ? -1 : 0;
}

enum err
partner_wallet_challenge(struct db *db, const struct cfg *cfg, const char *public_id,
    const char *address, char *msg, size_t cap, struct outcome *o)
{
	unsigned char raw[16], addr[20];
	char lower[43], nonce[33], expires[32];
	struct db_rows rows;
	long long id = 0;
	enum err e;
	int rc;

	if (cap > 0)
		msg[0] = '\0';
	if ((e = wallet_args(db, cfg, public_id, address, &id, lower, o)) != ERR_OK)
		return e;
	if (cfg->evm.chain_id == 0)
		return outcome_field(o, ERR_VALIDATION, "chain_id", "providers.evm.chain_id is not "
		    "set: deposits are read on an EVM chain only");
	if (RAND_bytes(raw, sizeof(raw)) != 1 || evm_addr_parse(lower, addr) != 0)
		return outcome_fail(o, ERR_INTERNAL, "a challenge could not be made");
	id_hex(raw, sizeof(raw), nonce);
	if ((rc = DB_EXEC(db, DB_PWCHAL_INSERT, pwchal_insert, NULL, NULL, .nonce = nonce,
	    .partner_id = id, .address = lower, .chain_id = (long long)cfg->evm.chain_id,
	    .seconds = WALLET_CHALLENGE_SECONDS)) != DB_OK)
		return domain_db_fail(o, rc, "store the challenge");
	if ((rc = DB_EXEC(db, DB_PWCHAL_EXPIRES, pwchal_by_nonce, &rows, NULL,
	    .nonce = nonce)) != DB_OK)
		return domain_db_fail(o, rc, "read the challenge");
	db_cell_copy(expires, sizeof(expires), &rows, 0, DB_COL(pwchal_expires, expires));
	db_rows_free(&rows);
	if (partner_wallet_message(public_id, addr, cfg->evm.chain_id, nonce, expires, msg,
	    cap) != 0)
		return outcome_fail(o, ERR_INTERNAL, "the challenge does not fit");
	o->changed = 1;
	return ERR_OK;
}

struct add_tx {
	const char *public_id, *addr, *signature;
	long long id;
	unsigned long long chain_id;
	int proven;      /* a live challenge's message recovers to addr */
};

/*
 * In one transaction: the live challenges of (partner, address) on this
 * chain, locked; the first whose message the signature recovers to the
 * address is used up and the address stored. DB_DUP when the address is
 * someone's already (the caller finds whose; nothing was used).
 */
static int
add_tx(struct db *db, void *arg)
{
	struct add_tx *k = arg;
	unsigned char want[20], got[20];
	char msg[WALLET_CHALLENGE_MAX];
	struct db_rows rows;
	struct db_res res;
	size_t i;
	int rc;

	k->proven = 0;
	if (evm_addr_parse(k->addr, want) != 0)
		return DB_FAIL;
	if ((rc = DB_EXEC(db, DB_PWCHAL_LIVE, pwchal_live, &rows, NULL, .partner_id = k->id,
	    .address = k->addr, .chain_id = (long long)k->chain_id)) != DB_OK)
		return rc;
	for (i = 0; i < rows.nrows && !k->proven; i++) {
		const char *nonce = db_cell(&rows, i, DB_COL(pwchal, nonce));
		const char *expires = db_cell(&rows, i, DB_COL(pwchal, expires));

		if (nonce == NULL || expires == NULL ||
		    partner_wallet_message(k->public_id, want, k->chain_id, nonce, expires, msg,
		    sizeof(msg)) != 0 ||
		    evm_personal_recover(msg, strlen(msg), k->signature, got) != 0 ||
		    CRYPTO_memcmp(got, want, sizeof(want)) != 0)
			continue;
		k->proven = 1;
		rc = DB_EXEC(db, DB_PWCHAL_USE, pwchal_by_nonce, NULL, &res, .nonce = nonce);
		if (rc == DB_OK && res.affected != 1)
			rc = DB_FAIL;
	}
	db_rows_free(&rows);
	if (!k->proven || rc != DB_OK)
		return rc;
	return DB_EXEC(db, DB_PWALLET_INSERT, pw_address, NULL, NULL, .address = k->addr,
	    .partner_id = k->id);
}

/* 1 when addr is partner id's already. */
static int
owned_by(struct db *db, const char *addr, long long id, int *rc)
{
	struct db_rows rows;
	unsigned long long owner;
	const char *v;
	int mine;

	if ((*rc = DB_EXEC(db, DB_PWALLET_OWNER, pw_by_address, &rows, NULL,
	    .address = addr)) != DB_OK)
		return 0;
	v = rows.nrows == 1 ? db_cell(&rows, 0, DB_COL(pw_owner, partner_id)) : NULL;
	mine = v != NULL && strict_uint(v, strlen(v), ~0ULL >> 1, &owner) == 0 &&
	    (long long)owner == id;
	db_rows_free(&rows);
	return mine;
}

enum err
partner_wallet_add(struct db *db, const struct cfg *cfg, const char *public_id,
    const char *address, const char *signature, struct outcome *o)
{
	char addr[43];
	struct add_tx k;
	enum err e;
	int rc;

	memset(&k, 0, sizeof(k));
	if ((e = wallet_args(db, cfg, public_id, address, &k.id, addr, o)) != ERR_OK)
		return e;
	if (signature == NULL || signature[0] == '\0')
		return outcome_field(o, ERR_VALIDATION, "signature", "required: the address's "
		    "personal_sign of the message `partner wallet challenge` printed");
	if (strlen(signature) != 132 || signature[0] != '0' || signature[1] != 'x')
		return outcome_field(o, ERR_VALIDATION, "signature", "0x and 130 hexadecimal "
		    "digits (r, s, v)");
	/* registered to this partner already: nothing to prove again */
	if (owned_by(db, addr, k.id, &rc))
		return ERR_OK;
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "read the address");
	k.public_id = public_id;
	k.addr = addr;
	k.signature = signature;
	k.chain_id = cfg->evm.chain_id;
	rc = db_tx(db, add_tx, &k);
	if (rc == DB_DUP)
		return outcome_fail(o, ERR_DUPLICATE_REFERENCE,
		    "%s is registered to another partner", addr);
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "register the address");
	if (!k.proven) {
		char why[200];

		snprintf(why, sizeof(why), "not made by %s over a live challenge of this partner "
		    "(partner wallet challenge: valid 1 hour, used once; the 20 newest count)",
		    addr);
		return outcome_field(o, ERR_VALIDATION, "signature", why);
	}
	o->changed = 1;
	return ERR_OK;
}

enum err
partner_wallet_remove(struct db *db, const struct cfg *cfg, const char *public_id,
    const char *address, struct outcome *o)
{
	char addr[43];
	struct db_res res;
	long long id = 0;
	enum err e;
	int rc;

	if ((e = wallet_args(db, cfg, public_id, address, &id, addr, o)) != ERR_OK)
		return e;
	if ((rc = DB_EXEC(db, DB_PWALLET_DELETE, pw_address, NULL, &res, .address = addr,
	    .partner_id = id)) != DB_OK)
		return domain_db_fail(o, rc, "remove the address");
	if (res.affected != 1)
		return outcome_fail(o, ERR_NOT_FOUND, "%s has no address %s", public_id, addr);
	o->changed = 1;
	return ERR_OK;
}

enum err
partner_wallet_list(struct db *db, const struct cfg *cfg, const char *public_id,
    partner_wallet_fn fn, void *arg, struct outcome *o)
{
	struct db_rows rows;
	long long id = 0;
	size_t i;
	enum err e;
	int rc;

	outcome_init(o);
	if (public_id != NULL) {
		if ((e = wallet_args(db, cfg, public_id, NULL, &id, NULL, o)) != ERR_OK)
			return e;
	}
	if ((rc = DB_EXEC(db, DB_PWALLET_LIST, pw_list, &rows, NULL,
	    .partner_id = public_id != NULL ? &id : NULL)) != DB_OK)
		return domain_db_fail(o, rc, "list the addresses");
	for (i = 0; i < rows.nrows; i++)
		fn(db_cell(&rows, i, DB_COL(pw_listed, address)),
		    db_cell(&rows, i, DB_COL(pw_listed, public_id)),
		    db_cell(&rows, i, DB_COL(pw_listed, created_at)), arg);
	db_rows_free(&rows);
	return ERR_OK;
}
