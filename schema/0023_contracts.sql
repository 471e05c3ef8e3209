-- Contracts (spec 3 §3 Contract; issue 12): the Contract aggregate lives in `events`; these are its
-- inline read tables (projections/src/contract), rebuilt by `tribune replay contract_rows` from the
-- events alone, the club's contract-number counter, and the signing tokens.

-- Gap-free, never reused: the next number is taken in the transaction that commits the
-- contract's Created event.
CREATE TABLE contract_numbers (
  client_id   uuid PRIMARY KEY REFERENCES clients (id),
  last_number bigint NOT NULL
);

CREATE TABLE contract_rows (
  id               uuid PRIMARY KEY,
  client_id        uuid        NOT NULL,
  number           bigint      NOT NULL,
  status           text        NOT NULL,
  agreement_status text        NOT NULL,
  category_id      uuid,
  season_id        uuid,
  company_id       uuid,
  contact_id       uuid,
  owner_id         uuid,
  start_date       date,
  end_date         date,
  no_end_date      boolean     NOT NULL DEFAULT false,
  renew_date       date,
  line_count       integer     NOT NULL DEFAULT 0,
  subtotal         bigint      NOT NULL DEFAULT 0,
  discount         bigint      NOT NULL DEFAULT 0,
  additional_fee   bigint      NOT NULL DEFAULT 0,
  vat              bigint      NOT NULL DEFAULT 0,
  total            bigint      NOT NULL DEFAULT 0,
  prices_with_vat  boolean     NOT NULL DEFAULT false,
  invoicing        jsonb       NOT NULL DEFAULT '{}',
  renewal_of       uuid,
  renewed_by       uuid,
  signed_at        timestamptz,
  search_text      text        NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  version          bigint      NOT NULL
);
CREATE UNIQUE INDEX contract_rows_number ON contract_rows (client_id, number DESC);
CREATE INDEX contract_rows_search ON contract_rows USING gin (search_text gin_trgm_ops);
CREATE INDEX contract_rows_company ON contract_rows (company_id);
CREATE INDEX contract_rows_contact ON contract_rows (contact_id);
-- The pipeline: a club's contracts by agreement status, and its approved ones by renewal date.
CREATE INDEX contract_rows_pipeline ON contract_rows (client_id, agreement_status, status);
CREATE INDEX contract_rows_renewal ON contract_rows (client_id, renew_date) WHERE status = 'approved';
SELECT tribune_isolate('contract_rows');

CREATE TABLE contract_lines (
  contract_id    uuid    NOT NULL,
  line_id        uuid    NOT NULL,
  client_id      uuid    NOT NULL,
  position       integer NOT NULL,
  product_id     uuid,
  title          text    NOT NULL,
  type           text,
  unit           text    NOT NULL,
  price          bigint  NOT NULL,
  amount         bigint  NOT NULL,
  total          bigint  NOT NULL,
  option_product_ids uuid[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (contract_id, line_id)
);
CREATE INDEX contract_lines_product ON contract_lines (product_id);
CREATE INDEX contract_lines_option_products ON contract_lines USING gin (option_product_ids);
SELECT tribune_isolate('contract_lines');

-- Signing links (spec 3 §6 'E-signing needs a token in the query'). Only the SHA-256 of a token
-- is kept. A 'sign' token opens the document that was sent (stored under `storage_key`, whose
-- hash the signature records) and is spent by signing; a 'view' token, handed back after
-- signing, opens the signed copy. Any change to the contract's content, and reopening,
-- cancelling or deleting it, deletes its sign tokens in the same transaction (the contract
-- service does it), so an old link never shows a document that is no longer the contract.
-- Not row-level secured: a visitor without a session reaches it by the token's hash alone, and
-- every read names the contract too.
CREATE TABLE contract_sign_tokens (
  token_hash      bytea PRIMARY KEY,
  contract_id     uuid        NOT NULL,
  client_id       uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  purpose         text        NOT NULL CHECK (purpose IN ('sign', 'view')),
  storage_key     text        NOT NULL,
  document_sha256 text        NOT NULL,
  signer_name     text        NOT NULL DEFAULT '',
  signer_email    text        NOT NULL DEFAULT '',
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contract_sign_tokens_contract ON contract_sign_tokens (contract_id);

-- Every document Tribune made for a contract and its SHA-256, so that anyone holding one can ask
-- whether it is genuine (`POST /api/public/contracts/verify`).
CREATE TABLE contract_documents (
  sha256      text PRIMARY KEY,
  contract_id uuid        NOT NULL,
  client_id   uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  kind        text        NOT NULL CHECK (kind IN ('sent', 'signed')),
  number      bigint      NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
