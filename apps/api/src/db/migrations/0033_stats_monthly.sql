CREATE TABLE "stats_monthly" (
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"family" text NOT NULL,
	"agent_id" integer,
	"key" text DEFAULT '' NOT NULL,
	"values" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_refresh" (
	"year" integer PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"took_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stats_monthly_year_family_idx" ON "stats_monthly" USING btree ("year","family");