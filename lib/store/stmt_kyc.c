#include "store/stmt_internal.h"

const struct db_stmt_def db_stmts_kyc[] = {
	/* KYC submissions (lib/domain/wallet/kyc.c); the images are sealed BLOBs */
	{ DB_KYC_INSERT,
	    "INSERT INTO kyc_submissions (public_id, user_id, document_type, "
	    "document_number, full_name, date_of_birth, document_front, document_back, "
	    "selfie, submitted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, FROM_UNIXTIME(?))" },
	/* GET /api/users/kyc: the user's tier and latest submission, as an
	 * operator's decision on another node left them (SYNC_READ) */
	{ DB_KYC_LATEST,
	    SYNC_READ "SELECT k.public_id, k.status, "
	    "DATE_FORMAT(k.submitted_at, '%Y-%m-%dT%H:%i:%sZ') AS submitted_at, "
	    "DATE_FORMAT(k.decided_at, '%Y-%m-%dT%H:%i:%sZ') AS decided_at, k.rejection_reason, "
	    "k.document_type, k.approved_tier, u.tier FROM users u "
	    "LEFT JOIN kyc_submissions k ON k.id = (SELECT l.id FROM kyc_submissions l "
	    "WHERE l.user_id = u.id ORDER BY l.submitted_at DESC, l.id DESC LIMIT 1) "
	    "WHERE u.id = ?" },
	/* the submission and its user, both locked for the decision */
	{ DB_KYC_LOCK,
	    "SELECT k.id, k.user_id, k.status, u.wallet_id, u.tier "
	    "FROM kyc_submissions k JOIN users u ON u.id = k.user_id "
	    "WHERE k.public_id = ? FOR UPDATE" },
	{ DB_KYC_APPROVE,
	    "UPDATE kyc_submissions SET status = 'approved', approved_tier = ?, "
	    "decided_by = ?, decided_at = UTC_TIMESTAMP(6) WHERE id = ? AND status = 'pending'" },
	{ DB_KYC_REJECT,
	    "UPDATE kyc_submissions SET status = 'rejected', rejection_reason = ?, "
	    "decided_by = ?, decided_at = UTC_TIMESTAMP(6) WHERE id = ? AND status = 'pending'" },
	{ DB_KYC_RAISE_TIER, "UPDATE users SET tier = ? WHERE id = ?" },
	/* pending first, oldest first (the queue; in one second, in the
	 * order they came); then decided, newest first */
	{ DB_KYC_LIST,
	    "SELECT k.public_id, u.wallet_id, k.document_type, k.status, "
	    "DATE_FORMAT(k.submitted_at, '%Y-%m-%dT%H:%i:%sZ') AS submitted_at "
	    "FROM kyc_submissions k JOIN users u ON u.id = k.user_id "
	    "ORDER BY k.status = 'pending' DESC, "
	    "IF(k.status = 'pending', k.submitted_at, NULL), IF(k.status = 'pending', k.id, NULL), "
	    "k.submitted_at DESC, k.id DESC LIMIT ?" },
	/* one submission as the back office's compliance reads it (never
	 * its images), with its user's tier now (SYNC_READ: a decision made on
	 * another node shows) */
	{ DB_KYC_DETAIL,
	    SYNC_READ "SELECT k.public_id, u.wallet_id, u.tier AS user_tier, k.document_type, "
	    "k.document_number, k.full_name, DATE_FORMAT(k.date_of_birth, '%Y-%m-%d') AS date_of_birth, "
	    "k.status, k.approved_tier, k.rejection_reason, k.decided_by, "
	    "DATE_FORMAT(k.submitted_at, '%Y-%m-%dT%H:%i:%sZ') AS submitted_at, "
	    "DATE_FORMAT(k.decided_at, '%Y-%m-%dT%H:%i:%sZ') AS decided_at, "
	    "k.document_back IS NOT NULL AS has_back "
	    "FROM kyc_submissions k JOIN users u ON u.id = k.user_id WHERE k.public_id = ?" },
	/* one sealed image of a submission by its role (the AEAD's associated
	 * data: documentFront, documentBack, selfie), in hex (a cell is text) */
	{ DB_KYC_SEALED,
	    "SELECT HEX(CASE ? WHEN 'documentFront' THEN document_front "
	    "WHEN 'documentBack' THEN document_back WHEN 'selfie' THEN selfie END) AS sealed "
	    "FROM kyc_submissions WHERE public_id = ?" },
	{ DB_STMT__MAX, NULL }
};
