-- Row-level security for instructors and facilitators, the same shape as 0002.
ALTER TABLE instructors ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE instructors FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON instructors
  USING (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE facilitators ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE facilitators FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON facilitators
  USING (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform');
