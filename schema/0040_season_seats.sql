-- Seasons on the seat engine (issue 16). An event belongs to a season when the season is active,
-- one of its seat rows (`seasons.seats`) names the event's chart, and the event starts within the
-- season's dates.
--
-- A season ticket reserves its seat at every event of its season: a row of `event_seats` with
-- status 'reserved' per event, so the one conditional upsert that takes seats guards reserved
-- seats too. A reserved row's `held_until` is when the event's ticket products release
-- unclaimed reserved seats (`release_reserved_at`; NULL: never, or the holder said they come);
-- past it the seat is free for the next buyer's statement, with no sweeper. A holder who does not
-- come releases the seat for that match: the row goes, and the answer stays.

ALTER TABLE event_seats DROP CONSTRAINT event_seats_status_check;
ALTER TABLE event_seats ADD CONSTRAINT event_seats_status_check CHECK (status IN ('held', 'booked', 'reserved'));
ALTER TABLE event_seats ADD COLUMN season_ticket_id uuid;
ALTER TABLE event_seats ADD CONSTRAINT event_seats_reserved CHECK (status <> 'reserved' OR season_ticket_id IS NOT NULL);
CREATE INDEX event_seats_order ON event_seats (order_id) WHERE order_id IS NOT NULL;

CREATE TABLE season_tickets (
  id            uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id     uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  season_id     uuid        NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
  seat_id       uuid        NOT NULL REFERENCES seats (id) ON DELETE RESTRICT,
  product_id    uuid        REFERENCES products (id) ON DELETE SET NULL,
  product_title text        NOT NULL,
  -- The holder: the user who answers on the public page, and the name on the tickets.
  user_id       uuid        REFERENCES users (id) ON DELETE SET NULL,
  company_id    uuid        REFERENCES companies (id) ON DELETE SET NULL,
  name          text        NOT NULL,
  email         text        NOT NULL DEFAULT '',
  -- The order that sold it, when one did.
  order_id      uuid,
  created_at    timestamptz NOT NULL DEFAULT now()
);
-- One season ticket per seat and season.
CREATE UNIQUE INDEX season_tickets_seat ON season_tickets (season_id, seat_id);
CREATE INDEX season_tickets_user ON season_tickets (client_id, user_id);
SELECT tribune_isolate('season_tickets');

-- A holder's answer for one match: attending true (the seat stays theirs, past the release time
-- too) or false (released for sale for that match). No row: not answered.
CREATE TABLE season_ticket_answers (
  season_ticket_id uuid        NOT NULL REFERENCES season_tickets (id) ON DELETE CASCADE,
  event_id         uuid        NOT NULL REFERENCES club_events (id) ON DELETE CASCADE,
  client_id        uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  attending        boolean     NOT NULL,
  answered_at      timestamptz NOT NULL DEFAULT now(),
  answered_by      uuid,
  -- The order that bought the released seat for that match.
  sold_order_id    uuid,
  PRIMARY KEY (season_ticket_id, event_id)
);
CREATE INDEX season_ticket_answers_event ON season_ticket_answers (event_id);
SELECT tribune_isolate('season_ticket_answers');

-- Channels: sets of a season's seats kept for a company (NO_CHANNEL, everyone else, is always
-- there and has no row).
CREATE TABLE seat_channels (
  id         uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id  uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  season_id  uuid        NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
  name       text        NOT NULL,
  company_id uuid        REFERENCES companies (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX seat_channels_season ON seat_channels (season_id);
SELECT tribune_isolate('seat_channels');

CREATE TABLE seat_channel_seats (
  channel_id uuid NOT NULL REFERENCES seat_channels (id) ON DELETE CASCADE,
  seat_id    uuid NOT NULL REFERENCES seats (id) ON DELETE CASCADE,
  client_id  uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  PRIMARY KEY (channel_id, seat_id)
);
SELECT tribune_isolate('seat_channel_seats');
