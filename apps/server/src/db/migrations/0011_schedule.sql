CREATE TABLE "class_instances" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"fitness_session_id" char(24) NOT NULL,
	"kind" text DEFAULT 'class' NOT NULL,
	"template_id" char(24) NOT NULL,
	"studio_id" char(24) NOT NULL,
	"room_id" char(24),
	"instructor_id" char(24) NOT NULL,
	"assistant_id" char(24),
	"local_date" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"booked_count" integer DEFAULT 0 NOT NULL,
	"waitlist_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"allow_room_overlap" boolean DEFAULT false NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_instances_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "class_instances_counts" CHECK ("class_instances"."booked_count" >= 0 and "class_instances"."waitlist_count" >= 0 and "class_instances"."booked_count" <= "class_instances"."capacity" and "class_instances"."ends_at" > "class_instances"."starts_at"),
	CONSTRAINT "class_instances_status" CHECK ("class_instances"."status" in ('scheduled', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "fitness_sessions" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"template_id" char(24) NOT NULL,
	"studio_id" char(24) NOT NULL,
	"room_id" char(24),
	"instructor_id" char(24) NOT NULL,
	"assistant_id" char(24),
	"capacity" integer NOT NULL,
	"drop_in_price" integer NOT NULL,
	"rule_overrides" jsonb,
	"schedule" jsonb NOT NULL,
	"start_time" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"allow_room_overlap" boolean DEFAULT false NOT NULL,
	"notes" text,
	"time_zone" text NOT NULL,
	"generated_until" date NOT NULL,
	"ended_after" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fitness_sessions_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "fitness_sessions_numbers" CHECK ("fitness_sessions"."capacity" > 0 and "fitness_sessions"."drop_in_price" >= 0 and "fitness_sessions"."duration_minutes" between 1 and 1440)
);
--> statement-breakpoint
ALTER TABLE "class_instances" ADD CONSTRAINT "class_instances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_instances" ADD CONSTRAINT "class_instances_session_fk" FOREIGN KEY ("company_id","fitness_session_id") REFERENCES "public"."fitness_sessions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_instances" ADD CONSTRAINT "class_instances_template_fk" FOREIGN KEY ("company_id","template_id") REFERENCES "public"."class_templates"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_instances" ADD CONSTRAINT "class_instances_studio_fk" FOREIGN KEY ("company_id","studio_id") REFERENCES "public"."studios"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_instances" ADD CONSTRAINT "class_instances_room_fk" FOREIGN KEY ("company_id","room_id") REFERENCES "public"."studio_rooms"("company_id","id") ON DELETE SET NULL ("room_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_instances" ADD CONSTRAINT "class_instances_instructor_fk" FOREIGN KEY ("company_id","instructor_id") REFERENCES "public"."instructors"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_instances" ADD CONSTRAINT "class_instances_assistant_fk" FOREIGN KEY ("company_id","assistant_id") REFERENCES "public"."instructors"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitness_sessions" ADD CONSTRAINT "fitness_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitness_sessions" ADD CONSTRAINT "fitness_sessions_template_fk" FOREIGN KEY ("company_id","template_id") REFERENCES "public"."class_templates"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitness_sessions" ADD CONSTRAINT "fitness_sessions_studio_fk" FOREIGN KEY ("company_id","studio_id") REFERENCES "public"."studios"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitness_sessions" ADD CONSTRAINT "fitness_sessions_room_fk" FOREIGN KEY ("company_id","room_id") REFERENCES "public"."studio_rooms"("company_id","id") ON DELETE SET NULL ("room_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitness_sessions" ADD CONSTRAINT "fitness_sessions_instructor_fk" FOREIGN KEY ("company_id","instructor_id") REFERENCES "public"."instructors"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitness_sessions" ADD CONSTRAINT "fitness_sessions_assistant_fk" FOREIGN KEY ("company_id","assistant_id") REFERENCES "public"."instructors"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_instances_starts_idx" ON "class_instances" USING btree ("company_id","starts_at");--> statement-breakpoint
CREATE INDEX "class_instances_session_idx" ON "class_instances" USING btree ("company_id","fitness_session_id","local_date");--> statement-breakpoint
-- An instructor, and a room unless the owner confirmed a double-booking, never holds two overlapping
-- scheduled classes: the database refuses it, whatever the application does (blueprint §5).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "class_instances" ADD CONSTRAINT "class_instances_instructor_overlap"
  EXCLUDE USING gist ("company_id" WITH =, "instructor_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" = 'scheduled');
--> statement-breakpoint
ALTER TABLE "class_instances" ADD CONSTRAINT "class_instances_room_overlap"
  EXCLUDE USING gist ("company_id" WITH =, "room_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" = 'scheduled' AND "room_id" IS NOT NULL AND NOT "allow_room_overlap");
