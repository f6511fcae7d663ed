CREATE TABLE "email_reminder_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"stage" text NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_reminder_optouts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"opted_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_reminder_stage_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_reminder_mails" ADD CONSTRAINT "email_reminder_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_reminder_optouts" ADD CONSTRAINT "email_reminder_optouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_reminder_mails_user_stage_uq" ON "email_reminder_mails" USING btree ("user_id","stage");--> statement-breakpoint
CREATE UNIQUE INDEX "email_reminder_optouts_token_uq" ON "email_reminder_optouts" USING btree ("token");--> statement-breakpoint
CREATE INDEX "users_email_reminder_idx" ON "users" USING btree ("email_reminder_stage_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "users"."email_reminder_stage" IS NOT NULL;