/* Unit tests for lib/core/cfg.c: defaults and the key = value file loader. */
#include "core/cfg.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "unit.h"

/*
 * Writes len bytes of text to a new temporary file; its path goes into
 * path (64 bytes). Returns 0 or -1.
 */
static int
write_tmp(const char *text, size_t len, char *path)
{
	int fd;
	size_t off = 0;

	snprintf(path, 64, "/tmp/cediramp-cfg-XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	while (off < len) {
		ssize_t w = write(fd, text + off, len - off);

		if (w <= 0) {
			close(fd);
			unlink(path);
			return -1;
		}
		off += (size_t)w;
	}
	close(fd);
	return 0;
}

/* Loads text over the defaults into c; returns cfg_load's value. */
static int
load_text(const char *text, struct cfg *c, char *err, size_t errlen,
    char *path)
{
	int rc;

	cfg_defaults(c);
	if (write_tmp(text, strlen(text), path) != 0) {
		CU_FAIL_FATAL("cannot write a temporary config file");
		return -2;
	}
	rc = cfg_load(path, c, err, errlen);
	unlink(path);
	return rc;
}

static void
test_defaults(void)
{
	struct cfg c;

	memset(&c, 0x5a, sizeof(c));
	cfg_defaults(&c);
	CU_ASSERT_STRING_EQUAL(c.environment, "sandbox");
	CU_ASSERT_EQUAL(c.sandbox, 1);
	CU_ASSERT_STRING_EQUAL(c.db_socket, "");
	CU_ASSERT_STRING_EQUAL(c.db_host, "localhost");
	CU_ASSERT_EQUAL(c.db_port, 3306);
	CU_ASSERT_STRING_EQUAL(c.db_user, "cediramp");
	CU_ASSERT_STRING_EQUAL(c.db_password, "");
	CU_ASSERT_STRING_EQUAL(c.db_name, "cediramp");
	CU_ASSERT_EQUAL(c.db_connect_timeout, 2);
	CU_ASSERT_EQUAL(c.db_rw_timeout, 10);
	CU_ASSERT_EQUAL(c.max_body_bytes, 8388608ULL);
	CU_ASSERT_STRING_EQUAL(c.jwt_hs256_secret, "");
	CU_ASSERT_STRING_EQUAL(c.jwt_jwks_file, "");
	CU_ASSERT_STRING_EQUAL(c.jwt_algorithms, "HS256,RS256,ES256");
	CU_ASSERT_STRING_EQUAL(c.jwt_issuer, "");
	CU_ASSERT_STRING_EQUAL(c.jwt_audience, "");
	CU_ASSERT_EQUAL(c.jwt_leeway_seconds, 60);
	CU_ASSERT_STRING_EQUAL(c.log_file, "");
	CU_ASSERT_STRING_EQUAL(c.chain_url, "");
	CU_ASSERT_STRING_EQUAL(c.momo_url, "");
	CU_ASSERT_EQUAL(c.provider_timeout_ms, 2000);
	CU_ASSERT_STRING_EQUAL(c.schema_dir, "/usr/share/cediramp/schema");
	/* webhooks: 0 is decided by cfg_load once the environment is known */
	CU_ASSERT_EQUAL(c.wh_policy, 0);
	CU_ASSERT_EQUAL(c.wh_clock_divisor, 1);
	CU_ASSERT_EQUAL(c.wh_timeout_seconds, 0);
	CU_ASSERT_EQUAL(c.wh_lease_seconds, 0);
	CU_ASSERT_EQUAL(c.wh_drain_seconds, 55);
	CU_ASSERT_EQUAL(c.wh_max_in_flight, 50);
	CU_ASSERT_EQUAL(c.wh_allow_loopback, 0);
	CU_ASSERT_EQUAL(c.wh_allowed_ports.n, 2);
	CU_ASSERT_EQUAL(c.wh_allowed_ports.port[0], 443);
	CU_ASSERT_EQUAL(c.wh_allowed_ports.port[1], 80);
}

/* Every key, with comments, blank lines and assorted spacing. */
static const char full_file[] =
    "# cediramp test configuration\n"
    "   # an indented comment\n"
    "\n"
    "   \t \n"
    "environment = production\n"
    "db.socket=/run/mysqld/mysqld.sock\n"
    "db.host   =   db.example.com   \n"
    "db.port\t=\t3307\n"
    "db.user = app_user\n"
    "db.password = p=w#rd with spaces\n"
    "db.name = cediramp_test\n"
    "db.connect_timeout = 60\n"
    "db.rw_timeout = 600\n"
    "http.max_body_bytes = 1024\n"
    "jwt.hs256_secret = s3cr3t\n"
    "jwt.jwks_file = /etc/cediramp/jwks.json\n"
    "jwt.algorithms = HS256,ES256\n"
    "jwt.issuer = https://issuer.example\n"
    "jwt.audience = cediramp-wallet\n"
    "jwt.leeway_seconds = 0\n"
    "log.file = /var/log/cediramp/app.log\n"
    "providers.chain_url = http://127.0.0.1:9001\n"
    "providers.momo_url = http://127.0.0.1:9002/momo\n"
    "providers.timeout_ms = 60000\n"
    "schema.dir = /opt/schema\n"
    "# trailing comment";

static void
check_full(const struct cfg *c, const char *label)
{
	UNIT_STR_EQ(c->environment, "production", label);
	UNIT_CHECK(c->sandbox == 0, "%s: sandbox %d want 0", label, c->sandbox);
	UNIT_STR_EQ(c->db_socket, "/run/mysqld/mysqld.sock", label);
	UNIT_STR_EQ(c->db_host, "db.example.com", label);
	UNIT_CHECK(c->db_port == 3307, "%s: db_port %llu", label, c->db_port);
	UNIT_STR_EQ(c->db_user, "app_user", label);
	UNIT_STR_EQ(c->db_password, "p=w#rd with spaces", label);
	UNIT_STR_EQ(c->db_name, "cediramp_test", label);
	UNIT_CHECK(c->db_connect_timeout == 60, "%s: connect_timeout %llu", label,
	    c->db_connect_timeout);
	UNIT_CHECK(c->db_rw_timeout == 600, "%s: rw_timeout %llu", label,
	    c->db_rw_timeout);
	UNIT_CHECK(c->max_body_bytes == 1024, "%s: max_body_bytes %llu", label,
	    c->max_body_bytes);
	UNIT_STR_EQ(c->jwt_hs256_secret, "s3cr3t", label);
	UNIT_STR_EQ(c->jwt_jwks_file, "/etc/cediramp/jwks.json", label);
	UNIT_STR_EQ(c->jwt_algorithms, "HS256,ES256", label);
	UNIT_STR_EQ(c->jwt_issuer, "https://issuer.example", label);
	UNIT_STR_EQ(c->jwt_audience, "cediramp-wallet", label);
	UNIT_CHECK(c->jwt_leeway_seconds == 0, "%s: leeway %llu", label,
	    c->jwt_leeway_seconds);
	UNIT_STR_EQ(c->log_file, "/var/log/cediramp/app.log", label);
	UNIT_STR_EQ(c->chain_url, "http://127.0.0.1:9001", label);
	UNIT_STR_EQ(c->momo_url, "http://127.0.0.1:9002/momo", label);
	UNIT_CHECK(c->provider_timeout_ms == 60000, "%s: timeout_ms %llu", label,
	    c->provider_timeout_ms);
	UNIT_STR_EQ(c->schema_dir, "/opt/schema", label);
}

static void
test_load_every_key(void)
{
	struct cfg c;
	char err[512] = "", path[64];
	int rc;

	rc = load_text(full_file, &c, err, sizeof(err), path);
	UNIT_CHECK(rc == 0, "full file: rc %d err \"%s\"", rc, err);
	check_full(&c, "full file");
}

/* The same file with CRLF line ends loads to the same values. */
static void
test_load_crlf(void)
{
	char crlf[sizeof(full_file) * 2], err[512] = "", path[64];
	size_t i, o = 0;
	struct cfg c;
	int rc;

	for (i = 0; full_file[i] != '\0'; i++) {
		if (full_file[i] == '\n')
			crlf[o++] = '\r';
		crlf[o++] = full_file[i];
	}
	crlf[o] = '\0';
	rc = load_text(crlf, &c, err, sizeof(err), path);
	UNIT_CHECK(rc == 0, "crlf file: rc %d err \"%s\"", rc, err);
	check_full(&c, "crlf file");
}

static void
test_load_partial_keeps_defaults(void)
{
	struct cfg c;
	char err[512] = "", path[64];
	int rc;

	rc = load_text("db.port = 1\n", &c, err, sizeof(err), path);
	CU_ASSERT_EQUAL(rc, 0);
	CU_ASSERT_EQUAL(c.db_port, 1);
	CU_ASSERT_STRING_EQUAL(c.db_host, "localhost");
	CU_ASSERT_STRING_EQUAL(c.environment, "sandbox");
	CU_ASSERT_EQUAL(c.sandbox, 1);
	CU_ASSERT_EQUAL(c.max_body_bytes, 8388608ULL);

	/* an empty file and a file of comments change nothing */
	rc = load_text("", &c, err, sizeof(err), path);
	CU_ASSERT_EQUAL(rc, 0);
	CU_ASSERT_EQUAL(c.db_port, 3306);
	rc = load_text("# only\n\n#comments\n", &c, err, sizeof(err), path);
	CU_ASSERT_EQUAL(rc, 0);
	CU_ASSERT_EQUAL(c.jwt_leeway_seconds, 60);

	/* an empty string value is allowed and clears the default */
	rc = load_text("db.host =\n", &c, err, sizeof(err), path);
	CU_ASSERT_EQUAL(rc, 0);
	CU_ASSERT_STRING_EQUAL(c.db_host, "");

	/* the last value of a repeated key wins; sandbox follows it */
	rc = load_text("environment = production\nenvironment = sandbox\n", &c,
	    err, sizeof(err), path);
	CU_ASSERT_EQUAL(rc, 0);
	CU_ASSERT_STRING_EQUAL(c.environment, "sandbox");
	CU_ASSERT_EQUAL(c.sandbox, 1);
	rc = load_text("environment = sandbox\nenvironment = production\n", &c,
	    err, sizeof(err), path);
	CU_ASSERT_EQUAL(rc, 0);
	CU_ASSERT_STRING_EQUAL(c.environment, "production");
	CU_ASSERT_EQUAL(c.sandbox, 0);
}

/* Range boundaries of every whole-number key. */
static void
test_uint_bounds(void)
{
	struct {
		const char *line;
		int rc;
		size_t off;
		unsigned long long want;
	} rows[] = {
		{ "db.port = 1", 0, offsetof(struct cfg, db_port), 1 },
		{ "db.port = 65535", 0, offsetof(struct cfg, db_port), 65535 },
		{ "db.port = 0", -1, 0, 0 },
		{ "db.port = 65536", -1, 0, 0 },
		{ "db.connect_timeout = 1", 0, offsetof(struct cfg, db_connect_timeout), 1 },
		{ "db.connect_timeout = 0", -1, 0, 0 },
		{ "db.connect_timeout = 61", -1, 0, 0 },
		{ "db.rw_timeout = 601", -1, 0, 0 },
		{ "http.max_body_bytes = 1023", -1, 0, 0 },
		{ "http.max_body_bytes = 67108864", 0, offsetof(struct cfg, max_body_bytes), 67108864ULL },
		{ "http.max_body_bytes = 67108865", -1, 0, 0 },
		{ "jwt.leeway_seconds = 600", 0, offsetof(struct cfg, jwt_leeway_seconds), 600 },
		{ "jwt.leeway_seconds = 601", -1, 0, 0 },
		{ "providers.timeout_ms = 100", 0, offsetof(struct cfg, provider_timeout_ms), 100 },
		{ "providers.timeout_ms = 99", -1, 0, 0 },
		{ "providers.timeout_ms = 60001", -1, 0, 0 },
		{ "webhooks.retry_policy = 1", 0, offsetof(struct cfg, wh_policy), 1 },
		{ "webhooks.retry_policy = 2", 0, offsetof(struct cfg, wh_policy), 2 },
		{ "webhooks.retry_policy = 3", -1, 0, 0 },
		{ "webhooks.retry_clock_divisor = 1", 0, offsetof(struct cfg, wh_clock_divisor), 1 },
		{ "webhooks.retry_clock_divisor = 1000000", 0,
		    offsetof(struct cfg, wh_clock_divisor), 1000000 },
		{ "webhooks.retry_clock_divisor = 0", -1, 0, 0 },
		{ "webhooks.retry_clock_divisor = 1000001", -1, 0, 0 },
		{ "webhooks.timeout_seconds = 1", 0, offsetof(struct cfg, wh_timeout_seconds), 1 },
		{ "webhooks.timeout_seconds = 120", 0,
		    offsetof(struct cfg, wh_timeout_seconds), 120 },
		{ "webhooks.timeout_seconds = 121", -1, 0, 0 },
		{ "webhooks.lease_seconds = 3600", 0, offsetof(struct cfg, wh_lease_seconds), 3600 },
		{ "webhooks.lease_seconds = 3601", -1, 0, 0 },
		{ "webhooks.drain_seconds = 3600", 0, offsetof(struct cfg, wh_drain_seconds), 3600 },
		{ "webhooks.drain_seconds = 3601", -1, 0, 0 },
		{ "webhooks.drain_seconds = 0", -1, 0, 0 },
		{ "webhooks.drain_seconds = 1", 0, offsetof(struct cfg, wh_drain_seconds), 1 },
		{ "webhooks.max_in_flight = 1", 0, offsetof(struct cfg, wh_max_in_flight), 1 },
		{ "webhooks.max_in_flight = 1000", 0, offsetof(struct cfg, wh_max_in_flight), 1000 },
		{ "webhooks.max_in_flight = 0", -1, 0, 0 },
		{ "webhooks.max_in_flight = 1001", -1, 0, 0 },
		{ "webhooks.allow_loopback = 1", 0, offsetof(struct cfg, wh_allow_loopback), 1 },
		{ "webhooks.allow_loopback = 0", 0, offsetof(struct cfg, wh_allow_loopback), 0 },
		{ "webhooks.allow_loopback = 2", -1, 0, 0 },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		struct cfg c;
		char err[512] = "", path[64];
		int rc = load_text(rows[i].line, &c, err, sizeof(err), path);

		UNIT_CHECK(rc == rows[i].rc, "bounds row %zu \"%s\": rc %d want %d (%s)",
		    i, rows[i].line, rc, rows[i].rc, err);
		if (rows[i].rc == 0 && rc == 0) {
			unsigned long long v;

			memcpy(&v, (char *)&c + rows[i].off, sizeof(v));
			UNIT_CHECK(v == rows[i].want, "bounds row %zu: value %llu want %llu",
			    i, v, rows[i].want);
		}
	}
}

struct err_row {
	const char *text;
	unsigned line;
	const char *why; /* the message after "path:line: " */
};

static char long_value_line[200];
static char exact_value_line[200];
static char huge_line[1500];

static const struct err_row err_rows[] = {
	{ "bogus = 1\n", 1, "unknown key 'bogus'" },
	{ "# comment\n\nenvironment = sandbox\nbogus.key = x\n", 4,
	    "unknown key 'bogus.key'" },
	{ "DB.PORT = 1\n", 1, "unknown key 'DB.PORT'" },
	{ "db.port.x = 1\n", 1, "unknown key 'db.port.x'" },
	{ "= 5\n", 1, "unknown key ''" },
	{ "db.host\n", 1, "expected key = value" },
	{ "\n\n# x\ndb.port 3306\n", 4, "expected key = value" },
	{ "environment = staging\n", 1,
	    "environment: must be sandbox or production" },
	{ "environment = Production\n", 1,
	    "environment: must be sandbox or production" },
	{ "environment = \n", 1, "environment: must be sandbox or production" },
	{ "environment = sandbox2\n", 1,
	    "environment: must be sandbox or production" },
	{ "db.port = 0\n", 1, "db.port: not a whole number in range" },
	{ "db.port = 65536\n", 1, "db.port: not a whole number in range" },
	{ "db.port = 80x\n", 1, "db.port: not a whole number in range" },
	{ "db.port = -1\n", 1, "db.port: not a whole number in range" },
	{ "db.port = +80\n", 1, "db.port: not a whole number in range" },
	{ "db.port = 0080\n", 1, "db.port: not a whole number in range" },
	{ "db.port = 80 80\n", 1, "db.port: not a whole number in range" },
	{ "db.port =\n", 1, "db.port: not a whole number in range" },
	{ "db.port = 18446744073709551616\n", 1,
	    "db.port: not a whole number in range" },
	{ "db.host = a\n\njwt.leeway_seconds = 1 # one\n", 3,
	    "jwt.leeway_seconds: not a whole number in range" },
	{ "http.max_body_bytes = 1023\n", 1,
	    "http.max_body_bytes: not a whole number in range" },
	{ "log.file = a\x01" "b\n", 1, "log.file: value has control bytes" },
	{ "db.user = caf\xc3\xa9\n", 1, "db.user: value has control bytes" },
	{ "webhooks.retry_policy = 3\n", 1,
	    "webhooks.retry_policy: not a whole number in range" },
	{ "webhooks.retry_policy = -1\n", 1,
	    "webhooks.retry_policy: not a whole number in range" },
	{ "webhooks.retry_policy = production\n", 1,
	    "webhooks.retry_policy: not a whole number in range" },
	{ "webhooks.max_in_flight = 0\n", 1,
	    "webhooks.max_in_flight: not a whole number in range" },
	{ "webhooks.retry_clock_divisor = 0\n", 1,
	    "webhooks.retry_clock_divisor: not a whole number in range" },
	{ "environment = sandbox\nwebhooks.allow_loopback = 2\n", 2,
	    "webhooks.allow_loopback: not a whole number in range" },
	{ "webhooks.allow_loopback = yes\n", 1,
	    "webhooks.allow_loopback: not a whole number in range" },
	{ "webhooks.timeout_seconds = 10s\n", 1,
	    "webhooks.timeout_seconds: not a whole number in range" },
	{ "webhooks.retry = 1\n", 1, "unknown key 'webhooks.retry'" },
	{ "webhooks.allowed_ports = 0\n", 1,
	    "webhooks.allowed_ports: each port must be a whole number from 1 to 65535" },
	{ "webhooks.allowed_ports = 443, 80x\n", 1,
	    "webhooks.allowed_ports: each port must be a whole number from 1 to 65535" },
	{ "webhooks.allowed_ports = 443 443\n", 1,
	    "webhooks.allowed_ports: a port is listed twice" },
	{ "webhooks.allowed_ports =\n", 1,
	    "webhooks.allowed_ports: at least one port is needed" },
	{ long_value_line, 2, "db.user: value too long" },
	{ huge_line, 1, "line too long" },
};

static void
test_errors(void)
{
	size_t i;

	for (i = 0; i < NELEM(err_rows); i++) {
		const struct err_row *t = &err_rows[i];
		struct cfg c;
		char err[512] = "", path[64], want[600];
		int rc = load_text(t->text, &c, err, sizeof(err), path);

		snprintf(want, sizeof(want), "%s:%u: %s", path, t->line, t->why);
		UNIT_CHECK(rc == -1, "error row %zu: rc %d want -1", i, rc);
		UNIT_CHECK(strcmp(err, want) == 0, "error row %zu: err \"%s\" want \"%s\"",
		    i, err, want);
	}
	/* one byte shorter than the field fits */
	{
		struct cfg c;
		char err[512] = "", path[64];
		int rc = load_text(exact_value_line, &c, err, sizeof(err), path);

		UNIT_CHECK(rc == 0, "63-byte db.user: rc %d (%s)", rc, err);
		CU_ASSERT_EQUAL(strlen(c.db_user), 63);
	}
}

/*
 * The webhooks keys left to the environment (0, or absent) are decided
 * after the whole file is read: the retry policy by the environment, the
 * timeout by the policy, the lease as the timeout plus 15 s.
 */
static void
test_webhooks_decided(void)
{
	static const struct {
		const char *text;
		unsigned long long policy, timeout, lease, drain, in_flight, loopback,
		    divisor;
	} rows[] = {
		{ "", 2, 10, 25, 55, 50, 0, 1 },
		{ "environment = sandbox\n", 2, 10, 25, 55, 50, 0, 1 },
		{ "environment = production\n", 1, 30, 45, 55, 50, 0, 1 },
		/* the shipped file's zeros mean the same as absent keys */
		{ "webhooks.retry_policy = 0\nwebhooks.timeout_seconds = 0\n"
		    "webhooks.lease_seconds = 0\n", 2, 10, 25, 55, 50, 0, 1 },
		{ "environment = production\nwebhooks.retry_policy = 0\n"
		    "webhooks.timeout_seconds = 0\nwebhooks.lease_seconds = 0\n",
		    1, 30, 45, 55, 50, 0, 1 },
		/* explicit values are kept; what is left follows them */
		{ "webhooks.retry_policy = 1\n", 1, 30, 45, 55, 50, 0, 1 },
		{ "environment = production\nwebhooks.retry_policy = 2\n",
		    2, 10, 25, 55, 50, 0, 1 },
		{ "webhooks.timeout_seconds = 3\n", 2, 3, 18, 55, 50, 0, 1 },
		{ "webhooks.lease_seconds = 11\n", 2, 10, 11, 55, 50, 0, 1 },
		{ "environment = production\nwebhooks.lease_seconds = 31\n",
		    1, 30, 31, 55, 50, 0, 1 },
		{ "webhooks.timeout_seconds = 120\n", 2, 120, 135, 55, 50, 0, 1 },
		{ "webhooks.timeout_seconds = 5\nwebhooks.lease_seconds = 6\n",
		    2, 5, 6, 55, 50, 0, 1 },
		/* the environment is known only at the end: order does not matter */
		{ "webhooks.timeout_seconds = 3\nenvironment = production\n",
		    1, 3, 18, 55, 50, 0, 1 },
		{ "environment = production\nenvironment = sandbox\n",
		    2, 10, 25, 55, 50, 0, 1 },
		{ "webhooks.retry_clock_divisor = 28800\nwebhooks.drain_seconds = 5\n"
		    "webhooks.max_in_flight = 1000\nwebhooks.allow_loopback = 1\n",
		    2, 10, 25, 5, 1000, 1, 28800 },
		{ "environment = production\nwebhooks.allow_loopback = 0\n"
		    "webhooks.retry_policy = 1\nwebhooks.timeout_seconds = 30\n"
		    "webhooks.lease_seconds = 45\n", 1, 30, 45, 55, 50, 0, 1 },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		struct cfg c;
		char err[512] = "", path[64];
		int rc = load_text(rows[i].text, &c, err, sizeof(err), path);

		UNIT_CHECK(rc == 0, "webhooks row %zu: rc %d (%s)", i, rc, err);
		if (rc != 0)
			continue;
		UNIT_CHECK(c.wh_policy == rows[i].policy, "webhooks row %zu: policy %llu want %llu",
		    i, c.wh_policy, rows[i].policy);
		UNIT_CHECK(c.wh_timeout_seconds == rows[i].timeout,
		    "webhooks row %zu: timeout %llu want %llu", i, c.wh_timeout_seconds,
		    rows[i].timeout);
		UNIT_CHECK(c.wh_lease_seconds == rows[i].lease,
		    "webhooks row %zu: lease %llu want %llu", i, c.wh_lease_seconds,
		    rows[i].lease);
		UNIT_CHECK(c.wh_drain_seconds == rows[i].drain,
		    "webhooks row %zu: drain %llu want %llu", i, c.wh_drain_seconds,
		    rows[i].drain);
		UNIT_CHECK(c.wh_max_in_flight == rows[i].in_flight,
		    "webhooks row %zu: max_in_flight %llu want %llu", i, c.wh_max_in_flight,
		    rows[i].in_flight);
		UNIT_CHECK(c.wh_allow_loopback == rows[i].loopback,
		    "webhooks row %zu: allow_loopback %llu want %llu", i, c.wh_allow_loopback,
		    rows[i].loopback);
		UNIT_CHECK(c.wh_clock_divisor == rows[i].divisor,
		    "webhooks row %zu: divisor %llu want %llu", i, c.wh_clock_divisor,
		    rows[i].divisor);
	}
}

/*
 * Rules across webhooks keys, checked once the file is read: the message
 * is "path: rule" (no line: the keys may be on several).
 */
static void
test_webhooks_rules(void)
{
	static const char lease_rule[] =
	    "webhooks.lease_seconds must exceed webhooks.timeout_seconds";
	static const char loopback_rule[] =
	    "webhooks.allow_loopback is for the sandbox only";
	static const struct { const char *text; const char *why; } rows[] = {
		{ "environment = production\nwebhooks.allow_loopback = 1\n", loopback_rule },
		{ "webhooks.allow_loopback = 1\nenvironment = production\n", loopback_rule },
		{ "webhooks.lease_seconds = 5\nwebhooks.timeout_seconds = 5\n", lease_rule },
		{ "webhooks.timeout_seconds = 5\nwebhooks.lease_seconds = 4\n", lease_rule },
		/* against the timeout the policy decides */
		{ "webhooks.lease_seconds = 10\n", lease_rule },
		{ "webhooks.lease_seconds = 1\n", lease_rule },
		{ "environment = production\nwebhooks.lease_seconds = 30\n", lease_rule },
		{ "webhooks.retry_policy = 1\nwebhooks.lease_seconds = 25\n", lease_rule },
		{ "webhooks.timeout_seconds = 120\nwebhooks.lease_seconds = 120\n", lease_rule },
	};
	size_t i;

	for (i = 0; i < NELEM(rows); i++) {
		struct cfg c;
		char err[512] = "", path[64], want[600];
		int rc = load_text(rows[i].text, &c, err, sizeof(err), path);

		snprintf(want, sizeof(want), "%s: %s", path, rows[i].why);
		UNIT_CHECK(rc == -1, "webhooks rule row %zu: rc %d want -1", i, rc);
		UNIT_CHECK(strcmp(err, want) == 0,
		    "webhooks rule row %zu: err \"%s\" want \"%s\"", i, err, want);
	}
}

static void
test_missing_file(void)
{
	struct cfg c;
	char err[512] = "";
	const char *p = "/nonexistent/cediramp/none.conf";

	cfg_defaults(&c);
	CU_ASSERT_EQUAL(cfg_load(p, &c, err, sizeof(err)), -1);
	CU_ASSERT_STRING_EQUAL(err, "/nonexistent/cediramp/none.conf: cannot open");
	/* the defaults are left as they were */
	CU_ASSERT_STRING_EQUAL(c.environment, "sandbox");
	CU_ASSERT_EQUAL(c.db_port, 3306);
}

/*
 * A path that opens but cannot be read (a directory: fgets fails with
 * EISDIR) must fail like a missing file, not load as an empty file and
 * silently leave every default in place.
 */
static void
test_unreadable_path(void)
{
	struct cfg c;
	char err[512] = "";
	int rc;

	cfg_defaults(&c);
	rc = cfg_load("/", &c, err, sizeof(err));
	UNIT_CHECK(rc == -1, "cfg_load(\"/\") (a directory): rc %d want -1, err \"%s\"",
	    rc, err);
}

static int
suite_init(void)
{
	size_t o;

	/* "\n" then db.user with 64 bytes: one more than the field holds */
	o = (size_t)snprintf(long_value_line, sizeof(long_value_line), "\ndb.user = ");
	memset(long_value_line + o, 'u', 64);
	long_value_line[o + 64] = '\n';
	long_value_line[o + 65] = '\0';
	o = (size_t)snprintf(exact_value_line, sizeof(exact_value_line), "db.user = ");
	memset(exact_value_line + o, 'u', 63);
	exact_value_line[o + 63] = '\n';
	exact_value_line[o + 64] = '\0';
	o = (size_t)snprintf(huge_line, sizeof(huge_line), "db.password = ");
	memset(huge_line + o, 'p', 1200);
	huge_line[o + 1200] = '\n';
	huge_line[o + 1201] = '\0';
	return 0;
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "cfg_defaults", test_defaults },
		{ "cfg_load every key", test_load_every_key },
		{ "cfg_load CRLF file", test_load_crlf },
		{ "cfg_load partial file keeps defaults", test_load_partial_keeps_defaults },
		{ "cfg_load whole-number bounds", test_uint_bounds },
		{ "cfg_load errors name the line", test_errors },
		{ "cfg_load webhooks keys decided", test_webhooks_decided },
		{ "cfg_load webhooks rules across keys", test_webhooks_rules },
		{ "cfg_load missing file", test_missing_file },
		{ "cfg_load unreadable path (directory)", test_unreadable_path },
	};

	return tu_main("cfg", suite_init, NULL, tests, NELEM(tests));
}
