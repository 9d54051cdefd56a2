CREATE TABLE "booking_events" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"booking_id" char(24) NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" char(24),
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_events_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"class_instance_id" char(24) NOT NULL,
	"client_id" char(24) NOT NULL,
	"status" text NOT NULL,
	"waitlisted_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"paid_with" text DEFAULT 'free' NOT NULL,
	"cancelled_by" text,
	"fee_kind" text,
	"fee_amount" integer,
	"fee_status" text,
	"booked_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "bookings_fee" CHECK (("bookings"."fee_kind" is null) = ("bookings"."fee_amount" is null) and ("bookings"."fee_kind" is null) = ("bookings"."fee_status" is null) and coalesce("bookings"."fee_amount", 0) >= 0),
	CONSTRAINT "bookings_offer" CHECK (("bookings"."status" = 'offered') = ("bookings"."offer_expires_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"company_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_company_id_user_id_key_pk" PRIMARY KEY("company_id","user_id","key")
);
--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_fk" FOREIGN KEY ("company_id","booking_id") REFERENCES "public"."bookings"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_class_instance_fk" FOREIGN KEY ("company_id","class_instance_id") REFERENCES "public"."class_instances"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("company_id","booking_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_active_per_client" ON "bookings" USING btree ("company_id","class_instance_id","client_id") WHERE status in ('booked', 'waitlisted', 'offered', 'checked_in');--> statement-breakpoint
CREATE INDEX "bookings_class_idx" ON "bookings" USING btree ("company_id","class_instance_id","status","waitlisted_at");--> statement-breakpoint
CREATE INDEX "bookings_client_idx" ON "bookings" USING btree ("company_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_offers_idx" ON "bookings" USING btree ("offer_expires_at") WHERE status = 'offered';--> statement-breakpoint
-- Row-level security, the same shape as every tenant table (0013's rule: settings in sub-selects, char(24)).
ALTER TABLE bookings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE bookings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON bookings
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE booking_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE booking_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON booking_events
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE idempotency_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON idempotency_keys
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
