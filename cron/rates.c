/*
 * rates: refreshes fx_rates from the configured feed (rates.source_url).
 * The feed is an HTTP JSON object whose "rates" member (or data.rates)
 * maps coin codes to decimal strings: {"rates": {"USDT": "15.20", ...}}.
 * Coins the feed omits keep their rate and so go stale on their own. Exit
 * status 1 when the feed could not be read, so cron mail says so.
 */
#include <string.h>

#include "domain/ctx.h"
#include "core/currency.h"
#include "domain/fxrate.h"
#include "domain/worker_metrics.h"
#include "core/log.h"
#include "providers/prov_http.h"

int
main(void)
{
	const char *why = "", *code;
	json_t *doc = NULL, *rates, *v;
	struct ctx ctx;
	long status;
	int updated = 0, rc = 1;

	if (ctx_init(&ctx, "rates", 0) != 0)
		goto out;
	if (ctx.cfg.rate_source_url[0] == '\0') {
		log_event("info", "rates: no rates.source_url; nothing to do");
		rc = 0;
		goto out;
	}
	if (prov_http_get_json("rates", "feed", ctx.cfg.rate_source_url,
	    (long)ctx.cfg.provider_timeout_ms, &status, &doc, &why) != 0 ||
	    status != 200) {
		log_event("warn", "rates: feed unavailable (HTTP %ld, %s)", status, why);
		goto out;
	}
	rates = json_object_get(doc, "rates");
	if (rates == NULL)
		rates = json_object_get(json_object_get(doc, "data"), "rates");
	if (!json_is_object(rates)) {
		log_event("warn", "rates: the feed has no rates object");
		goto out;
	}
	json_object_foreach(rates, code, v) {
		struct outcome o;

		outcome_init(&o);
		if (!json_is_string(v) || fxrate_set(ctx.db, code,
		    json_string_value(v), "feed", &o) != ERR_OK) {
			log_event("warn", "rates: %s skipped: %s", code,
			    json_is_string(v) ? o.message : "not a decimal string");
			continue;
		}
		updated++;
	}
	log_event("info", "rates: %d rate(s) updated", updated);
	rc = updated > 0 ? 0 : 1;
out:
	json_decref(doc);
	/* items: the rates set */
	worker_metrics_run(&ctx, (unsigned long long)updated, rc != 0);
	ctx_free(&ctx);
	return rc;
}
