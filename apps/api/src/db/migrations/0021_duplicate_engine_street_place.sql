-- Duplicate engine: the same street and number within the place, both in the index (a mistyped postcode far
-- from the right one); the old rule's postcode + address key is gone with the old rule (one definition of a
-- duplicate: apps/api/src/modules/clients/matches.repo.ts).
DROP INDEX "users_address_key_idx";--> statement-breakpoint
CREATE INDEX "users_locality_street_idx" ON "users" USING btree (regexp_replace(translate(lower("city"), 'äöüàâáéèêëïîíôóûúçñ', 'aouaaaeeeeiiioouucn'), '[^a-z]+', '', 'g'),regexp_replace(regexp_replace(translate(replace(lower("address"), 'ß', 'ss'), 'äöüàâáéèêëïîíôóûúçñ', 'aouaaaeeeeiiioouucn'), 'strasse|str[.]', 'str', 'g'), '[^a-z0-9]+', '', 'g'));