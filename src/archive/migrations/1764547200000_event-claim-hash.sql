-- Up Migration
-- A status change's claim_id_hash, kept beside the archived ledger event and outside its hash, so
-- that erasing a claimant can blank it without breaking the chain (docs/audit-ledger.md). Events
-- archived before this column existed carry theirs inside the chained transition.
ALTER TABLE archived_events ADD COLUMN claim_id_hash text;
-- An erasure finds a claimant's archived workflows by the record's phone hash (an erased row has
-- none left, so the index then holds nothing of them either).
CREATE INDEX archived_workflows_phone ON archived_workflows (tenant_id, (record->>'phone_hash'));
-- ... and blanks the unchained claim hash of their events.
CREATE INDEX archived_events_claim ON archived_events (tenant_id, claim_id_hash) WHERE claim_id_hash IS NOT NULL;

-- Down Migration
DROP INDEX archived_events_claim;
DROP INDEX archived_workflows_phone;
ALTER TABLE archived_events DROP COLUMN claim_id_hash;
