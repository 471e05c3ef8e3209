-- The finance dashboard (spec 1 §2/§7 Dashboard; issue 13): the async projection `finance`
-- (projections/src/finance) reads contract and invoice events into three tables, rebuilt by
-- `tribune replay finance` like any other. Amounts are øre without VAT.

-- Every booked invoice and credit note (negative) by line label: the revenue charts and the pie.
CREATE TABLE finance_invoiced (
  client_id    uuid   NOT NULL,
  invoice_id   uuid   NOT NULL,
  invoice_date date   NOT NULL,
  label        text   NOT NULL,
  net          bigint NOT NULL
);
CREATE INDEX finance_invoiced_invoice ON finance_invoiced (invoice_id);
SELECT tribune_isolate('finance_invoiced');

-- The same summed by club, month and label, kept up to date with every change of the rows above:
-- what the charts read (a year is at most 12 × labels rows, however many invoices it had).
CREATE TABLE finance_invoiced_monthly (
  client_id uuid   NOT NULL,
  month     date   NOT NULL,
  label     text   NOT NULL,
  net       bigint NOT NULL,
  PRIMARY KEY (client_id, month, label)
);
SELECT tribune_isolate('finance_invoiced_monthly');

-- Every approved contract's lines in the month it starts: the contract sales charts.
CREATE TABLE finance_contract_sales (
  client_id   uuid   NOT NULL,
  contract_id uuid   NOT NULL,
  sold_on     date   NOT NULL,
  label       text   NOT NULL,
  net         bigint NOT NULL
);
CREATE INDEX finance_contract_sales_contract ON finance_contract_sales (contract_id);
CREATE INDEX finance_contract_sales_club_date ON finance_contract_sales (client_id, sold_on) INCLUDE (label, net);
SELECT tribune_isolate('finance_contract_sales');

-- The invoices approved contracts' plans will make ('Næste faktureringer', the pie's remainder);
-- `invoice_id` is set once the plan's invoice is booked.
CREATE TABLE finance_planned (
  client_id       uuid   NOT NULL,
  contract_id     uuid   NOT NULL,
  plan_key        text   NOT NULL,
  invoice_date    date   NOT NULL,
  amount          bigint NOT NULL,
  net             bigint NOT NULL,
  contract_number bigint NOT NULL,
  company_id      uuid,
  contact_id      uuid,
  category_id     uuid,
  invoice_id      uuid,
  PRIMARY KEY (contract_id, plan_key)
);
CREATE INDEX finance_planned_next ON finance_planned (client_id, invoice_date) WHERE invoice_id IS NULL;
SELECT tribune_isolate('finance_planned');

-- e-conomic bookings (issue 13 'Bookkeeping in e-conomic'): how far each invoice's booking got,
-- so a retried job resumes where it stopped and nothing is booked twice.
CREATE TABLE economic_bookings (
  invoice_id      uuid PRIMARY KEY,
  client_id       uuid NOT NULL REFERENCES clients (id),
  customer_number bigint,
  draft_number    bigint,
  booked_number   bigint,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
SELECT tribune_isolate('economic_bookings');

-- The invoices list sorts by number, newest first, drafts (no number yet) after: the list kit
-- orders by `number DESC NULLS LAST, id DESC`, which this index serves (0025's did not).
DROP INDEX invoice_rows_list;
CREATE INDEX invoice_rows_by_number ON invoice_rows (client_id, number DESC NULLS LAST, id DESC);
