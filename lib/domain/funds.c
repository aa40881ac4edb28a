#include "domain/funds.h"

#include <stdio.h>
#include <string.h>

#include "core/currency.h"
#include "core/strict.h"
#include "domain/internal.h"
#include "domain/ledger.h"
#include "store/db_sig.h"

static const char *const currencies[FUNDS_CURRENCIES] = { "USDT", "USDC", "GHS" };

static const char *
source_name(enum funds_source s)
{
	static const char *const names[] = { "seed", "sandbox", "operator", "chain" };

	return names[s];
}

struct credit {
	long long partner_id;
	const char *currency, *amount, *deposit_ref;
	enum funds_source source;
	struct funds_deposit *out;
};

/* The deposit's row and its posting, in the caller's transaction. */
static int
credit(struct db *db, const struct credit *k)
{
	char acct[LEDGER_CODE_MAX], house[LEDGER_CODE_MAX];
	struct ledger_leg legs[2];
	enum db_rc rc;

	if (id_new(k->out->id, sizeof(k->out->id), "dp_") != 0)
		return DB_FAIL;
	(void)strict_copy(k->out->currency, sizeof(k->out->currency), k->currency);
	(void)strict_copy(k->out->amount, sizeof(k->out->amount), k->amount);
	if (k->deposit_ref != NULL)
		(void)strict_copy(k->out->deposit_ref, sizeof(k->out->deposit_ref), k->deposit_ref);
	else
		snprintf(k->out->deposit_ref, sizeof(k->out->deposit_ref), "%s:%s",
		    source_name(k->source), k->out->id);
	rc = DB_EXEC(db, DB_DEPOSIT_INSERT, deposit_insert, NULL, NULL, .id = k->out->id,
	    .partner_id = k->partner_id, .currency = k->currency, .amount = k->amount,
	    .deposit_ref = k->out->deposit_ref, .source = source_name(k->source));
	if (rc != DB_OK)
		return rc;
	snprintf(acct, sizeof(acct), "partner:%lld:%s", k->partner_id, k->currency);
	snprintf(house, sizeof(house), "house:deposits:%s", k->currency);
	ledger_leg(&legs[0], house, k->currency, k->amount, 1);
	ledger_leg(&legs[1], acct, k->currency, k->amount, 0);
	return ledger_post(db, "partner.deposit", k->out->id, legs, 2);
}

int
funds_deposit_tx(struct db *db, long long partner_id, const char *currency,
    const char *amount, const char *deposit_ref, enum funds_source source,
    struct funds_deposit *out)
{
	struct credit k = { partner_id, currency, amount, deposit_ref, source, out };

	memset(out, 0, sizeof(*out));
	return credit(db, &k);
}

static int
credit_tx(struct db *db, void *arg)
{
	return credit(db, arg);
}

enum err
funds_deposit(struct db *db, long long partner_id, const char *currency,
    const char *amount, const char *deposit_ref, enum funds_source source,
    struct funds_deposit *out, struct outcome *o)
{
	const struct currency *cur = currency_find(currency);
	char norm[MONEY_MAX_TEXT];
	struct credit k;
	mpz_t v, max;
	int ok, rc;

	memset(out, 0, sizeof(*out));
	if (cur == NULL || !(cur->flags & CURRENCY_PARTNER))
		return outcome_field(o, ERR_INVALID_CURRENCY, "currency", "USDT or USDC");
	mpz_inits(v, max, NULL);
	ok = money_parse(amount, cur->scale, v) == MONEY_OK && mpz_sgn(v) > 0 &&
	    money_parse(FUNDS_DEPOSIT_MAX, cur->scale, max) == MONEY_OK &&
	    mpz_cmp(v, max) <= 0 && money_format(v, cur->scale, norm, sizeof(norm)) == 0;
	mpz_clears(v, max, NULL);
	if (!ok)
		return outcome_field(o, ERR_VALIDATION, "amount",
		    "a positive decimal with the currency's places, at most 1000000");
	if (deposit_ref != NULL && !strict_text(deposit_ref, 1, FUNDS_REFERENCE_MAX))
		return outcome_field(o, ERR_VALIDATION, "reference",
		    "1 to 100 printable characters");
	k = (struct credit){ partner_id, cur->code, norm, deposit_ref, source, out };
	rc = db_tx(db, credit_tx, &k);
	if (rc == DB_DUP)
		return outcome_fail(o, ERR_DUPLICATE_REFERENCE,
		    "A deposit with that reference was credited already");
	if (rc != DB_OK) {
		memset(out, 0, sizeof(*out));
		return domain_db_fail(o, rc, "credit the deposit");
	}
	o->changed = 1;
	return ERR_OK;
}

struct adjust {
	long long partner_id;
	const char *currency, *amount, *reference;
	int credit;
	unsigned scale;
	char *balance;
	size_t cap;
};

static int
adjust_tx(struct db *db, void *arg)
{
	struct adjust *k = arg;
	char acct[LEDGER_CODE_MAX], house[LEDGER_CODE_MAX];
	struct ledger_leg legs[2];
	enum db_rc rc;

	snprintf(acct, sizeof(acct), "partner:%lld:%s", k->partner_id, k->currency);
	snprintf(house, sizeof(house), "house:adjustments:%s", k->currency);
	ledger_leg(&legs[0], house, k->currency, k->amount, k->credit);
	ledger_leg(&legs[1], acct, k->currency, k->amount, !k->credit);
	if ((rc = ledger_post(db, "partner.adjustment", k->reference, legs, 2)) != DB_OK)
		return rc;
	return ledger_balance(db, acct, k->scale, k->balance, k->cap);
}

enum err
funds_adjust(struct db *db, long long partner_id, const char *currency,
    const char *amount, const char *reference, char *balance, size_t cap,
    struct outcome *o)
{
	const struct currency *cur = currency_find(currency ? currency : "");
	char norm[MONEY_MAX_TEXT];
	struct adjust k;
	mpz_t v, max;
	int ok, rc, i, credit, known = 0;

	outcome_init(o);
	for (i = 0; cur != NULL && i < FUNDS_CURRENCIES; i++)
		known |= strcmp(cur->code, currencies[i]) == 0;
	if (!known)
		return outcome_field(o, ERR_INVALID_CURRENCY, "currency", "USDT, USDC or GHS");
	mpz_inits(v, max, NULL);
	ok = amount != NULL && money_parse_signed(amount, cur->scale, v) == MONEY_OK &&
	    mpz_sgn(v) != 0 && money_parse(FUNDS_DEPOSIT_MAX, cur->scale, max) == MONEY_OK &&
	    mpz_cmpabs(v, max) <= 0;
	credit = mpz_sgn(v) > 0;
	mpz_abs(v, v);
	ok = ok && money_format(v, cur->scale, norm, sizeof(norm)) == 0;
	mpz_clears(v, max, NULL);
	if (!ok)
		return outcome_field(o, ERR_VALIDATION, "amount",
		    "a signed decimal with the currency's places, not zero, at most 1000000");
	if (!strict_text(reference, 1, FUNDS_ADJUST_REFERENCE_MAX))
		return outcome_field(o, ERR_VALIDATION, "reference",
		    "1 to 40 printable characters");
	k = (struct adjust){ partner_id, cur->code, norm, reference, credit, cur->scale,
		balance, cap };
	rc = db_tx(db, adjust_tx, &k);
	if (rc == DB_DUP)
		return outcome_fail(o, ERR_DUPLICATE_REFERENCE,
		    "An adjustment with that reference was made already");
	if (rc == DB_CHECK)
		return outcome_fail(o, ERR_INSUFFICIENT_BALANCE,
		    "The adjustment would take the balance below zero");
	if (rc != DB_OK)
		return domain_db_fail(o, rc, "adjust the balance");
	o->changed = 1;
	return ERR_OK;
}

enum err
funds_balances(struct db *db, long long partner_id,
    struct funds_balance out[FUNDS_CURRENCIES], struct outcome *o)
{
	char acct[LEDGER_CODE_MAX];
	enum db_rc rc;
	size_t i;

	for (i = 0; i < FUNDS_CURRENCIES; i++) {
		unsigned scale = currency_find(currencies[i])->scale;

		(void)strict_copy(out[i].currency, sizeof(out[i].currency), currencies[i]);
		snprintf(acct, sizeof(acct), "partner:%lld:%s", partner_id, currencies[i]);
		if ((rc = ledger_balance(db, acct, scale, out[i].available,
		    sizeof(out[i].available))) != DB_OK)
			return domain_db_fail(o, rc, "read the balances");
		snprintf(acct, sizeof(acct), "partner:%lld:%s:held", partner_id, currencies[i]);
		if ((rc = ledger_balance(db, acct, scale, out[i].pending,
		    sizeof(out[i].pending))) != DB_OK)
			return domain_db_fail(o, rc, "read the balances");
	}
	return ERR_OK;
}
