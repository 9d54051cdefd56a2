ALTER TABLE "payroll_lines" ADD COLUMN "local_date" date NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "local_time" text NOT NULL;