-- Up Migration
-- A status change's claim_id_hash, kept beside the archived ledger event and outside its hash, so
-- that erasing a claimant can blank it without breaking the chain (docs/audit-ledger.md). Events
-- archived before this column existed carry theirs inside the chained transition.
ALTER TABLE archived_events ADD COLUMN claim_id_hash text;

-- Down Migration
ALTER TABLE archived_events DROP COLUMN claim_id_hash;
