ALTER TABLE "sms_outbox" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "dead_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sms_outbox_lease_idx" ON "sms_outbox" USING btree ("lease_until") WHERE "sms_outbox"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "sms_outbox_dead_idx" ON "sms_outbox" USING btree ("dead_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "sms_outbox"."dead_at" IS NOT NULL;