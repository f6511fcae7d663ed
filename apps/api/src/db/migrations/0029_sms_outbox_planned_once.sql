-- Planned twice before this index: the newest of each event and kind stays planned, the others are canceled.
UPDATE "sms_outbox" SET "status" = 'canceled', "last_error" = 'not sent: planned twice'
WHERE "status" = 'planned' AND "event_id" IS NOT NULL AND "id" NOT IN (
  SELECT max("id") FROM "sms_outbox" WHERE "status" = 'planned' AND "event_id" IS NOT NULL GROUP BY "event_id", "type");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_planned_once_idx" ON "sms_outbox" USING btree ("event_id","type") WHERE "sms_outbox"."status" = 'planned' AND "sms_outbox"."event_id" IS NOT NULL;