-- Read tables of the probe aggregate (see domain/src/probe): one inline, one async projection.
-- Row-level security is the second fence: a query of the app role sees only the club set with
-- `SET LOCAL tribune.client_id`, or everything inside a `tribune.scope = 'system'` transaction.

CREATE FUNCTION tribune_visible(row_client uuid) RETURNS boolean
  LANGUAGE sql STABLE AS $$
    SELECT current_setting('tribune.scope', true) = 'system'
        OR row_client = nullif(current_setting('tribune.client_id', true), '')::uuid
  $$;

CREATE TABLE probe_rows (
  id         text PRIMARY KEY,
  client_id  uuid        NOT NULL,
  title      text        NOT NULL,
  total      bigint      NOT NULL DEFAULT 0,
  version    bigint      NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX probe_rows_client ON probe_rows (client_id);
ALTER TABLE probe_rows ENABLE ROW LEVEL SECURITY;
CREATE POLICY club_isolation ON probe_rows USING (tribune_visible(client_id)) WITH CHECK (tribune_visible(client_id));

CREATE TABLE probe_totals (
  client_id uuid PRIMARY KEY,
  probes    bigint NOT NULL DEFAULT 0,
  additions bigint NOT NULL DEFAULT 0,
  total     bigint NOT NULL DEFAULT 0
);
ALTER TABLE probe_totals ENABLE ROW LEVEL SECURITY;
CREATE POLICY club_isolation ON probe_totals USING (tribune_visible(client_id)) WITH CHECK (tribune_visible(client_id));
