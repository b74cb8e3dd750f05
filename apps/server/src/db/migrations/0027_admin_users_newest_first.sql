-- The administrator's user list opens on every user, newest first (findUsersPage in accounts.repository.ts), and no
-- index held users in that order: at 100,000 customers each page read and sorted all of them (docs/decisions/160).
CREATE INDEX IF NOT EXISTS "users_created_idx" ON "users" USING btree ("created_at", "id");
