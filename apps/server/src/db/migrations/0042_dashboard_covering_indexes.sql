DROP INDEX "client_packages_company_renewal_idx";--> statement-breakpoint
DROP INDEX "orders_open_idx";--> statement-breakpoint
CREATE INDEX "client_packages_auto_renewal_idx" ON "client_packages" USING btree ("company_id","paid_until","id") WHERE status = 'active' and paid_until is not null and ends_on is null and (terms ->> 'autoRenew')::boolean;--> statement-breakpoint
CREATE INDEX "orders_open_owing_idx" ON "orders" USING btree ("company_id","client_id","total","paid") WHERE status = 'open';