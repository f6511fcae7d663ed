CREATE TABLE "licence_provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"provider_created" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deliveries" integer DEFAULT 1 NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	"licence_id" integer
);
--> statement-breakpoint
CREATE TABLE "licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"flow" text NOT NULL,
	"checkout_session_id" text,
	"customer_id" text,
	"subscription_id" text,
	"provider_status" text,
	"provider_status_at" bigint,
	"owing_since" timestamp with time zone,
	"paid_until" timestamp with time zone,
	"activation" text,
	"valid_until" timestamp with time zone,
	"requested_by_id" integer,
	"activated_by_id" integer,
	"activated_at" timestamp with time zone,
	"activations" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licence_provider_events" ADD CONSTRAINT "licence_provider_events_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_activated_by_id_users_id_fk" FOREIGN KEY ("activated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_provider_events_pending_idx" ON "licence_provider_events" USING btree ("received_at") WHERE "licence_provider_events"."processed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "licences_agent_idx" ON "licences" USING btree ("agent_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "licences_subscription_idx" ON "licences" USING btree ("subscription_id") WHERE "licences"."subscription_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "licences_checkout_session_idx" ON "licences" USING btree ("checkout_session_id") WHERE "licences"."checkout_session_id" IS NOT NULL;