/*
 * keystore_p11 against Debian's SoftHSM2 (a token made here, in a private
 * directory): the operator's key generated in the token, each signature
 * low-S and recovering to the token's address with libsecp256k1, the key's
 * value refused to anyone who asks, the key found again after a reopen,
 * and a wrong PIN refused without echoing it.
 */
#include <CUnit/Basic.h>
#include <openssl/rand.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "providers/keystore_p11.h"
#include "unit.h"

#define MODULE "/usr/lib/softhsm/libsofthsm2.so"
#define TOKEN "cediramp-test"
#define PIN "246810"

static char dir[] = "/tmp/cediramp-p11-XXXXXX";

/* secp256k1's order halved: a low S is at most this */
static const unsigned char half_order[32] = {
	0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0x5d, 0x57, 0x6e, 0x73, 0x57, 0xa4, 0x50, 0x1d, 0xdf, 0xe9, 0x2f, 0x46,
	0x68, 0x1b, 0x20, 0xa0,
};

/* A SoftHSM2 of this test's own, with one token, initialised. */
static int
token_made(void)
{
	char conf[300], cmd[600];
	FILE *f;

	if (mkdtemp(dir) == NULL)
		return -1;
	snprintf(conf, sizeof(conf), "%s/softhsm2.conf", dir);
	snprintf(cmd, sizeof(cmd), "%s/tokens", dir);
	if (mkdir(cmd, 0700) != 0 || (f = fopen(conf, "w")) == NULL)
		return -1;
	fprintf(f, "directories.tokendir = %s/tokens\nobjectstore.backend = file\n"
	    "log.level = ERROR\n", dir);
	fclose(f);
	setenv("SOFTHSM2_CONF", conf, 1);
	snprintf(cmd, sizeof(cmd), "softhsm2-util --init-token --free --label %s --pin %s "
	    "--so-pin 13579 > %s/init.log 2>&1", TOKEN, PIN, dir);
	return system(cmd) == 0 ? 0 : -1;
}

static int
suite_init(void)
{
	return token_made();
}

static int
suite_clean(void)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static void
test_sign_recover(void)
{
	unsigned char addr[EVM_ADDR_LEN], got[EVM_ADDR_LEN], again[EVM_ADDR_LEN], digest[32],
	    rs[64];
	struct p11_store *s;
	char why[300] = "";
	int i, recid;

	s = p11_open(MODULE, TOKEN, PIN, "operator", 1, why, sizeof(why));
	UNIT_REQUIRE(s != NULL, "p11_open: %s", why);
	p11_address(s, addr);
	for (i = 0; i < 32; i++) {
		UNIT_REQUIRE(RAND_bytes(digest, sizeof(digest)) == 1, "RAND_bytes");
		UNIT_CHECK(p11_sign(s, digest, rs, &recid) == 0, "signature %d", i);
		UNIT_CHECK(memcmp(rs + 32, half_order, 32) <= 0, "signature %d: S is high", i);
		UNIT_CHECK(recid == 0 || recid == 1, "signature %d: recovery id %d", i, recid);
		UNIT_CHECK(evm_key_recover(digest, rs, recid, got) == 0 &&
		    memcmp(got, addr, sizeof(addr)) == 0, "signature %d recovers another address", i);
	}
	/* the token keeps the key: it cannot be read out */
	CU_ASSERT_EQUAL(p11_key_sealed(s), 1);
	p11_close(s);
	/* the same key after a reopen, not a new one */
	s = p11_open(MODULE, TOKEN, PIN, "operator", 0, why, sizeof(why));
	UNIT_REQUIRE(s != NULL, "p11_open again: %s", why);
	p11_address(s, again);
	CU_ASSERT_EQUAL(memcmp(addr, again, sizeof(addr)), 0);
	p11_close(s);
}

static void
test_refusals(void)
{
	char why[300] = "";

	CU_ASSERT_PTR_NULL(p11_open(MODULE, TOKEN, "999999", "operator", 0, why, sizeof(why)));
	UNIT_CHECK(strstr(why, "refused the PIN") != NULL && strstr(why, "999999") == NULL,
	    "wrong PIN: %s", why);
	CU_ASSERT_PTR_NULL(p11_open(MODULE, "no-such-token", PIN, "operator", 0, why,
	    sizeof(why)));
	UNIT_CHECK(strstr(why, "no token labelled no-such-token") != NULL, "no token: %s", why);
	CU_ASSERT_PTR_NULL(p11_open(MODULE, TOKEN, PIN, "no-such-key", 0, why, sizeof(why)));
	UNIT_CHECK(strstr(why, "no secp256k1 key pair labelled no-such-key") != NULL,
	    "no key: %s", why);
	CU_ASSERT_PTR_NULL(p11_open("/nonexistent/module.so", TOKEN, PIN, "operator", 0, why,
	    sizeof(why)));
	UNIT_CHECK(strstr(why, "/nonexistent/module.so") != NULL, "no module: %s", why);
}

static const struct tu_test tests[] = {
	{ "a key made in SoftHSM2 signs low-S, recovering to its address; sealed; kept",
	    test_sign_recover },
	{ "a wrong PIN, token, key or module refused (the PIN never echoed)", test_refusals },
};

int
main(void)
{
	return tu_main("keystore_p11", suite_init, suite_clean, tests, NELEM(tests));
}
