-- Provider health, probed on a schedule (issue 25): GET /v1/health, GET
-- /v1/supported-networks and a withdrawal's or intent's network check read
-- the stored state; a request finding one older than health.probe_seconds
-- takes the row's probing lease (one UPDATE: one prober at a time, on any
-- node) and probes that provider, every other request reads on. Rows:
-- 'chain' and 'momo:<NETWORK>', seeded as never checked.
CREATE TABLE IF NOT EXISTS provider_health (
  name           VARCHAR(32) NOT NULL PRIMARY KEY,
  state          ENUM('operational','degraded','down') NOT NULL,
  checked_at     DATETIME(6) NOT NULL,
  probing_until  DATETIME(6) NULL
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;
INSERT IGNORE INTO provider_health (name, state, checked_at) VALUES
  ('chain', 'down', '1970-01-01 00:00:01'),
  ('momo:MTN', 'down', '1970-01-01 00:00:01'),
  ('momo:TELECEL', 'down', '1970-01-01 00:00:01'),
  ('momo:AIRTELTIGO', 'down', '1970-01-01 00:00:01');
