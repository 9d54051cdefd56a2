CREATE TABLE "pay_rates" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"instructor_id" char(24) NOT NULL,
	"template_id" char(24),
	"service" text DEFAULT 'class' NOT NULL,
	"effective_from" date NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"peak_amount" integer,
	"base_amount" integer DEFAULT 0 NOT NULL,
	"cap_amount" integer,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_rates_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "pay_rates_effective_key" UNIQUE NULLS NOT DISTINCT("company_id","instructor_id","service","template_id","effective_from"),
	CONSTRAINT "pay_rates_amounts" CHECK ("pay_rates"."amount" >= 0 and ("pay_rates"."peak_amount" is null or "pay_rates"."peak_amount" >= 0) and "pay_rates"."base_amount" >= 0
        and ("pay_rates"."cap_amount" is null or "pay_rates"."cap_amount" >= "pay_rates"."base_amount")),
	CONSTRAINT "pay_rates_kind" CHECK ("pay_rates"."kind" in ('per_class', 'per_attendee', 'hourly')),
	CONSTRAINT "pay_rates_service" CHECK ("pay_rates"."service" in ('class', 'appointment'))
);
--> statement-breakpoint
CREATE TABLE "payroll_lines" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"period_id" char(24) NOT NULL,
	"position" integer NOT NULL,
	"kind" text DEFAULT 'class' NOT NULL,
	"instructor_id" char(24) NOT NULL,
	"instructor_name" text NOT NULL,
	"class_instance_id" char(24),
	"class_name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"studio_name" text NOT NULL,
	"substitute_for" text,
	"attendees" integer NOT NULL,
	"minutes" integer NOT NULL,
	"rate_id" char(24),
	"rate_summary" text NOT NULL,
	"amount" integer NOT NULL,
	"adjusts_period_id" char(24),
	"note" text,
	CONSTRAINT "payroll_lines_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "payroll_lines_kind" CHECK ("payroll_lines"."kind" in ('class', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "payroll_periods" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"frequency" text NOT NULL,
	"currency" text NOT NULL,
	"total_amount" integer NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" char(24),
	"closed_by_name" text NOT NULL,
	CONSTRAINT "payroll_periods_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "payroll_periods_start_key" UNIQUE("company_id","starts_on"),
	CONSTRAINT "payroll_periods_dates" CHECK ("payroll_periods"."ends_on" >= "payroll_periods"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "payroll_settings" (
	"company_id" char(24) PRIMARY KEY NOT NULL,
	"frequency" text DEFAULT 'monthly' NOT NULL,
	"period_anchor" date DEFAULT '2026-01-05' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_settings_frequency" CHECK ("payroll_settings"."frequency" in ('weekly', 'fortnightly', 'monthly'))
);
--> statement-breakpoint
CREATE TABLE "staff_studios" (
	"company_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"studio_id" char(24) NOT NULL,
	CONSTRAINT "staff_studios_company_id_user_id_studio_id_pk" PRIMARY KEY("company_id","user_id","studio_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "abilities" text[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_instructor_fk" FOREIGN KEY ("company_id","instructor_id") REFERENCES "public"."instructors"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_template_fk" FOREIGN KEY ("company_id","template_id") REFERENCES "public"."class_templates"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_period_fk" FOREIGN KEY ("company_id","period_id") REFERENCES "public"."payroll_periods"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_periods" ADD CONSTRAINT "payroll_periods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_settings" ADD CONSTRAINT "payroll_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_studios" ADD CONSTRAINT "staff_studios_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_studios" ADD CONSTRAINT "staff_studios_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_studios" ADD CONSTRAINT "staff_studios_studio_fk" FOREIGN KEY ("company_id","studio_id") REFERENCES "public"."studios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_lines_period_idx" ON "payroll_lines" USING btree ("company_id","period_id","position");--> statement-breakpoint
CREATE INDEX "payroll_lines_class_idx" ON "payroll_lines" USING btree ("company_id","class_instance_id");
--> statement-breakpoint
ALTER TABLE staff_studios ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE staff_studios FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON staff_studios
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE pay_rates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE pay_rates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON pay_rates
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE payroll_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payroll_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON payroll_settings
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE payroll_periods ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payroll_periods FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON payroll_periods
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE payroll_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payroll_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON payroll_lines
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
-- Two closed pay periods of a company never overlap (btree_gist comes from 0011).
ALTER TABLE "payroll_periods" ADD CONSTRAINT "payroll_periods_no_overlap"
  EXCLUDE USING gist ("company_id" WITH =, daterange("starts_on", "ends_on", '[]') WITH &&);
--> statement-breakpoint
-- The session look-up also answers the person's abilities (issue 15 §2): null = the role's defaults.
-- Read after the transaction is scoped to the session's company, so row-level security applies.
DROP FUNCTION kinetic_open_session(text, interval);
--> statement-breakpoint
CREATE FUNCTION kinetic_open_session(p_token_hash text, p_touch_after interval)
RETURNS TABLE (id text, company_id text, user_id text, role text, stale boolean, abilities text[])
LANGUAGE plpgsql
AS $$
DECLARE
  found_session sessions%ROWTYPE;
  found_abilities text[];
BEGIN
  PERFORM set_config('app.scope', 'platform', true);
  SELECT * INTO found_session FROM sessions s WHERE s.token_hash = p_token_hash AND s.expires_at > now();
  PERFORM set_config('app.scope', '', true);
  PERFORM set_config('app.company_id', coalesce(found_session.company_id::text, ''), true);
  PERFORM set_config('app.user_id', coalesce(found_session.user_id::text, ''), true);
  IF found_session.id IS NOT NULL THEN
    SELECT u.abilities INTO found_abilities FROM users u
     WHERE u.company_id = found_session.company_id AND u.id = found_session.user_id;
    RETURN QUERY SELECT found_session.id::text, found_session.company_id::text, found_session.user_id::text,
      found_session.role, found_session.last_used_at < now() - p_touch_after, found_abilities;
  END IF;
END
$$;
