/*
 * migrate: applies schema/NNN_name.sql files in order, each once, recording
 * them in schema_migrations. The only code that runs SQL text it did not
 * compile in: the files are the operator's own DDL, never request input.
 * A lease row in schema_migration_lock (store/migrate_lock.h) keeps two
 * runners from migrating at once, on one server or on different nodes of a
 * Galera cluster (GET_LOCK would hold on one node only): the second waits
 * for the first (up to a minute), then checks each migration again with a
 * read that waits for the cluster, so it applies only what is left, and
 * both succeed.
 */
#ifndef CEDIRAMP_MIGRATE_H
#define CEDIRAMP_MIGRATE_H

#include <stdio.h>

#include "core/cfg.h"

/*
 * Applies the pending migrations in dir. Prints one line per applied file
 * to out. Returns the number applied (0 when up to date), or -1 with the
 * reason printed to stderr.
 */
int migrate_apply(const struct cfg *c, const char *dir, FILE *out);

#endif
