CREATE TABLE "event_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"order_id" integer,
	"product_id" integer NOT NULL,
	"status" text NOT NULL,
	"repayment_type" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"years_of_guarantee" integer,
	"price" integer NOT NULL,
	"rec_price" integer,
	"delivered" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_products_quantity_positive" CHECK ("event_products"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"client_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"created_by_id" integer,
	"updated_by_id" integer,
	"status" text DEFAULT 'planned' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"remeet_event_id" integer,
	"related_event_id" integer,
	"was_at_home" boolean,
	"has_order" boolean DEFAULT false NOT NULL,
	"quality" text,
	"bad_quality_reasons" text,
	"bad_quality_reason_desc" text DEFAULT '' NOT NULL,
	"got_gift" boolean,
	"gift_product_id" integer,
	"rej_gift_reasons" text,
	"saw_presentation" boolean,
	"dont_saw_reasons" text,
	"dont_saw_reason_desc" text DEFAULT '' NOT NULL,
	"bought_product" boolean,
	"bought_other_products" boolean,
	"dont_buy_reasons" text,
	"discount_rec_sum" integer,
	"discount_rec_count" integer,
	"payment_method" text,
	"contract_number" text,
	"bank_processing_commission" integer DEFAULT 0 NOT NULL,
	"first_payment_month" text,
	"payment_installments" integer,
	"flow_step" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_ends_after_start" CHECK ("events"."ends_at" > "events"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"event_id" integer,
	"agent_id" integer,
	"call_agent_id" integer,
	"partner_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'open' NOT NULL,
	"delivery_status" text DEFAULT 'not_delivered' NOT NULL,
	"payment_method" text,
	"contract_number" text,
	"discount_rec_sum" integer DEFAULT 0 NOT NULL,
	"discount_rec_count" integer DEFAULT 0 NOT NULL,
	"bank_processing_commission" integer DEFAULT 0 NOT NULL,
	"first_payment_month" text,
	"payment_installments" integer,
	"checked_contract" boolean DEFAULT false NOT NULL,
	"checked_bank_docs" boolean DEFAULT false NOT NULL,
	"checked_bank_delivery" boolean DEFAULT false NOT NULL,
	"checked_payments" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recall_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"recall_at" timestamp with time zone NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"user_id" integer,
	"event_id" integer,
	"send_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"provider_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" text DEFAULT 'contract' NOT NULL,
	"event_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_products" ADD CONSTRAINT "event_products_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_products" ADD CONSTRAINT "event_products_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_products" ADD CONSTRAINT "event_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_remeet_event_id_events_id_fk" FOREIGN KEY ("remeet_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_related_event_id_events_id_fk" FOREIGN KEY ("related_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_gift_product_id_products_id_fk" FOREIGN KEY ("gift_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_call_agent_id_users_id_fk" FOREIGN KEY ("call_agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_history" ADD CONSTRAINT "recall_history_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_history" ADD CONSTRAINT "recall_history_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_documents" ADD CONSTRAINT "user_documents_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_products_event_idx" ON "event_products" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_products_order_idx" ON "event_products" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "event_products_product_idx" ON "event_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "event_products_undelivered_idx" ON "event_products" USING btree ("event_id") WHERE NOT "event_products"."delivered";--> statement-breakpoint
CREATE INDEX "events_agent_starts_idx" ON "events" USING btree ("agent_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_starts_idx" ON "events" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "events_client_idx" ON "events" USING btree ("client_id","starts_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_created_by_idx" ON "events" USING btree ("created_by_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_type_status_starts_idx" ON "events" USING btree ("type","status","starts_at");--> statement-breakpoint
CREATE INDEX "events_remeet_idx" ON "events" USING btree ("remeet_event_id");--> statement-breakpoint
CREATE INDEX "events_related_idx" ON "events" USING btree ("related_event_id");--> statement-breakpoint
CREATE INDEX "events_updated_by_idx" ON "events" USING btree ("updated_by_id");--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "orders_event_idx" ON "orders" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "orders_agent_idx" ON "orders" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "orders_call_agent_idx" ON "orders" USING btree ("call_agent_id");--> statement-breakpoint
CREATE INDEX "orders_partner_idx" ON "orders" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "orders_status_updated_idx" ON "orders" USING btree ("status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recall_history_event_idx" ON "recall_history" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "recall_history_created_by_idx" ON "recall_history" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("send_at") WHERE "sms_outbox"."status" = 'planned';--> statement-breakpoint
CREATE INDEX "sms_outbox_event_idx" ON "sms_outbox" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_user_idx" ON "sms_outbox" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_documents_user_idx" ON "user_documents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_documents_event_idx" ON "user_documents" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "user_documents_file_idx" ON "user_documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "user_documents_created_by_idx" ON "user_documents" USING btree ("created_by_id");--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- An agent's planned and held events may not overlap, whatever two bookings race.
ALTER TABLE "events" ADD CONSTRAINT "events_agent_no_overlap" EXCLUDE USING gist ("agent_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" IN ('planned', 'success'));
