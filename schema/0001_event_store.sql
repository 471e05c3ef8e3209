-- The event store (ARCHITECTURE §3). Append-only for the application role.

DO $$
BEGIN
  CREATE ROLE tribune_app LOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- the role is cluster-wide: another database of this cluster created it already
END
$$;

GRANT USAGE ON SCHEMA public TO tribune_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO tribune_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO tribune_app;

CREATE TABLE events (
  global_position bigint GENERATED ALWAYS AS IDENTITY,
  tx_id           xid8        NOT NULL DEFAULT pg_current_xact_id(),
  aggregate_type  text        NOT NULL,
  aggregate_id    text        NOT NULL,
  sequence        bigint      NOT NULL CHECK (sequence >= 0),
  event_type      text        NOT NULL,
  event_version   text        NOT NULL,
  payload         jsonb       NOT NULL,
  metadata        jsonb       NOT NULL,
  event_id        uuid        NOT NULL DEFAULT gen_random_uuid(),
  recorded_at     timestamptz NOT NULL DEFAULT now(),
  hash            bytea,
  PRIMARY KEY (aggregate_type, aggregate_id, sequence)
);
CREATE UNIQUE INDEX events_tx_pos ON events (tx_id, global_position);
CREATE UNIQUE INDEX events_event_id ON events (event_id);

REVOKE UPDATE, DELETE, TRUNCATE ON events FROM tribune_app;
GRANT SELECT, INSERT ON events TO tribune_app;

CREATE TABLE projection_checkpoints (
  projection      text PRIMARY KEY,
  tx_id           xid8        NOT NULL DEFAULT '0',
  global_position bigint      NOT NULL DEFAULT 0,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
