CREATE TABLE "event_facilitators" (
	"company_id" char(24) NOT NULL,
	"event_id" char(24) NOT NULL,
	"facilitator_id" char(24) NOT NULL,
	CONSTRAINT "event_facilitators_company_id_event_id_facilitator_id_pk" PRIMARY KEY("company_id","event_id","facilitator_id")
);
--> statement-breakpoint
CREATE TABLE "event_packages" (
	"company_id" char(24) NOT NULL,
	"event_id" char(24) NOT NULL,
	"package_id" char(24) NOT NULL,
	CONSTRAINT "event_packages_company_id_event_id_package_id_pk" PRIMARY KEY("company_id","event_id","package_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"description" text,
	"image" text,
	"studio_id" char(24) NOT NULL,
	"address" text,
	"capacity" integer NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"waitlist" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "events_numbers" CHECK ("events"."capacity" > 0 and "events"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "class_instances" ALTER COLUMN "fitness_session_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "class_instances" ALTER COLUMN "template_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "class_instances" ALTER COLUMN "instructor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "class_instances" ADD COLUMN "event_id" char(24);--> statement-breakpoint
ALTER TABLE "event_facilitators" ADD CONSTRAINT "event_facilitators_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_facilitators" ADD CONSTRAINT "event_facilitators_event_fk" FOREIGN KEY ("company_id","event_id") REFERENCES "public"."events"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_facilitators" ADD CONSTRAINT "event_facilitators_facilitator_fk" FOREIGN KEY ("company_id","facilitator_id") REFERENCES "public"."facilitators"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_packages" ADD CONSTRAINT "event_packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_packages" ADD CONSTRAINT "event_packages_event_fk" FOREIGN KEY ("company_id","event_id") REFERENCES "public"."events"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_packages" ADD CONSTRAINT "event_packages_package_fk" FOREIGN KEY ("company_id","package_id") REFERENCES "public"."packages"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_studio_fk" FOREIGN KEY ("company_id","studio_id") REFERENCES "public"."studios"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_facilitators_facilitator_idx" ON "event_facilitators" USING btree ("company_id","facilitator_id");--> statement-breakpoint
ALTER TABLE "class_instances" ADD CONSTRAINT "class_instances_event_fk" FOREIGN KEY ("company_id","event_id") REFERENCES "public"."events"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_instances_event_idx" ON "class_instances" USING btree ("company_id","event_id","starts_at");--> statement-breakpoint
ALTER TABLE "class_instances" ADD CONSTRAINT "class_instances_kind" CHECK (("class_instances"."kind" = 'class' and "class_instances"."event_id" is null and "class_instances"."fitness_session_id" is not null and "class_instances"."template_id" is not null and "class_instances"."instructor_id" is not null) or ("class_instances"."kind" = 'event' and "class_instances"."event_id" is not null));--> statement-breakpoint
ALTER TABLE events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON events
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE event_facilitators ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE event_facilitators FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON event_facilitators
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE event_packages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE event_packages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON event_packages
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
