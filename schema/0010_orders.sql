-- Orders (spec 3 §3 Order): the Order aggregate lives in `events`; these are its inline read
-- tables (projections/src/order), rebuilt by `tribune replay order_rows` from the events alone,
-- and the club's order-number counter.

-- Gap-free, never reused: the next number is taken in the transaction that commits the order's
-- Created event, so a failed or refused create gives its number back.
CREATE TABLE order_numbers (
  client_id   uuid PRIMARY KEY REFERENCES clients (id),
  last_number bigint NOT NULL
);

CREATE TABLE order_rows (
  id                uuid PRIMARY KEY,
  client_id         uuid        NOT NULL,
  number            bigint      NOT NULL,
  status            text        NOT NULL,
  payment_status    text        NOT NULL,
  is_pos            boolean     NOT NULL DEFAULT false,
  firstname         text        NOT NULL DEFAULT '',
  lastname          text        NOT NULL DEFAULT '',
  email             text        NOT NULL DEFAULT '',
  phone             text        NOT NULL DEFAULT '',
  company_id        uuid,
  contact_id        uuid,
  contract_id       uuid,
  category_id       uuid,
  event_title       text,
  line_count        integer     NOT NULL DEFAULT 0,
  subtotal          bigint      NOT NULL DEFAULT 0,
  discount          bigint      NOT NULL DEFAULT 0,
  additional_fee    bigint      NOT NULL DEFAULT 0,
  vat               bigint      NOT NULL DEFAULT 0,
  total             bigint      NOT NULL DEFAULT 0,
  pre_payment_total bigint      NOT NULL DEFAULT 0,
  regular_total     bigint      NOT NULL DEFAULT 0,
  search_text       text        NOT NULL DEFAULT '',
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  version           bigint      NOT NULL
);
CREATE UNIQUE INDEX order_rows_number ON order_rows (client_id, number DESC);
CREATE INDEX order_rows_search ON order_rows USING gin (search_text gin_trgm_ops);
CREATE INDEX order_rows_company ON order_rows (company_id);
CREATE INDEX order_rows_contact ON order_rows (contact_id);
SELECT tribune_isolate('order_rows');

CREATE TABLE order_lines (
  order_id       uuid    NOT NULL,
  line_id        uuid    NOT NULL,
  client_id      uuid    NOT NULL,
  position       integer NOT NULL,
  product_id     uuid,
  variant_id     uuid,
  title          text    NOT NULL,
  sku            text,
  type           text,
  price          bigint  NOT NULL,
  discount       bigint  NOT NULL,
  amount         bigint  NOT NULL,
  total          bigint  NOT NULL,
  option_product_ids uuid[] NOT NULL DEFAULT '{}',
  seat           text,
  seat_event_id  uuid,
  pre_payment    boolean NOT NULL,
  vat_exempt     boolean NOT NULL,
  PRIMARY KEY (order_id, line_id)
);
CREATE INDEX order_lines_product ON order_lines (product_id);
CREATE INDEX order_lines_option_products ON order_lines USING gin (option_product_ids);
SELECT tribune_isolate('order_lines');
