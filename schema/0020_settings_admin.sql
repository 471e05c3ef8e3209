-- Settings and administration (spec 1 §2 Settings area, §3 Client, Session user, Job).

-- The base client fields of spec 1 §3 that 0002 did not have yet.
ALTER TABLE clients
  ADD COLUMN contact         text,
  ADD COLUMN own_designation text,
  ADD COLUMN sender_email    text,
  ADD COLUMN bank_reg        text,
  ADD COLUMN bank_account    text,
  ADD COLUMN api_keys        jsonb NOT NULL DEFAULT '[]';

-- The staff profile (spec 3 §3 Profile): a title and an e-mail signature.
ALTER TABLE users
  ADD COLUMN title     text,
  ADD COLUMN signature text;

-- Who changed which setting, when, from what to what (plain tables are not event-sourced, so
-- their changes are recorded here, in the same transaction as the change). Club rows carry the
-- club; changes to the module catalogue and to users carry none.
CREATE TABLE audit_log (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id       uuid REFERENCES clients (id) ON DELETE CASCADE,
  user_id         uuid,
  user_name       text,
  impersonator_id uuid,
  entity          text        NOT NULL,
  entity_id       text        NOT NULL,
  action          text        NOT NULL,
  changes         jsonb       NOT NULL DEFAULT '{}',
  at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_entity ON audit_log (entity, entity_id, id);
CREATE INDEX audit_log_client ON audit_log (client_id, id);
SELECT tribune_isolate('audit_log');
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM tribune_app;

-- Contacts and contact lists brought in by the team-sport import carry the directory's key, so a
-- second run updates them instead of adding duplicates.
ALTER TABLE contacts ADD COLUMN external_id text;
CREATE UNIQUE INDEX contacts_external ON contacts (client_id, external_id) WHERE external_id IS NOT NULL;
ALTER TABLE contact_lists ADD COLUMN external_id text;
CREATE UNIQUE INDEX contact_lists_external ON contact_lists (client_id, external_id) WHERE external_id IS NOT NULL;

-- The jobs screen filters by club and sorts by scheduled date.
CREATE INDEX jobs_scheduled ON jobs (scheduled_at DESC);
