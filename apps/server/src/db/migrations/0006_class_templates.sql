CREATE TABLE "class_templates" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"duration_minutes" integer NOT NULL,
	"default_capacity" integer NOT NULL,
	"drop_in_price" integer DEFAULT 0 NOT NULL,
	"colour" text NOT NULL,
	"image" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_templates_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "class_templates_numbers" CHECK ("class_templates"."duration_minutes" > 0 and "class_templates"."default_capacity" > 0 and "class_templates"."drop_in_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "class_templates" ADD CONSTRAINT "class_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_templates_active_name_key" ON "class_templates" USING btree ("company_id",lower("name")) WHERE "class_templates"."archived_at" is null;