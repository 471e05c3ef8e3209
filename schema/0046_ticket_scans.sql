-- Issue 18: who scanned a ticket at the door, so the second scan says when and by whom.
ALTER TABLE ticket_rows ADD COLUMN scanned_by text;
