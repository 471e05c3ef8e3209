-- The limit a counter's last claim was checked against (kit::capacity): a booking raises all its
-- counters in one statement, and a conflicting row's check can only read the inserted row's
-- columns, so each inserted row carries its claim's limit here.
ALTER TABLE capacity_counters ADD COLUMN claim_limit integer;
