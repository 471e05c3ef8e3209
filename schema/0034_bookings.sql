-- Public bookings of events (spec 2 §3 Booking, §4 Public order status; issue 15). A booking IS
-- an order (the Order aggregate); this row links it to its event, to the places it holds
-- (`capacity_holds`) and to who booked it, and makes the booking call idempotent: the same
-- intent (`create-intent`'s secret) books once.
CREATE TABLE event_bookings (
  order_id     uuid PRIMARY KEY,
  client_id    uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  event_id     uuid        NOT NULL REFERENCES club_events (id) ON DELETE CASCADE,
  -- The places it holds; an unpaid booking's hold expires (kit::capacity).
  hold_id      uuid        NOT NULL,
  intent       text        NOT NULL,
  user_id      uuid        REFERENCES users (id) ON DELETE SET NULL,
  company_id   uuid,
  contact_id   uuid,
  -- pending: waits for its card payment; confirmed: tickets issued; cancelled: places given back.
  status       text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'cancelled')),
  -- The lines as booked (names, extra info), from which the tickets are issued once paid.
  lines        jsonb       NOT NULL DEFAULT '[]',
  -- What the hold took (kit::capacity claims), to take it anew when a late payment finds the hold
  -- expired.
  claims       jsonb       NOT NULL DEFAULT '[]',
  created_at   timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz
);
CREATE UNIQUE INDEX event_bookings_intent ON event_bookings (client_id, intent);
CREATE INDEX event_bookings_event ON event_bookings (event_id, status);
CREATE INDEX event_bookings_company ON event_bookings (client_id, company_id) WHERE company_id IS NOT NULL;
SELECT tribune_isolate('event_bookings');

-- The tickets' human numbers, per event: unique and increasing, taken in the transaction that
-- confirms the booking (which already holds the event's place counter).
CREATE TABLE event_ticket_numbers (
  event_id    uuid PRIMARY KEY REFERENCES club_events (id) ON DELETE CASCADE,
  client_id   uuid   NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  last_number bigint NOT NULL
);
SELECT tribune_isolate('event_ticket_numbers');
