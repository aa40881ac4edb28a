/*
 * Internals shared by several domain modules; nothing outside lib/domain
 * includes this header.
 */
#ifndef CEDIRAMP_DOMAIN_INTERNAL_H
#define CEDIRAMP_DOMAIN_INTERNAL_H

#include "core/outcome.h"
#include "store/db.h"

/*
 * Fills o for a database failure while trying to do what ("store the
 * partner"): DB_DOWN is ERR_SERVICE_UNAVAILABLE, anything else
 * ERR_INTERNAL. The message never carries the server's own text, since
 * an HTTP caller may show it; a caller that may print it (the admin tool)
 * reads db_error(). Returns the error.
 */
static inline enum err
domain_db_fail(struct outcome *o, int rc, const char *what)
{
	if (rc == DB_DOWN)
		return outcome_fail(o, ERR_SERVICE_UNAVAILABLE,
		    "%s: the database is unavailable", what);
	return outcome_fail(o, ERR_INTERNAL, "%s: the database refused it", what);
}

#endif
