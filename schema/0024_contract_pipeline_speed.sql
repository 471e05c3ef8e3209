-- The pipeline boards of a club with tens of thousands of contracts (issue 12: p95 < 50 ms;
-- `cargo bench -p tribune-api --bench contracts`). Each board column is a count with sums and its
-- first 200 cards, so both indexes below are ordered as the cards are and carry what the counts
-- add up: a column is read from the index alone, and its cards stop after 200 entries.

-- Salg: by agreement status, newest first (the contracts list's agreement-status filter uses it
-- too). The status, owner and amounts are carried, not keyed: the columns filter on them.
DROP INDEX contract_rows_pipeline;
CREATE INDEX contract_rows_pipeline ON contract_rows (client_id, agreement_status, number DESC)
  INCLUDE (status, owner_id, total, subtotal);

-- Genforhandling (and the dashboard's coming renegotiations): approved contracts by renewal
-- date, then number, as the cards are ordered.
DROP INDEX contract_rows_renewal;
CREATE INDEX contract_rows_renewal ON contract_rows (client_id, renew_date, number)
  INCLUDE (owner_id, total, subtotal) WHERE status = 'approved';

-- The contracts list's search, fenced to the transaction's club as `order_search` is (0011):
-- under row-level security the trigram index on search_text could not be used, and the search
-- read every contract of the club twice. The newest `max` contracts whose number or descriptions,
-- company name or contact person's name contain the pattern.
CREATE FUNCTION contract_search(pattern text, max integer) RETURNS TABLE (id uuid, number bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  club uuid := nullif(current_setting('tribune.client_id', true), '')::uuid;
BEGIN
  IF club IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE
    'SELECT x.id, x.number FROM ('
    '  (SELECT t.id, t.number FROM contract_rows t WHERE t.client_id = $1 AND t.search_text LIKE $2 '
    '    ORDER BY t.number DESC LIMIT $3) '
    '  UNION '
    '  (SELECT t.id, t.number FROM contract_rows t JOIN companies c ON c.id = t.company_id '
    '    WHERE t.client_id = $1 AND c.client_id = $1 AND c.name ILIKE $2 ORDER BY t.number DESC LIMIT $3) '
    '  UNION '
    '  (SELECT t.id, t.number FROM contract_rows t JOIN contacts k ON k.id = t.contact_id '
    '    WHERE t.client_id = $1 AND k.client_id = $1 AND (k.firstname || '' '' || k.lastname) ILIKE $2 '
    '    ORDER BY t.number DESC LIMIT $3)'
    ') x ORDER BY x.number DESC LIMIT $3'
    USING club, pattern, max;
END
$$;
REVOKE ALL ON FUNCTION contract_search(text, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION contract_search(text, integer) TO tribune_app;
