-- Row-level security for the studio-setup tables (issue 7), the same shape as 0002: enabled and forced,
-- a row is visible when its company_id is the transaction's app.company_id, or on the explicit
-- platform path (the demo seed, sign-up's implicit studio for a solo company). kinetic_app already has
-- table privileges from the default privileges in 0000.
ALTER TABLE session_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE session_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON session_settings
  USING (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE company_hours ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE company_hours FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON company_hours
  USING (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE studios ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE studios FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON studios
  USING (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE studio_rooms ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE studio_rooms FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON studio_rooms
  USING (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform');
