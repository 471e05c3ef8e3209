-- How a physical product reaches the buyer (issue 36): 'none' (nothing to deliver: tickets,
-- event products, services), 'address' (sent: the checkout asks for a delivery address) or
-- 'pickup' (fetched at the club). The club chooses per product; the order keeps what the buyer
-- chose as an event (DeliveryChosen).
ALTER TABLE products
  ADD COLUMN delivery text NOT NULL DEFAULT 'none'
    CHECK (delivery IN ('none', 'address', 'pickup'));
