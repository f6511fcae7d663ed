CREATE TABLE "telephony_agent_status" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"available" boolean NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telephony_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_call_id" text NOT NULL,
	"direction" text,
	"number" text,
	"agent_id" integer,
	"client_id" integer,
	"client_matched" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration" integer,
	"outcome" text DEFAULT 'in_progress' NOT NULL,
	"missed_reason" text,
	"stage" smallint DEFAULT 0 NOT NULL,
	"ended_event_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"history_entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telephony_calls_provider_call_id_unique" UNIQUE("provider_call_id")
);
--> statement-breakpoint
ALTER TABLE "telephony_agent_status" ADD CONSTRAINT "telephony_agent_status_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telephony_calls" ADD CONSTRAINT "telephony_calls_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telephony_calls" ADD CONSTRAINT "telephony_calls_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telephony_calls" ADD CONSTRAINT "telephony_calls_history_entry_id_contact_history_id_fk" FOREIGN KEY ("history_entry_id") REFERENCES "public"."contact_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telephony_calls_agent_idx" ON "telephony_calls" USING btree ("agent_id",coalesce("started_at", "created_at") desc,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "telephony_calls_client_idx" ON "telephony_calls" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "telephony_calls_history_idx" ON "telephony_calls" USING btree ("history_entry_id");