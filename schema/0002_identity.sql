-- Clubs (clients), users, memberships, the module catalogue and sessions (spec 1 §3, §6).

CREATE TABLE clients (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text        NOT NULL,
  active      boolean     NOT NULL DEFAULT true,
  url         text,
  logo        text,
  address     text,
  zip_code    text,
  city        text,
  cvr         text,
  email       text,
  phone       text,
  website     text,
  vat_rate    integer     NOT NULL DEFAULT 2500 CHECK (vat_rate BETWEEN 0 AND 10000), -- basis points
  prices_with_vat boolean NOT NULL DEFAULT true,
  disable_vat boolean     NOT NULL DEFAULT false,
  roles       jsonb       NOT NULL DEFAULT '[]',
  settings    jsonb       NOT NULL DEFAULT '{}',
  is_frontend boolean     NOT NULL DEFAULT false,
  features    jsonb       NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now(),
  created_by  uuid,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  updated_by  uuid
);
CREATE UNIQUE INDEX clients_url ON clients (lower(url)) WHERE url IS NOT NULL AND url <> '';

CREATE TABLE users (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email           text        NOT NULL,
  password_hash   text,
  firstname       text        NOT NULL DEFAULT '',
  lastname        text        NOT NULL DEFAULT '',
  phone           text,
  mobile          text,
  about           text,
  linkedin        text,
  picture         text,
  time_zone       text        NOT NULL DEFAULT 'Europe/Berlin',
  super_admin     boolean     NOT NULL DEFAULT false,
  email_confirmed boolean     NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  created_by      uuid,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  updated_by      uuid
);
CREATE UNIQUE INDEX users_email ON users (lower(email));

CREATE TABLE memberships (
  user_id      uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id    uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  role         text,
  system_user  boolean     NOT NULL DEFAULT false,
  accepted     boolean     NOT NULL DEFAULT false,
  invite_token text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, client_id)
);
CREATE INDEX memberships_client ON memberships (client_id);

CREATE TABLE modules (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name       text    NOT NULL,
  alias      text    NOT NULL UNIQUE,
  url        text    NOT NULL DEFAULT '',
  icon       text    NOT NULL DEFAULT '',
  sorting    integer NOT NULL DEFAULT 0,
  features   jsonb   NOT NULL DEFAULT '[]',
  views      jsonb   NOT NULL DEFAULT '[]',
  components jsonb   NOT NULL DEFAULT '[]',
  acl_rules  jsonb   NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE client_modules (
  client_id         uuid    NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  module_id         uuid    NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  name              text,
  active            boolean NOT NULL DEFAULT true,
  sorting           integer NOT NULL DEFAULT 0,
  custom_endpoint   text,
  custom_views      jsonb   NOT NULL DEFAULT '{}',
  custom_components jsonb   NOT NULL DEFAULT '{}',
  role_acls         jsonb   NOT NULL DEFAULT '[]',
  features          jsonb   NOT NULL DEFAULT '{}',
  PRIMARY KEY (client_id, module_id)
);

CREATE TABLE sessions (
  id              text PRIMARY KEY, -- sha256 of the cookie value; the value itself is never stored
  user_id         uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id       uuid        REFERENCES clients (id) ON DELETE SET NULL,
  impersonator_id uuid        REFERENCES users (id) ON DELETE CASCADE,
  csrf_token      text        NOT NULL,
  remember        boolean     NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_seen_at    timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE user_tokens (
  token_hash text PRIMARY KEY,
  user_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind       text        NOT NULL CHECK (kind IN ('confirm_email', 'reset_password')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);

CREATE TABLE login_attempts (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email     text        NOT NULL,
  ip        text        NOT NULL,
  succeeded boolean     NOT NULL,
  at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_email_at ON login_attempts (lower(email), at);
