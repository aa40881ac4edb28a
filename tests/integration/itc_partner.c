/* Partner helpers shared by the withdrawal and webhook suites. */
#include <stdio.h>
#include <string.h>

#include "itc.h"

void
itc_partner_new(struct itc_partner *p, const char *tier, int unfunded)
{
	char args[200], name[64], subject[40];
	int i;

	it_unique("Pt", name, sizeof(name));
	snprintf(args, sizeof(args), "partner create --name %s --tier %s --quiet%s", name,
	    tier, unfunded ? " --unfunded" : "");
	CU_ASSERT_EQUAL_FATAL(it_admin(args, p->key, sizeof(p->key)), 0);
	for (i = 0; p->key[i] != '\0'; i++)
		if (p->key[i] == '\n')
			p->key[i] = '\0';
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT p.public_id FROM partners p JOIN api_keys k "
	    "ON k.partner_id = p.id WHERE k.key_id = SUBSTRING(?, 9, 16)", p->key, NULL,
	    p->pid, sizeof(p->pid)), 0);
	CU_ASSERT_EQUAL_FATAL(it_db_text("SELECT id FROM partners WHERE public_id = ?",
	    p->pid, NULL, p->row, sizeof(p->row)), 0);
	snprintf(subject, sizeof(subject), "p:%s", p->row);
	CU_ASSERT_EQUAL(it_db_exec("INSERT INTO rate_limit_overrides (subject, category, "
	    "limit_count) VALUES (?, 'partner_minute', 100000), (?, 'partner_day', 100000)",
	    subject, subject), 2);
	it_bearer(p->key, p->auth, sizeof(p->auth));
}

long
itc_partner_send(const struct itc_partner *p, const char *method, const char *path,
    const char *body, struct it_resp *r)
{
	const char *h[] = { p->auth, "Content-Type: application/json", NULL };

	return it_http(method, path, h, body, body ? strlen(body) : 0, r) == 0 ? r->status : -1;
}

long
itc_partner_get(const struct itc_partner *p, const char *path, struct it_resp *r)
{
	const char *h[] = { p->auth, NULL };

	return it_http("GET", path, h, NULL, 0, r) == 0 ? r->status : -1;
}

void
itc_assert_keys(json_t *o, const char *const *keys, const char *where)
{
	size_t n = 0;

	for (; keys[n] != NULL; n++)
		IT_CHECK(json_object_get(o, keys[n]) != NULL, keys[n]);
	IT_CHECK(json_object_size(o) == n, where);
}

void
itc_partner_available(const struct itc_partner *p, const char *cur, char *out)
{
	char pending[40];

	itc_partner_balance(p, cur, out, pending);
}

void
itc_partner_balance(const struct itc_partner *p, const char *cur, char *avail, char *pend)
{
	struct it_resp r;
	json_t *b;
	size_t i;

	avail[0] = pend[0] = '\0';
	CU_ASSERT_EQUAL_FATAL(itc_partner_get(p, "/v1/balances", &r), 200);
	json_array_foreach(json_object_get(r.json, "data"), i, b) {
		if (it_str(b, "currency") && it_strcmp(it_str(b, "currency"), cur) == 0) {
			snprintf(avail, 40, "%s", it_str(b, "available"));
			snprintf(pend, 40, "%s", it_str(b, "pending"));
		}
	}
	it_resp_free(&r);
}
