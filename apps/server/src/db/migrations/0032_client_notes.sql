CREATE TABLE "client_notes" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"client_id" char(24) NOT NULL,
	"author_id" char(24) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "client_notes_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "client_notes_body_length" CHECK (char_length("client_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "client_notes" ADD CONSTRAINT "client_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_notes" ADD CONSTRAINT "client_notes_client_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_notes" ADD CONSTRAINT "client_notes_author_fk" FOREIGN KEY ("company_id","author_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_notes_client_idx" ON "client_notes" USING btree ("company_id","client_id","created_at" DESC NULLS LAST) WHERE "client_notes"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE client_notes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE client_notes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON client_notes
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
