CREATE TABLE "policies" (
	"company_id" char(24) PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiver_signatures" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"client_id" char(24) NOT NULL,
	"waiver_id" char(24) NOT NULL,
	"version" integer NOT NULL,
	"full_name" text NOT NULL,
	"kind" text NOT NULL,
	"path" text,
	"accepted_terms" jsonb NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	CONSTRAINT "waiver_signatures_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "waivers" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"terms" jsonb NOT NULL,
	"signatures_from_version" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" char(24),
	"removed_at" timestamp with time zone,
	CONSTRAINT "waivers_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "waivers_signatures_from" CHECK ("waivers"."signatures_from_version" between 1 and "waivers"."version")
);
--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_client_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_waiver_fk" FOREIGN KEY ("company_id","waiver_id") REFERENCES "public"."waivers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waivers" ADD CONSTRAINT "waivers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiver_signatures_client_idx" ON "waiver_signatures" USING btree ("company_id","client_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "waivers_version_key" ON "waivers" USING btree ("company_id","version");--> statement-breakpoint
ALTER TABLE waivers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE waivers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON waivers
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE waiver_signatures ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE waiver_signatures FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON waiver_signatures
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE policies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE policies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON policies
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
