-- Events (arrangements) and event types (spec 2 §3 Event, Event ticket product; issue 15): plain
-- tables (ARCHITECTURE §4), written by api/src/events. The event store already owns the name
-- `events`, so the arrangements are `club_events`.

-- A type is a template: `data` is the event form it fills (every Event field but id, parentId and
-- version, its files as file ids); `title` is the form's title and the type's name.
CREATE TABLE event_types (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id  uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  title      text        NOT NULL,
  data       jsonb       NOT NULL DEFAULT '{}',
  version    bigint      NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid
);
CREATE INDEX event_types_client ON event_types (client_id, lower(title));

CREATE TABLE club_events (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id           uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  type_id             uuid        REFERENCES event_types (id) ON DELETE SET NULL,
  -- A sub-event goes with its main event.
  parent_id           uuid        REFERENCES club_events (id) ON DELETE CASCADE,
  owner_id            uuid        REFERENCES users (id) ON DELETE SET NULL,
  title               text        NOT NULL,
  -- The public page's slug (/events/{url}), unique in the club.
  url                 text        NOT NULL,
  location            text,
  -- Rich text, sanitised on the way in.
  description         text,
  private_description text,
  ticket_description  text,
  terms               text,
  max_signups         integer     CHECK (max_signups >= 0),
  max_company_signups integer     CHECK (max_company_signups >= 0),
  -- Stored files (api/src/kit/files.rs), each owned by the event.
  banner_picture      uuid        REFERENCES files (id) ON DELETE SET NULL,
  banner_bottom       uuid        REFERENCES files (id) ON DELETE SET NULL,
  invite_attachment   uuid        REFERENCES files (id) ON DELETE SET NULL,
  ticket_logo         uuid        REFERENCES files (id) ON DELETE SET NULL,
  ticket_picture      uuid        REFERENCES files (id) ON DELETE SET NULL,
  card_picture        uuid        REFERENCES files (id) ON DELETE SET NULL,
  private             boolean     NOT NULL DEFAULT false,
  business_only       boolean     NOT NULL DEFAULT false,
  promote             boolean     NOT NULL DEFAULT false,
  show_participants   boolean     NOT NULL DEFAULT false,
  has_tickets         boolean     NOT NULL DEFAULT false,
  has_seating         boolean     NOT NULL DEFAULT false,
  has_sponsors        boolean     NOT NULL DEFAULT false,
  has_tables          boolean     NOT NULL DEFAULT false,
  active_date         date,
  start_date          timestamptz NOT NULL,
  end_date            timestamptz NOT NULL,
  sign_up_start       timestamptz NOT NULL,
  sign_up_deadline    timestamptz NOT NULL,
  sign_up_public      timestamptz,
  -- The structured parts, as the Event's JSON names them (api/src/events/dto.rs): seating
  -- {chartId, name, eventId}, sponsors [{type, companyIds}], extra_info, sender {name, email},
  -- invitees, table_plan {productIds, cardFormat, cardOrientation}, notifications and
  -- ticket_settings {controlType, template}.
  seating             jsonb,
  sponsors            jsonb       NOT NULL DEFAULT '[]',
  extra_info          jsonb       NOT NULL DEFAULT '[]',
  sender              jsonb       NOT NULL DEFAULT '{}',
  invitees            jsonb       NOT NULL DEFAULT '{}',
  table_plan          jsonb       NOT NULL DEFAULT '{}',
  notifications       jsonb       NOT NULL DEFAULT '{}',
  ticket_settings     jsonb       NOT NULL DEFAULT '{}',
  version             bigint      NOT NULL DEFAULT 1,
  created_at          timestamptz NOT NULL DEFAULT now(),
  created_by          uuid,
  updated_at          timestamptz NOT NULL DEFAULT now(),
  updated_by          uuid,
  CHECK (parent_id IS DISTINCT FROM id)
);
-- The staff list: main events, newest start first.
CREATE INDEX club_events_list ON club_events (client_id, start_date DESC) WHERE parent_id IS NULL;
CREATE INDEX club_events_parent ON club_events (parent_id, start_date);
-- The public event page finds an event by its slug.
CREATE UNIQUE INDEX club_events_url ON club_events (client_id, url);
-- The public home's cards: coming events that are not private, soonest first.
CREATE INDEX club_events_cards ON club_events (client_id, start_date) WHERE NOT private;
CREATE INDEX club_events_type ON club_events (type_id);

-- The ticket products of an event: rows, because bookings count places on them.
CREATE TABLE event_products (
  id                         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id                  uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  event_id                   uuid        NOT NULL REFERENCES club_events (id) ON DELETE CASCADE,
  product_id                 uuid        NOT NULL REFERENCES products (id) ON DELETE RESTRICT,
  sorting                    integer     NOT NULL DEFAULT 0,
  title                      text        NOT NULL,
  price                      bigint      NOT NULL CHECK (price >= 0),
  release_reserved_at        timestamptz,
  max_amount                 integer     CHECK (max_amount >= 0),
  max_company_amount         integer     CHECK (max_company_amount >= 0),
  name_required              boolean     NOT NULL DEFAULT false,
  public                     boolean     NOT NULL DEFAULT true,
  disable_additional_tickets boolean     NOT NULL DEFAULT false,
  public_price               bigint      CHECK (public_price >= 0),
  make_public_at             timestamptz,
  alt_start_date             timestamptz,
  ticket_description         text,
  created_at                 timestamptz NOT NULL DEFAULT now(),
  updated_at                 timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_products_event ON event_products (event_id, sorting);
CREATE INDEX event_products_product ON event_products (product_id);

SELECT tribune_isolate(t) FROM unnest(ARRAY['event_types', 'club_events', 'event_products']::regclass[]) t;
