-- The Clients list at 100,000 clients (issue 14 §1; docs/architecture.md "Clients list at 100,000 clients").
-- Written by hand (drizzle-kit generate --custom): expression and trigram indexes the schema files do not
-- describe, so later generated migrations neither know nor drop them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Sort keys, only over clients (the team shares the table): first name = first word of the name, last
-- name = last word, email, date joined; the id settles ties so paging is stable.
CREATE INDEX "users_clients_first_name_idx" ON "users" ("company_id", lower(split_part(btrim("name"), ' ', 1)), "id") WHERE "role" IN ('client', 'solo-client');
--> statement-breakpoint
CREATE INDEX "users_clients_last_name_idx" ON "users" ("company_id", lower(regexp_replace(btrim("name"), '^.*\s', '')), "id") WHERE "role" IN ('client', 'solo-client');
--> statement-breakpoint
CREATE INDEX "users_clients_email_idx" ON "users" ("company_id", "email", "id") WHERE "role" IN ('client', 'solo-client');
--> statement-breakpoint
CREATE INDEX "users_clients_joined_idx" ON "users" ("company_id", "created_at", "id") WHERE "role" IN ('client', 'solo-client');
--> statement-breakpoint
-- Search anywhere in the name or email (ILIKE '%…%'), and in the phone's digits however it was typed.
CREATE INDEX "users_clients_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops) WHERE "role" IN ('client', 'solo-client');
--> statement-breakpoint
CREATE INDEX "users_clients_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WHERE "role" IN ('client', 'solo-client');
--> statement-breakpoint
CREATE INDEX "users_clients_phone_digits_trgm_idx" ON "users" USING gin ((regexp_replace(coalesce("phone", ''), '\D', '', 'g')) gin_trgm_ops) WHERE "role" IN ('client', 'solo-client');
--> statement-breakpoint
-- The studio filter: clients whose home studio (sign-up details) is the studio.
CREATE INDEX "client_signup_details_home_studio_idx" ON "client_signup_details" ("company_id", "home_studio_id") WHERE "home_studio_id" IS NOT NULL;
--> statement-breakpoint
-- The studio filter's other half (clients who booked a class there) and the no-visit filter: a studio's
-- classes by time.
CREATE INDEX "class_instances_studio_starts_idx" ON "class_instances" ("company_id", "studio_id", "starts_at");
