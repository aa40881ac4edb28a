/*
 * eip55 and personal_sign recovery (issue 34, item 5): the mixed-case
 * checksum against the EIP's own examples, refused typos, and the address
 * recovered from EIP-191 signatures made by npm's ethers 6.17
 * (Wallet("0x11" * 32).signMessage; independent of our code).
 */
#include <stdio.h>
#include <string.h>

#include "core/eip55.h"
#include "core/strict.h"
#include "providers/evm_key.h"
#include "unit.h"

/* EIP-55's examples: all caps, all lower, mixed */
static const char *const eip_examples[] = {
	"0x52908400098527886E0F7030069857D2E4169EE7",
	"0x8617E340B3D01FA5F11F306F4090FD50E238070D",
	"0xde709f2102306220921060314715629080e2fb77",
	"0x27b1fdb04752bbc536007a920d24acb045561c26",
	"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
	"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
	"0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
	"0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
};

static void
test_examples(void)
{
	unsigned char a[20];
	char out[EIP55_TEXT];
	size_t i, j;

	for (i = 0; i < sizeof(eip_examples) / sizeof(eip_examples[0]); i++) {
		const char *s = eip_examples[i];

		UNIT_CHECK(eip55_ok(s, strlen(s)), "example %zu taken", i);
		for (j = 0; j < 20; j++)
			a[j] = (unsigned char)(strict_hexval(s[2 + 2 * j]) << 4 |
			    strict_hexval(s[3 + 2 * j]));
		eip55_format(a, out);
		/* the mixed-case ones are what the format writes */
		if (i >= 4)
			UNIT_STR_EQ(out, s, "format");
	}
}

static void
test_typos(void)
{
	char s[EIP55_TEXT];
	size_t i, refused = 0, letters = 0;

	/* each letter of a checksummed address with its case flipped */
	for (i = 2; i < 42; i++) {
		snprintf(s, sizeof(s), "%s", eip_examples[4]);
		if (!((s[i] >= 'a' && s[i] <= 'f') || (s[i] >= 'A' && s[i] <= 'F')))
			continue;
		letters++;
		s[i] = (char)(s[i] ^ 0x20);
		refused += !eip55_ok(s, strlen(s));
	}
	UNIT_CHECK(letters > 10 && refused == letters, "%zu of %zu flips refused", refused,
	    letters);
	UNIT_CHECK(!eip55_ok("0X5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED", 42), "0X");
	UNIT_CHECK(!eip55_ok("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe", 41), "41 characters");
	UNIT_CHECK(!eip55_ok("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd", 43), "43 characters");
	UNIT_CHECK(!eip55_ok("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg", 42), "not hex");
	UNIT_CHECK(!eip55_ok("5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00", 42), "no 0x");
}

#define KEY11_ADDR "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"

static void
test_personal_recover(void)
{
	static const struct {
		const char *msg;
		const char *sig;
	} rows[] = {
		{ "", "0x2a78cca8e3c7653cb7943898806b3b9d74811a26fa9f9db6c4ba07bf714664cb2f841b084f5264"
		    "df14711a2cc77a6cf0c0cecb6691a132a2a8c6e9321f23d55d1b" },
		{ "cediramp deposit address proof\nPartner: pt_x\nNonce: 00ff",
		    "0x0e73f012b4530a4b2320b9583665e0ed66c3683f4adfead9ad2a1fbd790c2de83df4e9ddf99460"
		    "5d90a0f75d51ddae35046119304d12e09aabd4a01ba1612fa81b" },
	};
	unsigned char a[20];
	char text[EIP55_TEXT], bad[140], hundred[201];
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		UNIT_REQUIRE(evm_personal_recover(rows[i].msg, strlen(rows[i].msg), rows[i].sig,
		    a) == 0, "row %zu recovers", i);
		eip55_format(a, text);
		UNIT_STR_EQ(text, KEY11_ADDR, "the signer");
	}
	/* a message of 200 bytes: the length is written in decimal, "200" */
	memset(hundred, 'x', 200);
	hundred[200] = '\0';
	UNIT_REQUIRE(evm_personal_recover(hundred, 200, "0x0aeb27e71ace56e6b98429f98be80087a1d1f96"
	    "afbca6482ee61d5c6e063f4d82798d686928b2ed7ce72d9a61abbac188915361c97e7c860a5c5bbc9a2357"
	    "1df1c", a) == 0, "200 bytes");
	eip55_format(a, text);
	UNIT_STR_EQ(text, KEY11_ADDR, "the signer of 200 bytes");
	/* another message: another signer (or none), never this one */
	if (evm_personal_recover("cediramp deposit address proof\nPartner: pt_y\nNonce: 00ff",
	    56, rows[1].sig, a) == 0) {
		eip55_format(a, text);
		UNIT_CHECK(strcmp(text, KEY11_ADDR) != 0, "another message, another signer");
	}
	/* v as 0/1 is the same signature; v 29, short, long, not hex: refused */
	snprintf(bad, sizeof(bad), "%s", rows[1].sig);
	memcpy(bad + 130, "00", 2);
	UNIT_CHECK(evm_personal_recover(rows[1].msg, strlen(rows[1].msg), bad, a) == 0 &&
	    (eip55_format(a, text), strcmp(text, KEY11_ADDR) == 0), "v as 0");
	memcpy(bad + 130, "1d", 2);
	UNIT_CHECK(evm_personal_recover(rows[1].msg, strlen(rows[1].msg), bad, a) != 0, "v 29");
	bad[130] = '\0';
	UNIT_CHECK(evm_personal_recover(rows[1].msg, strlen(rows[1].msg), bad, a) != 0, "64 bytes");
	snprintf(bad, sizeof(bad), "%s00", rows[1].sig);
	UNIT_CHECK(evm_personal_recover(rows[1].msg, strlen(rows[1].msg), bad, a) != 0, "66 bytes");
	snprintf(bad, sizeof(bad), "%s", rows[1].sig);
	bad[10] = 'g';
	UNIT_CHECK(evm_personal_recover(rows[1].msg, strlen(rows[1].msg), bad, a) != 0, "not hex");
	UNIT_CHECK(evm_personal_recover(rows[1].msg, strlen(rows[1].msg), rows[1].sig + 2, a) != 0,
	    "no 0x");
	UNIT_CHECK(evm_personal_recover(rows[1].msg, strlen(rows[1].msg), NULL, a) != 0, "NULL");
}

int
main(void)
{
	static const struct tu_test tests[] = {
		{ "EIP-55's examples taken, and formatted", test_examples },
		{ "a checksum typo, a bad shape: refused", test_typos },
		{ "personal_sign: the signer of ethers' signatures", test_personal_recover },
	};

	return tu_main("eip55", NULL, NULL, tests, NELEM(tests));
}
