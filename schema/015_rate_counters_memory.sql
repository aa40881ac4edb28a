-- Superseded by 018_rate_counters_innodb.sql: this migration once moved
-- rate_counters to the MEMORY engine, which a Galera cluster refuses
-- (wsrep_mode=STRICT_REPLICATION: error 4165) and which would count each
-- node's windows apart. It stays a harmless statement so that a fresh
-- database (or cluster) applies it and keeps its number; a database that
-- applied the old body gets InnoDB back from 018.
DO 0;
