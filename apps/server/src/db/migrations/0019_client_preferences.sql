CREATE TABLE "client_preferences" (
	"company_id" char(24) NOT NULL,
	"client_id" char(24) NOT NULL,
	"booking_confirmations" boolean DEFAULT true NOT NULL,
	"reminders" boolean DEFAULT true NOT NULL,
	"waitlist" boolean DEFAULT true NOT NULL,
	"marketing" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_preferences_company_id_client_id_pk" PRIMARY KEY("company_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "client_preferences" ADD CONSTRAINT "client_preferences_client_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE client_preferences ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE client_preferences FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON client_preferences
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
