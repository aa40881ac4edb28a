/*
 * settings: the sandbox simulators' knobs, kept in sim_settings as name =
 * value text ("momo.health" = "down", "chain.confirm_seconds" = "0", ...;
 * docs/sandbox.md, "Simulator settings"). The simulators read them on each request.
 */
#ifndef CEDIRAMP_SANDBOX_SETTINGS_H
#define CEDIRAMP_SANDBOX_SETTINGS_H

#include "core/outcome.h"
#include "store/db.h"

/* A new sandbox partner's starting USDT and USDC (cediramp-admin partner
 * create; --unfunded: none). */
#define SANDBOX_PARTNER_FUNDS "10000.000000"

#define SANDBOX_SETTING_NAME_MAX 64
#define SANDBOX_SETTING_VALUE_MAX 255

/*
 * Sets the simulator setting name (1..SANDBOX_SETTING_NAME_MAX characters
 * in 0x21..0x7e) to value (0..SANDBOX_SETTING_VALUE_MAX printable ASCII),
 * replacing any earlier value. Only in the sandbox (sandbox non-zero).
 * Fills o and returns ERR_OK, ERR_FORBIDDEN (not the sandbox),
 * ERR_VALIDATION (o names the field; nothing written),
 * ERR_SERVICE_UNAVAILABLE (database down) or ERR_INTERNAL.
 */
enum err sandbox_setting_set(struct db *db, int sandbox, const char *name,
    const char *value, struct outcome *o);

/*
 * The simulator setting name's value into out (cap bytes): 0 when it is
 * set and fits, else -1 (unset, too long, or the database unreachable).
 */
int sandbox_setting_get(struct db *db, const char *name, char *out, size_t cap);

/*
 * The simulator setting name as a whole number up to max (strict: digits
 * only), or dflt when it is unset, malformed or larger.
 */
unsigned long long sandbox_setting_uint(struct db *db, const char *name,
    unsigned long long max, unsigned long long dflt);

#endif
