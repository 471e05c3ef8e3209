-- Company search: one lower-cased text of the searchable columns, indexed by trigrams, so a
-- search in a 10,000-company club reads the matching rows instead of all of them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE companies ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(name || ' ' || coalesce(cvr, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(city, ''))
) STORED;
CREATE INDEX companies_search ON companies USING gin (search_text gin_trgm_ops);
CREATE INDEX companies_client_city ON companies (client_id, lower(city));
CREATE INDEX companies_client_follow_up ON companies (client_id, follow_up_date);
