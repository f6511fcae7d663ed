-- pg_trgm is a trusted extension: the database owner may create it (PostgreSQL 13+).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_role_name_idx" ON "users" USING btree ("role_id","surname","name","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("name" || ' ' || "surname" || ' ' || coalesce("email", '')) gin_trgm_ops);
