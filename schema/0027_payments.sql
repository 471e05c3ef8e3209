-- Card payments (issue 14; spec 3 §4 Order payment status, §7 payment links): every payment a
-- club starts with its provider, so a webhook or a callback finds what it is about, and a
-- retried start or charge reuses its idempotency key. The order (or subscription) aggregate
-- holds what counts; this table is the provider side's ledger.
CREATE TABLE payments (
  id            uuid        PRIMARY KEY,
  client_id     uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  -- The window's `orderid`: a number, unique across the installation.
  number        bigint      GENERATED ALWAYS AS IDENTITY UNIQUE,
  provider      text        NOT NULL CHECK (provider IN ('stripe', 'window')),
  purpose       text        NOT NULL CHECK (purpose IN ('order', 'subscription')),
  owner_id      uuid        NOT NULL,
  amount        bigint      NOT NULL CHECK (amount > 0),
  capture       text        NOT NULL CHECK (capture IN ('automatic', 'manual')),
  -- The provider's name for it: a PaymentIntent id, or the window's transaction id once its
  -- callback came.
  reference     text,
  status        text        NOT NULL DEFAULT 'started'
                CHECK (status IN ('started', 'requires_action', 'authorized', 'paid', 'failed',
                                  'cancelled', 'refunded')),
  error         text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payments_reference ON payments (provider, reference) WHERE reference IS NOT NULL;
CREATE INDEX payments_owner ON payments (owner_id, created_at DESC);
SELECT tribune_isolate('payments');

-- Webhook deliveries already applied (Stripe's event id): a delivery repeated changes nothing.
-- Written in the transaction that applies it, so a crash in between applies it on the retry.
CREATE TABLE payment_webhook_events (
  provider    text        NOT NULL,
  event_id    text        NOT NULL,
  event_type  text        NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- Payment links (`/shop/payment/{id}?token=`): only the token's SHA-256 is kept. A link stays
-- good until the order is paid; no session is needed to open it.
CREATE TABLE payment_links (
  token_hash text        PRIMARY KEY,
  client_id  uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  purpose    text        NOT NULL CHECK (purpose IN ('order', 'subscription')),
  owner_id   uuid        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_links_owner ON payment_links (owner_id);
