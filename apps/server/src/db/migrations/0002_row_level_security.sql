-- Row-level security (blueprint §4). Request transactions run as kinetic_app with
-- app.company_id set (tenant work) or app.scope = 'platform' (look-ups before the company is known:
-- login, session and reset-token checks, slug look-ups). A query with neither setting sees nothing.
-- FORCE makes the policies apply to the owning role as well.
ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE companies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON companies
  USING (id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON users
  USING (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE email_outbox ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE email_outbox FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON email_outbox
  USING (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (company_id = current_setting('app.company_id', true) OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY platform_only ON sessions
  USING (current_setting('app.scope', true) = 'platform')
  WITH CHECK (current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE password_reset_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE password_reset_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY platform_only ON password_reset_tokens
  USING (current_setting('app.scope', true) = 'platform')
  WITH CHECK (current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE rate_limits ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE rate_limits FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY platform_only ON rate_limits
  USING (current_setting('app.scope', true) = 'platform')
  WITH CHECK (current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE platform_users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE platform_users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY platform_only ON platform_users
  USING (current_setting('app.scope', true) = 'platform')
  WITH CHECK (current_setting('app.scope', true) = 'platform');
