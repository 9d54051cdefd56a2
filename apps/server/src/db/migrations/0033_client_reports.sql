CREATE TABLE "client_reports" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"filename" text NOT NULL,
	"requested_by" char(24) NOT NULL,
	"request" jsonb NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_reports_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "client_reports_status" CHECK ("client_reports"."status" in ('processing', 'ready', 'failed')),
	CONSTRAINT "client_reports_progress" CHECK ("client_reports"."done" >= 0 and "client_reports"."done" <= "client_reports"."total")
);
--> statement-breakpoint
ALTER TABLE "client_reports" ADD CONSTRAINT "client_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reports" ADD CONSTRAINT "client_reports_requested_by_fk" FOREIGN KEY ("company_id","requested_by") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_reports_filename_key" ON "client_reports" USING btree ("company_id","filename");--> statement-breakpoint
CREATE INDEX "client_reports_expires_idx" ON "client_reports" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE client_reports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE client_reports FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON client_reports
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
