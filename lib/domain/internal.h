/*
 * Internals shared by several domain modules; nothing outside lib/domain
 * includes this header.
 */
#ifndef CEDIRAMP_DOMAIN_INTERNAL_H
#define CEDIRAMP_DOMAIN_INTERNAL_H

#include "core/outcome.h"
#include "store/db.h"

/*
 * The error of a database failure: DB_DOWN, and DB_RETRY (still in
 * conflict after db.c's tries, or a Galera node that could not catch up
 * with the cluster in time), is ERR_SERVICE_UNAVAILABLE: the same request
 * may succeed shortly; anything else ERR_INTERNAL.
 */
static inline enum err
domain_db_err(int rc)
{
	return rc == DB_DOWN || rc == DB_RETRY ? ERR_SERVICE_UNAVAILABLE : ERR_INTERNAL;
}

/*
 * Fills o for a database failure while trying to do what ("store the
 * partner"), with domain_db_err's error. The message never carries the
 * server's own text, since an HTTP caller may show it; a caller that may
 * print it (the admin tool) reads db_error(). Returns the error.
 */
static inline enum err
domain_db_fail(struct outcome *o, int rc, const char *what)
{
	if (domain_db_err(rc) == ERR_SERVICE_UNAVAILABLE)
		return outcome_fail(o, ERR_SERVICE_UNAVAILABLE,
		    "%s: the database is unavailable", what);
	return outcome_fail(o, ERR_INTERNAL, "%s: the database refused it", what);
}

#endif
