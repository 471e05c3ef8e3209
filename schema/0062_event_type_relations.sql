-- Issue 40 §10: the event type editor's Relationer (tab 70, spec 2 §2). A type names the companies
-- and contracts each new event of the type is linked to ({companyIds, contractIds}); creating the
-- event copies them into its `event_relations`.
ALTER TABLE event_types ADD COLUMN relations jsonb NOT NULL DEFAULT '{}'::jsonb;
