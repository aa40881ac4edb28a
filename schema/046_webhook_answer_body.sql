-- The first bytes of a receiver's answer (issue 36: the delivery log
-- shows "the first 2 KB of the response body"): at most 2048 bytes read
-- (providers/webhook_http.h), kept as text, each byte of no well-formed
-- UTF-8 shown as '?' (core/textclean.h). NULL: no answer came, or an
-- attempt recorded before this column.
ALTER TABLE webhook_attempts
  ADD COLUMN IF NOT EXISTS response_body VARCHAR(2048) NULL AFTER duration_ms;
