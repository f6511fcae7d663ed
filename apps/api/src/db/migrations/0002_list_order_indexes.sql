DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_created_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_to_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);