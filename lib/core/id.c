#include "core/id.h"

#include <string.h>
#include <openssl/rand.h>

static const char b62[] =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

int
id_random(char *out, size_t cap, const char *prefix, size_t nchars)
{
	size_t plen = strlen(prefix), i = 0;
	unsigned char rnd[64];

	if (plen + nchars + 1 > cap)
		return -1;
	memcpy(out, prefix, plen);
	while (i < nchars) {
		size_t j;

		if (RAND_bytes(rnd, sizeof(rnd)) != 1)
			return -1;
		/* Rejection sampling keeps every character equally likely. */
		for (j = 0; j < sizeof(rnd) && i < nchars; j++)
			if (rnd[j] < 248)
				out[plen + i++] = b62[rnd[j] % 62];
	}
	out[plen + nchars] = '\0';
	return 0;
}

int
id_new(char *out, size_t cap, const char *prefix)
{
	return id_random(out, cap, prefix, ID_RANDOM_CHARS);
}

void
id_hex(const unsigned char *in, size_t n, char *out)
{
	static const char hex[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < n; i++) {
		out[2 * i] = hex[in[i] >> 4];
		out[2 * i + 1] = hex[in[i] & 15];
	}
	out[2 * n] = '\0';
}

int
id_has_shape(const char *s, const char *prefix)
{
	size_t i, n = s ? strlen(s) : 0, p = strlen(prefix);

	if (n <= p || n >= ID_MAX || memcmp(s, prefix, p) != 0)
		return 0;
	for (i = p; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= 'A' && s[i] <= 'Z')))
			return 0;
	return 1;
}
