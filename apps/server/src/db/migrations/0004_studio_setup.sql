CREATE TABLE "session_settings" (
	"company_id" char(24) PRIMARY KEY NOT NULL,
	"booking_opens_days_before" integer NOT NULL,
	"booking_closes_minutes_before" integer NOT NULL,
	"free_cancellation_hours_before" integer NOT NULL,
	"late_cancel_fee" integer NOT NULL,
	"no_show_fee" integer NOT NULL,
	"waitlist_enabled" boolean NOT NULL,
	"waitlist_mode" text NOT NULL,
	"offer_hold_minutes" integer NOT NULL,
	"waitlist_cutoff_minutes_before" integer NOT NULL,
	"max_waitlist_length" integer,
	"check_in_opens_minutes_before" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_settings_non_negative" CHECK ("session_settings"."booking_opens_days_before" >= 0 and "session_settings"."booking_closes_minutes_before" >= 0
        and "session_settings"."free_cancellation_hours_before" >= 0 and "session_settings"."late_cancel_fee" >= 0 and "session_settings"."no_show_fee" >= 0
        and "session_settings"."offer_hold_minutes" > 0 and "session_settings"."waitlist_cutoff_minutes_before" >= 0
        and ("session_settings"."max_waitlist_length" is null or "session_settings"."max_waitlist_length" > 0) and "session_settings"."check_in_opens_minutes_before" >= 0)
);
--> statement-breakpoint
CREATE TABLE "company_hours" (
	"company_id" char(24) PRIMARY KEY NOT NULL,
	"peak_hour" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"non_peak_hour" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"peak_non_peak_allowed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_rooms" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"studio_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_rooms_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "studio_rooms_capacity_positive" CHECK ("studio_rooms"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "studios" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"name" text NOT NULL,
	"address" jsonb NOT NULL,
	"phone" text,
	"email" text,
	"time_zone" text NOT NULL,
	"opening_hours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amenities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studios_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "session_settings" ADD CONSTRAINT "session_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_hours" ADD CONSTRAINT "company_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_rooms" ADD CONSTRAINT "studio_rooms_company_id_studio_id_studios_company_id_id_fk" FOREIGN KEY ("company_id","studio_id") REFERENCES "public"."studios"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studios" ADD CONSTRAINT "studios_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_rooms_studio_idx" ON "studio_rooms" USING btree ("company_id","studio_id");