-- Up Migration
-- Partner reports (docs/reports.md): per tenant and day, the figures of the workflows the archive
-- holds, as flat counters (name -> count; src/reports/figures.ts). The day is the local date the
-- workflow started on, in the tenant's time zone when it was archived. A row grows in the same
-- statement that copies workflows into archived_workflows, and only by the rows that statement
-- inserted (src/archive/archive-store.ts putWorkflows), so a copy repeated after a crash, or a
-- newer copy replacing an older one, counts nothing twice. `npm run ops -- reports rebuild TENANT`
-- recomputes a tenant's rows from archived_workflows.
CREATE TABLE report_days (
  tenant_id text  NOT NULL,
  day       date  NOT NULL,
  figures   jsonb NOT NULL,
  PRIMARY KEY (tenant_id, day)
);

-- Two sets of counters added name by name (a name only one of them has keeps its count).
CREATE FUNCTION report_figures_add(a jsonb, b jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(jsonb_object_agg(key, total), '{}'::jsonb)
  FROM (SELECT key, sum(value::bigint) AS total
        FROM (SELECT key, value FROM jsonb_each_text(a) UNION ALL SELECT key, value FROM jsonb_each_text(b)) sides
        GROUP BY key) sums
$$;

-- Down Migration
DROP FUNCTION report_figures_add(jsonb, jsonb);
DROP TABLE report_days;
