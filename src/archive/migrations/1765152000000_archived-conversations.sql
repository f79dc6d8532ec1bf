-- Up Migration
-- Transcripts of finished human-handover conversations that left Redis with their workflow
-- (docs/retention.md, docs/human-handover.md): one row a message, keyed by the conversation and
-- the stream id the entry had in Redis (<ms>-<seq>), the cursor of GET /v1/workflows/{id}/messages,
-- so a copy repeated after a crash doubles nothing (src/archive/archive-store.ts).
CREATE TABLE archived_conversation_messages (
  tenant_id           text   NOT NULL,
  -- The conversation: the human-handover workflow.
  workflow_id         text   NOT NULL,
  sid_ms              bigint NOT NULL,
  sid_seq             bigint NOT NULL,
  -- The workflow that sent it (a handler's reply, a template notice, the handover's own reply) or
  -- the claimant's message's own; an erasure finds the claimant's records outside the index by it.
  message_workflow_id text,
  -- The message as the API shows it, its delivery as it stood when archived.
  message             jsonb  NOT NULL,
  archived_at         bigint NOT NULL,
  PRIMARY KEY (tenant_id, workflow_id, sid_ms, sid_seq)
);

-- Down Migration
DROP TABLE archived_conversation_messages;
