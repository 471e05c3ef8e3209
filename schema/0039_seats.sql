-- Tribune's own seat engine (issue 16): seat charts of sections, rows and seats with categories,
-- and what each seat is at each event. A seat has no row in `event_seats` while it is free; a
-- hold is a row with the buyer's hold token and an expiry (an expired hold is free again for the
-- next buyer's statement, so no sweeper is needed for correctness); a booked seat names its
-- order. Taking seats is ONE conditional upsert per change of several seats, so no two buyers
-- can ever hold or book the same seat of the same event.
CREATE TABLE seat_charts (
  id         uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id  uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  -- The chart's key, as an event's seating and a product's seats name it.
  key        text        NOT NULL,
  name       text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, key)
);
SELECT tribune_isolate('seat_charts');

CREATE TABLE seat_categories (
  chart_id   uuid        NOT NULL REFERENCES seat_charts (id) ON DELETE CASCADE,
  client_id  uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  key        text        NOT NULL,
  label      text        NOT NULL,
  color      text        NOT NULL,
  accessible boolean     NOT NULL DEFAULT false,
  position   integer     NOT NULL DEFAULT 0,
  PRIMARY KEY (chart_id, key)
);
SELECT tribune_isolate('seat_categories');

CREATE TABLE seats (
  id           uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  chart_id     uuid        NOT NULL REFERENCES seat_charts (id) ON DELETE CASCADE,
  client_id    uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  section      text        NOT NULL,
  row_label    text        NOT NULL,
  number       text        NOT NULL,
  -- 'section-row-number', as the buyer, the order line and the ticket name the seat.
  label        text        NOT NULL,
  -- Its place in its row, left to right: its neighbours are the seats at position ± 1.
  position     integer     NOT NULL,
  category_key text,
  accessible   boolean     NOT NULL DEFAULT false,
  for_sale     boolean     NOT NULL DEFAULT true,
  x            real        NOT NULL DEFAULT 0,
  y            real        NOT NULL DEFAULT 0,
  UNIQUE (chart_id, label),
  UNIQUE (chart_id, section, row_label, position)
);
SELECT tribune_isolate('seats');

-- A hold session: made when a seat picker opens, extended while its buyer is active.
CREATE TABLE seat_hold_tokens (
  token      text        PRIMARY KEY,
  client_id  uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
SELECT tribune_isolate('seat_hold_tokens');

CREATE TABLE event_seats (
  event_id   uuid        NOT NULL REFERENCES club_events (id) ON DELETE CASCADE,
  seat_id    uuid        NOT NULL REFERENCES seats (id) ON DELETE CASCADE,
  client_id  uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  status     text        NOT NULL CHECK (status IN ('held', 'booked')),
  hold_token text,
  held_until timestamptz,
  order_id   uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, seat_id),
  CHECK (status <> 'held' OR (hold_token IS NOT NULL AND held_until IS NOT NULL)),
  CHECK (status <> 'booked' OR order_id IS NOT NULL)
);
CREATE INDEX event_seats_token ON event_seats (hold_token) WHERE hold_token IS NOT NULL;
SELECT tribune_isolate('event_seats');
