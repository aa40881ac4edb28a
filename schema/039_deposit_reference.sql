-- One word per meaning (issue 35; docs/design.md, Glossary), continued:
-- a deposit's reference is the unique name it is credited under (an
-- operator's --reference, a sandbox deposit's "sandbox:dp_...", or the
-- deposits worker's "chain:..."), so the same money is never credited
-- twice. It is neither a client's nor a provider's reference:
-- deposit_reference, in both tables, with its unique key. Data kept
-- (RENAME COLUMN and RENAME INDEX change metadata only: instant, and on a
-- Galera cluster replicated as any DDL, in total order).
-- Deploy the code of this version with it: `migrate` runs first.
ALTER TABLE partner_deposits RENAME COLUMN reference TO deposit_reference,
  RENAME INDEX uq_partner_deposits_reference TO uq_partner_deposits_deposit_reference;
ALTER TABLE chain_deposits RENAME COLUMN reference TO deposit_reference,
  RENAME INDEX uq_chain_deposits_reference TO uq_chain_deposits_deposit_reference;
