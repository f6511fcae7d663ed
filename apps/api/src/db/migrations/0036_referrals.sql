CREATE TABLE "referral_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"provider" text DEFAULT 'local' NOT NULL,
	"short_url" text,
	"clicks" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"user_id" integer,
	"address_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_signups" ADD CONSTRAINT "referral_signups_link_id_referral_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."referral_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_signups" ADD CONSTRAINT "referral_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_links_code_unique" ON "referral_links" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_links_user_unique" ON "referral_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "referral_signups_address_idx" ON "referral_signups" USING btree ("address_hash","created_at");--> statement-breakpoint
CREATE INDEX "referral_signups_link_idx" ON "referral_signups" USING btree ("link_id","created_at");