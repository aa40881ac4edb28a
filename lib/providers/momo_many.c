#include "providers/momo_many.h"

#include <openssl/crypto.h>
#include <stdlib.h>
#include <string.h>

/* Asks a's status alone (transfer_status). */
static void
ask_alone(struct momo_ask *a)
{
	a->rc = a->m->ops->transfer_status(&a->m->ep, a->provider_ref, &a->st);
}

void
momo_transfer_status_many(struct momo_ask *asks, size_t n, unsigned max_in_flight)
{
	struct momo_read *rd = NULL;
	struct prov_req *reqs = NULL;
	struct prov_call *calls = NULL;
	size_t *of = NULL, i, k = 0;
	int *rcs = NULL, again;

	if (n == 0)
		return;
	rd = calloc(n, sizeof(*rd));
	reqs = calloc(n, sizeof(*reqs));
	calls = calloc(n, sizeof(*calls));
	of = calloc(n, sizeof(*of));
	rcs = calloc(n, sizeof(*rcs));
	if (rd == NULL || reqs == NULL || calls == NULL || of == NULL || rcs == NULL) {
		for (i = 0; i < n; i++)
			ask_alone(&asks[i]);
		goto out;
	}
	/* the reads: those that cannot be made have their answer already */
	for (i = 0; i < n; i++) {
		memset(&asks[i].st, 0, sizeof(asks[i].st));
		asks[i].rc = asks[i].m->ops->transfer_status_read(&asks[i].m->ep,
		    asks[i].provider_ref, &rd[k]);
		if (asks[i].rc == MOMO_OK) {
			reqs[k] = rd[k].req;
			of[k++] = i;
		}
	}
	prov_http_many(reqs, k, max_in_flight, calls, rcs);
	for (i = 0; i < k; i++) {
		struct momo_ask *a = &asks[of[i]];

		a->rc = a->m->ops->transfer_status_answer(&a->m->ep, &rd[i], rcs[i],
		    &calls[i], &a->st, &again);
		prov_call_free(&calls[i]);
		if (again)
			ask_alone(a);
	}
out:
	if (rd != NULL)
		OPENSSL_cleanse(rd, n * sizeof(*rd)); /* the reads' credentials */
	free(rd);
	free(reqs);
	free(calls);
	free(of);
	free(rcs);
}
