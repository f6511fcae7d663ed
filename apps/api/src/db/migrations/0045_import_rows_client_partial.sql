DROP INDEX "import_rows_client_idx";--> statement-breakpoint
CREATE INDEX "import_rows_client_idx" ON "import_rows" USING btree ("client_id") WHERE "import_rows"."client_id" IS NOT NULL;