-- The Clients list's search through its trigram indexes (issue 14 §1; docs/architecture.md "Clients list
-- at 100,000 clients"). Under row-level security PostgreSQL evaluates the policy before any qual that is
-- not leakproof, and ILIKE / LIKE are not: it never uses users_clients_*_trgm_idx for a request, and a
-- search read all 100,000 rows (0.4-0.9 s). This function looks the ids up as its owner (the migrating
-- superuser, which row-level security does not bind), through the indexes, and only ever in the company
-- of the transaction (app.company_id, as the policies read it): another company's clients stay invisible.
-- The row data is then read by the normal query, under the policies.
CREATE FUNCTION clients_matching(pattern text, digits_pattern text)
  RETURNS TABLE (id char(24))
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  company char(24) := nullif(current_setting('app.company_id', true), '')::char(24);
BEGIN
  IF company IS NULL THEN
    RETURN;
  END IF;
  -- EXECUTE plans with the pattern known, so the planner weighs the index against the pattern it has.
  RETURN QUERY EXECUTE
    'select u.id from users u
      where u.company_id = $1 and u.role in (''client'', ''solo-client'')
        and (u.name ilike $2 or u.email ilike $2
             or ($3 is not null and regexp_replace(coalesce(u.phone, ''''), ''\D'', '''', ''g'') like $3))'
    USING company, pattern, digits_pattern;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION clients_matching(text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION clients_matching(text, text) TO kinetic_app;
