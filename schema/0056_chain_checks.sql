-- A club admin's check of every chain of the club (issue 37 §1): run as a job, its progress and
-- its findings kept here so the screen can follow it and show the last one later.
CREATE TABLE chain_checks (
  id              uuid PRIMARY KEY,
  client_id       uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  -- queued, running, done (every record walked) or failed (the job gave up; error says why).
  status          text        NOT NULL DEFAULT 'queued'
                              CHECK (status IN ('queued', 'running', 'done', 'failed')),
  records_total   bigint      NOT NULL,
  records_checked bigint      NOT NULL DEFAULT 0,
  events_checked  bigint      NOT NULL DEFAULT 0,
  broken_records  bigint      NOT NULL DEFAULT 0,
  -- The first broken link of each broken record (the first 100): ChainBreak[] as JSON.
  broken          jsonb       NOT NULL DEFAULT '[]',
  error           text,
  created_by      uuid,
  created_at      timestamptz NOT NULL DEFAULT now(),
  finished_at     timestamptz
);
CREATE INDEX chain_checks_club ON chain_checks (client_id, created_at DESC);
SELECT tribune_isolate('chain_checks');
