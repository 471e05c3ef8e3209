-- Tickets (spec 2 §3 Ticket, Attendee; issue 15): the Ticket aggregate lives in `events`;
-- `ticket_rows` is its inline read table (projections/src/ticket), rebuilt by
-- `tribune replay ticket_rows`. One row per ticket: the order's tickets, the public download by
-- code, and the event's attendee list. `event_id` names an arrangement (`club_events`) without a
-- foreign key: a read table is rebuilt from the events alone.

CREATE TABLE ticket_rows (
  id             uuid PRIMARY KEY,
  client_id      uuid        NOT NULL,
  event_id       uuid        NOT NULL,
  order_id       uuid        NOT NULL,
  order_line_id  uuid        NOT NULL,
  product_id     uuid        NOT NULL,
  product_title  text        NOT NULL DEFAULT '',
  -- The unguessable public id the QR code prints: unique across clubs, as the download finds a
  -- ticket by it alone.
  code           text        NOT NULL,
  number         bigint      NOT NULL,
  name           text,
  name_required  boolean     NOT NULL DEFAULT false,
  company_id     uuid,
  company_name   text,
  section        text,
  row            text,
  seat_number    text,
  -- [{title, price}] and [{title, value, values}], as printed on the ticket.
  options        jsonb       NOT NULL DEFAULT '[]',
  extra_info     jsonb       NOT NULL DEFAULT '[]',
  status         text        NOT NULL,
  scanned_at     timestamptz,
  seat_released  boolean     NOT NULL DEFAULT false,
  void_reason    text,
  voided_at      timestamptz,
  -- Lower-case number, holder and company: the attendee list's search.
  search_text    text        NOT NULL DEFAULT '',
  issued_at      timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL,
  version        bigint      NOT NULL
);
CREATE INDEX ticket_rows_order ON ticket_rows (client_id, order_id);
CREATE UNIQUE INDEX ticket_rows_code ON ticket_rows (code);
CREATE INDEX ticket_rows_event ON ticket_rows (client_id, event_id, number);
SELECT tribune_isolate('ticket_rows');
