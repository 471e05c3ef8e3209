-- The orders list of a club with hundreds of thousands of orders (issue: p95 < 50 ms).
--
-- 1. Counts per club and status, kept by the order_rows projection (and rebuilt by its replay),
--    so the list's Total never counts 200,000 rows.
CREATE TABLE order_counts (
  client_id uuid   NOT NULL,
  status    text   NOT NULL,
  orders    bigint NOT NULL,
  PRIMARY KEY (client_id, status)
);
SELECT tribune_isolate('order_counts');

-- 2. Search. Row-level security may not let a non-leakproof operator such as LIKE run before its
--    own check, so under RLS the trigram index cannot be used and every search reads every order
--    of the club. This function runs as the owner and applies the very same fence itself: only
--    the orders of the club the transaction was opened for (`tribune.client_id`); with no club set
--    it finds nothing. It answers the newest `max` matches (by number), planned with the actual
--    pattern each time (EXECUTE), so a rare pattern goes through the trigram index and a common
--    one walks the number index and stops early.
CREATE FUNCTION order_search(pattern text, max integer) RETURNS TABLE (id uuid, number bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  club uuid := nullif(current_setting('tribune.client_id', true), '')::uuid;
BEGIN
  IF club IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE
    'SELECT x.id, x.number FROM ('
    '  (SELECT o.id, o.number FROM order_rows o WHERE o.client_id = $1 AND o.search_text LIKE $2 '
    '    ORDER BY o.number DESC LIMIT $3) '
    '  UNION '
    '  (SELECT o.id, o.number FROM order_rows o JOIN companies c ON c.id = o.company_id '
    '    WHERE o.client_id = $1 AND c.client_id = $1 AND c.name ILIKE $2 ORDER BY o.number DESC LIMIT $3)'
    ') x ORDER BY x.number DESC LIMIT $3'
    USING club, pattern, max;
END
$$;
REVOKE ALL ON FUNCTION order_search(text, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION order_search(text, integer) TO tribune_app;

-- 3. The list's sorts and its status filter, each served by an index in both directions.
--    They carry the id, so a page is found in the index alone and only its rows are read (a deep
--    page skips index entries, not rows).
DROP INDEX order_rows_number;
CREATE UNIQUE INDEX order_rows_number ON order_rows (client_id, number DESC) INCLUDE (id);
CREATE INDEX order_rows_status ON order_rows (client_id, status, number) INCLUDE (id);
CREATE INDEX order_rows_payment ON order_rows (client_id, payment_status, number) INCLUDE (id);
CREATE INDEX order_rows_total ON order_rows (client_id, total, number) INCLUDE (id);
CREATE INDEX order_rows_created ON order_rows (client_id, created_at, number) INCLUDE (id);

-- Existing orders counted once; from here on the projection keeps the counts.
INSERT INTO order_counts (client_id, status, orders)
SELECT client_id, status, count(*) FROM order_rows GROUP BY client_id, status;
