-- Key pairs in the console (issue 36; docs/console.md, "API keys"): a key
-- has a name its partner gives it, the client address it was last used
-- from, and, once rolled, the time its overlap ends (expires_at): past it
-- the key no longer authenticates, as if revoked.
ALTER TABLE api_keys
  ADD COLUMN name VARCHAR(64) NOT NULL DEFAULT '',
  ADD COLUMN last_used_address VARCHAR(64) NULL,
  ADD COLUMN expires_at DATETIME(6) NULL;
