-- Issue 35: no secret has a default.

-- The stand-ins' secrets that no variable gave (the fake payment window's md5 secret,
-- localstripe's webhook secret): made at random once per installation by the server
-- (`api/src/installation.rs`) and kept, so that a callback signed before a restart still
-- verifies after it. Read by the owner role only: the server's own role gets nothing here.
CREATE TABLE installation_secrets (
  name       text        PRIMARY KEY,
  value      text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
REVOKE ALL ON installation_secrets FROM tribune_app;

-- A provider's report about a payment that does not match what Tribune asked for it: another
-- amount or currency, or a PaymentIntent other than the one Tribune created for the payment.
-- Such a report settles nothing; it is kept here (and logged at error) for the staff to look into.
CREATE TABLE payment_mismatches (
  id                 uuid        PRIMARY KEY,
  client_id          uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  payment_id         uuid        NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  -- The order or subscription the payment is for.
  owner_id           uuid        NOT NULL,
  provider           text        NOT NULL,
  -- Where the report came from: 'webhook', 'callback' or 'read' (the server's own read).
  source             text        NOT NULL CHECK (source IN ('webhook', 'callback', 'read')),
  event_id           text,
  expected_amount    bigint      NOT NULL,
  reported_amount    bigint      NOT NULL,
  expected_currency  text        NOT NULL,
  reported_currency  text        NOT NULL,
  expected_reference text,
  reported_reference text        NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_mismatches_owner ON payment_mismatches (owner_id, created_at DESC);
SELECT tribune_isolate('payment_mismatches');
