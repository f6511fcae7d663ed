-- soundex() for the duplicates by a similar name (clients of one postcode whose surnames sound alike).
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE INDEX "users_zipcode_surname_sound_idx" ON "users" USING btree ("zipcode",soundex(translate(lower("surname"), 'äöüàâáéèêëïîíôóûúçñ', 'aouaaaeeeeiiioouucn')));
