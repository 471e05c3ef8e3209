-- Issue 40 §4: staff cancel an event. The public page says so and booking stops at once; a job
-- (`sales::cancellation`) cancels the event's sales (refunding paid cards through the provider,
-- voiding tickets, giving places and seats back) and tells each buyer by mail, and by SMS when
-- the event chose an SMS template for 'cancelled'.
ALTER TABLE club_events
  ADD COLUMN cancelled_at timestamptz,
  ADD COLUMN cancelled_by uuid;

-- The cancellation's work list: one row per order it concerns, written before anything is
-- done, so a job run again (a retry after a crash, a second runner) carries on where it stopped
-- and never cancels, refunds or tells anyone twice. `settlement`: what became of the order
-- (refunded, nothing-paid, by-the-club) once it was handled; `mailed_at`, `sms_at`: the message
-- queued, in the transaction that set them.
CREATE TABLE event_cancellations (
  client_id  uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  event_id   uuid        NOT NULL REFERENCES club_events (id) ON DELETE CASCADE,
  order_id   uuid        NOT NULL,
  settlement text        CHECK (settlement IN ('refunded', 'nothing-paid', 'by-the-club')),
  mailed_at  timestamptz,
  sms_at     timestamptz,
  PRIMARY KEY (event_id, order_id)
);
SELECT tribune_isolate('event_cancellations');
