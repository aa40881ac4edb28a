#include "providers/momo.h"

/* The HTTP adapter (MTN MoMo Open API); its calls arrive with the wallet
 * payouts work. */
const struct momo_adapter momo_http = {
	.health_path = "/health",
};
