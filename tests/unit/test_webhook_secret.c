/*
 * webhook_secret: sealing a webhook secret for its endpoint (round trip,
 * bound to the endpoint id and the key, every byte authenticated, hex
 * checked), the keys of the config and their ids, and the signature lists
 * of a delivery under one and two secrets against vectors computed with
 * Python's hmac (independent of our code).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cfg.h"
#include "domain/webhook_secret.h"
#include "unit.h"

static const char key_hex[] =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
static const char other_hex[] =
    "1f1e1d1c1b1a191817161514131211100f0e0d0c0b0a09080706050403020100";

static void
test_round_trip(void)
{
	static const char *const secrets[] = { "0123456789abcdef", "whsec-test-0123456789 !~",
		"a secret of exactly twenty-nine", NULL };
	unsigned char key[AEAD_KEY_BYTES];
	char hex[WHSEC_HEX_MAX], again[WHSEC_HEX_MAX], out[WHSEC_PLAIN_MAX + 1], max[257];
	size_t i, n;

	UNIT_REQUIRE(aead_key_from_hex(key_hex, key) == 0, "key");
	for (i = 0; secrets[i] != NULL; i++) {
		UNIT_REQUIRE(whsec_seal_hex(key, "wh_abc", secrets[i], strlen(secrets[i]), hex,
		    sizeof(hex)) == 0, "seal %zu", i);
		UNIT_CHECK(strlen(hex) == 2 * (strlen(secrets[i]) + AEAD_OVERHEAD),
		    "hex length %zu", i);
		UNIT_CHECK(strstr(hex, secrets[i]) == NULL, "clear text in %zu", i);
		UNIT_CHECK(whsec_open_hex(key, "wh_abc", hex, out, sizeof(out), &n) == 0 &&
		    n == strlen(secrets[i]) && strcmp(out, secrets[i]) == 0, "open %zu", i);
		/* a fresh IV every time */
		UNIT_REQUIRE(whsec_seal_hex(key, "wh_abc", secrets[i], strlen(secrets[i]), again,
		    sizeof(again)) == 0, "seal again %zu", i);
		UNIT_CHECK(strcmp(hex, again) != 0, "same bytes twice %zu", i);
	}
	memset(max, 'x', 256);
	max[256] = '\0';
	UNIT_CHECK(whsec_seal_hex(key, "wh_abc", max, 256, hex, sizeof(hex)) == 0 &&
	    whsec_open_hex(key, "wh_abc", hex, out, sizeof(out), &n) == 0 && n == 256,
	    "256 bytes");
	/* upper-case hex, as HEX() gives it, opens too */
	for (i = 0; hex[i] != '\0'; i++)
		if (hex[i] >= 'a' && hex[i] <= 'f')
			hex[i] = (char)(hex[i] - 'a' + 'A');
	UNIT_CHECK(whsec_open_hex(key, "wh_abc", hex, out, sizeof(out), &n) == 0 && n == 256,
	    "upper-case hex");
}

static void
test_refused(void)
{
	unsigned char key[AEAD_KEY_BYTES], other[AEAD_KEY_BYTES];
	char hex[WHSEC_HEX_MAX], bad[WHSEC_HEX_MAX], out[WHSEC_PLAIN_MAX + 1], big[258];
	size_t n = 99, i;

	UNIT_REQUIRE(aead_key_from_hex(key_hex, key) == 0, "key");
	UNIT_REQUIRE(aead_key_from_hex(other_hex, other) == 0, "other key");
	UNIT_REQUIRE(whsec_seal_hex(key, "wh_abc", "0123456789abcdef", 16, hex, sizeof(hex)) == 0,
	    "seal");
	/* another endpoint's row, another key: no */
	UNIT_CHECK(whsec_open_hex(key, "wh_abd", hex, out, sizeof(out), &n) != 0 && n == 0 &&
	    out[0] == '\0', "another endpoint id");
	UNIT_CHECK(whsec_open_hex(other, "wh_abc", hex, out, sizeof(out), &n) != 0, "another key");
	/* every byte is authenticated: the IV, the tag, the ciphertext */
	for (i = 0; hex[i] != '\0'; i += 2) {
		memcpy(bad, hex, sizeof(bad));
		bad[i] = bad[i] == '0' ? '1' : '0';
		UNIT_CHECK(whsec_open_hex(key, "wh_abc", bad, out, sizeof(out), &n) != 0,
		    "byte %zu changed", i / 2);
	}
	/* not hex, odd length, too short, truncated, empty, NULL */
	memcpy(bad, hex, sizeof(bad));
	bad[3] = 'g';
	UNIT_CHECK(whsec_open_hex(key, "wh_abc", bad, out, sizeof(out), &n) != 0, "not hex");
	memcpy(bad, hex, sizeof(bad));
	bad[strlen(bad) - 1] = '\0';
	UNIT_CHECK(whsec_open_hex(key, "wh_abc", bad, out, sizeof(out), &n) != 0, "odd length");
	bad[strlen(bad) - 1] = '\0';
	UNIT_CHECK(whsec_open_hex(key, "wh_abc", bad, out, sizeof(out), &n) != 0, "a byte short");
	bad[2 * AEAD_OVERHEAD] = '\0';
	UNIT_CHECK(whsec_open_hex(key, "wh_abc", bad, out, sizeof(out), &n) != 0, "no ciphertext");
	UNIT_CHECK(whsec_open_hex(key, "wh_abc", "", out, sizeof(out), &n) != 0, "empty");
	UNIT_CHECK(whsec_open_hex(key, "wh_abc", NULL, out, sizeof(out), &n) != 0, "NULL");
	UNIT_CHECK(whsec_open_hex(key, "wh_abc", hex, out, 100, &n) != 0, "small out");
	/* sealing: no id, nothing, too long, too small a buffer */
	UNIT_CHECK(whsec_seal_hex(key, "", "0123456789abcdef", 16, bad, sizeof(bad)) != 0,
	    "no id");
	UNIT_CHECK(whsec_seal_hex(key, "wh_abc", "", 0, bad, sizeof(bad)) != 0, "empty secret");
	memset(big, 'x', 257);
	big[257] = '\0';
	UNIT_CHECK(whsec_seal_hex(key, "wh_abc", big, 257, bad, sizeof(bad)) != 0, "257 bytes");
	UNIT_CHECK(whsec_seal_hex(key, "wh_abc", "0123456789abcdef", 16, bad,
	    2 * (16 + AEAD_OVERHEAD)) != 0 && bad[0] == '\0', "hex buffer one short");
}

/* c with the webhook key lines of conf (a config file's text). */
static int
load_conf(const char *conf, struct cfg *c)
{
	char path[] = "/tmp/test_webhook_secret_XXXXXX", err[300];
	FILE *f;
	int fd = mkstemp(path), rc;

	if (fd < 0 || (f = fdopen(fd, "w")) == NULL)
		return -2;
	fprintf(f, "environment = sandbox\n%s", conf);
	fclose(f);
	cfg_defaults(c);
	rc = cfg_load(path, c, err, sizeof(err));
	remove(path);
	return rc;
}

static void
test_keys(void)
{
	char conf[600];
	struct whsec_keys k;
	struct cfg c;

	UNIT_REQUIRE(load_conf("", &c) == 0, "no keys");
	UNIT_CHECK(whsec_keys_load(&c, &k) == -1 && !k.have_cur && !k.have_prev, "none set");
	whsec_keys_wipe(&k);
	snprintf(conf, sizeof(conf), "webhooks.encryption_key = %s\n", key_hex);
	UNIT_REQUIRE(load_conf(conf, &c) == 0, "a key, the default id");
	UNIT_REQUIRE(whsec_keys_load(&c, &k) == 0 && k.cur_id == 1 && !k.have_prev, "loaded");
	UNIT_CHECK(whsec_key_by_id(&k, "1") == k.cur, "id 1");
	UNIT_CHECK(whsec_key_by_id(&k, "2") == NULL, "id 2");
	UNIT_CHECK(whsec_key_by_id(&k, "01") == NULL, "a leading zero");
	UNIT_CHECK(whsec_key_by_id(&k, "") == NULL && whsec_key_by_id(&k, NULL) == NULL, "no id");
	whsec_keys_wipe(&k);
	snprintf(conf, sizeof(conf), "webhooks.encryption_key = %s\nwebhooks.encryption_key_id = 7\n"
	    "webhooks.previous_encryption_key = %s\nwebhooks.previous_encryption_key_id = 3\n",
	    other_hex, key_hex);
	UNIT_REQUIRE(load_conf(conf, &c) == 0, "two keys");
	UNIT_REQUIRE(whsec_keys_load(&c, &k) == 0 && k.have_prev, "loaded both");
	UNIT_CHECK(whsec_key_by_id(&k, "7") == k.cur && whsec_key_by_id(&k, "3") == k.prev &&
	    whsec_key_by_id(&k, "1") == NULL, "by id");
	whsec_keys_wipe(&k);
	/* refused: a previous key without an id, or with the current one's */
	snprintf(conf, sizeof(conf), "webhooks.encryption_key = %s\n"
	    "webhooks.previous_encryption_key = %s\n", other_hex, key_hex);
	UNIT_CHECK(load_conf(conf, &c) == -1, "previous key without an id");
	snprintf(conf, sizeof(conf), "webhooks.encryption_key = %s\n"
	    "webhooks.previous_encryption_key = %s\nwebhooks.previous_encryption_key_id = 1\n",
	    other_hex, key_hex);
	UNIT_CHECK(load_conf(conf, &c) == -1, "previous key with the current id");
	UNIT_CHECK(load_conf("webhooks.encryption_key = 0011\n", &c) == -1, "a short key");
	UNIT_CHECK(load_conf("webhooks.encryption_key_id = 0\n", &c) == -1, "key id 0");
	UNIT_CHECK(load_conf("webhooks.encryption_key_id = 65536\n", &c) == -1, "key id 65536");
}

static void
test_sign_lists(void)
{
	/* python3: hmac.new(key, body, sha256).hexdigest(), and base64 of the
	 * digest of b'evt_x.1700000000.' + body */
	static const char body[] = "{\"a\":1}";
	const struct whsec_plain two[] = { { "whsec-unit-0123456789", 21 },
		{ "whsec-unit-old-abcdef", 21 } };
	char hex[WHSEC_HEX_LIST_MAX], std[WHSEC_STD_LIST_MAX];

	UNIT_REQUIRE(whsec_sign(two, 1, "evt_x", 1700000000, body, strlen(body), hex,
	    sizeof(hex), std, sizeof(std)) == 0, "one secret");
	UNIT_STR_EQ(hex, "sha256=2fbd2a996cfcc81966e07832689b88a75d9ac8b26b492bdd457a89a2dabe4d9c",
	    "one hex");
	UNIT_STR_EQ(std, "v1,DnQ0r0GwPOHxRx5AQcmBjBGRcx/fHoeZcA8KQZsfANY=", "one std");
	UNIT_REQUIRE(whsec_sign(two, 2, "evt_x", 1700000000, body, strlen(body), hex,
	    sizeof(hex), std, sizeof(std)) == 0, "two secrets");
	UNIT_STR_EQ(hex, "sha256=2fbd2a996cfcc81966e07832689b88a75d9ac8b26b492bdd457a89a2dabe4d9c, "
	    "sha256=f50877749158bfda11a8ad90361a0c92976355c93769d60460bcf3edc007b1f3", "two hex");
	UNIT_STR_EQ(std, "v1,DnQ0r0GwPOHxRx5AQcmBjBGRcx/fHoeZcA8KQZsfANY= "
	    "v1,H2evQrQddgFOjNgOTDsNxG0FaKflkiFVzasC5ypXVh0=", "two std");
	/* refused: no secret, three, buffers too small */
	UNIT_CHECK(whsec_sign(two, 0, "evt_x", 1, body, strlen(body), hex, sizeof(hex), std,
	    sizeof(std)) != 0 && hex[0] == '\0' && std[0] == '\0', "none");
	UNIT_CHECK(whsec_sign(two, 3, "evt_x", 1, body, strlen(body), hex, sizeof(hex), std,
	    sizeof(std)) != 0, "three");
	UNIT_CHECK(whsec_sign(two, 2, "evt_x", 1, body, strlen(body), hex, 100, std,
	    sizeof(std)) != 0, "hex list too small");
	UNIT_CHECK(whsec_sign(two, 2, "evt_x", 1, body, strlen(body), hex, sizeof(hex), std,
	    60) != 0, "std list too small");
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "seal and open: round trip, fresh IV, 256 bytes, upper-case hex", test_round_trip },
		{ "another id or key, any byte changed, bad hex: refused", test_refused },
		{ "the config's keys and their ids", test_keys },
		{ "signature lists under one and two secrets (python vectors)", test_sign_lists },
	};

	return tu_main("webhook_secret", NULL, NULL, tests, NELEM(tests));
}
