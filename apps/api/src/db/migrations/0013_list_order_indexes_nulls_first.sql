DROP INDEX "omnicas_updated_idx";--> statement-breakpoint
DROP INDEX "orders_status_updated_idx";--> statement-breakpoint
DROP INDEX "sms_outbox_created_idx";--> statement-breakpoint
DROP INDEX "commission_receipts_status_idx";--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_updated_idx" ON "orders" USING btree ("status","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "commission_receipts_status_idx" ON "commission_receipts" USING btree ("status","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);