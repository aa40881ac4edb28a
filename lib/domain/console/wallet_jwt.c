#include "domain/console/wallet_jwt.h"

#include <stdio.h>
#include <string.h>

#include "core/strict.h"
#include "domain/console/audit.h"
#include "domain/internal.h"
#include "domain/url_policy.h"
#include "store/db_sig.h"

int
wallet_jwt_get(struct db *db, struct wallet_jwt *out)
{
	struct db_rows rows;

	memset(out, 0, sizeof(*out));
	if (DB_EXEC(db, DB_WALLET_JWT_GET, no_args, &rows, NULL) != DB_OK)
		return -1;
	if (rows.nrows == 1) {
		/* as stored: URLs and names may hold any printable text */
		const char *v[4] = { db_cell(&rows, 0, DB_COL(wjwt_row, issuer)),
			db_cell(&rows, 0, DB_COL(wjwt_row, audience)),
			db_cell(&rows, 0, DB_COL(wjwt_row, jwks_url)),
			db_cell(&rows, 0, DB_COL(wjwt_row, updated_at)) };

		snprintf(out->issuer, sizeof(out->issuer), "%s", v[0] ? v[0] : "");
		snprintf(out->audience, sizeof(out->audience), "%s", v[1] ? v[1] : "");
		snprintf(out->jwks_url, sizeof(out->jwks_url), "%s", v[2] ? v[2] : "");
		snprintf(out->updated_at, sizeof(out->updated_at), "%s", v[3] ? v[3] : "");
	}
	db_rows_free(&rows);
	return 0;
}

void
wallet_jwt_effective(const struct cfg *cfg, const struct wallet_jwt *in, struct wallet_jwt *out)
{
	memset(out, 0, sizeof(*out));
	snprintf(out->issuer, sizeof(out->issuer), "%s", in->issuer[0] ? in->issuer :
	    cfg->jwt_issuer);
	snprintf(out->audience, sizeof(out->audience), "%s", in->audience[0] ? in->audience :
	    cfg->jwt_audience);
	snprintf(out->jwks_url, sizeof(out->jwks_url), "%s", in->jwks_url[0] ? in->jwks_url :
	    cfg->jwt_jwks_url);
	snprintf(out->updated_at, sizeof(out->updated_at), "%s", in->updated_at);
}

enum err
wallet_jwt_set(struct db *db, const struct cfg *cfg, const struct console_session *s,
    const struct wallet_jwt *in, const struct console_client *from, struct outcome *o)
{
	int rc;

	outcome_init(o);
	if (in->issuer[0] && !strict_text(in->issuer, 1, WALLET_JWT_CLAIM_MAX))
		return outcome_field(o, ERR_VALIDATION, "issuer", "1 to 255 printable characters");
	if (in->audience[0] && !strict_text(in->audience, 1, WALLET_JWT_CLAIM_MAX))
		return outcome_field(o, ERR_VALIDATION, "audience",
		    "1 to 255 printable characters");
	if (in->jwks_url[0] && url_policy_check(cfg, in->jwks_url, "jwks_url", o) != ERR_OK)
		return o->err;
	if ((rc = DB_EXEC(db, DB_WALLET_JWT_SET, wjwt_set, NULL, NULL,
	    .issuer = in->issuer[0] ? in->issuer : NULL,
	    .audience = in->audience[0] ? in->audience : NULL,
	    .jwks_url = in->jwks_url[0] ? in->jwks_url : NULL, .user_id = s->user_id)) != DB_OK)
		return domain_db_fail(o, rc, "store the JWT settings");
	(void)console_audit(db, 0, s->user_id, "wallet.jwt", "jwt", from);
	o->changed = 1;
	return ERR_OK;
}
