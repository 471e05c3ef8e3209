-- The web shop's checkouts (issue 17): the order a cart became, found by the key its buyer
-- completed it with (`intent`, its digest: the same key never makes a second order), its stock
-- hold on the capacity counters and what it claims (to take it anew when a late payment finds
-- the hold run out), its discount code (counted against the code's uses), and how the checkout
-- answered (the payment's start, answered again to a repeated call).
CREATE TABLE shop_checkouts (
  order_id         uuid        PRIMARY KEY,
  client_id        uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  intent           text        NOT NULL,
  status           text        NOT NULL CHECK (status IN ('pending', 'confirmed', 'cancelled')),
  hold_id          uuid,
  claims           jsonb       NOT NULL DEFAULT '[]',
  discount_code_id uuid        REFERENCES discount_codes (id) ON DELETE SET NULL,
  user_id          uuid        REFERENCES users (id) ON DELETE SET NULL,
  save_card        boolean     NOT NULL DEFAULT false,
  result           jsonb,
  created_at       timestamptz NOT NULL DEFAULT now(),
  confirmed_at     timestamptz,
  UNIQUE (client_id, intent)
);
CREATE INDEX shop_checkouts_code ON shop_checkouts (discount_code_id) WHERE discount_code_id IS NOT NULL;
SELECT tribune_isolate('shop_checkouts');
