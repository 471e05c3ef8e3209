-- Issue 18: an event's table plan. Tables with their seats (auto-place tables take guests from
-- 'Placér automatisk'), and who sits where: a guest is a ticket of the event, at one table at
-- most. Placing locks the table's row, so two people placing at once never over-fill it.
CREATE TABLE event_tables (
  id          uuid PRIMARY KEY,
  client_id   uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  event_id    uuid        NOT NULL REFERENCES club_events (id) ON DELETE CASCADE,
  title       text        NOT NULL,
  description text,
  seats       integer     NOT NULL CHECK (seats BETWEEN 1 AND 1000),
  auto_place  boolean     NOT NULL DEFAULT false,
  position    integer     NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_tables_event ON event_tables (client_id, event_id, position);
SELECT tribune_isolate('event_tables');

CREATE TABLE event_table_guests (
  ticket_id uuid        PRIMARY KEY,
  table_id  uuid        NOT NULL REFERENCES event_tables (id) ON DELETE CASCADE,
  client_id uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  event_id  uuid        NOT NULL,
  placed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_table_guests_table ON event_table_guests (table_id, placed_at);
CREATE INDEX event_table_guests_event ON event_table_guests (event_id);
SELECT tribune_isolate('event_table_guests');
