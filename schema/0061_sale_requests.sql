-- Issue 40 §15: a sale's key (a booking's intentSecret, the desk's saleKey) answers its first
-- request again only when it is sent with the same request; with another event or other products
-- it is refused (409) instead of answering the first sale as if it were the second. The digest is
-- of what the request sells (`sales::process::request_digest`). Sales recorded before this have
-- none, and their keys answer as before; a shop checkout sells its cart, not its request, and
-- keeps none.
ALTER TABLE sales ADD COLUMN request_digest text;
