-- Issue 18: the event's Relationer tab (spec 2 §7 relations, relations/create). The event's
-- orders and the companies that come (tickets, invites) follow from the data; what staff link
-- by hand — a sponsor's contract or a company the event is for — is kept here.
CREATE TABLE event_relations (
  client_id     uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  event_id      uuid        NOT NULL REFERENCES club_events (id) ON DELETE CASCADE,
  relation_type text        NOT NULL CHECK (relation_type IN ('company', 'contract')),
  relation_id   uuid        NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  created_by    uuid,
  PRIMARY KEY (event_id, relation_type, relation_id)
);
CREATE INDEX event_relations_relation ON event_relations (client_id, relation_type, relation_id);
SELECT tribune_isolate('event_relations');
