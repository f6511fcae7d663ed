CREATE TABLE "planner_blocked_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"day" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planner_private_appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planner_private_ends_after_start" CHECK ("planner_private_appointments"."ends_at" > "planner_private_appointments"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "planner_blocked_days" ADD CONSTRAINT "planner_blocked_days_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_private_appointments" ADD CONSTRAINT "planner_private_appointments_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planner_blocked_days_day_idx" ON "planner_blocked_days" USING btree ("day","agent_id");--> statement-breakpoint
CREATE INDEX "planner_blocked_days_agent_idx" ON "planner_blocked_days" USING btree ("agent_id","day");--> statement-breakpoint
CREATE INDEX "planner_private_agent_starts_idx" ON "planner_private_appointments" USING btree ("agent_id","starts_at");--> statement-breakpoint
CREATE INDEX "planner_private_starts_idx" ON "planner_private_appointments" USING btree ("starts_at");