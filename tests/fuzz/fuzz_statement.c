/*
 * fuzz_statement: a statement's query as GET /v1/statements and GET
 * /api/statements read it (issue 34): the query string parsed
 * (req_parse_query), checked against each API's keys
 * (statement_partner_params, statement_user_params), and its period read
 * (page_number_dates: ISO 8601, a date alone as to_date its whole day,
 * from not after to); then each value as one CSV field
 * (statement_csv_field, as a user's text and not), read back by RFC 4180's
 * rules into what it was. Input: a buffer size (1 byte), then the raw
 * query string.
 */
#include <stdlib.h>
#include <string.h>

#include "core/timefmt.h"
#include "domain/statement.h"
#include "http/page_number.h"
#include "http/req.h"
#include "http/resp.h"
#include "http/statement_query.h"

#include "fuzzutil.h"

/* A DATETIME(6) text: "YYYY-MM-DD HH:MM:SS.ffffff". */
static int
db_time(const char *s)
{
	static const char form[] = "dddd-dd-dd dd:dd:dd.dddddd";
	size_t i;

	if (strlen(s) != sizeof(form) - 1)
		return 0;
	for (i = 0; form[i] != '\0'; i++)
		if (form[i] == 'd' ? (s[i] < '0' || s[i] > '9') : s[i] != form[i])
			return 0;
	return 1;
}

/* out (a CSV field statement_csv_field wrote) read back as RFC 4180 does,
 * into back; the leading ' of a user's formula kept. 0, or -1. */
static int
csv_read(const char *out, char *back)
{
	size_t n = strlen(out), i, o = 0;

	if (n > 0 && out[0] == '"') {
		if (n < 2 || out[n - 1] != '"')
			return -1;
		for (i = 1; i + 1 < n; i++) {
			if (out[i] == '"') {
				if (out[i + 1] != '"' || i + 2 > n - 1)
					return -1;
				i++;
			}
			back[o++] = out[i];
		}
	} else {
		if (strpbrk(out, ",\"\r\n") != NULL)
			return -1;
		memcpy(back, out, n);
		o = n;
	}
	back[o] = '\0';
	return 0;
}

static void
check_csv(const char *v, size_t cap)
{
	size_t n = strlen(v), room = 2 * n + 4;
	char *out = malloc(room), *back = malloc(room), *tight = malloc(cap > 0 ? cap : 1);
	int user;

	FZ_CHECK(out != NULL && back != NULL && tight != NULL);
	for (user = 0; user <= 1; user++) {
		int formula = user && n > 0 && strchr("=+-@\t\r", v[0]) != NULL;

		FZ_CHECK(statement_csv_field(v, user, out, room) == 0);
		FZ_CHECK(csv_read(out, back) == 0);
		if (formula)
			FZ_CHECK(back[0] == '\'' && strcmp(back + 1, v) == 0);
		else
			FZ_CHECK(strcmp(back, v) == 0);
		/* exactly cap bytes: the same field when it fits, else -1 */
		if (statement_csv_field(v, user, tight, cap) == 0)
			FZ_CHECK(strcmp(tight, out) == 0);
		else
			FZ_CHECK(strlen(out) + 1 > cap);
	}
	free(out);
	free(back);
	free(tight);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct fz_in in = { data, n };
	size_t cap = fz_byte(&in), i;
	char *qs = fz_strndup(in.p, in.n), msg[256], from[40], to[40];
	const char *f = NULL, *t = NULL;
	struct req r;
	struct resp resp;

	memset(&r, 0, sizeof(r));
	if (req_parse_query(&r, qs, msg, sizeof(msg)) == ERR_OK) {
		(void)req_check_query(&r, statement_partner_params, msg, sizeof(msg));
		(void)req_check_query(&r, statement_user_params, msg, sizeof(msg));
		resp_init(&resp);
		if (page_number_dates(&r, &resp, from, to, sizeof(from), &f, &t) == ERR_OK) {
			long long fu, tu;

			FZ_CHECK((f != NULL) == (req_query(&r, "from_date") != NULL));
			FZ_CHECK((t != NULL) == (req_query(&r, "to_date") != NULL));
			if (f != NULL)
				FZ_CHECK(db_time(f));
			if (t != NULL)
				FZ_CHECK(db_time(t));
			if (f != NULL && t != NULL) {
				FZ_CHECK(timefmt_iso_to_us(req_query(&r, "from_date"), 0, &fu) == 0);
				FZ_CHECK(timefmt_iso_to_us(req_query(&r, "to_date"), 1, &tu) == 0);
				FZ_CHECK(fu <= tu && strcmp(f, t) <= 0);
			}
		}
		resp_free(&resp);
		for (i = 0; i < r.nquery; i++)
			check_csv(r.query[i].val, cap);
	}
	req_free(&r);
	free(qs);
	return 0;
}
