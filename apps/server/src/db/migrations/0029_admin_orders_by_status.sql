-- The administrator's order list opens on every order, or on one status, newest first (findOrders in
-- orders-admin.repository.ts). A status's page walked the orders' creation index and skipped the other statuses' orders
-- (most of them, for any status but delivered); this index gives each status's orders in that order
-- (docs/decisions/164). It also answers everything migration 0001's index on the status alone did, which it replaces:
-- one index written per order change, as before.
CREATE INDEX IF NOT EXISTS "orders_status_created_idx" ON "orders" USING btree ("status", "created_at", "id");
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_status_idx";
