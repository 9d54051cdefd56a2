ALTER TABLE "client_packages" ADD COLUMN "paused_from" date;--> statement-breakpoint
ALTER TABLE "client_packages" ADD COLUMN "paused_until" date;--> statement-breakpoint
ALTER TABLE "client_packages" ADD COLUMN "paused_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_packages" ADD COLUMN "ends_on" date;