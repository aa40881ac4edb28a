/*
 * kyc_review: what a compliance reviewer reads of one KYC submission
 * (the back office, docs/console.md): its fields, and one of its images
 * opened in memory with kyc.encryption_key. The decisions themselves are
 * kyc_approve and kyc_reject (kyc.h), as `cediramp-admin kyc` takes them.
 *
 * Every function fills the caller's struct outcome (initialised here) and
 * returns its error; none writes anything.
 */
#ifndef CEDIRAMP_KYC_REVIEW_H
#define CEDIRAMP_KYC_REVIEW_H

#include <stddef.h>

#include "core/cfg.h"
#include "domain/wallet/kyc.h"
#include "store/db.h"

/* One submission with everything its user sent but the images. */
struct kyc_detail {
	char id[ID_MAX];
	char wallet_id[USER_WALLET_MAX + 1];
	char user_tier[16];                 /* the user's tier now */
	char document_type[20];
	char document_number[KYC_NUMBER_MAX + 1];
	char full_name[4 * KYC_NAME_MAX + 1]; /* UTF-8 */
	char date_of_birth[11];             /* YYYY-MM-DD */
	char status[12];                    /* pending, approved, rejected */
	char approved_tier[16];             /* "" unless approved */
	char rejection_reason[KYC_REASON_MAX + 1]; /* "" unless rejected */
	char decided_by[12];                /* operator, sandbox; "" while pending */
	char submitted_at[24];
	char decided_at[24];                /* "" while pending */
	int has_back;                       /* 1 when documentBack was sent */
};

/*
 * Submission id ("kyc_...") into out. ERR_VALIDATION (context "id") for
 * a malformed id, ERR_NOT_FOUND for an unknown one.
 */
enum err kyc_detail_get(struct db *db, const char *id, struct kyc_detail *out,
    struct outcome *o);

/*
 * Image role (KYC_FRONT, KYC_BACK or KYC_SELFIE) of submission id,
 * opened with cfg's kyc.encryption_key, into *plain (malloc'd; n bytes;
 * the caller wipes and frees it with kyc_image_free) and its media type
 * into *type ("image/jpeg" or "image/png"; static). Nothing is written
 * anywhere: the plaintext is only in this memory. ERR_VALIDATION (id or
 * role malformed), ERR_NOT_FOUND (no such submission, or no such image:
 * a back never sent), ERR_SERVICE_UNAVAILABLE (no key configured),
 * ERR_INTERNAL (the image does not open under the key: logged, never
 * its bytes).
 */
enum err kyc_image_get(struct db *db, const struct cfg *cfg, const char *id, const char *role,
    unsigned char **plain, size_t *n, const char **type, struct outcome *o);

/* Wipes and frees what kyc_image_get returned (NULL is nothing). */
void kyc_image_free(unsigned char *plain, size_t n);

#endif
