-- The administrator's user list shows how many users match and how many there are in all. Both counted every user for
-- each page (docs/decisions/162): at 100,000 customers that was most of the page's time. Kept here per role and status
-- instead, as the catalogue's counts are in 0018: hand-written, the table is the triggers' own and not in the Drizzle
-- schema. A search by name or address still counts the users it finds.
CREATE TABLE IF NOT EXISTS "user_counts" (
  "role" text NOT NULL,
  "status" text NOT NULL,
  "users" bigint NOT NULL,
  PRIMARY KEY ("role", "status")
);
--> statement-breakpoint
-- What each statement took away (old rows) and added (new rows), added up per key and written in key order, so two
-- statements that touch the same keys lock them in the same order. An update that changes neither role nor status (a
-- name, a password, a language, a notification preference) writes nothing. Keys at zero stay.
CREATE OR REPLACE FUNCTION khelkud_user_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_counts AS c (role, status, users)
      SELECT role, status, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (role, status) DO UPDATE SET users = c.users + excluded.users;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_counts AS c (role, status, users)
      SELECT role, status, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (role, status) DO UPDATE SET users = c.users + excluded.users;
  ELSE
    INSERT INTO user_counts AS c (role, status, users)
      SELECT r, s, sum(n) FROM (
        SELECT role AS r, status AS s, -1 AS n FROM old_rows
        UNION ALL
        SELECT role, status, 1 FROM new_rows
      ) d GROUP BY r, s HAVING sum(n) <> 0 ORDER BY r, s
      ON CONFLICT (role, status) DO UPDATE SET users = c.users + excluded.users;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION khelkud_user_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Everything counted again from the users (the migration's backfill; a bulk load that bypassed the triggers, such as
-- one with session_replication_role = replica, calls it afterwards).
CREATE OR REPLACE FUNCTION khelkud_user_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE users IN SHARE MODE;
  DELETE FROM user_counts;
  INSERT INTO user_counts (role, status, users) SELECT role, status, count(*) FROM users GROUP BY 1, 2;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_counts_insert" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_counts_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION khelkud_user_counts();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_counts_update" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_counts_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION khelkud_user_counts();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_counts_delete" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_counts_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION khelkud_user_counts();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_counts_truncate" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_counts_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION khelkud_user_counts_truncated();
--> statement-breakpoint
SELECT khelkud_user_counts_rebuild();
