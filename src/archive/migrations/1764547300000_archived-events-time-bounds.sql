-- Up Migration
-- GET /v1/audit/events with a time filter (from/to, on the event's `at`) pages in stream-id order.
-- Scanning the stream-id index and filtering on `at` read every event before the window (about
-- 300 ms to find a window three quarters into a 1,000,000-event ledger, npm run bench:archive-read).
-- The read now first bounds the window's stream ids (min and max sid_ms of the events in it,
-- src/archive/archive-store.ts) from this index alone, an index-only scan of the window, then
-- pages the stream-id index between those bounds. `n` is included for the truncation point's
-- `min(n) ... WHERE at >= $before`, which the replaced (tenant_id, at) index served.
CREATE INDEX archived_events_at_sid ON archived_events (tenant_id, at) INCLUDE (sid_ms, n);
DROP INDEX archived_events_at;

-- Down Migration
CREATE INDEX archived_events_at ON archived_events (tenant_id, at);
DROP INDEX archived_events_at_sid;
