CREATE TABLE "commission_rates" (
	"product_type" text NOT NULL,
	"reason" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rates_product_type_reason_pk" PRIMARY KEY("product_type","reason"),
	CONSTRAINT "commission_rates_value" CHECK ("commission_rates"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "commission_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "commission_receipts_period" CHECK ("commission_receipts"."period_to" >= "commission_receipts"."period_from")
);
--> statement-breakpoint
CREATE TABLE "commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"reason" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"receipt_id" integer,
	"reverses_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "omnicas_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'in_examination' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"amount" integer NOT NULL,
	"provider_id" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"delivered_at" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"paid_at" date NOT NULL,
	"method" text,
	"bank_code" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_not_zero" CHECK ("order_payments"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "product_stock" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_products" ADD COLUMN "delivery_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bank_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contract_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commission_receipts" ADD CONSTRAINT "commission_receipts_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_receipts" ADD CONSTRAINT "commission_receipts_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_receipt_id_commission_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."commission_receipts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omnicas_applications" ADD CONSTRAINT "omnicas_applications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omnicas_applications" ADD CONSTRAINT "omnicas_applications_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_receipts_agent_idx" ON "commission_receipts" USING btree ("agent_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "commission_receipts_status_idx" ON "commission_receipts" USING btree ("status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "commission_receipts_created_by_idx" ON "commission_receipts" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "commissions_reason_updated_idx" ON "commissions" USING btree ("reason","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "commissions_agent_idx" ON "commissions" USING btree ("agent_id","status","created_at");--> statement-breakpoint
CREATE INDEX "commissions_order_idx" ON "commissions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "commissions_receipt_idx" ON "commissions" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "omnicas_order_idx" ON "omnicas_applications" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "omnicas_updated_idx" ON "omnicas_applications" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "omnicas_created_by_idx" ON "omnicas_applications" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "order_deliveries_order_idx" ON "order_deliveries" USING btree ("order_id","delivered_at");--> statement-breakpoint
CREATE INDEX "order_deliveries_created_by_idx" ON "order_deliveries" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_payments_created_by_idx" ON "order_payments" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "event_products_delivery_idx" ON "event_products" USING btree ("delivery_id");--> statement-breakpoint
-- Starting rates an admin changes on the finances page: 10 % of a main device to the seller, 3 / 2 / 1 %
-- to the three referrers above, CHF 50 a device to the call agent who booked the demo; 5 % and 1 % on
-- other products.
INSERT INTO "commission_rates" ("product_type", "reason", "kind", "value") VALUES
  ('main', 'sale', 'percent', 1000),
  ('main', 'l1', 'percent', 300),
  ('main', 'l2', 'percent', 200),
  ('main', 'l3', 'percent', 100),
  ('main', 'ca', 'fixed', 5000),
  ('other', 'sale', 'percent', 500),
  ('other', 'l1', 'percent', 100);
