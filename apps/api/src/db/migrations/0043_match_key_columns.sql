-- The duplicate engine's key parts as generated columns of users, its indexes on them: one rewrite of the
-- table (the six columns in one statement), the five indexes made again on the columns (same values).
DROP INDEX "users_zipcode_surname_sound_idx";--> statement-breakpoint
DROP INDEX "users_locality_surname_sound_idx";--> statement-breakpoint
DROP INDEX "users_street_key_idx";--> statement-breakpoint
DROP INDEX "users_locality_street_idx";--> statement-breakpoint
DROP INDEX "users_zipcode_given_street_idx";--> statement-breakpoint
ALTER TABLE "users"
  ADD COLUMN "match_surname_sound" text GENERATED ALWAYS AS (soundex(translate(lower(surname), 'äöüàâáéèêëïîíôóûúçñ', 'aouaaaeeeeiiioouucn'))) STORED,
  ADD COLUMN "match_given_sound" text GENERATED ALWAYS AS (soundex(translate(lower(name), 'äöüàâáéèêëïîíôóûúçñ', 'aouaaaeeeeiiioouucn'))) STORED,
  ADD COLUMN "match_locality" text GENERATED ALWAYS AS (regexp_replace(translate(lower(city), 'äöüàâáéèêëïîíôóûúçñ', 'aouaaaeeeeiiioouucn'), '[^a-z]+', '', 'g')) STORED,
  ADD COLUMN "match_street" text GENERATED ALWAYS AS (regexp_replace(regexp_replace(translate(replace(lower(address), 'ß', 'ss'), 'äöüàâáéèêëïîíôóûúçñ', 'aouaaaeeeeiiioouucn'), 'strasse|str[.]', 'str', 'g'), '[^a-z0-9]+', '', 'g')) STORED,
  ADD COLUMN "match_street_name" text GENERATED ALWAYS AS (regexp_replace(regexp_replace(regexp_replace(regexp_replace(translate(replace(lower(address), 'ß', 'ss'), 'äöüàâáéèêëïîíôóûúçñ', 'aouaaaeeeeiiioouucn'), 'strasse|str[.]', 'str', 'g'), '[^a-z0-9]+', '', 'g'), '[0-9]+[a-z]?$', ''), '[0-9]+', '', 'g')) STORED,
  ADD COLUMN "match_number" text GENERATED ALWAYS AS (substring(address from '[0-9]+')) STORED;--> statement-breakpoint
CREATE INDEX "users_zipcode_surname_sound_idx" ON "users" USING btree ("zipcode","match_surname_sound");--> statement-breakpoint
CREATE INDEX "users_locality_surname_sound_idx" ON "users" USING btree ("match_locality","match_surname_sound");--> statement-breakpoint
CREATE INDEX "users_street_key_idx" ON "users" USING btree ("match_street","zipcode");--> statement-breakpoint
CREATE INDEX "users_locality_street_idx" ON "users" USING btree ("match_locality","match_street");--> statement-breakpoint
CREATE INDEX "users_zipcode_given_street_idx" ON "users" USING btree ("zipcode","match_given_sound","match_street_name","match_number");
