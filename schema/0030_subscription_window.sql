-- Subscriptions of clubs that take cards through the hosted payment window (issue 14): the
-- window keeps no card to charge later, so each period is paid by the customer in the window —
-- the first when the subscription is activated, the next ones from a link mailed when they fall
-- due. The payment names the period it pays, so the window's callback can book it.
ALTER TABLE payments ADD COLUMN period text;

-- The approved subscriptions without a card whose next period has fallen due: the recurring
-- job mails each period's link once (its subscription_charges row says it was mailed).
CREATE INDEX subscription_rows_due_by_link ON subscription_rows (next_payment)
  WHERE status = 'approved' AND card_last4 IS NULL;
