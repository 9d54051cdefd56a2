CREATE TABLE "check_in_secrets" (
	"company_id" char(24) NOT NULL,
	"class_instance_id" char(24) NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_secrets_company_id_class_instance_id_pk" PRIMARY KEY("company_id","class_instance_id")
);
--> statement-breakpoint
ALTER TABLE "check_in_secrets" ADD CONSTRAINT "check_in_secrets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_secrets" ADD CONSTRAINT "check_in_secrets_class_instance_fk" FOREIGN KEY ("company_id","class_instance_id") REFERENCES "public"."class_instances"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE check_in_secrets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE check_in_secrets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON check_in_secrets
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
