-- Seat charts are edited (issue 16): the designer's input is kept with the chart it made, so the
-- designer opens a saved chart as it was drawn (sections, rows, curves, positions, marks). A
-- chart made before this has none and is shown, not edited.
ALTER TABLE seat_charts ADD COLUMN design jsonb;

-- A season-ticket holder's match tickets name the season ticket as their order line: when the
-- season ticket goes (deleted, its order line removed, its order cancelled) they are voided.
CREATE INDEX ticket_rows_line ON ticket_rows (order_line_id);
