-- A company's ticket utilization in the current season (spec 1 companies list 'Udnyttelsesgrad',
-- the company page's 'Billetter brugt i indeværende sæson'; issue 15), in percent: the tickets it
-- holds (not voided) at the season's events of the types it has ticket limits for, against what
-- those limits allow over those events. The season is the club's season holding today, or, when it
-- has none, this calendar year. 0 when the company has no limits.
CREATE FUNCTION current_ticket_season(club uuid) RETURNS TABLE (start_date date, end_date date)
LANGUAGE sql STABLE AS $$
  SELECT s.start_date, s.end_date FROM (
    (SELECT start_date, end_date, 0 AS rank FROM seasons WHERE client_id = club AND NOT reservations AND NOT inactive
       AND (now() AT TIME ZONE 'Europe/Copenhagen')::date BETWEEN start_date AND end_date
     ORDER BY start_date DESC LIMIT 1)
    UNION ALL
    SELECT date_trunc('year', now() AT TIME ZONE 'Europe/Copenhagen')::date,
           (date_trunc('year', now() AT TIME ZONE 'Europe/Copenhagen') + interval '1 year' - interval '1 day')::date, 1
  ) s ORDER BY s.rank LIMIT 1
$$;

CREATE FUNCTION company_ticket_utilization(club uuid, company uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
  WITH season AS (SELECT * FROM current_ticket_season(club)),
  limits AS (
    SELECT t.event_type AS type_key, l."productId" AS product_id, greatest(l."maxAmount", 0) AS max_amount
    FROM companies c
    CROSS JOIN LATERAL jsonb_each(c.ticket_limits) AS t(event_type, limits)
    CROSS JOIN LATERAL jsonb_to_recordset(CASE WHEN jsonb_typeof(t.limits) = 'array' THEN t.limits ELSE '[]' END)
      AS l("productId" uuid, "maxAmount" bigint)
    WHERE c.client_id = club AND c.id = company AND l."productId" IS NOT NULL),
  events AS (
    SELECT e.id, e.type_id::text AS type_key FROM club_events e CROSS JOIN season s
    WHERE e.client_id = club AND e.type_id IS NOT NULL
      AND (e.start_date AT TIME ZONE 'Europe/Copenhagen')::date BETWEEN s.start_date AND s.end_date),
  total AS (
    SELECT coalesce(sum(l.max_amount), 0) AS n FROM limits l JOIN events e ON e.type_key = l.type_key),
  used AS (
    SELECT count(*) AS n FROM ticket_rows t JOIN events e ON e.id = t.event_id
    WHERE t.client_id = club AND t.company_id = company AND t.status <> 'voided'
      AND EXISTS (SELECT 1 FROM limits l WHERE l.type_key = e.type_key AND l.product_id = t.product_id))
  SELECT CASE WHEN total.n > 0 THEN round(100.0 * used.n / total.n)::integer ELSE 0 END FROM total, used
$$;
-- The used tickets of a company are found by its id.
CREATE INDEX ticket_rows_company ON ticket_rows (client_id, company_id) WHERE company_id IS NOT NULL;
