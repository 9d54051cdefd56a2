-- Links instructors and facilitators to a login. SET NULL names user_id alone (PostgreSQL 15+): the key
-- is composite and company_id must never be nulled when a login is deleted.
ALTER TABLE "password_reset_tokens" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilitators" ADD COLUMN "user_id" char(24);--> statement-breakpoint
ALTER TABLE "instructors" ADD COLUMN "user_id" char(24);--> statement-breakpoint
ALTER TABLE "facilitators" ADD CONSTRAINT "facilitators_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructors" ADD CONSTRAINT "instructors_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facilitators_user_key" ON "facilitators" USING btree ("company_id","user_id") WHERE "facilitators"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "instructors_user_key" ON "instructors" USING btree ("company_id","user_id") WHERE "instructors"."user_id" is not null;