ALTER TABLE "import_rows" DROP CONSTRAINT "import_rows_batch_id_import_batches_id_fk";
--> statement-breakpoint
ALTER TABLE "import_rows" DROP CONSTRAINT "import_rows_location_id_locations_id_fk";
--> statement-breakpoint
-- The references of import_rows (its batch, its location) kept by triggers instead of foreign keys
-- (docs/import.md "The rows' references"): a foreign key checks and locks the referenced row once per
-- inserted row (1.5 s of a check of 100,000 rows, all of one batch and one location); these check and
-- lock each referenced row once per statement, FOR KEY SHARE as a foreign key does, so a batch or a
-- location cannot be deleted while rows naming it are being written, and rows naming a deleted one fail.
CREATE FUNCTION import_rows_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing bigint;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM 1 FROM import_batches b WHERE b.id IN (SELECT DISTINCT a.batch_id FROM added a) FOR KEY SHARE OF b;
    SELECT a.batch_id INTO missing FROM (SELECT DISTINCT batch_id FROM added) a
      WHERE NOT EXISTS (SELECT 1 FROM import_batches b WHERE b.id = a.batch_id) LIMIT 1;
    IF FOUND THEN
      RAISE foreign_key_violation USING MESSAGE = format('import_rows: batch %s does not exist', missing);
    END IF;
    PERFORM 1 FROM locations l WHERE l.id IN (SELECT DISTINCT a.location_id FROM added a WHERE a.location_id IS NOT NULL) FOR KEY SHARE OF l;
    SELECT a.location_id INTO missing FROM (SELECT DISTINCT location_id FROM added WHERE location_id IS NOT NULL) a
      WHERE NOT EXISTS (SELECT 1 FROM locations l WHERE l.id = a.location_id) LIMIT 1;
    IF FOUND THEN
      RAISE foreign_key_violation USING MESSAGE = format('import_rows: location %s does not exist', missing);
    END IF;
    RETURN NULL;
  END IF;
  -- A row whose batch or location changes (the trigger's WHEN): the new ones checked and locked.
  PERFORM 1 FROM import_batches b WHERE b.id = NEW.batch_id FOR KEY SHARE OF b;
  IF NOT FOUND THEN
    RAISE foreign_key_violation USING MESSAGE = format('import_rows: batch %s does not exist', NEW.batch_id);
  END IF;
  IF NEW.location_id IS NOT NULL THEN
    PERFORM 1 FROM locations l WHERE l.id = NEW.location_id FOR KEY SHARE OF l;
    IF NOT FOUND THEN
      RAISE foreign_key_violation USING MESSAGE = format('import_rows: location %s does not exist', NEW.location_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER import_rows_inserted_references AFTER INSERT ON import_rows REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION import_rows_check_references();
--> statement-breakpoint
CREATE TRIGGER import_rows_changed_references AFTER UPDATE ON import_rows FOR EACH ROW
  WHEN (OLD.batch_id IS DISTINCT FROM NEW.batch_id OR (NEW.location_id IS NOT NULL AND OLD.location_id IS DISTINCT FROM NEW.location_id))
  EXECUTE FUNCTION import_rows_check_references();
--> statement-breakpoint
-- What the foreign keys did on delete: a batch's rows go with it; a deleted location is taken off its rows.
CREATE FUNCTION import_rows_batch_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM import_rows WHERE batch_id = OLD.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER import_rows_batch_deleted AFTER DELETE ON import_batches FOR EACH ROW EXECUTE FUNCTION import_rows_batch_deleted();
--> statement-breakpoint
CREATE FUNCTION import_rows_location_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE import_rows SET location_id = NULL WHERE location_id = OLD.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER import_rows_location_deleted AFTER DELETE ON locations FOR EACH ROW EXECUTE FUNCTION import_rows_location_deleted();
