-- What is sold of everything that can run out (issue 15): places of an event, of a ticket product
-- at an event, a company's share of either, a product's stock, a company's free allowance. One
-- counter per thing, raised only while it stays within its limit (one conditional statement, so
-- no two buyers can both take the last place), and the holds that raised it: an unpaid booking's
-- hold expires and gives its places back; a paid one is kept for good.
CREATE TABLE capacity_counters (
  key        text        PRIMARY KEY,
  client_id  uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  taken      integer     NOT NULL DEFAULT 0 CHECK (taken >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
SELECT tribune_isolate('capacity_counters');

CREATE TABLE capacity_holds (
  id          uuid        PRIMARY KEY,
  client_id   uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  -- What the hold is for (an event), so that its expired holds are found together.
  scope       uuid        NOT NULL,
  -- The order that holds the places.
  owner_id    uuid        NOT NULL,
  -- Null: kept for good (paid, or free). Otherwise the places return after this time.
  expires_at  timestamptz,
  released_at timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX capacity_holds_owner ON capacity_holds (client_id, owner_id);
CREATE INDEX capacity_holds_expiring ON capacity_holds (scope, expires_at)
  WHERE expires_at IS NOT NULL AND released_at IS NULL;
SELECT tribune_isolate('capacity_holds');

CREATE TABLE capacity_hold_counts (
  hold_id    uuid    NOT NULL REFERENCES capacity_holds (id) ON DELETE CASCADE,
  key        text    NOT NULL,
  client_id  uuid    NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  amount     integer NOT NULL CHECK (amount > 0),
  PRIMARY KEY (hold_id, key)
);
SELECT tribune_isolate('capacity_hold_counts');
