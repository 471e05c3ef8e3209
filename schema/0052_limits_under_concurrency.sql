-- Issue 35 (points 4 and 5): limits that hold under concurrency.

-- A discount code's uses are a capacity counter ('discount-code:<id>', kit::discount_codes),
-- claimed in the sale's hold like its stock. The shop's checkouts that used a code before
-- count as used for good.
INSERT INTO capacity_counters (key, client_id, taken, claim_limit)
SELECT 'discount-code:' || d.id, d.client_id, count(*), d.amount
FROM discount_codes d JOIN shop_checkouts s ON s.discount_code_id = d.id AND s.status <> 'cancelled'
GROUP BY d.id, d.client_id, d.amount
ON CONFLICT (key) DO NOTHING;

-- A hold session remembers the address of the visitor who opened it: an event limits how many
-- of one address's sessions hold seats there at once (its seating's `maxHoldsPerVisitor`).
-- Sessions opened before have none and are not counted.
ALTER TABLE seat_hold_tokens ADD COLUMN ip text;
CREATE INDEX seat_hold_tokens_ip ON seat_hold_tokens (client_id, ip) WHERE ip IS NOT NULL;
