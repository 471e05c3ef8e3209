-- The views and component variants a club can choose for its modules (spec 1 §3 client module
-- customViews, customComponents; webapp/src/shared/moduleOverrides.ts says what each does):
-- a list route drawn 'Normal' or 'Kompakt', and the companies module's CVR lookup shown or not.
-- Installations seeded before this get the same definitions as a new one (api/src/seed).
UPDATE modules SET views = '[{"route": "/companies", "values": ["Normal", "Kompakt"]}]',
                   components = '[{"name": "cvrLookup", "values": ["Vis", "Skjul"]}]'
 WHERE alias = 'companies' AND views = '[]' AND components = '[]';
UPDATE modules SET views = '[{"route": "/contacts", "values": ["Normal", "Kompakt"]}]'
 WHERE alias = 'contacts' AND views = '[]';
UPDATE modules SET views = '[{"route": "/orders", "values": ["Normal", "Kompakt"]}, {"route": "/contracts", "values": ["Normal", "Kompakt"]}]'
 WHERE alias = 'orders' AND views = '[]';
