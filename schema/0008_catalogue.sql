-- The catalogue and the orders module's reference data (spec 3 §3). Money is integer øre.

CREATE TABLE order_categories (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id     uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  title         text        NOT NULL,
  sku           text,
  price         bigint      NOT NULL DEFAULT 0 CHECK (price >= 0),
  invoice_title text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  created_by    uuid,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  updated_by    uuid
);
CREATE INDEX order_categories_client ON order_categories (client_id, lower(title));

CREATE TABLE seasons (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id    uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  title        text        NOT NULL,
  start_date   date        NOT NULL,
  end_date     date        NOT NULL,
  parent_id    uuid        REFERENCES seasons (id) ON DELETE RESTRICT,
  reservations boolean     NOT NULL DEFAULT false,
  inactive     boolean     NOT NULL DEFAULT false,
  seats        jsonb       NOT NULL DEFAULT '[]',
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   uuid,
  CHECK (end_date >= start_date),
  CHECK (NOT (reservations AND parent_id IS NOT NULL))
);
CREATE INDEX seasons_client ON seasons (client_id, lower(title));

CREATE TABLE custom_fields (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id     uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  title         text        NOT NULL,
  category_ids  uuid[]      NOT NULL DEFAULT '{}',
  type          text        NOT NULL CHECK (type IN ('Text', 'RichText', 'Number', 'Dropdown', 'Date', 'DateTime', 'Time', 'Checkbox', 'Upload')),
  sorting       integer     NOT NULL DEFAULT 0,
  "values"      text[]      NOT NULL DEFAULT '{}',
  default_value text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  created_by    uuid,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  updated_by    uuid
);
CREATE INDEX custom_fields_client ON custom_fields (client_id, lower(title));
CREATE INDEX custom_fields_categories ON custom_fields USING gin (category_ids);

CREATE TABLE invoice_groups (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id  uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  title      text        NOT NULL,
  sku        text,
  sorting    integer     NOT NULL DEFAULT 0,
  vat_exempt boolean     NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid
);

CREATE TABLE product_categories (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id        uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  title            text        NOT NULL,
  sorting          integer     NOT NULL DEFAULT 0,
  show_on_shop     boolean     NOT NULL DEFAULT false,
  hide_on_contract boolean     NOT NULL DEFAULT false,
  shop_title       text,
  shop_description text,
  shop_image       uuid,
  created_at       timestamptz NOT NULL DEFAULT now(),
  created_by       uuid,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  updated_by       uuid
);

CREATE TABLE products (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id         uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  title             text        NOT NULL,
  sku               text,
  type              text        NOT NULL CHECK (type IN ('product', 'ticket', 'seat-ticket')),
  category_id       uuid        REFERENCES product_categories (id) ON DELETE RESTRICT,
  price             bigint      NOT NULL CHECK (price >= 0),
  sale_amount       integer,
  description       text,
  sorting           integer     NOT NULL DEFAULT 0,
  ticket_template   text,
  invoice_title     text,
  invoice_group_id  uuid        REFERENCES invoice_groups (id) ON DELETE RESTRICT,
  show_on_invoice   boolean     NOT NULL DEFAULT true,
  pre_payment       boolean     NOT NULL DEFAULT false,
  reservation       boolean     NOT NULL DEFAULT false,
  season_ticket     boolean     NOT NULL DEFAULT false,
  pool_product      boolean     NOT NULL DEFAULT false,
  appendix          boolean     NOT NULL DEFAULT false,
  hide_export       boolean     NOT NULL DEFAULT false,
  vat_exempt        boolean     NOT NULL DEFAULT false,
  active            boolean     NOT NULL DEFAULT true,
  variants          jsonb       NOT NULL DEFAULT '[]',
  options           jsonb       NOT NULL DEFAULT '[]',
  extra_info        jsonb       NOT NULL DEFAULT '[]',
  seats             jsonb       NOT NULL DEFAULT '[]',
  contract_setup    jsonb,
  subscription      jsonb       NOT NULL DEFAULT '{}',
  shop              jsonb       NOT NULL DEFAULT '{}',
  shop_image        uuid,
  category_position integer     NOT NULL DEFAULT 0,
  created_at        timestamptz NOT NULL DEFAULT now(),
  created_by        uuid,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  updated_by        uuid
);
CREATE INDEX products_client ON products (client_id, lower(title));
CREATE INDEX products_category ON products (category_id, category_position);

CREATE TABLE discount_codes (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id   uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  title       text        NOT NULL,
  code        text        NOT NULL,
  expires     date        NOT NULL,
  amount      integer CHECK (amount >= 0),
  discount    bigint      NOT NULL CHECK (discount >= 0),
  percentage  boolean     NOT NULL DEFAULT true,
  active      boolean     NOT NULL DEFAULT false,
  product_ids uuid[]      NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now(),
  created_by  uuid,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  updated_by  uuid,
  CHECK (NOT percentage OR discount <= 10000)
);
CREATE UNIQUE INDEX discount_codes_code ON discount_codes (client_id, lower(code));

SELECT tribune_isolate(t) FROM unnest(ARRAY['order_categories', 'seasons', 'custom_fields', 'invoice_groups',
  'product_categories', 'products', 'discount_codes']::regclass[]) t;
