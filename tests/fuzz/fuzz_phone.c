/*
 * fuzz_phone: the E.164 Ghana mobile number parser (phone_valid) and what
 * reads a valid number (phone_msisdn into buffers of exactly the size it
 * is given, phone_suffix), against an independent reading of the form.
 * Input: a byte for the buffer size, then the number as a C string.
 */
#include <stdlib.h>
#include <string.h>

#include "core/phone.h"

#include "fuzzutil.h"

/* "+233", then 2 or 5, then 8 more digits: 13 characters in all. */
static int
ghana_mobile(const char *s)
{
	if (strlen(s) != 13 || memcmp(s, "+233", 4) != 0 ||
	    (s[4] != '2' && s[4] != '5'))
		return 0;
	for (size_t i = 5; i < 13; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz_in in = { data, size };
	size_t cap = fz_byte(&in) % 32;
	char *s = fz_cut(&in, '\0', NULL), *out = malloc(cap > 0 ? cap : 1);
	int valid = ghana_mobile(s), rc;

	FZ_CHECK(out != NULL);
	FZ_CHECK(phone_valid(s) == valid);
	rc = phone_msisdn(s, out, cap);
	FZ_CHECK(rc == (valid && cap >= PHONE_E164_LEN ? 0 : -1));
	if (rc == 0)
		FZ_CHECK(strcmp(out, s + 1) == 0);
	FZ_CHECK(phone_suffix(s) == (valid ? (s[10] - '0') * 100 +
	    (s[11] - '0') * 10 + (s[12] - '0') : -1));
	FZ_CHECK(phone_valid(NULL) == 0);
	free(out);
	free(s);
	return 0;
}
