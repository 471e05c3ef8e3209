-- The orders' counts per club and status (0011) in 64 shards: every order counts in the shard
-- its id names (the id's last byte modulo 64, `order::project::count_shard`), and the list sums
-- the shards. One row per club and status made every new order of a club wait, from its
-- projection until its commit, on the one row all the club's other new orders were raising:
-- the booking rush measured 42 ms per update, the whole rush queued on it. An order's moves
-- between statuses stay within its shard, so no shard count goes below 0.
ALTER TABLE order_counts ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE order_counts DROP CONSTRAINT order_counts_pkey;
DELETE FROM order_counts;
INSERT INTO order_counts (client_id, status, shard, orders)
SELECT client_id, status, get_byte(uuid_send(id), 15) % 64, count(*) FROM order_rows
GROUP BY 1, 2, 3;
ALTER TABLE order_counts ADD PRIMARY KEY (client_id, status, shard);
ALTER TABLE order_counts ALTER COLUMN shard DROP DEFAULT;
