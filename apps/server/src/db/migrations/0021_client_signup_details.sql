CREATE TABLE "client_signup_details" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"birth_date" date,
	"address" jsonb DEFAULT '{"line1":null,"line2":null,"city":null,"state":null,"postalCode":null,"country":null}'::jsonb NOT NULL,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"heard_about" text,
	"heard_about_detail" text,
	"neighborhood" text,
	"planning_unit" text,
	"age" text,
	"race_ethnicity" text,
	"industry" text,
	"income_band_to_200k" text,
	"income_band_to_120k" text,
	"home_studio_id" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_signup_details_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "client_signup_details_id_is_user" CHECK ("client_signup_details"."id" = "client_signup_details"."user_id")
);
--> statement-breakpoint
ALTER TABLE "client_signup_details" ADD CONSTRAINT "client_signup_details_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_signup_details" ADD CONSTRAINT "client_signup_details_home_studio_fk" FOREIGN KEY ("company_id","home_studio_id") REFERENCES "public"."studios"("company_id","id") ON DELETE SET NULL ("home_studio_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_signup_details_user_key" ON "client_signup_details" USING btree ("company_id","user_id");
--> statement-breakpoint
ALTER TABLE client_signup_details ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE client_signup_details FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON client_signup_details
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
