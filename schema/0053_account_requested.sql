-- 'Opret bruger' in the booking wizard or the shop checkout (issue 36): the sale remembers that
-- its buyer asked for a user, so its confirmation page can say that one was made and that the
-- e-mail must be confirmed. True for every visitor who asked, also when the address had a user
-- already (that owner is told by mail instead): the page answers alike, so nobody learns who
-- has an account.
ALTER TABLE event_bookings ADD COLUMN account_requested boolean NOT NULL DEFAULT false;
ALTER TABLE shop_checkouts ADD COLUMN account_requested boolean NOT NULL DEFAULT false;
