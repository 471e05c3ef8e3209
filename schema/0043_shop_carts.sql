-- The web shop's carts (issue 17). A cart is an Order in status 'cart'; this table finds it for
-- its buyer: a visitor by the random token in the browser's cart cookie (kept only as its
-- digest), a signed-in user by their id (one cart per user and club; a visitor's cart becomes
-- the user's at login). `hold_token` is the seat hold session the cart's seat lines are held
-- with, extended while the buyer is active.
CREATE TABLE shop_carts (
  id         uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id  uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  token_hash text        UNIQUE,
  user_id    uuid        REFERENCES users (id) ON DELETE CASCADE,
  order_id   uuid        NOT NULL UNIQUE,
  hold_token text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (token_hash IS NOT NULL OR user_id IS NOT NULL)
);
CREATE UNIQUE INDEX shop_carts_user ON shop_carts (client_id, user_id) WHERE user_id IS NOT NULL;
SELECT tribune_isolate('shop_carts');
