CREATE TABLE "client_packages" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"client_id" char(24) NOT NULL,
	"package_id" char(24) NOT NULL,
	"order_id" char(24) NOT NULL,
	"terms" jsonb NOT NULL,
	"status" text NOT NULL,
	"starts_on" date NOT NULL,
	"paid_until" date,
	"expires_at" timestamp with time zone,
	"renewal_failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_packages_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"client_package_id" char(24) NOT NULL,
	"booking_id" char(24),
	"entry" text NOT NULL,
	"credits" integer NOT NULL,
	"period_start" date,
	"reason" text NOT NULL,
	"actor_id" char(24),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"order_id" char(24) NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"package_id" char(24),
	"product_id" char(24),
	"booking_id" char(24),
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"discount" integer NOT NULL,
	"tax_name" text,
	"tax_basis_points" integer DEFAULT 0 NOT NULL,
	"tax_inclusive" boolean DEFAULT false NOT NULL,
	"net" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "order_lines_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "order_lines_sum" CHECK ("order_lines"."net" + "order_lines"."tax" = "order_lines"."total" and "order_lines"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"number" integer NOT NULL,
	"client_id" char(24) NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal" integer NOT NULL,
	"discount" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"promo_code_id" char(24),
	"promo_code" text,
	"checkout_session_id" text,
	"created_by" char(24),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "orders_money" CHECK ("orders"."total" >= 0 and "orders"."paid" >= 0 and "orders"."refunded" >= 0 and "orders"."refunded" <= "orders"."paid" and "orders"."paid" <= "orders"."total")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" integer NOT NULL,
	"tax_rate_id" char(24),
	"intro_offer" boolean DEFAULT false NOT NULL,
	"off_peak_only" boolean DEFAULT false NOT NULL,
	"template_ids" text[] DEFAULT '{}' NOT NULL,
	"studio_ids" text[] DEFAULT '{}' NOT NULL,
	"period" text,
	"class_limit" integer,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"commitment_periods" integer DEFAULT 0 NOT NULL,
	"signup_fee" integer DEFAULT 0 NOT NULL,
	"credits" integer,
	"expiry_days" integer,
	"expiry_from" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "packages_kind_terms" CHECK (("packages"."kind" = 'membership' and "packages"."period" is not null and "packages"."credits" is null)
        or ("packages"."kind" = 'class-pack' and "packages"."credits" > 0 and "packages"."period" is null and "packages"."expiry_from" is not null)),
	CONSTRAINT "packages_money" CHECK ("packages"."price" >= 0 and "packages"."signup_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"company_id" char(24) PRIMARY KEY NOT NULL,
	"stripe_publishable_key" text,
	"stripe_secret_key" text,
	"stripe_webhook_secret" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"order_id" char(24) NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"provider_ref" text,
	"reason" text,
	"created_by" char(24),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" integer NOT NULL,
	"tax_rate_id" char(24),
	"sku" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "products_price" CHECK ("products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"code" text NOT NULL,
	"discount_kind" text NOT NULL,
	"discount_value" integer NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"max_uses" integer,
	"max_uses_per_client" integer,
	"package_ids" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "promo_codes_value" CHECK ("promo_codes"."discount_value" > 0 and ("promo_codes"."discount_kind" <> 'percent' or "promo_codes"."discount_value" <= 100))
);
--> statement-breakpoint
CREATE TABLE "stripe_customers" (
	"company_id" char(24) NOT NULL,
	"client_id" char(24) NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_customers_company_id_client_id_pk" PRIMARY KEY("company_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"company_id" char(24) NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_events_company_id_event_id_pk" PRIMARY KEY("company_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"company_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"name" text NOT NULL,
	"basis_points" integer NOT NULL,
	"inclusive" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "tax_rates_basis_points" CHECK ("tax_rates"."basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "client_package_id" char(24);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "order_id" char(24);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fee_order_id" char(24);--> statement-breakpoint
ALTER TABLE "client_packages" ADD CONSTRAINT "client_packages_client_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_packages" ADD CONSTRAINT "client_packages_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_packages" ADD CONSTRAINT "client_packages_package_fk" FOREIGN KEY ("company_id","package_id") REFERENCES "public"."packages"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_client_package_fk" FOREIGN KEY ("company_id","client_package_id") REFERENCES "public"."client_packages"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_tax_rate_fk" FOREIGN KEY ("company_id","tax_rate_id") REFERENCES "public"."tax_rates"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_rate_fk" FOREIGN KEY ("company_id","tax_rate_id") REFERENCES "public"."tax_rates"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_customers" ADD CONSTRAINT "stripe_customers_client_fk" FOREIGN KEY ("company_id","client_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_packages_client_idx" ON "client_packages" USING btree ("company_id","client_id","status");--> statement-breakpoint
CREATE INDEX "client_packages_renewal_idx" ON "client_packages" USING btree ("paid_until") WHERE status = 'active' and paid_until is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_once_per_booking" ON "credit_ledger" USING btree ("company_id","booking_id","entry") WHERE booking_id is not null;--> statement-breakpoint
CREATE INDEX "credit_ledger_package_idx" ON "credit_ledger" USING btree ("company_id","client_package_id","period_start");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("company_id","order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_session_key" ON "orders" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("company_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_promo_idx" ON "orders" USING btree ("company_id","promo_code_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("company_id","order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments" USING btree ("company_id","kind","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree ("company_id","code");
--> statement-breakpoint
-- Row-level security, the same shape as every tenant table (0013's rule: settings in sub-selects, char(24)).
ALTER TABLE tax_rates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tax_rates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tax_rates
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE packages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE packages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON packages
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE promo_codes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE promo_codes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON promo_codes
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE products ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE products FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON products
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE orders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE orders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON orders
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE order_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE order_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON order_lines
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON payments
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE client_packages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE client_packages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON client_packages
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE credit_ledger ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE credit_ledger FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON credit_ledger
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE payment_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payment_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON payment_settings
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE stripe_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stripe_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON stripe_events
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
ALTER TABLE stripe_customers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stripe_customers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON stripe_customers
  USING (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform')
  WITH CHECK (company_id = (select current_setting('app.company_id', true))::char(24) or (select current_setting('app.scope', true)) = 'platform');
