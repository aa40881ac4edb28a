#include "store/stmt_internal.h"

/* a partner as the operator lists it (DB_PARTNER_LIST, _PAGE, _DETAIL) */
#define PARTNER_LISTED \
	"SELECT p.public_id, p.name, p.tier, p.environment, " \
	"DATE_FORMAT(p.created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at, " \
	"(SELECT COUNT(*) FROM api_keys k WHERE k.partner_id = p.id " \
	"AND k.revoked_at IS NULL) AS active_keys, " \
	"IF(p.suspended_at IS NULL, 'active', 'suspended') AS status, p.id AS row_id"

const struct db_stmt_def db_stmts_partner[] = {
	{ DB_PARTNER_INSERT,
	    "INSERT INTO partners (public_id, name, tier, environment) "
	    "VALUES (?, ?, ?, ?)" },
	{ DB_PARTNER_BY_PUBLIC_ID,
	    "SELECT id, public_id, name, tier, environment FROM partners "
	    "WHERE public_id = ?" },
	/* by time, the id breaking ties (a Galera cluster's ids interleave) */
	{ DB_PARTNER_LIST, PARTNER_LISTED " FROM partners p ORDER BY p.created_at, p.id" },
	/* by row id, which never changes: a page's next starts after its last */
	{ DB_PARTNER_PAGE,
	    PARTNER_LISTED " FROM partners p WHERE p.environment = ? AND p.id > ? "
	    "ORDER BY p.id LIMIT ?" },
	{ DB_PARTNER_DETAIL,
	    PARTNER_LISTED ", DATE_FORMAT(p.suspended_at, '%Y-%m-%dT%H:%i:%sZ') AS suspended_at, "
	    "p.suspended_reason, DATE_FORMAT(p.tier_changed_at, '%Y-%m-%dT%H:%i:%sZ') AS "
	    "tier_changed_at, p.tier_reason FROM partners p WHERE p.id = ?" },
	{ DB_PARTNER_SUSPEND,
	    "UPDATE partners SET suspended_at = UTC_TIMESTAMP(6), suspended_reason = ? "
	    "WHERE id = ? AND suspended_at IS NULL" },
	{ DB_PARTNER_REACTIVATE,
	    "UPDATE partners SET suspended_at = NULL, suspended_reason = NULL "
	    "WHERE id = ? AND suspended_at IS NOT NULL" },
	{ DB_PARTNER_TIER_SET,
	    "UPDATE partners SET tier = ?, tier_changed_at = UTC_TIMESTAMP(6), tier_reason = ? "
	    "WHERE id = ? AND tier <> ?" },
	{ DB_PARTNER_LOCK, "SELECT id FROM partners WHERE id = ? FOR UPDATE" },
	{ DB_PWALLET_INSERT,
	    "INSERT INTO partner_wallets (address, partner_id, created_at) "
	    "VALUES (?, ?, UTC_TIMESTAMP(6))" },
	{ DB_PWALLET_OWNER, "SELECT partner_id FROM partner_wallets WHERE address = ?" },
	{ DB_PWALLET_DELETE,
	    "DELETE FROM partner_wallets WHERE address = ? AND partner_id = ?" },
	{ DB_PWALLET_LIST,
	    "SELECT w.address, p.public_id, "
	    "DATE_FORMAT(w.created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at "
	    "FROM partner_wallets w JOIN partners p ON p.id = w.partner_id "
	    "WHERE (? IS NULL OR w.partner_id = ?) ORDER BY p.public_id, w.address" },
	/* proofs of control (domain/partner_wallet.c): a challenge, its expiry
	 * as the message shows it, the live ones of (partner, address, chain)
	 * locked, newest first, and using one up */
	{ DB_PWCHAL_INSERT,
	    "INSERT INTO partner_wallet_challenges (nonce, partner_id, address, chain_id, "
	    "created_at, expires_at) VALUES (?, ?, ?, ?, UTC_TIMESTAMP(), "
	    "UTC_TIMESTAMP() + INTERVAL ? SECOND)" },
	{ DB_PWCHAL_EXPIRES,
	    "SELECT DATE_FORMAT(expires_at, '%Y-%m-%dT%H:%i:%sZ') AS expires "
	    "FROM partner_wallet_challenges "
	    "WHERE nonce = ?" },
	{ DB_PWCHAL_LIVE,
	    "SELECT nonce, DATE_FORMAT(expires_at, '%Y-%m-%dT%H:%i:%sZ') AS expires "
	    "FROM partner_wallet_challenges WHERE partner_id = ? AND address = ? AND chain_id = ? "
	    "AND used_at IS NULL AND expires_at > UTC_TIMESTAMP(6) "
	    "ORDER BY expires_at DESC, nonce LIMIT 20 FOR UPDATE" },
	{ DB_PWCHAL_USE,
	    "UPDATE partner_wallet_challenges SET used_at = UTC_TIMESTAMP(6) "
	    "WHERE nonce = ? AND used_at IS NULL" },
	{ DB_STMT__MAX, NULL }
};
