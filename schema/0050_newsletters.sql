-- Issue 20: newsletters (spec 2 §2 Newsletters list, Newsletter editor, Recipients card; §3
-- Newsletter, Newsletter recipient group; §7 Newsletters). Plain tables (ARCHITECTURE §4).

-- A contact who unsubscribed from the club's newsletters (the link in every newsletter) gets no
-- more of them; invitations to events are another matter and keep `no_invitations`.
ALTER TABLE contacts ADD COLUMN no_newsletters boolean NOT NULL DEFAULT false;

CREATE TABLE newsletters (
  id             uuid PRIMARY KEY,
  client_id      uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  name           text        NOT NULL,
  title          text        NOT NULL,
  subject        text        NOT NULL,
  -- The name of one of the club's newsletter.emailTemplates; none: Tribune's own layout.
  email_template text,
  -- Rich text, sanitised when saved.
  description    text        NOT NULL DEFAULT '',
  picture        uuid REFERENCES files (id) ON DELETE SET NULL,
  picture_bottom uuid REFERENCES files (id) ON DELETE SET NULL,
  attachment     uuid REFERENCES files (id) ON DELETE SET NULL,
  -- The recipients card's last selection: {companyIds, contactIds, productIds, orderProductIds, activeDate}.
  recipients     jsonb       NOT NULL DEFAULT '{}',
  version        bigint      NOT NULL DEFAULT 1,
  created_at     timestamptz NOT NULL DEFAULT now(),
  created_by     uuid,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  updated_by     uuid
);
CREATE INDEX newsletters_client_title ON newsletters (client_id, lower(title));
SELECT tribune_isolate('newsletters');

-- One send: 'Send alle', 'Send alle igen', or a company's or a contact's send. Its recipients are
-- handed to jobs in batches; `total` is how many it queued, and a recipient is done in it when
-- its `send_id` names it (mailed, or skipped by the job).
CREATE TABLE newsletter_sends (
  id            uuid PRIMARY KEY,
  client_id     uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  newsletter_id uuid        NOT NULL REFERENCES newsletters (id) ON DELETE CASCADE,
  force         boolean     NOT NULL,
  total         integer     NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  created_by    uuid
);
CREATE INDEX newsletter_sends_newsletter ON newsletter_sends (newsletter_id, created_at DESC);
SELECT tribune_isolate('newsletter_sends');

-- Whom a newsletter goes to: a contact once, shown under the company it was reached through.
CREATE TABLE newsletter_recipients (
  id              uuid PRIMARY KEY,
  client_id       uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  newsletter_id   uuid        NOT NULL REFERENCES newsletters (id) ON DELETE CASCADE,
  contact_id      uuid        NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
  company_id      uuid REFERENCES companies (id) ON DELETE SET NULL,
  -- The unsubscribe link's unguessable token (unique across clubs: the public link finds it).
  token           text        NOT NULL,
  -- When it was last mailed, and to which address.
  sent_at         timestamptz,
  sent_to         text,
  -- The send that last handled it (mailed it or skipped it): a retried batch passes over it.
  send_id         uuid REFERENCES newsletter_sends (id) ON DELETE SET NULL,
  -- Why the last send passed it over: 'email' (none), 'unsubscribed', 'sent' (already).
  skipped         text,
  unsubscribed_at timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX newsletter_recipients_contact ON newsletter_recipients (newsletter_id, contact_id);
CREATE UNIQUE INDEX newsletter_recipients_token ON newsletter_recipients (token);
CREATE INDEX newsletter_recipients_send ON newsletter_recipients (send_id) WHERE send_id IS NOT NULL;
CREATE INDEX newsletter_recipients_contact_of ON newsletter_recipients (contact_id);
SELECT tribune_isolate('newsletter_recipients');

-- Bulk work (a newsletter's batches) waits for everything else that is due: an order's
-- confirmation is not queued behind 20,000 newsletters.
ALTER TABLE jobs ADD COLUMN priority smallint NOT NULL DEFAULT 0;
CREATE INDEX jobs_due_by_priority ON jobs (priority, scheduled_at) WHERE pending;
-- A thing's jobs (a newsletter's batches and their progress, an invite's sends).
CREATE INDEX jobs_relation ON jobs (collection, relation_id);
