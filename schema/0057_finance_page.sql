-- The finance page (issue 37 §5) and the back office's 'Webshop' (issue 37 §6).

-- The finance page's figures scan a club's invoices by invoice date, by the day paid and, for
-- 'Forfaldne', its unpaid ones by due date; the invoices list filters by the same columns when a
-- figure is clicked. Each index holds only the rows its figure reads.
CREATE INDEX invoice_rows_by_date ON invoice_rows (client_id, invoice_date) WHERE number IS NOT NULL;
CREATE INDEX invoice_rows_by_paid ON invoice_rows (client_id, paid_on) WHERE paid_on IS NOT NULL;
CREATE INDEX invoice_rows_unpaid ON invoice_rows (client_id, due_date)
  WHERE number IS NOT NULL AND paid_on IS NULL;

-- 'Webshop' in the back office opens the shop's administration, not the public storefront
-- (`/shop` stays the buyer's). A URL an administrator changed by hand is left alone.
UPDATE modules SET url = '/shop-admin' WHERE alias = 'webshop' AND url = '/shop';
