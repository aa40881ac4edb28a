-- The sandbox's Paystack simulator (lib/sandbox/sim_paystack.c, issue 22),
-- which serves the subset of Paystack's API the paystack adapter speaks
-- under /sim/paystack. Its transfers and charges are sends in
-- sim_momo_transfers like MTN's (one ledger of the simulated networks'
-- accounts, one set of magic suffixes); api says which protocol a send
-- came in, so its final state is called back in that protocol's form
-- (a signed Paystack webhook, or MTN's callback).
ALTER TABLE sim_momo_transfers
  ADD COLUMN IF NOT EXISTS api ENUM('mtn','paystack') NOT NULL DEFAULT 'mtn';

-- Transfer recipients (POST /transferrecipient): one per network and
-- wallet, as Paystack answers the existing recipient for a known account.
CREATE TABLE IF NOT EXISTS sim_paystack_recipients (
  recipient_code  VARCHAR(32) NOT NULL PRIMARY KEY,
  network         VARCHAR(16) NOT NULL,
  account_number  CHAR(10) NOT NULL,
  name            VARCHAR(100) NOT NULL,
  created_at      DATETIME(6) NOT NULL,
  UNIQUE KEY uq_sim_paystack_recipients (network, account_number)
) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin;
