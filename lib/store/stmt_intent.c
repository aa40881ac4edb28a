#include "store/stmt_internal.h"

/* A partner's payment intents narrowed by the list filters, each given
 * twice (NULL: no filter): status, from, to (DATETIME text), reference_id. */
#define INTENT_FILTER "partner_id = ? AND (? IS NULL OR status = ?) " \
	"AND (? IS NULL OR created_at >= ?) AND (? IS NULL OR created_at <= ?) " \
	"AND (? IS NULL OR reference_id = ?) "

const struct db_stmt_def db_stmts_intent[] = {
	{ DB_PI_INSERT,
	    "INSERT INTO payment_intents (id, partner_id, reference_id, request_hash, amount, "
	    "currency, fee, net_amount, payer_phone, mobile_network, description, metadata, "
	    "status, provider_ref, expires_at, created_at, updated_at, next_check_at) "
	    "VALUES (?, ?, ?, ?, ?, 'GHS', ?, ?, ?, ?, ?, ?, 'pending_approval', ?, "
	    "UTC_TIMESTAMP(6) + INTERVAL ? SECOND, UTC_TIMESTAMP(6), UTC_TIMESTAMP(6), "
	    "UTC_TIMESTAMP(6))" },
	/* the same create again finds the first, wherever it was written
	 * (SYNC_READ: wait for the cluster) */
	{ DB_PI_BY_REFERENCE,
	    SYNC_READ "SELECT " INTENT_COLS "FROM payment_intents WHERE partner_id = ? AND reference_id = ?" },
	/* the second argument is the owner (an API call's); GET reads what
	 * another node may have just written (SYNC_READ). The workers' read
	 * any owner's through _ANY: no value of an owner means "anyone". */
	{ DB_PI_GET,
	    SYNC_READ "SELECT " INTENT_COLS "FROM payment_intents WHERE id = ? AND partner_id = ?" },
	{ DB_PI_LOCK,
	    "SELECT " INTENT_COLS "FROM payment_intents WHERE id = ? AND partner_id = ? "
	    "FOR UPDATE" },
	{ DB_PI_GET_ANY,
	    SYNC_READ "SELECT " INTENT_COLS "FROM payment_intents WHERE id = ?" },
	{ DB_PI_LOCK_ANY,
	    "SELECT " INTENT_COLS "FROM payment_intents WHERE id = ? FOR UPDATE" },
	/* one transition: from the state it leaves (arguments: to x5, reason,
	 * id, from); open states are checked again at once */
	{ DB_PI_MOVE,
	    "UPDATE payment_intents SET status = ?, updated_at = UTC_TIMESTAMP(6), "
	    "approved_at = IF(? = 'approved', UTC_TIMESTAMP(6), approved_at), "
	    "completed_at = IF(? = 'completed', UTC_TIMESTAMP(6), completed_at), "
	    "next_check_at = IF(? IN ('pending_approval', 'approved', 'expired'), "
	    "UTC_TIMESTAMP(6), NULL), "
	    "late = IF(? = 'completed' AND expires_at < UTC_TIMESTAMP(6), 1, late), "
	    "failure_reason = COALESCE(?, failure_reason), lease_until = NULL "
	    "WHERE id = ? AND status = ?" },
	{ DB_PI_SENT, "UPDATE payment_intents SET sends = sends + 1 WHERE id = ?" },
	/* backoff with age: at least ? seconds, a tenth of the intent's age,
	 * at most a minute */
	{ DB_PI_CHECK_LATER,
	    "UPDATE payment_intents SET next_check_at = UTC_TIMESTAMP(6) + INTERVAL "
	    "LEAST(60, GREATEST(?, TIMESTAMPDIFF(SECOND, created_at, UTC_TIMESTAMP()) DIV 10)) "
	    "SECOND, lease_until = NULL WHERE id = ? AND status IN ('pending_approval', 'approved')" },
	/* (an intent held for review is never claimed, expired or hinted:
	 * an operator settles it) */
	{ DB_PI_CLAIM,
	    "SELECT id FROM payment_intents WHERE status IN ('pending_approval', 'approved') "
	    "AND next_check_at <= UTC_TIMESTAMP(6) AND held_at IS NULL "
	    "AND (lease_until IS NULL OR lease_until < UTC_TIMESTAMP(6)) "
	    "ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED" },
	{ DB_PI_EXPIRE_CLAIM,
	    "SELECT id FROM payment_intents WHERE status = 'pending_approval' "
	    "AND expires_at <= UTC_TIMESTAMP(6) AND held_at IS NULL "
	    "AND (lease_until IS NULL OR lease_until < UTC_TIMESTAMP(6)) "
	    "ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED" },
	{ DB_PI_LEASE,
	    "UPDATE payment_intents SET lease_until = UTC_TIMESTAMP(6) + INTERVAL ? SECOND "
	    "WHERE id = ?" },
	/* the list's total, reading at most the last argument's rows (a cap:
	 * db_count_upto); without a filter, one index alone */
	{ DB_PI_COUNT,
	    "SELECT COUNT(*) AS total FROM (SELECT 1 FROM payment_intents WHERE " INTENT_FILTER
	    "LIMIT ?) t" },
	{ DB_PI_COUNT_ALL,
	    "SELECT COUNT(*) AS total FROM (SELECT 1 FROM payment_intents WHERE partner_id = ? "
	    "LIMIT ?) t" },
	{ DB_PI_PAGE,
	    "SELECT " INTENT_COLS "FROM payment_intents WHERE " INTENT_FILTER
	    "ORDER BY payment_intents.created_at DESC, id DESC LIMIT ? OFFSET ?" },
	/* collections credited after their intent's time to live (reconcile) */
	{ DB_PI_LATE,
	    "SELECT id, partner_id, net_amount, "
	    "DATE_FORMAT(expires_at, '%Y-%m-%dT%H:%i:%sZ') AS expires_at, "
	    "DATE_FORMAT(completed_at, '%Y-%m-%dT%H:%i:%sZ') AS completed_at "
	    "FROM payment_intents WHERE late = 1 ORDER BY payment_intents.completed_at" },
	/* a provider's callback (a hint): the worker asks about it at once */
	{ DB_PI_CHECK_NOW,
	    "UPDATE payment_intents SET next_check_at = UTC_TIMESTAMP(6), "
	    "hinted_at = UTC_TIMESTAMP(6), hints = hints + 1 WHERE "
	    "mobile_network = ? AND (id = ? OR provider_ref = ?) AND "
	    "(status IN ('pending_approval', 'approved') OR "
	    "(status = 'expired' AND next_check_at IS NOT NULL)) AND held_at IS NULL "
	    "AND (hinted_at IS NULL OR hinted_at <= UTC_TIMESTAMP(6) - INTERVAL ? SECOND)" },
	/* expired intents still watched for a late payment (those past the
	 * window were let go first: DB_PI_LATE_EXPIRE_WATCH) */
	{ DB_PI_LATE_CLAIM,
	    "SELECT id FROM payment_intents WHERE status = 'expired' "
	    "AND next_check_at <= UTC_TIMESTAMP(6) AND held_at IS NULL "
	    "AND (lease_until IS NULL OR lease_until < UTC_TIMESTAMP(6)) "
	    "ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED" },
	/* asked again later: a tenth of the time since it expired, 1 min to 1 h */
	{ DB_PI_LATE_LATER,
	    "UPDATE payment_intents SET next_check_at = UTC_TIMESTAMP(6) + INTERVAL "
	    "LEAST(3600, GREATEST(60, TIMESTAMPDIFF(SECOND, expires_at, UTC_TIMESTAMP()) DIV 10)) "
	    "SECOND, lease_until = NULL WHERE id = ? AND status = 'expired'" },
	/* no longer watched: failed at the provider, or past the window */
	{ DB_PI_LATE_STOP,
	    "UPDATE payment_intents SET next_check_at = NULL, lease_until = NULL "
	    "WHERE id = ? AND status = 'expired'" },
	{ DB_PI_LATE_EXPIRE_WATCH,
	    "UPDATE payment_intents SET next_check_at = NULL WHERE status = 'expired' "
	    "AND next_check_at IS NOT NULL AND expires_at <= UTC_TIMESTAMP(6) - INTERVAL ? SECOND "
	    "LIMIT 1000" },
	/* held for review (domain/partner/intent_review.c), as payouts are */
	{ DB_PI_REVIEW_HOLD,
	    "UPDATE payment_intents SET held_at = UTC_TIMESTAMP(6), lease_until = NULL "
	    "WHERE id = ? AND status IN ('pending_approval', 'approved', 'expired') "
	    "AND held_at IS NULL" },
	{ DB_PI_REVIEW_INSERT,
	    "INSERT INTO intent_reviews (intent_id, asked_amount, asked_currency, asked_party, "
	    "answered_amount, answered_currency, answered_party, financial_id, held_at) "
	    "SELECT id, amount, currency, payer_phone, ?, ?, ?, ?, held_at FROM payment_intents "
	    "WHERE id = ?" },
	{ DB_PI_REVIEW_GET,
	    "SELECT r.intent_id AS id, " REVIEW_COLS "i.status "
	    "FROM intent_reviews r JOIN payment_intents i ON i.id = r.intent_id "
	    "WHERE r.intent_id = ? FOR UPDATE" },
	/* those still held, and those decided whose intent is still held (a
	 * resolution cut short: run it again) */
	{ DB_PI_REVIEW_LIST,
	    "SELECT r.intent_id AS id, " REVIEW_COLS "i.status "
	    "FROM intent_reviews r JOIN payment_intents i ON i.id = r.intent_id "
	    "WHERE r.decision IS NULL OR i.held_at IS NOT NULL ORDER BY r.held_at" },
	{ DB_PI_REVIEW_DECIDE,
	    "UPDATE intent_reviews SET decision = ?, reason = ?, resolved_by = ?, "
	    "resolved_at = UTC_TIMESTAMP(6) WHERE intent_id = ? AND decision IS NULL" },
	{ DB_PI_REVIEW_RELEASE,
	    "UPDATE payment_intents SET held_at = NULL WHERE id = ? AND held_at IS NOT NULL" },
	{ DB_STMT__MAX, NULL }
};
