-- Row-level security for the schedule, the same shape as 0002.
ALTER TABLE fitness_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE fitness_sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON fitness_sessions
  USING (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE class_instances ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE class_instances FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON class_instances
  USING (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform');
