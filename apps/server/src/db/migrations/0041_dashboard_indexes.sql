CREATE INDEX "users_company_created_idx" ON "users" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "client_packages_company_renewal_idx" ON "client_packages" USING btree ("company_id","paid_until") WHERE status = 'active' and paid_until is not null;--> statement-breakpoint
CREATE INDEX "client_packages_failed_idx" ON "client_packages" USING btree ("company_id","updated_at") WHERE renewal_failures > 0;--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("company_id","client_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "payments_at_idx" ON "payments" USING btree ("company_id","at");