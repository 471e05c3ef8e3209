-- Work outside the request (ARCHITECTURE §8): a job table claimed with SKIP LOCKED.

CREATE TABLE jobs (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id    uuid REFERENCES clients (id) ON DELETE SET NULL,
  description  text        NOT NULL,
  method       text        NOT NULL,
  method_type  text        NOT NULL DEFAULT 'background',
  arguments    jsonb       NOT NULL DEFAULT '{}',
  collection   text,
  relation_id  text,
  message      text,
  error        text,
  scheduled_at timestamptz NOT NULL DEFAULT now(),
  attempts     integer     NOT NULL DEFAULT 0,
  max_attempts integer     NOT NULL DEFAULT 8,
  pending      boolean     NOT NULL DEFAULT true,
  succeeded    boolean     NOT NULL DEFAULT false,
  locked_until timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_due ON jobs (scheduled_at) WHERE pending;

CREATE TABLE job_history (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id     uuid        NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  state_name text        NOT NULL,
  reason     text,
  data       jsonb       NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_history_job ON job_history (job_id, id);
