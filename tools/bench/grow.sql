-- Bulk rows for `make bench`'s growth rows (tools/bench/grow.sh sets the
-- @variables below, then runs this in one session). Everything is made by
-- INSERT ... SELECT over MariaDB's sequence tables (seq_1_to_N), never
-- through the API, and is valid for the schema: foreign keys, CHECKs, and
-- the ledger's invariants (each posting balanced, every cached balance the
-- sum of its entries, no wallet or partner balance below zero), so that
-- cron/reconcile still passes on the result.
--
--   @tag          text in every id made here (a run's rows never collide
--                 with another run's)
--   @hot_user, @hot_partner   the growth rows' two callers
--   @hot_rows     their payouts (the user) and withdrawals (the partner)
--   @hot_deliveries, @hot_intents   the hot partner's delivery log and
--                 payment intents
--   @bench_rows   payouts of each other bench wallet, withdrawals of each
--                 other bench partner (tools/bench/callers.sh's)
--   @filler_users, @filler_user_rows, @filler_user_posted   new wallet
--                 users, each with that many payouts, the first
--                 @filler_user_posted of them posted to the ledger
--   @filler_partners, @filler_partner_rows, @filler_partner_deliveries,
--   @filler_partner_intents   new partners, each with that many
--                 withdrawals (not posted), deliveries and intents
--   @t_end        the newest row's time; each owner's rows reach back
--                 @span_s seconds from it
--
-- Postings: every payout of the hot and bench users and every withdrawal
-- of the hot and bench partners has its hold (2 entries: the owner's
-- balance to house:payouts_in_flight:GHS, or partner:P:USDT to its :held),
-- each owner one funding first (a conversion.completed or partner.deposit
-- of exactly what its holds take). Payouts and withdrawals are completed
-- (every 1,000th filler payout failed and reversed, every 1,000th filler
-- intent a late collection: reconcile lists those), deliveries delivered
-- with one attempt, and the endpoints deleted (nothing new fans out to
-- them).

SET SESSION sql_mode = CONCAT(@@SESSION.sql_mode, ',STRICT_ALL_TABLES');
-- Speed: the rows are made valid (unique ids, owners that exist), so this
-- session skips the server's checks of UNIQUE and FOREIGN KEY on insert
-- (the indexes are still written; CHECKs still hold); rows go in in the
-- order they are made (grow.sh gives the server a buffer pool that holds
-- them), and what is sorted is sorted in memory.
SET SESSION unique_checks = 0, foreign_key_checks = 0, sort_buffer_size = 256 * 1024 * 1024,
  tmp_table_size = 1024 * 1024 * 1024, max_heap_table_size = 1024 * 1024 * 1024;

-- ---- owners ----

CREATE TEMPORARY TABLE fill_user (
  ord      INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  user_id  BIGINT UNSIGNED NOT NULL,
  filler   TINYINT NOT NULL,
  n        INT NOT NULL,
  posted   INT NOT NULL,
  ben_id   VARCHAR(40) NULL,
  phone    CHAR(13) NULL,
  name     VARCHAR(200) NULL,
  fund_ref VARCHAR(40) NULL,
  KEY (fund_ref)
);
INSERT INTO fill_user (user_id, filler, n, posted) VALUES (@hot_user, 0, @hot_rows, @hot_rows);
INSERT INTO fill_user (user_id, filler, n, posted)
  SELECT id, 0, @bench_rows, @bench_rows FROM users
  WHERE wallet_id LIKE '0xbe0c%' AND id <> @hot_user AND @bench_rows > 0 ORDER BY id;
INSERT INTO users (wallet_id, tier, created_at)
  SELECT CONCAT('0xf11e', LPAD(CONV(@nonce, 10, 16), 8, '0'), LPAD(CONV(seq, 10, 16), 28, '0')),
    'verified', @t_end - INTERVAL @span_s SECOND
  FROM seq_1_to_1000000 WHERE seq <= @filler_users;
INSERT INTO fill_user (user_id, filler, n, posted)
  SELECT id, 1, @filler_user_rows, @filler_user_posted FROM users
  WHERE wallet_id LIKE CONCAT('0xf11e', LPAD(CONV(@nonce, 10, 16), 8, '0'), '%') ORDER BY id;
INSERT INTO beneficiaries (id, user_id, provider, phone, account_name, country, currency, created_at)
  SELECT CONCAT('bn_', LEFT(MD5(CONCAT(@tag, 'b', ord)), 24)), user_id, 'MTN',
    CONCAT('+23324', LPAD(ord MOD 10000000, 7, '0')), CONCAT('Fill Wallet ', ord), 'GH', 'GHS',
    @t_end - INTERVAL @span_s SECOND
  FROM fill_user WHERE filler = 1 ORDER BY 1;
UPDATE fill_user u JOIN beneficiaries b ON b.id = (SELECT MIN(id) FROM beneficiaries
    WHERE user_id = u.user_id)
  SET u.ben_id = b.id, u.phone = b.phone, u.name = b.account_name,
    u.fund_ref = CONCAT('cv_', LEFT(MD5(CONCAT(@tag, 'f', u.ord)), 24));

CREATE TEMPORARY TABLE fill_partner (
  ord         INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  partner_id  BIGINT UNSIGNED NOT NULL,
  filler      TINYINT NOT NULL DEFAULT 0,
  n           INT NOT NULL,
  posted      INT NOT NULL,
  deliveries  INT NOT NULL,
  intents     INT NOT NULL,
  endpoint_id BIGINT UNSIGNED NULL,
  fund_ref    VARCHAR(40) NULL,
  KEY (fund_ref)
);
INSERT INTO fill_partner (partner_id, n, posted, deliveries, intents)
  VALUES (@hot_partner, @hot_rows, @hot_rows, @hot_deliveries, @hot_intents);
INSERT INTO fill_partner (partner_id, n, posted, deliveries, intents)
  SELECT id, @bench_rows, @bench_rows, 0, 0 FROM partners
  WHERE name LIKE 'Bench Partner %' AND id <> @hot_partner AND @bench_rows > 0 ORDER BY id;
INSERT INTO partners (public_id, name, tier, environment, created_at)
  SELECT CONCAT('pt_', LEFT(MD5(CONCAT(@tag, 'p', seq)), 24)), CONCAT('Fill Partner ', @tag, ' ', seq),
    'enterprise', 'sandbox', @t_end - INTERVAL @span_s SECOND
  FROM seq_1_to_1000000 WHERE seq <= @filler_partners;
INSERT INTO fill_partner (partner_id, filler, n, posted, deliveries, intents)
  SELECT id, 1, @filler_partner_rows, 0, @filler_partner_deliveries, @filler_partner_intents
  FROM partners WHERE name LIKE CONCAT('Fill Partner ', @tag, ' %') ORDER BY id;
UPDATE fill_partner SET fund_ref = CONCAT('dp_', LEFT(MD5(CONCAT(@tag, 'd', ord)), 24));

-- ---- payouts of wallet users ----

INSERT INTO payouts (id, user_id, beneficiary_id, provider, phone, account_name, amount, fee,
    currency, client_reference, provider_ref, status, failure_reason, sends, created_at, processing_at,
    completed_at, next_check_at, checks, reversed_at)
  SELECT CONCAT('po_', LEFT(MD5(CONCAT(@tag, 'u', u.ord, '-', s.seq)), 24)) AS pid, u.user_id,
    u.ben_id, 'MTN', u.phone, u.name, 5.00, 1.00, 'GHS', 'fill', UUID(),
    IF(u.filler = 1 AND (u.ord * 7919 + s.seq) MOD 1000 = 0, 'failed', 'completed'),
    IF(u.filler = 1 AND (u.ord * 7919 + s.seq) MOD 1000 = 0, 'reversed by the provider', NULL), 1,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / u.n) MICROSECOND,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / u.n) MICROSECOND,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / u.n) MICROSECOND + INTERVAL 10 SECOND,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / u.n) MICROSECOND, 1,
    IF(u.filler = 1 AND (u.ord * 7919 + s.seq) MOD 1000 = 0,
      @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / u.n) MICROSECOND + INTERVAL 1 HOUR, NULL)
  FROM fill_user u JOIN seq_1_to_1000000 s ON s.seq <= u.n;

-- ---- withdrawals and their payouts ----

INSERT INTO withdrawals (id, partner_id, reference_id, request_hash, currency, amount, rate,
    gross_amount, fee, ghs_amount, recipient_phone, mobile_network, status, tx_hash, submits,
    payout_id, created_at, processing_at, completed_at, next_check_at)
  SELECT CONCAT('wd_', LEFT(MD5(CONCAT(@tag, 'w', p.ord, '-', s.seq)), 24)) AS wid, p.partner_id,
    CONCAT('fill-', @tag, '-', s.seq), SHA2(CONCAT(@tag, 'h', p.ord, '-', s.seq), 256), 'USDT',
    1, 15.2, 15.20, 0.15, 15.05, '+233241234567', 'MTN', 'completed',
    CONCAT('0x', SHA2(CONCAT(@tag, 'w', p.ord, '-', s.seq), 256)), 1,
    CONCAT('po_', LEFT(MD5(CONCAT(@tag, 'x', p.ord, '-', s.seq)), 24)),
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.n) MICROSECOND,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.n) MICROSECOND + INTERVAL 5 SECOND,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.n) MICROSECOND + INTERVAL 10 SECOND,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.n) MICROSECOND
  FROM fill_partner p JOIN seq_1_to_1000000 s ON s.seq <= p.n;
INSERT INTO payouts (id, withdrawal_id, provider, phone, amount, fee, currency, provider_ref,
    status, sends, created_at, processing_at, completed_at, next_check_at, checks)
  SELECT CONCAT('po_', LEFT(MD5(CONCAT(@tag, 'x', p.ord, '-', s.seq)), 24)) AS pid,
    CONCAT('wd_', LEFT(MD5(CONCAT(@tag, 'w', p.ord, '-', s.seq)), 24)), 'MTN', '+233241234567',
    15.05, 0.00, 'GHS', UUID(), 'completed', 1,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.n) MICROSECOND + INTERVAL 5 SECOND,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.n) MICROSECOND + INTERVAL 5 SECOND,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.n) MICROSECOND + INTERVAL 10 SECOND,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.n) MICROSECOND + INTERVAL 5 SECOND, 1
  FROM fill_partner p JOIN seq_1_to_1000000 s ON s.seq <= p.n;

-- ---- payment intents (collections) ----

INSERT INTO payment_intents (id, partner_id, reference_id, request_hash, amount, currency, fee,
    net_amount, payer_phone, mobile_network, status, provider_ref, sends, expires_at, late,
    created_at, updated_at, approved_at, completed_at)
  SELECT CONCAT('pi_', LEFT(MD5(CONCAT(@tag, 'i', p.ord, '-', s.seq)), 24)) AS iid, p.partner_id,
    CONCAT('fill-', @tag, '-', s.seq), SHA2(CONCAT(@tag, 'j', p.ord, '-', s.seq), 256),
    100.00, 'GHS', 1.00, 99.00, '+233241234567', 'MTN', 'completed', UUID(), 1,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.intents) MICROSECOND + INTERVAL 15 MINUTE,
    p.filler = 1 AND (p.ord * 7919 + s.seq) MOD 1000 = 0,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.intents) MICROSECOND,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.intents) MICROSECOND + INTERVAL 1 MINUTE,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.intents) MICROSECOND + INTERVAL 1 MINUTE,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.intents) MICROSECOND + INTERVAL 1 MINUTE
  FROM fill_partner p JOIN seq_1_to_1000000 s ON s.seq <= p.intents;

-- ---- webhook endpoints (deleted), events, deliveries, attempts ----

INSERT INTO webhook_endpoints (public_id, subject_kind, subject_id, url, events, secret_sealed,
    secret_key_id, active, created_at, deleted_at)
  SELECT CONCAT('wh_', LEFT(MD5(CONCAT(@tag, 'k', ord)), 24)), 'partner', partner_id,
    'https://example.invalid/hooks/fill', 'withdrawal.completed',
    UNHEX(SHA2(CONCAT(@tag, 's', ord), 512)), 1, 0, @t_end - INTERVAL @span_s SECOND - INTERVAL 1 DAY,
    @t_end + INTERVAL 1 SECOND
  FROM fill_partner WHERE deliveries > 0;
UPDATE fill_partner p JOIN webhook_endpoints e
    ON e.public_id = CONCAT('wh_', LEFT(MD5(CONCAT(@tag, 'k', p.ord)), 24))
  SET p.endpoint_id = e.id;
-- each event announces one of the partner's withdrawals made above
INSERT INTO outbox_events (id, type, subject_kind, subject_id, ref_id, seq, payload, created_at)
  SELECT CONCAT('evt_', LEFT(MD5(CONCAT(@tag, 'e', p.ord, '-', s.seq)), 24)) AS eid,
    'withdrawal.completed', 'partner', p.partner_id,
    CONCAT('wd_', LEFT(MD5(CONCAT(@tag, 'w', p.ord, '-', s.seq)), 24)), 1,
    CONCAT('{"withdrawal_id":"wd_', LEFT(MD5(CONCAT(@tag, 'w', p.ord, '-', s.seq)), 24),
      '","status":"completed","amount":"1.000000","currency":"USDT","ghs_amount":"15.05",',
      '"reference_id":"fill-', @tag, '-', s.seq, '"}'),
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.n) MICROSECOND + INTERVAL 10 SECOND
  FROM fill_partner p JOIN seq_1_to_1000000 s ON s.seq <= LEAST(p.deliveries, p.n);
SET @d0 = (SELECT COALESCE(MAX(id), 0) FROM webhook_deliveries);
INSERT INTO webhook_deliveries (event_id, endpoint_id, status, attempts, round_failures,
    created_at, finished_at)
  SELECT CONCAT('evt_', LEFT(MD5(CONCAT(@tag, 'e', p.ord, '-', s.seq)), 24)), p.endpoint_id,
    'delivered', 1, 0,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.n) MICROSECOND + INTERVAL 10 SECOND AS at,
    @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.n) MICROSECOND + INTERVAL 11 SECOND
  FROM fill_partner p JOIN seq_1_to_1000000 s ON s.seq <= LEAST(p.deliveries, p.n)
  ORDER BY at, p.ord;
INSERT INTO webhook_attempts (delivery_id, attempt, at, response_status, duration_ms)
  SELECT id, 1, created_at, 200, 12 FROM webhook_deliveries WHERE id > @d0 ORDER BY id;

-- ---- the ledger ----

INSERT IGNORE INTO ledger_accounts (code, asset, kind) VALUES
  ('house:pool:GHS', 'GHS', 'house'), ('house:payouts_in_flight:GHS', 'GHS', 'house'),
  ('house:deposits:USDT', 'USDT', 'house');
INSERT IGNORE INTO ledger_accounts (code, asset, kind)
  SELECT CONCAT('user:', user_id, ':GHS'), 'GHS', 'user' FROM fill_user WHERE posted > 0;
INSERT IGNORE INTO ledger_accounts (code, asset, kind)
  SELECT CONCAT('partner:', partner_id, ':USDT'), 'USDT', 'partner' FROM fill_partner WHERE posted > 0;
INSERT IGNORE INTO ledger_accounts (code, asset, kind)
  SELECT CONCAT('partner:', partner_id, ':USDT:held'), 'USDT', 'partner' FROM fill_partner
  WHERE posted > 0;
SET @tx0 = (SELECT COALESCE(MAX(id), 0) FROM ledger_transactions);
SET @e0 = (SELECT COALESCE(MAX(id), 0) FROM ledger_entries);
-- fundings first (older than every hold), then the holds in time order
INSERT INTO ledger_transactions (kind, ref_id, created_at)
  SELECT 'conversion.completed', fund_ref, @t_end - INTERVAL @span_s SECOND - INTERVAL 1 HOUR
  FROM fill_user WHERE posted > 0 ORDER BY ord;
INSERT INTO ledger_transactions (kind, ref_id, created_at)
  SELECT 'partner.deposit', fund_ref, @t_end - INTERVAL @span_s SECOND - INTERVAL 1 HOUR
  FROM fill_partner WHERE posted > 0 ORDER BY ord;
INSERT INTO ledger_transactions (kind, ref_id, created_at)
  SELECT kind, ref, at FROM (
    SELECT 'payout.hold' AS kind, CONCAT('po_', LEFT(MD5(CONCAT(@tag, 'u', u.ord, '-', s.seq)), 24)) AS ref,
      @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / u.n) MICROSECOND AS at
    FROM fill_user u JOIN seq_1_to_1000000 s ON s.seq <= u.posted
    UNION ALL
    SELECT 'withdrawal.hold', CONCAT('wd_', LEFT(MD5(CONCAT(@tag, 'w', p.ord, '-', s.seq)), 24)),
      @t_end - INTERVAL FLOOR(s.seq * @span_s * 1000000 / p.n) MICROSECOND
    FROM fill_partner p JOIN seq_1_to_1000000 s ON s.seq <= p.posted) h
  ORDER BY at, ref;

SET @pool = (SELECT id FROM ledger_accounts WHERE code = 'house:pool:GHS');
SET @flight = (SELECT id FROM ledger_accounts WHERE code = 'house:payouts_in_flight:GHS');
SET @deposits = (SELECT id FROM ledger_accounts WHERE code = 'house:deposits:USDT');
CREATE TEMPORARY TABLE fill_leg (leg TINYINT NOT NULL PRIMARY KEY);
INSERT INTO fill_leg VALUES (1), (2);
-- a user's funding: the pool's GHS to the user, 6.00 for each hold
INSERT INTO ledger_entries (tx_id, account_id, asset, amount)
  SELECT t.id, IF(l.leg = 1, @pool, a.id), 'GHS', IF(l.leg = 1, -6.00, 6.00) * u.posted
  FROM ledger_transactions t JOIN fill_user u ON u.fund_ref = t.ref_id
    JOIN ledger_accounts a ON a.code = CONCAT('user:', u.user_id, ':GHS') JOIN fill_leg l
  WHERE t.id > @tx0 AND t.kind = 'conversion.completed' ORDER BY t.id, l.leg;
-- a partner's deposit: 1 USDT for each hold
INSERT INTO ledger_entries (tx_id, account_id, asset, amount)
  SELECT t.id, IF(l.leg = 1, @deposits, a.id), 'USDT', IF(l.leg = 1, -1, 1) * p.posted
  FROM ledger_transactions t JOIN fill_partner p ON p.fund_ref = t.ref_id
    JOIN ledger_accounts a ON a.code = CONCAT('partner:', p.partner_id, ':USDT') JOIN fill_leg l
  WHERE t.id > @tx0 AND t.kind = 'partner.deposit' ORDER BY t.id, l.leg;
-- a payout's hold: its amount and fee from the user to the in-flight account
INSERT INTO ledger_entries (tx_id, account_id, asset, amount)
  SELECT t.id, IF(l.leg = 1, a.id, @flight), 'GHS', IF(l.leg = 1, -6.00, 6.00)
  FROM ledger_transactions t JOIN payouts p ON p.id = t.ref_id
    JOIN ledger_accounts a ON a.code = CONCAT('user:', p.user_id, ':GHS') JOIN fill_leg l
  WHERE t.id > @tx0 AND t.kind = 'payout.hold' ORDER BY t.id, l.leg;
-- a withdrawal's hold: its coins from the partner's balance to its held one
INSERT INTO ledger_entries (tx_id, account_id, asset, amount)
  SELECT t.id, IF(l.leg = 1, a.id, h.id), 'USDT', IF(l.leg = 1, -1, 1)
  FROM ledger_transactions t JOIN withdrawals w ON w.id = t.ref_id
    JOIN ledger_accounts a ON a.code = CONCAT('partner:', w.partner_id, ':USDT')
    JOIN ledger_accounts h ON h.code = CONCAT('partner:', w.partner_id, ':USDT:held') JOIN fill_leg l
  WHERE t.id > @tx0 AND t.kind = 'withdrawal.hold' ORDER BY t.id, l.leg;
-- the cached balances take the new entries (each owner's sum is zero or
-- positive: its funding covers its holds)
UPDATE ledger_accounts a JOIN (SELECT account_id, SUM(amount) AS total FROM ledger_entries
    WHERE id > @e0 GROUP BY account_id) x ON x.account_id = a.id
  SET a.balance = a.balance + x.total;

-- fresh statistics, as InnoDB would gather them after this many changes
ANALYZE TABLE users, partners, beneficiaries, payouts, withdrawals, payment_intents,
  webhook_endpoints, outbox_events, webhook_deliveries, webhook_attempts, ledger_accounts,
  ledger_transactions, ledger_entries;
