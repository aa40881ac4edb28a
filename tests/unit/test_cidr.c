/* Unit tests for lib/core/cidr.c: address lists, and http.trusted_proxies
 * in the config (a bad list refuses to load). */
#include "core/cidr.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/cfg.h"
#include "unit.h"

/* Lists that parse, and what they hold and do not. */
static void
test_good(void)
{
	static const struct {
		const char *list;
		size_t n;
		const char *in, *out;
	} rows[] = {
		{ "", 0, NULL, "127.0.0.1" },
		{ " , ", 0, NULL, "10.0.0.1" },
		{ "127.0.0.2", 1, "127.0.0.2", "127.0.0.1" },
		{ "10.0.0.0/8", 1, "10.255.1.2", "11.0.0.1" },
		{ "10.0.0.0/8, 192.168.1.0/24", 2, "192.168.1.77", "192.168.2.1" },
		{ "172.16.0.0/12", 1, "172.31.255.255", "172.32.0.0" },
		{ "0.0.0.0/0", 1, "203.0.113.9", "::1" },
		{ "::1", 1, "::1", "::2" },
		{ "fd00::/8", 1, "fd12:3456::1", "fe80::1" },
		{ "2001:db8::/33", 1, "2001:db8:7fff::1", "2001:db8:8000::1" },
		/* an IPv4-mapped IPv6 peer is its IPv4 address */
		{ "10.1.2.3", 1, "::ffff:10.1.2.3", "::ffff:10.1.2.4" },
		{ "1.2.3.4 5.6.7.0/24,9.9.9.9", 3, "5.6.7.200", "5.6.8.1" },
	};
	struct cidr_list l;
	const char *why;
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		why = NULL;
		UNIT_CHECK(cidr_list_parse(rows[i].list, strlen(rows[i].list), &l, &why) == 0,
		    "%s: %s", rows[i].list, why ? why : "");
		UNIT_CHECK(l.n == rows[i].n, "%s", rows[i].list);
		if (rows[i].in != NULL)
			UNIT_CHECK(cidr_list_has(&l, rows[i].in) == 1, "%s", rows[i].in);
		UNIT_CHECK(cidr_list_has(&l, rows[i].out) == 0, "%s", rows[i].out);
	}
	CU_ASSERT_EQUAL(cidr_list_has(&l, NULL), 0);
	CU_ASSERT_EQUAL(cidr_list_has(&l, "not an address"), 0);
	CU_ASSERT_EQUAL(cidr_list_has(&l, ""), 0);
}

/* Lists refused, each with a reason, the list untouched. */
static void
test_bad(void)
{
	static const char *const rows[] = {
		"10.0.0.1/8",          /* host bits below the prefix */
		"10.0.0.0/33",
		"::/129",
		"10.0.0.0/",
		"10.0.0.0/+8",
		"10.0.0.0/08x",
		"10.0.0",
		"localhost",
		"2001:db8::1/32",
		"1.2.3.4/-1",
		"1.1.1.1 2.2.2.2 3.3.3.3 4.4.4.4 5.5.5.5 6.6.6.6 7.7.7.7 8.8.8.8 "
		"9.9.9.9 10.0.0.1 11.0.0.1 12.0.0.1 13.0.0.1 14.0.0.1 15.0.0.1 16.0.0.1 "
		"17.0.0.1", /* 17: one too many */
	};
	struct cidr_list l;
	const char *why;
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		memset(&l, 0x5a, sizeof(l));
		why = NULL;
		UNIT_CHECK(cidr_list_parse(rows[i], strlen(rows[i]), &l, &why) == -1, "%s", rows[i]);
		UNIT_CHECK(why != NULL && why[0] != '\0', "%s", rows[i]);
		UNIT_CHECK(l.n == 0x5a5a5a5a5a5a5a5aULL, "%s", rows[i]);
	}
	/* 16 is the most */
	{
		static const char sixteen[] = "1.1.1.1 2.2.2.2 3.3.3.3 4.4.4.4 5.5.5.5 6.6.6.6 "
		    "7.7.7.7 8.8.8.8 9.9.9.9 10.0.0.1 11.0.0.1 12.0.0.1 13.0.0.1 14.0.0.1 "
		    "15.0.0.1 16.0.0.1";

		CU_ASSERT_EQUAL(cidr_list_parse(sixteen, strlen(sixteen), &l, &why), 0);
	}
	CU_ASSERT_EQUAL(l.n, 16);
}

/* http.trusted_proxies in a config file: parsed, and a bad one refused
 * naming the key. */
static void
test_config(void)
{
	char path[] = "/tmp/cediramp-cidr-XXXXXX", err[256];
	struct cfg c;
	FILE *f;
	int fd;

	cfg_defaults(&c);
	CU_ASSERT_EQUAL(c.trusted_proxies.n, 0);
	CU_ASSERT_FATAL((fd = mkstemp(path)) >= 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f = fdopen(fd, "w"));
	fprintf(f, "http.trusted_proxies = 10.0.0.0/8, 127.0.0.2\n");
	fclose(f);
	CU_ASSERT_EQUAL(cfg_load(path, &c, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(c.trusted_proxies.n, 2);
	CU_ASSERT_EQUAL(cidr_list_has(&c.trusted_proxies, "127.0.0.2"), 1);
	CU_ASSERT_EQUAL(cidr_list_has(&c.trusted_proxies, "127.0.0.1"), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f = fopen(path, "w"));
	fprintf(f, "http.trusted_proxies = 10.0.0.1/8\n");
	fclose(f);
	cfg_defaults(&c);
	CU_ASSERT_NOT_EQUAL(cfg_load(path, &c, err, sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "http.trusted_proxies"));
	unlink(path);
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "lists that parse, and who is in them", test_good },
		{ "lists refused, each with a reason", test_bad },
		{ "http.trusted_proxies in the config", test_config },
	};

	return tu_main("cidr", NULL, NULL, tests, NELEM(tests));
}
