-- The special location with its fixed id (packages/domain SPECIAL_LOCATION_ID): leads without an event or mall.
INSERT INTO "locations" ("id", "code", "city", "display_name", "index", "type")
VALUES (1, 'NONE', '', 'Ohne Standort', '', 'event')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('locations', 'id'), GREATEST((SELECT max("id") FROM "locations"), 1));
