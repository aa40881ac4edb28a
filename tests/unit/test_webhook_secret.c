/*
 * webhook_secret: sealing a webhook secret for its endpoint (round trip,
 * bound to the endpoint id, the key's id and the slot, every byte
 * authenticated, hex checked; an earlier version's binding refused), the
 * keys of the config, read from their own files (modes, owner, content)
 * and their ids, secrets the service makes, and the signature lists of a
 * delivery under one and two secrets against vectors computed with
 * Python's hmac (independent of our code).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "core/cfg.h"
#include "domain/event.h"
#include "domain/webhook_secret.h"
#include "unit.h"

static const char key_hex[] =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
static const char other_hex[] =
    "1f1e1d1c1b1a191817161514131211100f0e0d0c0b0a09080706050403020100";

/* the bindings the tests seal for */
static const struct whsec_bind AB = { "wh_abc", 1, WHSEC_CURRENT };
static const struct whsec_bind ABD = { "wh_abd", 1, WHSEC_CURRENT };
static const struct whsec_bind AB_PREV = { "wh_abc", 1, WHSEC_PREVIOUS };
static const struct whsec_bind AB_KEY2 = { "wh_abc", 2, WHSEC_CURRENT };
static const struct whsec_bind NOID = { "", 1, WHSEC_CURRENT };

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
		UNIT_REQUIRE(whsec_seal_hex(key, &AB, secrets[i], strlen(secrets[i]), hex,
		    sizeof(hex)) == 0, "seal %zu", i);
		UNIT_CHECK(strlen(hex) == 2 * (strlen(secrets[i]) + AEAD_OVERHEAD),
		    "hex length %zu", i);
		UNIT_CHECK(strstr(hex, secrets[i]) == NULL, "clear text in %zu", i);
		UNIT_CHECK(whsec_open_hex(key, &AB, hex, out, sizeof(out), &n) == 0 &&
		    n == strlen(secrets[i]) && strcmp(out, secrets[i]) == 0, "open %zu", i);
		/* a fresh IV every time */
		UNIT_REQUIRE(whsec_seal_hex(key, &AB, secrets[i], strlen(secrets[i]), again,
		    sizeof(again)) == 0, "seal again %zu", i);
		UNIT_CHECK(strcmp(hex, again) != 0, "same bytes twice %zu", i);
	}
	memset(max, 'x', 256);
	max[256] = '\0';
	UNIT_CHECK(whsec_seal_hex(key, &AB, max, 256, hex, sizeof(hex)) == 0 &&
	    whsec_open_hex(key, &AB, hex, out, sizeof(out), &n) == 0 && n == 256,
	    "256 bytes");
	/* upper-case hex, as HEX() gives it, opens too */
	for (i = 0; hex[i] != '\0'; i++)
		if (hex[i] >= 'a' && hex[i] <= 'f')
			hex[i] = (char)(hex[i] - 'a' + 'A');
	UNIT_CHECK(whsec_open_hex(key, &AB, hex, out, sizeof(out), &n) == 0 && n == 256,
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
	UNIT_REQUIRE(whsec_seal_hex(key, &AB, "0123456789abcdef", 16, hex, sizeof(hex)) == 0,
	    "seal");
	/* another endpoint's row, another key: no */
	UNIT_CHECK(whsec_open_hex(key, &ABD, hex, out, sizeof(out), &n) != 0 && n == 0 &&
	    out[0] == '\0', "another endpoint id");
	UNIT_CHECK(whsec_open_hex(other, &AB, hex, out, sizeof(out), &n) != 0, "another key");
	/* the same key under another id, the other slot: no */
	UNIT_CHECK(whsec_open_hex(key, &AB_KEY2, hex, out, sizeof(out), &n) != 0,
	    "another key id");
	UNIT_CHECK(whsec_open_hex(key, &AB_PREV, hex, out, sizeof(out), &n) != 0,
	    "the previous slot");
	/* every byte is authenticated: the IV, the tag, the ciphertext */
	for (i = 0; hex[i] != '\0'; i += 2) {
		memcpy(bad, hex, sizeof(bad));
		bad[i] = bad[i] == '0' ? '1' : '0';
		UNIT_CHECK(whsec_open_hex(key, &AB, bad, out, sizeof(out), &n) != 0,
		    "byte %zu changed", i / 2);
	}
	/* not hex, odd length, too short, truncated, empty, NULL */
	memcpy(bad, hex, sizeof(bad));
	bad[3] = 'g';
	UNIT_CHECK(whsec_open_hex(key, &AB, bad, out, sizeof(out), &n) != 0, "not hex");
	memcpy(bad, hex, sizeof(bad));
	bad[strlen(bad) - 1] = '\0';
	UNIT_CHECK(whsec_open_hex(key, &AB, bad, out, sizeof(out), &n) != 0, "odd length");
	bad[strlen(bad) - 1] = '\0';
	UNIT_CHECK(whsec_open_hex(key, &AB, bad, out, sizeof(out), &n) != 0, "a byte short");
	bad[2 * AEAD_OVERHEAD] = '\0';
	UNIT_CHECK(whsec_open_hex(key, &AB, bad, out, sizeof(out), &n) != 0, "no ciphertext");
	UNIT_CHECK(whsec_open_hex(key, &AB, "", out, sizeof(out), &n) != 0, "empty");
	UNIT_CHECK(whsec_open_hex(key, &AB, NULL, out, sizeof(out), &n) != 0, "NULL");
	UNIT_CHECK(whsec_open_hex(key, &AB, hex, out, 100, &n) != 0, "small out");
	/* sealing: no id, nothing, too long, too small a buffer */
	UNIT_CHECK(whsec_seal_hex(key, &NOID, "0123456789abcdef", 16, bad, sizeof(bad)) != 0,
	    "no id");
	UNIT_CHECK(whsec_seal_hex(key, &AB, "", 0, bad, sizeof(bad)) != 0, "empty secret");
	memset(big, 'x', 257);
	big[257] = '\0';
	UNIT_CHECK(whsec_seal_hex(key, &AB, big, 257, bad, sizeof(bad)) != 0, "257 bytes");
	UNIT_CHECK(whsec_seal_hex(key, &AB, "0123456789abcdef", 16, bad,
	    2 * (16 + AEAD_OVERHEAD)) != 0 && bad[0] == '\0', "hex buffer one short");
}

/* c with the webhook key lines of conf (a config file's text); err (300
 * bytes) says why it was refused. */
static int
load_conf_err(const char *conf, struct cfg *c, char *err)
{
	char path[] = "/tmp/test_webhook_secret_XXXXXX";
	FILE *f;
	int fd = mkstemp(path), rc;

	err[0] = '\0';
	if (fd < 0 || (f = fdopen(fd, "w")) == NULL)
		return -2;
	fprintf(f, "environment = sandbox\n%s", conf);
	fclose(f);
	cfg_defaults(c);
	rc = cfg_load(path, c, err, 300);
	remove(path);
	return rc;
}

static int
load_conf(const char *conf, struct cfg *c)
{
	char err[300];

	return load_conf_err(conf, c, err);
}

/* A key file under dir named name with text, of mode mode; its path into
 * path (cap 200). */
static void
key_file(const char *dir, const char *name, const char *text, mode_t mode, char *path)
{
	FILE *f;

	snprintf(path, 200, "%s/%s", dir, name);
	remove(path);
	f = fopen(path, "w");
	UNIT_REQUIRE(f != NULL, "create %s", path);
	fputs(text, f);
	fclose(f);
	UNIT_REQUIRE(chmod(path, mode) == 0, "chmod %s", path);
}

static void
test_keys(void)
{
	char dir[] = "/tmp/test_webhook_keys_XXXXXX", conf[900], err[300], cur[200], prev[200],
	    path[200], text[80];
	struct whsec_keys k;
	struct cfg c;

	UNIT_REQUIRE(mkdtemp(dir) != NULL, "a directory");
	snprintf(text, sizeof(text), "%s\n", other_hex);
	key_file(dir, "cur.key", text, 0400, cur);
	snprintf(text, sizeof(text), "%s\n", key_hex);
	key_file(dir, "prev.key", text, 0440, prev);

	UNIT_REQUIRE(load_conf("", &c) == 0, "no keys");
	UNIT_CHECK(whsec_keys_load(&c, &k) == -1 && !k.have_cur && !k.have_prev, "none set");
	whsec_keys_wipe(&k);
	snprintf(conf, sizeof(conf), "webhooks.encryption_key_file = %s\n", prev);
	UNIT_REQUIRE(load_conf(conf, &c) == 0, "a key file (0440), the default id");
	UNIT_CHECK(strcmp(c.wh_encryption_key, key_hex) == 0, "its key read");
	UNIT_REQUIRE(whsec_keys_load(&c, &k) == 0 && k.cur_id == 1 && !k.have_prev, "loaded");
	UNIT_CHECK(whsec_key_by_id(&k, "1") == k.cur, "id 1");
	UNIT_CHECK(whsec_key_by_id(&k, "2") == NULL, "id 2");
	UNIT_CHECK(whsec_key_by_id(&k, "01") == NULL, "a leading zero");
	UNIT_CHECK(whsec_key_by_id(&k, "") == NULL && whsec_key_by_id(&k, NULL) == NULL, "no id");
	whsec_keys_wipe(&k);
	snprintf(conf, sizeof(conf), "webhooks.encryption_key_file = %s\n"
	    "webhooks.encryption_key_id = 7\n"
	    "webhooks.previous_encryption_key_file = %s\n"
	    "webhooks.previous_encryption_key_id = 3\n", cur, prev);
	UNIT_REQUIRE(load_conf(conf, &c) == 0, "two key files (0400, 0440)");
	UNIT_REQUIRE(whsec_keys_load(&c, &k) == 0 && k.have_prev, "loaded both");
	UNIT_CHECK(whsec_key_by_id(&k, "7") == k.cur && whsec_key_by_id(&k, "3") == k.prev &&
	    whsec_key_by_id(&k, "1") == NULL, "by id");
	whsec_keys_wipe(&k);
	/* refused: a previous key without an id, or with the current one's */
	snprintf(conf, sizeof(conf), "webhooks.encryption_key_file = %s\n"
	    "webhooks.previous_encryption_key_file = %s\n", cur, prev);
	UNIT_CHECK(load_conf(conf, &c) == -1, "previous key without an id");
	snprintf(conf, sizeof(conf), "webhooks.encryption_key_file = %s\n"
	    "webhooks.previous_encryption_key_file = %s\n"
	    "webhooks.previous_encryption_key_id = 1\n", cur, prev);
	UNIT_CHECK(load_conf(conf, &c) == -1, "previous key with the current id");
	UNIT_CHECK(load_conf("webhooks.encryption_key_id = 0\n", &c) == -1, "key id 0");
	UNIT_CHECK(load_conf("webhooks.encryption_key_id = 65536\n", &c) == -1, "key id 65536");

	/* the key in the shared config: refused, saying where it goes now */
	snprintf(conf, sizeof(conf), "webhooks.encryption_key = %s\n", key_hex);
	UNIT_CHECK(load_conf_err(conf, &c, err) == -1 && strstr(err, "_file") != NULL,
	    "a key in the shared config: %s", err);
	snprintf(conf, sizeof(conf), "webhooks.previous_encryption_key = %s\n", key_hex);
	UNIT_CHECK(load_conf_err(conf, &c, err) == -1, "a previous key in the shared config");

	/* files refused: modes others or the group may write or others read,
	 * another owner, a link, no file, not a key */
	{
		static const mode_t bad_modes[] = { 0600, 0640, 0644, 0444, 0404, 0460, 0500, 04400 };
		size_t i;

		for (i = 0; i < sizeof(bad_modes) / sizeof(bad_modes[0]); i++) {
			key_file(dir, "mode.key", text, bad_modes[i], path);
			snprintf(conf, sizeof(conf), "webhooks.encryption_key_file = %s\n", path);
			UNIT_CHECK(load_conf_err(conf, &c, err) == -1 && strstr(err, "mode") != NULL,
			    "mode %04o: %s", (unsigned)bad_modes[i], err);
		}
	}
	if (geteuid() == 0) {
		key_file(dir, "owner.key", text, 0400, path);
		UNIT_REQUIRE(chown(path, 65534, 65534) == 0, "chown");
		snprintf(conf, sizeof(conf), "webhooks.encryption_key_file = %s\n", path);
		UNIT_CHECK(load_conf_err(conf, &c, err) == -1 && strstr(err, "owned by") != NULL,
		    "another owner: %s", err);
	}
	snprintf(path, sizeof(path), "%s/link.key", dir);
	UNIT_REQUIRE(symlink(cur, path) == 0, "symlink");
	snprintf(conf, sizeof(conf), "webhooks.encryption_key_file = %s\n", path);
	UNIT_CHECK(load_conf(conf, &c) == -1, "a symbolic link");
	snprintf(conf, sizeof(conf), "webhooks.encryption_key_file = %s/none.key\n", dir);
	UNIT_CHECK(load_conf(conf, &c) == -1, "no such file");
	{
		static const char *const bad_text[] = { "", "\n", "0011\n", "secret\n",
			"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1\n",
			"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f0\n",
			"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1z\n",
			"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n\n",
			NULL };
		size_t i;

		for (i = 0; bad_text[i] != NULL; i++) {
			key_file(dir, "text.key", bad_text[i], 0400, path);
			snprintf(conf, sizeof(conf), "webhooks.encryption_key_file = %s\n", path);
			UNIT_CHECK(load_conf(conf, &c) == -1, "key text %zu refused", i);
		}
		/* upper case and CRLF are a key still, read as lowercase */
		key_file(dir, "text.key",
		    "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F\r\n", 0400, path);
		snprintf(conf, sizeof(conf), "webhooks.encryption_key_file = %s\n", path);
		UNIT_CHECK(load_conf(conf, &c) == 0 && strcmp(c.wh_encryption_key, key_hex) == 0,
		    "upper case, CRLF");
	}
	remove(cur);
	remove(prev);
	remove(path);
	snprintf(path, sizeof(path), "%s/link.key", dir);
	remove(path);
	snprintf(path, sizeof(path), "%s/mode.key", dir);
	remove(path);
	snprintf(path, sizeof(path), "%s/owner.key", dir);
	remove(path);
	rmdir(dir);
}

/* Bytes an earlier version sealed (bound to the endpoint alone) do not open
 * as a secret: only cediramp-admin migrate reads them, to seal them again. */
static void
test_earlier_binding(void)
{
	static const char v1_aad[] = "cediramp webhook secret\0wh_abc";
	unsigned char key[AEAD_KEY_BYTES], sealed[WHSEC_SEALED_MAX];
	char hex[WHSEC_HEX_MAX], out[WHSEC_PLAIN_MAX + 1];
	size_t slen = 0, n = 9, i;

	UNIT_REQUIRE(aead_key_from_hex(key_hex, key) == 0, "key");
	UNIT_REQUIRE(aead_seal(key, v1_aad, sizeof(v1_aad) - 1,
	    (const unsigned char *)"0123456789abcdef0123456789abcdef", 32, sealed,
	    sizeof(sealed), &slen) == 0, "sealed as before");
	for (i = 0; i < slen; i++)
		snprintf(hex + 2 * i, 3, "%02x", sealed[i]);
	UNIT_CHECK(whsec_open_hex(key, &AB, hex, out, sizeof(out), &n) != 0 && n == 0 &&
	    out[0] == '\0', "binding 1 refused");
	UNIT_CHECK(whsec_open_hex(key, &AB_PREV, hex, out, sizeof(out), &n) != 0,
	    "binding 1 refused in the previous slot");
}

/* whsec_ and 44 base64 characters of 32 bytes, a new one each time. */
static void
test_generate(void)
{
	char a[WHSEC_GENERATED_LEN + 1], b[WHSEC_GENERATED_LEN + 1], small[WHSEC_GENERATED_LEN];
	unsigned char raw[40];

	UNIT_REQUIRE(whsec_generate(a, sizeof(a)) == 0 && whsec_generate(b, sizeof(b)) == 0,
	    "made");
	UNIT_CHECK(strlen(a) == WHSEC_GENERATED_LEN && strncmp(a, "whsec_", 6) == 0, "shape %s", a);
	UNIT_CHECK(EVP_DecodeBlock(raw, (const unsigned char *)a + 6, 44) == 33 &&
	    a[WHSEC_GENERATED_LEN - 1] == '=', "base64 of 32 bytes");
	UNIT_CHECK(strcmp(a, b) != 0, "two alike");
	UNIT_CHECK(whsec_generate(small, sizeof(small)) != 0 && small[0] == '\0', "small buffer");
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

/* A secret in Standard Webhooks' form: webhook-signature keyed with its
 * decoded bytes, as those libraries do; X-Cediramp-Signature with its
 * characters. python3: k = base64.b64decode(s[6:]); hmac.new(k,
 * b'evt_x.1700000000.' + body, sha256), and hmac.new(s.encode(), body). */
static void
test_sign_whsec_form(void)
{
	static const char body[] = "{\"a\":1}";
	const struct whsec_plain std_form[] = { { "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", 38 } };
	/* not the form: no padding where it is due, 18 bytes, the url alphabet */
	const struct whsec_plain near[] = { { "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaS", 37 },
		{ "whsec_MfKQ9r8GKYqrTwjUPD8ILPZI", 30 },
		{ "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLa-w", 38 } };
	char hex[WHSEC_HEX_LIST_MAX], std[WHSEC_STD_LIST_MAX], as_text[WHSEC_STD_LIST_MAX];
	size_t i;

	UNIT_REQUIRE(whsec_sign(std_form, 1, "evt_x", 1700000000, body, strlen(body), hex,
	    sizeof(hex), std, sizeof(std)) == 0, "signed");
	UNIT_STR_EQ(std, "v1,cC03TVWEbC8wcmQrc7cZtqXJ1bz1o2tmY21UGeklmR8=", "std: decoded key");
	UNIT_STR_EQ(hex, "sha256=45ec03b2b33403c8043a90de06bedad0827183927115fd7e448ef97eeb13c5be",
	    "hex: the characters");
	for (i = 0; i < sizeof(near) / sizeof(near[0]); i++) {
		UNIT_REQUIRE(whsec_sign(&near[i], 1, "evt_x", 1700000000, body, strlen(body), hex,
		    sizeof(hex), std, sizeof(std)) == 0, "signed %zu", i);
		UNIT_REQUIRE(event_sig_std(near[i].s, near[i].n, "evt_x", 1700000000, body,
		    strlen(body), as_text, sizeof(as_text)) == 0, "as text %zu", i);
		UNIT_CHECK(strcmp(std, as_text) == 0, "near %zu keyed with its characters: %s", i, std);
	}
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "seal and open: round trip, fresh IV, 256 bytes, upper-case hex", test_round_trip },
		{ "another id or key, any byte changed, bad hex: refused", test_refused },
		{ "the config's keys, from their own files, and their ids", test_keys },
		{ "signature lists under one and two secrets (python vectors)", test_sign_lists },
		{ "a whsec_ secret: webhook-signature keyed with its bytes (python)", test_sign_whsec_form },
		{ "an earlier version's binding does not open", test_earlier_binding },
		{ "secrets the service makes", test_generate },
	};

	return tu_main("webhook_secret", NULL, NULL, tests, NELEM(tests));
}
