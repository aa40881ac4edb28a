#include "providers/momo.h"

/* The HTTP adapter (MTN MoMo Open API); its calls arrive with the wallet
 * payouts work. */
const struct momo_adapter momo_http = {
	.health_path = "/health",
};

#include <openssl/rand.h>
#include <stdio.h>

int
momo_new_ref(char out[MOMO_REF_LEN + 1])
{
	unsigned char b[16];

	if (RAND_bytes(b, sizeof(b)) != 1)
		return -1;
	b[6] = (unsigned char)((b[6] & 0x0f) | 0x40); /* version 4 */
	b[8] = (unsigned char)((b[8] & 0x3f) | 0x80); /* RFC 4122 variant */
	snprintf(out, MOMO_REF_LEN + 1,
	    "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
	    b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11],
	    b[12], b[13], b[14], b[15]);
	return 0;
}
