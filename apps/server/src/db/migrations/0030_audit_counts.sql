-- The administrator's audit log shows how many entries it holds, of every kind or of one (products, orders, users…).
-- It counted them for each page, and the log grows with every administrator's write: an entry per order status change,
-- millions for a shop of a million orders (docs/decisions/165). Kept here per kind instead, as the user counts are in
-- 0028: hand-written, the table is the triggers' own and not in the Drizzle schema.
CREATE TABLE IF NOT EXISTS "audit_counts" (
  "entity_type" text PRIMARY KEY,
  "entries" bigint NOT NULL
);
--> statement-breakpoint
-- What each statement took away (old rows) and added (new rows), summed per kind and written in kind order. The log is
-- only added to; an update that changes the kind (none does) and a deletion are counted all the same.
CREATE OR REPLACE FUNCTION khelkud_audit_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO audit_counts AS c (entity_type, entries)
      SELECT entity_type, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (entity_type) DO UPDATE SET entries = c.entries + excluded.entries;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO audit_counts AS c (entity_type, entries)
      SELECT entity_type, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (entity_type) DO UPDATE SET entries = c.entries + excluded.entries;
  ELSE
    INSERT INTO audit_counts AS c (entity_type, entries)
      SELECT k, sum(n) FROM (
        SELECT entity_type AS k, -1 AS n FROM old_rows
        UNION ALL
        SELECT entity_type, 1 FROM new_rows
      ) d GROUP BY k HAVING sum(n) <> 0 ORDER BY k
      ON CONFLICT (entity_type) DO UPDATE SET entries = c.entries + excluded.entries;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION khelkud_audit_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM audit_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Everything counted again from the log (the migration's backfill; a bulk load that bypassed the triggers calls it).
CREATE OR REPLACE FUNCTION khelkud_audit_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE audit_log IN SHARE MODE;
  DELETE FROM audit_counts;
  INSERT INTO audit_counts (entity_type, entries) SELECT entity_type, count(*) FROM audit_log GROUP BY 1;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_log_counts_insert" ON "audit_log";
--> statement-breakpoint
CREATE TRIGGER "audit_log_counts_insert" AFTER INSERT ON "audit_log" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION khelkud_audit_counts();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_log_counts_update" ON "audit_log";
--> statement-breakpoint
CREATE TRIGGER "audit_log_counts_update" AFTER UPDATE ON "audit_log" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION khelkud_audit_counts();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_log_counts_delete" ON "audit_log";
--> statement-breakpoint
CREATE TRIGGER "audit_log_counts_delete" AFTER DELETE ON "audit_log" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION khelkud_audit_counts();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "audit_log_counts_truncate" ON "audit_log";
--> statement-breakpoint
CREATE TRIGGER "audit_log_counts_truncate" AFTER TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION khelkud_audit_counts_truncated();
--> statement-breakpoint
SELECT khelkud_audit_counts_rebuild();
--> statement-breakpoint
-- The log of one kind, newest first, reads this index instead of skipping the other kinds' entries in the log's
-- creation index (most of them are orders').
CREATE INDEX IF NOT EXISTS "audit_log_type_created_idx" ON "audit_log" USING btree ("entity_type", "created_at", "id");
