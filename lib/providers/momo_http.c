#include "providers/momo.h"

const struct momo_adapter momo_http = {
	"/health",
};
