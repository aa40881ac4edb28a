#include "domain/provider_answer.h"

#include <stdio.h>
#include <string.h>

#include "core/money.h"
#include "core/phone.h"

int
provider_answer_matches(const char *amount, const char *currency, const char *phone,
    const struct momo_status *st, char *why, size_t cap)
{
	char msisdn[16] = "";
	int ok;

	(void)phone_msisdn(phone, msisdn, sizeof(msisdn));
	ok = st->amount[0] != '\0' && money_cmp_text(st->amount, amount, 2) == 0 &&
	    strcmp(st->currency, currency) == 0 &&
	    msisdn[0] != '\0' && strcmp(st->party, msisdn) == 0;
	if (!ok)
		snprintf(why, cap, "the provider answered %s %s to %s; asked %s %s to %s",
		    st->amount[0] ? st->amount : "(no amount)",
		    st->currency[0] ? st->currency : "(no currency)",
		    st->party[0] ? st->party : "(no number)", amount, currency,
		    msisdn[0] ? msisdn : phone);
	return ok;
}
