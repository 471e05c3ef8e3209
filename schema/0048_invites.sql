-- Issue 18: invitations. The Invite aggregate lives in `events`; `invite_rows` is its inline read
-- table (projections/src/invite), rebuilt by `tribune replay invite_rows`: one row per invite; a
-- deleted one keeps its row (`deleted_at`) so its link can say it was deleted. `event_id` and `contact_id` name an arrangement and a contact
-- without foreign keys: a read table is rebuilt from the events alone.
CREATE TABLE invite_rows (
  id               uuid PRIMARY KEY,
  client_id        uuid        NOT NULL,
  event_id         uuid        NOT NULL,
  contact_id       uuid        NOT NULL,
  company_id       uuid,
  list_id          uuid,
  -- The link's unguessable token: unique across clubs, as the public link finds the invite by it.
  token            text        NOT NULL,
  -- [{productId, amount}]: the free tickets.
  products         jsonb       NOT NULL DEFAULT '[]',
  sent_at          timestamptz,
  reminder_sent_at timestamptz,
  update_sent_at   timestamptz,
  booked           integer     NOT NULL DEFAULT 0,
  deleted_at       timestamptz,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  version          bigint      NOT NULL
);
CREATE UNIQUE INDEX invite_rows_token ON invite_rows (token);
-- A contact is invited to an event once (two 'Opret alle' at once: one wins).
CREATE UNIQUE INDEX invite_rows_contact ON invite_rows (event_id, contact_id) WHERE deleted_at IS NULL;
CREATE INDEX invite_rows_event ON invite_rows (client_id, event_id) WHERE deleted_at IS NULL;
SELECT tribune_isolate('invite_rows');

-- A group's products (spec 2 §7 invite-group): per catalogue product the group's total
-- (`amount`, shared by its invites at booking) and what each invite gets (`amountPerInvite`).
-- The key is a company's id, a contact list's id or 'none'.
CREATE TABLE event_invite_groups (
  client_id  uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  event_id   uuid        NOT NULL REFERENCES club_events (id) ON DELETE CASCADE,
  key        text        NOT NULL,
  products   jsonb       NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, key)
);
SELECT tribune_isolate('event_invite_groups');
