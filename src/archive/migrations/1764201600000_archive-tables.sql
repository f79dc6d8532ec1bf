-- Up Migration
-- The archive (docs/retention.md): finished workflow records and ledger events that left Redis.
-- Every copy is idempotent: (tenant_id, workflow_id) and (tenant_id, n) are the keys the archiver
-- inserts on with ON CONFLICT (src/archive/archive-store.ts). Times are epoch milliseconds, as in Redis.

CREATE TABLE archived_workflows (
  tenant_id     text   NOT NULL,
  workflow_id   text   NOT NULL,
  workflow_type text,
  status        text   NOT NULL,
  claim_id_hash text,
  started_at    bigint NOT NULL,
  updated_at    bigint NOT NULL,
  completed_at  bigint,
  -- The Redis hash as it was, field by field: reads rebuild the same resource from it.
  record        jsonb  NOT NULL,
  archived_at   bigint NOT NULL,
  PRIMARY KEY (tenant_id, workflow_id)
);
-- GET /v1/workflows: newest first by (started_at, workflow_id), with each filter.
CREATE INDEX archived_workflows_started ON archived_workflows (tenant_id, started_at DESC, workflow_id DESC);
CREATE INDEX archived_workflows_status ON archived_workflows (tenant_id, status, started_at DESC, workflow_id DESC);
CREATE INDEX archived_workflows_type ON archived_workflows (tenant_id, workflow_type, started_at DESC, workflow_id DESC);
CREATE INDEX archived_workflows_claim ON archived_workflows (tenant_id, claim_id_hash, started_at DESC, workflow_id DESC);
-- The end of archive retention: by completion time.
CREATE INDEX archived_workflows_completed ON archived_workflows (tenant_id, completed_at);

CREATE TABLE archived_events (
  tenant_id   text   NOT NULL,
  n           bigint NOT NULL,
  -- The ledger stream id the event had in Redis (<ms>-<seq>): the API's cursor.
  sid_ms      bigint NOT NULL,
  sid_seq     bigint NOT NULL,
  event_id    text   NOT NULL,
  workflow_id text   NOT NULL,
  stage       text   NOT NULL,
  type        text   NOT NULL,
  at          bigint NOT NULL,
  detail      text   NOT NULL,
  transition  text   NOT NULL,
  prev_hash   text   NOT NULL,
  hash        text   NOT NULL,
  PRIMARY KEY (tenant_id, n)
);
-- GET /v1/audit/events: oldest first by stream id, with each filter.
CREATE UNIQUE INDEX archived_events_sid ON archived_events (tenant_id, sid_ms, sid_seq);
CREATE INDEX archived_events_workflow ON archived_events (tenant_id, workflow_id, sid_ms, sid_seq);
CREATE INDEX archived_events_event_id ON archived_events (tenant_id, event_id);
CREATE INDEX archived_events_type ON archived_events (tenant_id, type, sid_ms, sid_seq);
CREATE INDEX archived_events_stage ON archived_events (tenant_id, stage, sid_ms, sid_seq);
CREATE INDEX archived_events_at ON archived_events (tenant_id, at);

-- Signed truncation checkpoints: where a tenant's archived ledger starts once events older than
-- the archive retention were removed. Verification starts from the latest one.
CREATE TABLE ledger_truncations (
  tenant_id   text   NOT NULL,
  n           bigint NOT NULL,
  hash        text   NOT NULL,
  checkpoint  text   NOT NULL,
  jwk         jsonb  NOT NULL,
  truncated_at bigint NOT NULL,
  PRIMARY KEY (tenant_id, n)
);

-- Down Migration
DROP TABLE ledger_truncations;
DROP TABLE archived_events;
DROP TABLE archived_workflows;
