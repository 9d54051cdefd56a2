-- Tax rates move from basis points (two decimals of a percent: 8.875% could not be stored) to parts per
-- million (8.875% = 88750), for the rates and for the rate each order line recorded.
ALTER TABLE "order_lines" RENAME COLUMN "tax_basis_points" TO "tax_rate_ppm";--> statement-breakpoint
UPDATE "order_lines" SET "tax_rate_ppm" = "tax_rate_ppm" * 100;--> statement-breakpoint
ALTER TABLE "tax_rates" RENAME COLUMN "basis_points" TO "rate_ppm";--> statement-breakpoint
ALTER TABLE "tax_rates" DROP CONSTRAINT "tax_rates_basis_points";--> statement-breakpoint
UPDATE "tax_rates" SET "rate_ppm" = "rate_ppm" * 100;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_rate_ppm" CHECK ("tax_rates"."rate_ppm" between 0 and 1000000);
