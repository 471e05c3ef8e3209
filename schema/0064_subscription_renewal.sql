-- Auto-renew (spec 3 §3 `autoRenew`, issue 40 item 7): an approved subscription with auto-renew
-- and an end date continues into a new commitment period after that date, its customer told
-- 30 days before; one without stops there. The hourly renewal scan finds them in
-- `subscription_rows` (its inline read table, rebuilt by `tribune replay subscription_rows`).
ALTER TABLE subscription_rows
  ADD COLUMN auto_renew          boolean NOT NULL DEFAULT false,
  -- The end date the customer was told the subscription renews after.
  ADD COLUMN renewal_noticed_for date;

-- The rows written before: auto-renew as the subscription's last form said it (a Created or
-- Updated event; nothing else changes it). No notice was sent before this.
UPDATE subscription_rows r SET auto_renew = coalesce((
  SELECT (coalesce(e.payload -> 'Updated', e.payload -> 'Created') -> 'content' ->> 'autoRenew')::boolean
  FROM events e
  WHERE e.aggregate_type = 'subscription' AND e.aggregate_id = r.id::text
    AND e.event_type IN ('Created', 'Updated')
  ORDER BY e.sequence DESC LIMIT 1), false);

-- The binding period no longer runs past the end date (a customer can always cancel before a
-- subscription renews by itself): the rows as the projection now writes them.
UPDATE subscription_rows SET commitment_date = end_date WHERE end_date < commitment_date;

CREATE INDEX subscription_rows_renewal ON subscription_rows (end_date)
  WHERE status = 'approved' AND auto_renew;
