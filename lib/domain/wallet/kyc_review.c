#include "domain/wallet/kyc_review.h"

#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>

#include "core/log.h"
#include "core/strict.h"
#include "domain/internal.h"
#include "store/db_sig.h"

/* How one submission (store/stmt_kyc.h) fills a struct kyc_detail */
static const struct db_field detail_fields[] = { DB_FIELDS(kyc_detail, struct kyc_detail) };

enum err
kyc_detail_get(struct db *db, const char *id, struct kyc_detail *out, struct outcome *o)
{
	struct db_rows rows;
	int rc;

	outcome_init(o);
	memset(out, 0, sizeof(*out));
	if (!id_has_shape(id, KYC_ID_PREFIX))
		return outcome_field(o, ERR_VALIDATION, "id", "a submission id (kyc_...)");
	if ((rc = DB_EXEC(db, DB_KYC_DETAIL, kyc_public, &rows, NULL, .public_id = id)) != DB_OK)
		return domain_db_fail(o, rc, "read the submission");
	if (rows.nrows != 1) {
		db_rows_free(&rows);
		return outcome_fail(o, ERR_NOT_FOUND, "no KYC submission %s", id);
	}
	/* text and a flag only: nothing to fail */
	(void)db_row_read(&rows, 0, detail_fields, DB_NCOLS(kyc_detail), out);
	db_rows_free(&rows);
	return ERR_OK;
}

/* 1 when role is one of the three images' names. */
static int
role_ok(const char *role)
{
	return role != NULL && (strcmp(role, KYC_FRONT) == 0 || strcmp(role, KYC_BACK) == 0 ||
	    strcmp(role, KYC_SELFIE) == 0);
}

/* The hex text s (2n digits) as n bytes into a new buffer *out: 0, or -1
 * (malformed, or out of memory). */
static int
unhex(const char *s, unsigned char **out, size_t *n)
{
	size_t len = strlen(s), i;
	unsigned char *p;

	*out = NULL;
	*n = 0;
	if (len % 2 != 0 || len == 0 || (p = malloc(len / 2)) == NULL)
		return -1;
	for (i = 0; i < len / 2; i++) {
		int hi = strict_hexval(s[2 * i]), lo = strict_hexval(s[2 * i + 1]);

		if (hi < 0 || lo < 0) {
			free(p);
			return -1;
		}
		p[i] = (unsigned char)(hi << 4 | lo);
	}
	*out = p;
	*n = len / 2;
	return 0;
}

enum err
kyc_image_get(struct db *db, const struct cfg *cfg, const char *id, const char *role,
    unsigned char **plain, size_t *n, const char **type, struct outcome *o)
{
	unsigned char key[AEAD_KEY_BYTES], *sealed = NULL;
	const char *hex;
	struct db_rows rows;
	size_t slen = 0;
	enum err e;
	int rc;

	outcome_init(o);
	*plain = NULL;
	*n = 0;
	*type = NULL;
	if (!id_has_shape(id, KYC_ID_PREFIX))
		return outcome_field(o, ERR_VALIDATION, "id", "a submission id (kyc_...)");
	if (!role_ok(role))
		return outcome_field(o, ERR_VALIDATION, "image", "front, back or selfie");
	if (cfg->kyc_encryption_key[0] == '\0')
		return outcome_fail(o, ERR_SERVICE_UNAVAILABLE,
		    "KYC images cannot be opened: kyc.encryption_key is not set");
	if ((rc = DB_EXEC(db, DB_KYC_SEALED, kyc_sealed, &rows, NULL, .role = role,
	    .public_id = id)) != DB_OK)
		return domain_db_fail(o, rc, "read the image");
	hex = rows.nrows == 1 ? db_cell(&rows, 0, DB_COL(kyc_sealed, sealed)) : NULL;
	if (hex == NULL) {
		e = rows.nrows == 1 ? outcome_fail(o, ERR_NOT_FOUND, "%s has no %s image", id, role) :
		    outcome_fail(o, ERR_NOT_FOUND, "no KYC submission %s", id);
		db_rows_free(&rows);
		return e;
	}
	rc = unhex(hex, &sealed, &slen);
	db_rows_free(&rows);
	if (rc != 0 || slen <= AEAD_OVERHEAD) {
		free(sealed);
		return outcome_fail(o, ERR_INTERNAL, "the stored image is malformed");
	}
	if (aead_key_from_hex(cfg->kyc_encryption_key, key) != 0) {
		free(sealed);
		return outcome_fail(o, ERR_INTERNAL, "kyc.encryption_key is malformed");
	}
	e = ERR_OK;
	if ((*plain = malloc(slen - AEAD_OVERHEAD)) == NULL) {
		e = outcome_fail(o, ERR_INTERNAL, "out of memory");
		goto out;
	}
	if (kyc_open_image(key, id, role, sealed, slen, *plain, slen - AEAD_OVERHEAD, n) != 0) {
		log_event("error", "kyc: %s's %s does not open under kyc.encryption_key", id, role);
		e = outcome_fail(o, ERR_INTERNAL, "the image cannot be opened with the key configured");
		goto out;
	}
	/* sealed only after the upload checked its magic bytes */
	if ((*type = kyc_image_type(*plain, *n)) == NULL)
		e = outcome_fail(o, ERR_INTERNAL, "the stored image is neither JPEG nor PNG");
out:
	OPENSSL_cleanse(key, sizeof(key));
	free(sealed);
	if (e != ERR_OK) {
		kyc_image_free(*plain, slen - AEAD_OVERHEAD);
		*plain = NULL;
		*n = 0;
		*type = NULL;
	}
	return e;
}

void
kyc_image_free(unsigned char *plain, size_t n)
{
	if (plain == NULL)
		return;
	OPENSSL_cleanse(plain, n);
	free(plain);
}
