-- Saved payment cards (issue 14; spec 3 §2 Customer profile #cards, §3 Saved payment card): each
-- user's customer at the card provider, per club (each club's customers are its own), and the
-- card the user chose as default. The cards themselves live at the provider; Tribune keeps no
-- card data beyond what the provider lists.
CREATE TABLE payment_customers (
  client_id      uuid        NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  user_id        uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider       text        NOT NULL CHECK (provider IN ('stripe')),
  customer_id    text        NOT NULL,
  default_method text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, user_id, provider)
);
SELECT tribune_isolate('payment_customers');
