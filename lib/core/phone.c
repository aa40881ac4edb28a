#include "core/phone.h"

#include <string.h>

int
phone_valid(const char *s)
{
	size_t i;

	if (s == NULL || strlen(s) != PHONE_E164_LEN || strncmp(s, "+233", 4) != 0)
		return 0;
	if (s[4] != '2' && s[4] != '5')
		return 0;
	for (i = 4; i < PHONE_E164_LEN; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

int
phone_msisdn(const char *e164, char *out, size_t cap)
{
	if (!phone_valid(e164) || cap < PHONE_E164_LEN)
		return -1;
	memcpy(out, e164 + 1, PHONE_E164_LEN); /* the digits and the NUL */
	return 0;
}

int
phone_suffix(const char *e164)
{
	const char *d;

	if (!phone_valid(e164))
		return -1;
	d = e164 + PHONE_E164_LEN - 3;
	return (d[0] - '0') * 100 + (d[1] - '0') * 10 + (d[2] - '0');
}
