CREATE INDEX "contact_history_created_idx" ON "contact_history" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");