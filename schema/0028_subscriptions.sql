-- Subscriptions (spec 3 §3 Subscription; issue 14): the Subscription aggregate lives in `events`;
-- `subscription_rows` is its inline read table (projections/src/subscription), rebuilt by
-- `tribune replay subscription_rows`.

-- One series per club, taken in the creating transaction: consecutive, never reused.
CREATE TABLE subscription_numbers (
  client_id   uuid PRIMARY KEY REFERENCES clients (id),
  last_number bigint NOT NULL
);

CREATE TABLE subscription_rows (
  id              uuid PRIMARY KEY,
  client_id       uuid        NOT NULL,
  number          bigint      NOT NULL,
  status          text        NOT NULL,
  contact_id      uuid,
  company_id      uuid,
  contact_name    text        NOT NULL DEFAULT '',
  -- Lower-case: the customer's profile finds its subscriptions by its e-mail.
  email           text        NOT NULL DEFAULT '',
  start_date      date,
  end_date        date,
  repeats         integer     NOT NULL DEFAULT 1,
  commitment      integer,
  commitment_date date,
  -- The first period not charged yet (none past the end date): the recurring job's search.
  next_payment    date,
  card_brand      text,
  card_last4      text,
  payment_failed  boolean     NOT NULL DEFAULT false,
  subtotal        bigint      NOT NULL DEFAULT 0,
  total           bigint      NOT NULL DEFAULT 0,
  search_text     text        NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  version         bigint      NOT NULL
);
CREATE UNIQUE INDEX subscription_rows_number ON subscription_rows (client_id, number);
CREATE INDEX subscription_rows_list ON subscription_rows (client_id, lower(contact_name), number);
CREATE INDEX subscription_rows_email ON subscription_rows (client_id, email);
CREATE INDEX subscription_rows_due ON subscription_rows (next_payment)
  WHERE status = 'approved' AND card_last4 IS NOT NULL;
SELECT tribune_isolate('subscription_rows');

-- The recurring charges (issue 14): one row per period of a subscription, made before the card
-- is charged and keeping the idempotency key, so a retry after a crash between the charge and
-- its commit asks the provider with the same key and is never charged twice.
CREATE TABLE subscription_charges (
  subscription_id uuid        NOT NULL,
  period          text        NOT NULL,
  client_id       uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  amount          bigint      NOT NULL,
  -- The try in progress: its key is the idempotency key of the charge.
  attempt         integer     NOT NULL DEFAULT 1,
  status          text        NOT NULL DEFAULT 'started'
                  CHECK (status IN ('started', 'succeeded', 'failed', 'given_up')),
  reference       text,
  error           text,
  next_try_at     timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscription_id, period)
);
SELECT tribune_isolate('subscription_charges');
