-- The company list's default order (name, then id as the tie-breaker) straight from an index, so
-- deep pages of a large club do not sort the whole club.
CREATE INDEX companies_client_name_id ON companies (client_id, lower(name), id);
DROP INDEX companies_client_name;
