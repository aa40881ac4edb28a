#include "core/eip55.h"

#include "core/keccak.h"
#include "core/strict.h"

/* The 40 lowercase hex digits of hex (either case) into lower, with their
 * checksum into out (mixed case); NUL-terminated. */
static void
checksum(const char hex[40], char lower[41], char out[41])
{
	unsigned char h[KECCAK256_LEN];
	size_t i;

	for (i = 0; i < 40; i++)
		lower[i] = (char)(hex[i] >= 'A' && hex[i] <= 'F' ? hex[i] - 'A' + 'a' : hex[i]);
	lower[40] = '\0';
	keccak256(lower, 40, h);
	for (i = 0; i < 40; i++) {
		unsigned nib = i % 2 == 0 ? h[i / 2] >> 4 : h[i / 2] & 15;

		out[i] = (char)(lower[i] >= 'a' && nib >= 8 ? lower[i] - 'a' + 'A' : lower[i]);
	}
	out[40] = '\0';
}

int
eip55_ok(const char *s, size_t n)
{
	char lower[41], mixed[41];
	int upper = 0, low = 0;
	size_t i;

	if (n != 42 || s[0] != '0' || s[1] != 'x')
		return 0;
	for (i = 2; i < n; i++) {
		if (strict_hexval(s[i]) < 0)
			return 0;
		upper |= s[i] >= 'A' && s[i] <= 'F';
		low |= s[i] >= 'a' && s[i] <= 'f';
	}
	if (!(upper && low))
		return 1;
	checksum(s + 2, lower, mixed);
	for (i = 0; i < 40; i++)
		if (mixed[i] != s[2 + i])
			return 0;
	return 1;
}

void
eip55_format(const unsigned char addr[20], char out[EIP55_TEXT])
{
	static const char digits[] = "0123456789abcdef";
	char hex[41], lower[41];
	size_t i;

	for (i = 0; i < 20; i++) {
		hex[2 * i] = digits[addr[i] >> 4];
		hex[2 * i + 1] = digits[addr[i] & 15];
	}
	hex[40] = '\0';
	out[0] = '0';
	out[1] = 'x';
	checksum(hex, lower, out + 2);
}
