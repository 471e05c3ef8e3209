-- The unpaid card bookings, oldest first, for the sweep that cancels the abandoned ones
-- (api/src/booking/sweep.rs): a rush leaves thousands of pending rows beside millions of
-- confirmed ones.
CREATE INDEX event_bookings_pending ON event_bookings (created_at) WHERE status = 'pending';
