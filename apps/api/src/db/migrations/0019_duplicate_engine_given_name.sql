-- Duplicate engine: a given name that sounds alike within the postcode (a mistyped surname at a mistyped street),
-- and with names swapped a surname typed as the given name (apps/api/src/modules/clients/matches.repo.ts).
CREATE INDEX "users_zipcode_given_sound_idx" ON "users" USING btree ("zipcode",soundex(translate(lower("name"), 'äöüàâáéèêëïîíôóûúçñ', 'aouaaaeeeeiiioouucn')));