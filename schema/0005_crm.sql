-- CRM (spec 1 §3): companies, contacts, contact lists, comments and files. Plain tables; every
-- row carries its club and row-level security keeps clubs apart.

CREATE TABLE companies (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id       uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  name            text        NOT NULL,
  cvr             text,
  ean             text,
  address         text,
  zip_code        text,
  city            text,
  email           text,
  phone           text,
  website         text,
  status          integer     NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 99)),
  follow_up_date  date,
  vat_excluded    boolean     NOT NULL DEFAULT false,
  use_ean         boolean     NOT NULL DEFAULT false,
  logo_web        uuid,
  logo_print      uuid,
  extra_info      jsonb       NOT NULL DEFAULT '{}',
  ticket_limits   jsonb       NOT NULL DEFAULT '{}',
  owner_id        uuid        REFERENCES users (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  created_by      uuid,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  updated_by      uuid
);
CREATE INDEX companies_client_name ON companies (client_id, lower(name));
CREATE INDEX companies_client_status ON companies (client_id, status);

CREATE TABLE contacts (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id       uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  firstname       text        NOT NULL,
  lastname        text        NOT NULL,
  email           text        NOT NULL,
  phone           text,
  mobile          text,
  linkedin        text,
  about           text,
  highlighted     boolean     NOT NULL DEFAULT false,
  no_invitations  boolean     NOT NULL DEFAULT false,
  picture         uuid,
  extra_info      jsonb       NOT NULL DEFAULT '{}',
  payment_cards   jsonb       NOT NULL DEFAULT '[]',
  created_at      timestamptz NOT NULL DEFAULT now(),
  created_by      uuid,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  updated_by      uuid
);
CREATE INDEX contacts_client_name ON contacts (client_id, lower(firstname), lower(lastname));

CREATE TABLE company_contacts (
  client_id  uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  contact_id uuid NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
  PRIMARY KEY (company_id, contact_id)
);
CREATE INDEX company_contacts_contact ON company_contacts (contact_id);

CREATE TABLE contact_lists (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id  uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  title      text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid
);
CREATE INDEX contact_lists_client ON contact_lists (client_id, lower(title));

CREATE TABLE contact_list_members (
  client_id  uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  list_id    uuid NOT NULL REFERENCES contact_lists (id) ON DELETE CASCADE,
  contact_id uuid NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
  PRIMARY KEY (list_id, contact_id)
);
CREATE INDEX contact_list_members_contact ON contact_list_members (contact_id);

CREATE TABLE files (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id     uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  relation_type text        NOT NULL,
  relation_id   text        NOT NULL,
  file_name     text        NOT NULL,
  storage_key   text        NOT NULL,
  content_type  text        NOT NULL,
  size          bigint      NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  created_by    uuid
);
CREATE INDEX files_relation ON files (client_id, relation_type, relation_id);

CREATE TABLE comments (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id      uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  parent_id      uuid        REFERENCES comments (id) ON DELETE CASCADE,
  relations      text[]      NOT NULL,
  author_id      uuid        REFERENCES users (id) ON DELETE SET NULL,
  text           text        NOT NULL DEFAULT '',
  images         uuid[]      NOT NULL DEFAULT '{}',
  attachments    uuid[]      NOT NULL DEFAULT '{}',
  origin_type    text,
  origin_id      text,
  origin_url     text,
  origin_pattern text,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_relations ON comments USING gin (relations);
CREATE INDEX comments_parent ON comments (parent_id);

CREATE TABLE comment_reads (
  comment_id uuid        NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
  user_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id  uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  read_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (comment_id, user_id)
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['companies', 'contacts', 'company_contacts', 'contact_lists', 'contact_list_members',
                           'files', 'comments', 'comment_reads']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY club_isolation ON %I USING (tribune_visible(client_id)) WITH CHECK (tribune_visible(client_id))', t);
  END LOOP;
END
$$;
