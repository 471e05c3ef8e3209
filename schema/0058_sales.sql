-- Issue 38 §1: one process table for every sale in progress. The public booking and the desk
-- (`event_bookings`) and the web shop's checkouts (`shop_checkouts`) kept the same state twice:
-- the order it makes, the key it was made with (`intent`: the same key never makes a second
-- order), its hold on the capacity counters and what it claims (to take them anew when a late
-- payment finds the hold run out), who, its status, and when it was confirmed. They are one
-- table now, with the channel that sells; the columns only one channel uses stay nullable.
CREATE TABLE sales (
  order_id          uuid        PRIMARY KEY,
  client_id         uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  -- booking: the public booking (and an invite's free tickets); pos: the desk; shop: a checkout.
  channel           text        NOT NULL CHECK (channel IN ('booking', 'pos', 'shop')),
  -- The event it sells (booking, desk); none for the shop.
  event_id          uuid        REFERENCES club_events (id) ON DELETE CASCADE,
  -- The places or stock it holds; an unpaid sale's hold expires (kit::capacity).
  hold_id           uuid,
  intent            text        NOT NULL,
  user_id           uuid        REFERENCES users (id) ON DELETE SET NULL,
  company_id        uuid,
  contact_id        uuid,
  -- pending: waits for its card payment; confirmed: fulfilled; cancelled: places given back.
  status            text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'cancelled')),
  -- A booking's lines as booked (names, extra info, seats), from which its tickets are issued.
  lines             jsonb       NOT NULL DEFAULT '[]',
  claims            jsonb       NOT NULL DEFAULT '[]',
  -- A checkout's discount code (counted against the code's uses), whether to keep the card, and
  -- how it answered (the payment's start, answered again to a repeated call).
  discount_code_id  uuid        REFERENCES discount_codes (id) ON DELETE SET NULL,
  save_card         boolean     NOT NULL DEFAULT false,
  result            jsonb,
  account_requested boolean     NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now(),
  confirmed_at      timestamptz,
  CHECK (channel = 'shop' OR (event_id IS NOT NULL AND hold_id IS NOT NULL))
);
CREATE UNIQUE INDEX sales_intent ON sales (client_id, intent);
CREATE INDEX sales_event ON sales (event_id, status) WHERE event_id IS NOT NULL;
CREATE INDEX sales_company ON sales (client_id, company_id) WHERE company_id IS NOT NULL;
-- The sweep of abandoned bookings (booking::sweep); a shop checkout is never swept.
CREATE INDEX sales_pending ON sales (created_at) WHERE status = 'pending' AND channel <> 'shop';
CREATE INDEX sales_code ON sales (discount_code_id) WHERE discount_code_id IS NOT NULL;
SELECT tribune_isolate('sales');

-- Moves the rows of the two old tables into `sales` and drops them; a second call finds them
-- gone and does nothing. A test recreates the old tables with rows the old code made and calls
-- it again, so what this migration did to a live database is what the test proves.
CREATE FUNCTION tribune_move_legacy_sales() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('event_bookings') IS NOT NULL THEN
    INSERT INTO sales (order_id, client_id, channel, event_id, hold_id, intent, user_id, company_id,
                       contact_id, status, lines, claims, account_requested, created_at, confirmed_at)
    SELECT b.order_id, b.client_id,
           CASE WHEN coalesce(o.is_pos, false) THEN 'pos' ELSE 'booking' END,
           b.event_id, b.hold_id, b.intent, b.user_id, b.company_id, b.contact_id, b.status,
           b.lines, b.claims, b.account_requested, b.created_at, b.confirmed_at
    FROM event_bookings b LEFT JOIN order_rows o ON o.id = b.order_id;
    DROP TABLE event_bookings;
  END IF;
  IF to_regclass('shop_checkouts') IS NOT NULL THEN
    INSERT INTO sales (order_id, client_id, channel, hold_id, intent, user_id, status, claims,
                       discount_code_id, save_card, result, account_requested, created_at, confirmed_at)
    SELECT order_id, client_id, 'shop', hold_id, intent, user_id, status, claims,
           discount_code_id, save_card, result, account_requested, created_at, confirmed_at
    FROM shop_checkouts;
    DROP TABLE shop_checkouts;
  END IF;
END
$$;
SELECT tribune_move_legacy_sales();
