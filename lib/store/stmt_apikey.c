#include "store/stmt_internal.h"

/* a rolled key authenticates until its overlap ends (expires_at) */
#define LIVE_KEY "AND (k.expires_at IS NULL OR k.expires_at > UTC_TIMESTAMP(6))"

const struct db_stmt_def db_stmts_apikey[] = {
	{ DB_APIKEY_INSERT,
	    "INSERT INTO api_keys (key_id, partner_id, key_hash, environment) "
	    "VALUES (?, ?, ?, ?)" },
	/* the key's own signing flag (5) and its partner's policy (6) */
	{ DB_APIKEY_LOOKUP,
	    "SELECT k.key_hash, k.environment, p.id, p.public_id, p.tier, "
	    "k.signature_required, p.signing, p.suspended_at IS NOT NULL AS suspended "
	    "FROM api_keys k JOIN partners p ON p.id = k.partner_id "
	    "WHERE k.key_id = ? AND k.revoked_at IS NULL " LIVE_KEY },
	/* the same, after the node caught up with the cluster: a key that
	 * the plain read missed may have been issued on another node a
	 * moment ago (domain/apikey.c reads it so only on a miss) */
	{ DB_APIKEY_LOOKUP_SYNC,
	    SYNC_READ "SELECT k.key_hash, k.environment, p.id, p.public_id, p.tier, "
	    "k.signature_required, p.signing, p.suspended_at IS NOT NULL AS suspended "
	    "FROM api_keys k JOIN partners p ON p.id = k.partner_id "
	    "WHERE k.key_id = ? AND k.revoked_at IS NULL " LIVE_KEY },
	/* the same two, the suspension and the tier, read again for a key a
	 * process trusts already (a policy change, a suspension or a tier
	 * reaches every process within a second) */
	{ DB_APIKEY_POLICY,
	    "SELECT k.signature_required, p.signing, p.suspended_at IS NOT NULL AS suspended, "
	    "p.tier FROM api_keys k JOIN partners p ON p.id = k.partner_id "
	    "WHERE k.key_id = ? AND k.revoked_at IS NULL " LIVE_KEY },
	{ DB_APIKEY_REVOKE,
	    "UPDATE api_keys SET revoked_at = UTC_TIMESTAMP(6) "
	    "WHERE key_id = ? AND revoked_at IS NULL" },
	{ DB_APIKEY_REVOKE_PARTNER,
	    "UPDATE api_keys k JOIN partners p ON p.id = k.partner_id "
	    "SET k.revoked_at = UTC_TIMESTAMP(6) "
	    "WHERE p.public_id = ? AND k.revoked_at IS NULL" },
	{ DB_APIKEY_TOUCH,
	    "UPDATE api_keys SET last_used_at = UTC_TIMESTAMP(), "
	    "last_used_address = COALESCE(?, last_used_address) "
	    "WHERE key_id = ? AND (last_used_at IS NULL OR "
	    "last_used_at < UTC_TIMESTAMP() - INTERVAL 1 MINUTE)" },
	/* signed requests (domain/sigkey.c): a key's policy, a partner's
	 * public keys, and the accepted signatures kept against replay */
	{ DB_APIKEY_SET_SIGNATURE_POLICY,
	    "UPDATE api_keys SET signature_required = ? "
	    "WHERE key_id = ? AND environment = ? AND revoked_at IS NULL" },
	{ DB_PARTNER_SIGNING_GET,
	    "SELECT signing FROM partners WHERE public_id = ? AND environment = ?" },
	{ DB_PARTNER_SIGNING_SET,
	    "UPDATE partners SET signing = ? WHERE public_id = ? AND environment = ?" },
	{ DB_SIGKEY_INSERT,
	    "INSERT INTO partner_signing_keys (partner_id, keyid, alg, public_key_pem) "
	    "SELECT p.id, ?, ?, ? FROM partners p WHERE p.public_id = ? AND p.environment = ?" },
	{ DB_SIGKEY_DELETE,
	    "DELETE k FROM partner_signing_keys k JOIN partners p ON p.id = k.partner_id "
	    "WHERE p.public_id = ? AND p.environment = ? AND k.keyid = ?" },
	{ DB_SIGKEY_LIST,
	    "SELECT p.public_id, k.keyid, k.alg, "
	    "DATE_FORMAT(k.created_at, '%Y-%m-%dT%H:%i:%sZ') AS created_at "
	    "FROM partner_signing_keys k JOIN partners p ON p.id = k.partner_id "
	    "WHERE p.environment = ? AND (? IS NULL OR p.public_id = ?) "
	    "ORDER BY p.public_id, k.keyid" },
	{ DB_SIGKEY_FIND,
	    "SELECT alg, public_key_pem FROM partner_signing_keys "
	    "WHERE partner_id = ? AND keyid = ?" },
	/* one atomic INSERT: the primary key refuses a signature seen before
	 * (DB_DUP), on every node of a cluster alike */
	{ DB_SIGSEEN_INSERT,
	    "INSERT INTO request_signatures (partner_id, base_sha256, expires_at) "
	    "VALUES (?, ?, ?)" },
	{ DB_SIGSEEN_EXPIRE,
	    "DELETE FROM request_signatures WHERE expires_at < ? LIMIT 1000" },
	{ DB_STMT__MAX, NULL }
};
