-- Issue 40 §8: the widgets a staff member chose for their own home in a club (spec 1 §2
-- "Dashboard widgets (selectable by alias)"). No row: the club's choice in its settings
-- (`clients.settings->'dashboard'->'widgets'`), else the spec's eight.
CREATE TABLE dashboard_choices (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  widgets text[] NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, user_id)
);
SELECT tribune_isolate('dashboard_choices');
