/*
 * kyc: identity checks of wallet users (docs/decisions.md, decisions 5, 6 and 23).
 * A user submits a document (type, number, full name, date of birth) with
 * base64 images of it and a selfie; the submission waits `pending` until
 * an operator (cediramp-admin) or, in the sandbox only, the kyc worker
 * decides it, once: `approved` raises the user's tier (never lowers it),
 * `rejected` carries a reason. The images are sealed with AES-256-GCM
 * under kyc.encryption_key before they reach the database, and are never
 * returned, printed or logged.
 *
 * Every operation fills the caller's struct outcome (initialised here) and
 * returns its error: ERR_OK, ERR_VALIDATION (an input is malformed, its
 * field named in the context; nothing was written), ERR_NOT_FOUND,
 * ERR_SERVICE_UNAVAILABLE (the database is down, or no key is configured)
 * or ERR_INTERNAL. o->changed is 1 once state was committed.
 */
#ifndef CEDIRAMP_KYC_H
#define CEDIRAMP_KYC_H

#include <stddef.h>

#include "core/aead.h"
#include "core/id.h"
#include "core/outcome.h"
#include "domain/caller.h"
#include "domain/ctx.h"
#include "domain/user.h"

#define KYC_ID_PREFIX "kyc_"
#define KYC_NUMBER_MAX 64  /* characters, printable ASCII */
#define KYC_NAME_MAX 200   /* characters (UTF-8), no control characters */
#define KYC_REASON_MAX 200 /* characters, printable ASCII */
#define KYC_MIN_AGE 18     /* years, on the day of the upload (UTC) */
#define KYC_DEFAULT_TIER "verified"

/* The image fields by their API names, also their role in the sealing. */
#define KYC_FRONT "documentFront"
#define KYC_BACK "documentBack"
#define KYC_SELFIE "selfie"

/* A text as received: n bytes at s (borrowed); s NULL when absent. */
struct kyc_text {
	const char *s;
	size_t n;
};

/* An upload, every field as the client sent it (the images in base64). */
struct kyc_upload {
	struct kyc_text document_type;   /* passport, national_id, drivers_license, voter_id */
	struct kyc_text document_number; /* 1..KYC_NUMBER_MAX printable ASCII */
	struct kyc_text full_name;       /* 1..KYC_NAME_MAX characters */
	struct kyc_text date_of_birth;   /* YYYY-MM-DD */
	struct kyc_text front;           /* standard base64 of a JPEG or PNG */
	struct kyc_text back;            /* optional (s NULL: none) */
	struct kyc_text selfie;
};

/* A submission as its owner sees it. */
struct kyc_submission {
	char id[ID_MAX];                       /* "kyc_..." */
	char status[12];                       /* pending, approved, rejected */
	char submitted_at[24];                 /* "YYYY-MM-DDTHH:MM:SSZ" */
	char decided_at[24];                   /* "" until decided */
	char rejection_reason[KYC_REASON_MAX + 1]; /* "" unless rejected */
};

/* What a decision did. */
struct kyc_decision {
	char id[ID_MAX];
	char wallet_id[USER_WALLET_MAX + 1];
	char status[12];       /* approved or rejected */
	char tier_before[16];  /* the user's tier before the decision */
	char tier[16];         /* and after it (raised or kept) */
};

/* One submission as kyc_list shows it (never its images). */
struct kyc_row {
	char id[ID_MAX];
	char wallet_id[USER_WALLET_MAX + 1];
	char document_type[20];
	char status[12];
	char submitted_at[24];
};

/* Why a date of birth is refused. */
enum kyc_dob {
	KYC_DOB_OK = 0,
	KYC_DOB_FORMAT,     /* not YYYY-MM-DD */
	KYC_DOB_NOT_A_DATE, /* no such day (Feb 30), or before 1900 */
	KYC_DOB_FUTURE,     /* after today */
	KYC_DOB_UNDER_AGE   /* younger than KYC_MIN_AGE today */
};

/*
 * Checks the n bytes at s as a date of birth on the UTC day of now (Unix
 * seconds): a real date from 1900-01-01, at least KYC_MIN_AGE years
 * before that day. Someone born on 29 February comes of age on 1 March
 * in a year without one.
 */
enum kyc_dob kyc_dob_check(const char *s, size_t n, long long now);

/* The client-facing reason for a refused date ("" for KYC_DOB_OK). */
const char *kyc_dob_reason(enum kyc_dob d);

/*
 * The media type n bytes at p are by their magic bytes: "image/jpeg"
 * (FF D8 FF) or "image/png" (89 50 4E 47 0D 0A 1A 0A); NULL for
 * anything else.
 */
const char *kyc_image_type(const unsigned char *p, size_t n);

/* 1 when the n bytes at s are one of the four document types. */
int kyc_document_type_ok(const char *s, size_t n);

/*
 * 1 when the n bytes at s are a full name: valid UTF-8, 1..KYC_NAME_MAX
 * characters, no control characters (C0, DEL, C1), not only spaces.
 */
int kyc_name_ok(const char *s, size_t n);

/*
 * Seals the n bytes of an image for submission id as role (KYC_FRONT,
 * KYC_BACK, KYC_SELFIE): aead_seal with associated data id, a NUL byte,
 * role. out needs n + AEAD_OVERHEAD bytes. 0 or -1, as aead_seal.
 */
int kyc_seal_image(const unsigned char key[AEAD_KEY_BYTES], const char *id,
    const char *role, const unsigned char *in, size_t n, unsigned char *out,
    size_t outcap, size_t *outlen);

/*
 * Opens what kyc_seal_image sealed for the same id and role. 0, or -1
 * when the bytes, the id, the role or the key differ (out wiped), as
 * aead_open.
 */
int kyc_open_image(const unsigned char key[AEAD_KEY_BYTES], const char *id,
    const char *role, const unsigned char *in, size_t n, unsigned char *out,
    size_t outcap, size_t *outlen);

/*
 * Stores a submission of the wallet user who, status pending. Checks
 * every field in the order of struct kyc_upload (ERR_VALIDATION naming
 * the first bad one by its API name: documentType, documentNumber,
 * fullName, dateOfBirth, documentFront, documentBack, selfie), decodes
 * each image, requires JPEG or PNG magic bytes, seals it, and inserts the
 * row. Without ctx->cfg.kyc_encryption_key: ERR_SERVICE_UNAVAILABLE and
 * an error log line, before anything else. On ERR_OK, out holds the new
 * submission. Plaintext images are wiped from memory once sealed.
 */
enum err kyc_submit(struct ctx *ctx, const struct caller *who,
    const struct kyc_upload *in, struct kyc_submission *out,
    struct outcome *o);

/*
 * The user's latest submission (the newest by submission time) into out;
 * *found is 0 when the user never submitted one (out then zeroed). The
 * user's tier as it stands now into tier (tier_cap bytes; "" when the
 * user is unknown): read with the submission, after any decision another
 * cluster node committed.
 */
enum err kyc_latest(struct db *db, long long user_id,
    struct kyc_submission *out, int *found, char *tier, size_t tier_cap,
    struct outcome *o);

/*
 * Approves the pending submission id ("kyc_...") and, in the same
 * transaction, raises its user's tier to tier (basic, verified or
 * enterprise; NULL is KYC_DEFAULT_TIER) when that is higher than the
 * user's tier; a higher tier is kept. ERR_VALIDATION for a malformed id
 * or tier, ERR_NOT_FOUND for an unknown id, and ERR_VALIDATION (context
 * "status") for a submission already decided: nothing changes then.
 */
enum err kyc_approve(struct db *db, const char *id, const char *tier,
    struct kyc_decision *out, struct outcome *o);

/* kyc_approve as decided by by (stored with the decision; kyc_approve's
 * is "operator"). */
enum err kyc_approve_by(struct db *db, const char *by, const char *id, const char *tier,
    struct kyc_decision *out, struct outcome *o);

/*
 * Rejects the pending submission id with reason (1..KYC_REASON_MAX
 * printable ASCII characters); the tier is untouched. Errors as
 * kyc_approve.
 */
enum err kyc_reject(struct db *db, const char *id, const char *reason,
    struct kyc_decision *out, struct outcome *o);

/* kyc_reject as decided by by. */
enum err kyc_reject_by(struct db *db, const char *by, const char *id, const char *reason,
    struct kyc_decision *out, struct outcome *o);

/*
 * Called once per submission; row is borrowed for the call only. Non-zero
 * stops the listing (kyc_list still returns ERR_OK).
 */
typedef int (*kyc_row_fn)(const struct kyc_row *row, void *arg);

/*
 * Calls fn for the submissions: pending ones first, oldest first (the
 * queue), then decided ones, newest first; at most 1000 rows.
 */
enum err kyc_list(struct db *db, kyc_row_fn fn, void *arg, struct outcome *o);

#endif
