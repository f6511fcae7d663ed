CREATE TABLE "import_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_type" text NOT NULL,
	"upload_type" text DEFAULT 'local' NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"file_id" uuid,
	"created_by_id" integer NOT NULL,
	"stage" text DEFAULT 'uploaded' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sample" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mapping_remembered" boolean DEFAULT false NOT NULL,
	"location_id" integer,
	"ocr_operation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_batches_progress_range" CHECK ("import_batches"."progress" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"import_type" text NOT NULL,
	"header_signature" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_import_type_header_signature_pk" PRIMARY KEY("import_type","header_signature")
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"import_type" text NOT NULL,
	"created_by_id" integer NOT NULL,
	"location_id" integer,
	"data" jsonb NOT NULL,
	"raw" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"confidence" jsonb,
	"field_images" jsonb,
	"review_status" text DEFAULT 'not_reviewed' NOT NULL,
	"duplication_status" text DEFAULT 'without_duplicates' NOT NULL,
	"matches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_duplicate_of" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"has_errors" boolean DEFAULT false NOT NULL,
	"decision" text,
	"merge_into_id" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"client_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ocr_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_by_id" integer NOT NULL,
	"upload_type" text DEFAULT 'local' NOT NULL,
	"folder" text,
	"batch_id" integer,
	"processing" text DEFAULT 'init' NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"termination_status" text,
	"pages_total" integer DEFAULT 0 NOT NULL,
	"pages_done" integer DEFAULT 0 NOT NULL,
	"rows_created" integer DEFAULT 0 NOT NULL,
	"error" text,
	"location_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ocr_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"operation_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"page_no" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"row_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_operations" ADD CONSTRAINT "ocr_operations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_operations" ADD CONSTRAINT "ocr_operations_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_operations" ADD CONSTRAINT "ocr_operations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_pages" ADD CONSTRAINT "ocr_pages_operation_id_ocr_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."ocr_operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_pages" ADD CONSTRAINT "ocr_pages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_sha_idx" ON "import_batches" USING btree ("file_sha256","created_at");--> statement-breakpoint
CREATE INDEX "import_batches_created_by_idx" ON "import_batches" USING btree ("created_by_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "import_rows_batch_row_unique" ON "import_rows" USING btree ("batch_id","row_no");--> statement-breakpoint
CREATE INDEX "import_rows_review_location_idx" ON "import_rows" USING btree ("created_by_id","import_type","location_id" DESC NULLS LAST,"id") WHERE "import_rows"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "import_rows_client_idx" ON "import_rows" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "ocr_operations_created_by_idx" ON "ocr_operations" USING btree ("created_by_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "ocr_pages_operation_file_page_unique" ON "ocr_pages" USING btree ("operation_id","file_id","page_no");