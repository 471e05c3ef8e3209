-- Invoices (spec 3 §3 Invoice; issue 13): the Invoice aggregate lives in `events`; `invoice_rows`
-- is its inline read table (projections/src/invoice), rebuilt by `tribune replay invoice_rows`.

-- One series per club for invoices and credit notes, given at booking only: consecutive, never
-- reused (the number is taken in the transaction that commits the Booked event).
CREATE TABLE invoice_numbers (
  client_id   uuid PRIMARY KEY REFERENCES clients (id),
  last_number bigint NOT NULL
);

CREATE TABLE invoice_rows (
  id              uuid PRIMARY KEY,
  client_id       uuid        NOT NULL,
  kind            text        NOT NULL,
  number          bigint,
  external_number text,
  order_id        uuid,
  contract_id     uuid,
  subscription_id uuid,
  plan_key        text,
  credit_of       uuid,
  credited_by     uuid,
  company_id      uuid,
  contact_id      uuid,
  customer        text        NOT NULL DEFAULT '',
  invoice_date    date,
  due_date        date,
  paid_on         date,
  sent            boolean     NOT NULL DEFAULT false,
  subtotal        bigint      NOT NULL DEFAULT 0,
  vat             bigint      NOT NULL DEFAULT 0,
  total           bigint      NOT NULL DEFAULT 0,
  search_text     text        NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  version         bigint      NOT NULL
);
-- Drafts have no number; the list sorts by number with drafts first (newest work on top).
CREATE UNIQUE INDEX invoice_rows_number ON invoice_rows (client_id, number) WHERE number IS NOT NULL;
CREATE INDEX invoice_rows_list ON invoice_rows (client_id, number DESC NULLS FIRST, created_at DESC);
CREATE INDEX invoice_rows_order ON invoice_rows (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX invoice_rows_contract ON invoice_rows (contract_id) WHERE contract_id IS NOT NULL;
-- A contract's due invoice is made once: the plan's key is unique per contract (live drafts and
-- booked ones; a deleted draft's row is gone, so its period can be made again).
CREATE UNIQUE INDEX invoice_rows_plan_key ON invoice_rows (contract_id, plan_key)
  WHERE contract_id IS NOT NULL AND plan_key IS NOT NULL AND kind = 'invoice';
CREATE UNIQUE INDEX invoice_rows_order_key ON invoice_rows (order_id, plan_key)
  WHERE order_id IS NOT NULL AND plan_key IS NOT NULL AND kind = 'invoice';
SELECT tribune_isolate('invoice_rows');
