CREATE TABLE "mail_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ip" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "masked_text" text;--> statement-breakpoint
CREATE INDEX "mail_requests_ip_created_idx" ON "mail_requests" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "mail_requests_email_created_idx" ON "mail_requests" USING btree ("email","created_at");--> statement-breakpoint
-- Mails written before this migration: their secrets (link hashes, six-digit codes) hidden the same way.
UPDATE "mail_outbox" SET "masked_text" = regexp_replace("text", '(hash=)[A-Za-z0-9_%-]+', '\1••••••', 'g') WHERE "kind" <> 'signup_code';--> statement-breakpoint
UPDATE "mail_outbox" SET "masked_text" = regexp_replace("text", '\m\d{6}\M', '••••••', 'g') WHERE "kind" = 'signup_code';
