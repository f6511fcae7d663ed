ALTER TABLE "import_batches" ADD COLUMN "review_counts" jsonb;--> statement-breakpoint
ALTER TABLE "import_batches" ADD COLUMN "counts_version" integer DEFAULT 0 NOT NULL;