-- Rate-limit counters need not be durable (issue 12): every request wrote
-- and fsynced its windows, the largest share of a read-only request's
-- cost. In the MEMORY engine a hit is an atomic INSERT ... ON DUPLICATE KEY
-- UPDATE under the table's lock, with nothing to flush at commit. A
-- database restart forgets the open windows: callers get fresh ones (a few
-- requests more than the limit at worst, once). Overrides
-- (rate_limit_overrides) stay in InnoDB.
--
-- A MEMORY table holds at most max_heap_table_size bytes, fixed when it is
-- created: 256 MiB is about 2 million windows (~120 bytes each); the
-- expire worker removes closed ones.
SET SESSION max_heap_table_size = 268435456;
ALTER TABLE rate_counters ENGINE=MEMORY;
