-- Row-level security for class templates, the same shape as 0002 and 0005.
ALTER TABLE class_templates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE class_templates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON class_templates
  USING (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform');
