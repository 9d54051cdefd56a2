-- Every tenant policy, rewritten once for all tables (and for any later table that names its policy
-- tenant_isolation, by running the same block in its own migration):
-- * the settings are read in sub-selects, so PostgreSQL evaluates them once per query (an init plan)
--   instead of once per row of every joined table;
-- * the company id is compared as char(24), the column's own type, so the (company_id, ...) indexes and
--   the planner's statistics apply. Written as `company_id = current_setting(...)` the column was cast to
--   text on every row and the planner guessed one row per table: the calendar's week read (six joined
--   tenant tables) ran 15 times slower under RLS than without (bench/calendar.bench.ts).
DO $$
DECLARE
  target record;
  rule text := '(company_id = (select current_setting(''app.company_id'', true))::char(24) '
            || 'or (select current_setting(''app.scope'', true)) = ''platform'')';
BEGIN
  FOR target IN
    SELECT c.relname AS name
      FROM pg_policy p
      JOIN pg_class c ON c.oid = p.polrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
     WHERE p.polname = 'tenant_isolation'
  LOOP
    EXECUTE format('ALTER POLICY tenant_isolation ON %I USING %s WITH CHECK %s', target.name, rule, rule);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER POLICY company_isolation ON companies
  USING (id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
