-- no-transaction
-- A club's records for the club-wide chain check (issue 37): the aggregates whose first event the
-- club's command stamped. Built without holding up writers on a large store.
CREATE INDEX CONCURRENTLY IF NOT EXISTS events_club_records
  ON events ((metadata->>'client_id'), aggregate_type, aggregate_id) WHERE sequence = 1;
