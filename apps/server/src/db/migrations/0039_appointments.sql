CREATE TABLE "appointment_types" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"duration_minutes" integer NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"slot_interval_minutes" integer,
	"price" integer DEFAULT 0 NOT NULL,
	"package_ids" char(24)[] DEFAULT '{}' NOT NULL,
	"instructor_ids" char(24)[] DEFAULT '{}' NOT NULL,
	"studio_ids" char(24)[] DEFAULT '{}' NOT NULL,
	"room_ids" char(24)[] DEFAULT '{}' NOT NULL,
	"max_attendees" integer DEFAULT 1 NOT NULL,
	"rule_overrides" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_types_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "appointment_types_numbers" CHECK ("appointment_types"."duration_minutes" between 5 and 480 and "appointment_types"."buffer_before_minutes" between 0 and 240
        and "appointment_types"."buffer_after_minutes" between 0 and 240 and "appointment_types"."price" >= 0
        and "appointment_types"."max_attendees" between 1 and 50
        and ("appointment_types"."slot_interval_minutes" is null or "appointment_types"."slot_interval_minutes" between 5 and 720))
);
--> statement-breakpoint
CREATE TABLE "availability_exceptions" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"instructor_id" char(24) NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"studio_id" char(24),
	"start_time" text,
	"end_time" text,
	"note" text,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_exceptions_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "availability_exceptions_kind" CHECK ("availability_exceptions"."kind" in ('off', 'extra')),
	CONSTRAINT "availability_exceptions_times" CHECK (("availability_exceptions"."start_time" is null) = ("availability_exceptions"."end_time" is null)
        and ("availability_exceptions"."kind" = 'off' or ("availability_exceptions"."studio_id" is not null and "availability_exceptions"."start_time" is not null)))
);
--> statement-breakpoint
CREATE TABLE "instructor_working_hours" (
	"company_id" char(24) NOT NULL,
	"instructor_id" char(24) NOT NULL,
	"studio_id" char(24) NOT NULL,
	"hours" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instructor_working_hours_company_id_instructor_id_studio_id_pk" PRIMARY KEY("company_id","instructor_id","studio_id")
);
--> statement-breakpoint
ALTER TABLE "class_instances" DROP CONSTRAINT "class_instances_kind";--> statement-breakpoint
ALTER TABLE "class_instances" ADD COLUMN "appointment_type_id" char(24);--> statement-breakpoint
ALTER TABLE "class_instances" ADD COLUMN "buffer_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_instances" ADD COLUMN "buffer_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_instances" ADD COLUMN "blocked_from" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "class_instances" ADD COLUMN "blocked_until" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_instructor_fk" FOREIGN KEY ("company_id","instructor_id") REFERENCES "public"."instructors"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_studio_fk" FOREIGN KEY ("company_id","studio_id") REFERENCES "public"."studios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_working_hours" ADD CONSTRAINT "instructor_working_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_working_hours" ADD CONSTRAINT "instructor_working_hours_instructor_fk" FOREIGN KEY ("company_id","instructor_id") REFERENCES "public"."instructors"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_working_hours" ADD CONSTRAINT "instructor_working_hours_studio_fk" FOREIGN KEY ("company_id","studio_id") REFERENCES "public"."studios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_exceptions_instructor_idx" ON "availability_exceptions" USING btree ("company_id","instructor_id","date");--> statement-breakpoint
ALTER TABLE "class_instances" ADD CONSTRAINT "class_instances_appointment_type_fk" FOREIGN KEY ("company_id","appointment_type_id") REFERENCES "public"."appointment_types"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_instances_instructor_idx" ON "class_instances" USING btree ("company_id","instructor_id","starts_at");--> statement-breakpoint
ALTER TABLE "class_instances" ADD CONSTRAINT "class_instances_buffers" CHECK ("class_instances"."buffer_before_minutes" between 0 and 240 and "class_instances"."buffer_after_minutes" between 0 and 240);--> statement-breakpoint
ALTER TABLE "class_instances" ADD CONSTRAINT "class_instances_kind" CHECK (("class_instances"."kind" = 'class' and "class_instances"."event_id" is null and "class_instances"."fitness_session_id" is not null and "class_instances"."template_id" is not null and "class_instances"."instructor_id" is not null and "class_instances"."appointment_type_id" is null) or ("class_instances"."kind" = 'event' and "class_instances"."event_id" is not null and "class_instances"."appointment_type_id" is null) or ("class_instances"."kind" = 'appointment' and "class_instances"."appointment_type_id" is not null and "class_instances"."instructor_id" is not null and "class_instances"."event_id" is null and "class_instances"."fitness_session_id" is null));--> statement-breakpoint
ALTER TABLE appointment_types ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE appointment_types FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON appointment_types
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE instructor_working_hours ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE instructor_working_hours FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON instructor_working_hours
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE availability_exceptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE availability_exceptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON availability_exceptions
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
-- The time an instance keeps its instructor and room busy: its start and end widened by its buffers
-- (appointments; 0 for classes and events). Written here on every insert and update, so no path can
-- forget it; the exclusion constraints below compare it.
CREATE FUNCTION class_instances_blocked_range() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.blocked_from := NEW.starts_at - make_interval(mins => NEW.buffer_before_minutes);
  NEW.blocked_until := NEW.ends_at + make_interval(mins => NEW.buffer_after_minutes);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER class_instances_blocked BEFORE INSERT OR UPDATE ON class_instances
  FOR EACH ROW EXECUTE FUNCTION class_instances_blocked_range();
--> statement-breakpoint
UPDATE class_instances SET blocked_from = starts_at, blocked_until = ends_at;
--> statement-breakpoint
-- An instructor, and a room unless the owner confirmed a double-booking of classes, never holds two
-- overlapping scheduled instances of any kind (classes, appointments), buffers included (issue 17 §3).
ALTER TABLE "class_instances" DROP CONSTRAINT "class_instances_instructor_overlap";
--> statement-breakpoint
ALTER TABLE "class_instances" DROP CONSTRAINT "class_instances_room_overlap";
--> statement-breakpoint
ALTER TABLE "class_instances" ADD CONSTRAINT "class_instances_instructor_overlap"
  EXCLUDE USING gist ("company_id" WITH =, "instructor_id" WITH =, tstzrange("blocked_from", "blocked_until") WITH &&)
  WHERE ("status" = 'scheduled');
--> statement-breakpoint
ALTER TABLE "class_instances" ADD CONSTRAINT "class_instances_room_overlap"
  EXCLUDE USING gist ("company_id" WITH =, "room_id" WITH =, tstzrange("blocked_from", "blocked_until") WITH &&)
  WHERE ("status" = 'scheduled' AND "room_id" IS NOT NULL AND NOT "allow_room_overlap");
