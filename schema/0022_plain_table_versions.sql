-- Plain-table editors carry a version (issue 11 §7): a save names the version it was read at, and
-- a stale one is refused with 409 instead of silently overwriting another person's save. Every
-- editor save moves the row's version on by one (api/src/kit/version.rs).

ALTER TABLE companies          ADD COLUMN version bigint NOT NULL DEFAULT 1;
ALTER TABLE contacts           ADD COLUMN version bigint NOT NULL DEFAULT 1;
ALTER TABLE contact_lists      ADD COLUMN version bigint NOT NULL DEFAULT 1;
ALTER TABLE products           ADD COLUMN version bigint NOT NULL DEFAULT 1;
ALTER TABLE product_categories ADD COLUMN version bigint NOT NULL DEFAULT 1;
ALTER TABLE invoice_groups     ADD COLUMN version bigint NOT NULL DEFAULT 1;
ALTER TABLE order_categories   ADD COLUMN version bigint NOT NULL DEFAULT 1;
ALTER TABLE seasons            ADD COLUMN version bigint NOT NULL DEFAULT 1;
ALTER TABLE custom_fields      ADD COLUMN version bigint NOT NULL DEFAULT 1;
ALTER TABLE discount_codes     ADD COLUMN version bigint NOT NULL DEFAULT 1;
-- The club's own row: club settings and the admin's client editor both save it.
ALTER TABLE clients            ADD COLUMN version bigint NOT NULL DEFAULT 1;
