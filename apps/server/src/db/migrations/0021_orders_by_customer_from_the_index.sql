-- The admin order list's search reads a customer's orders from this index alone (docs/decisions/143): with the
-- order's id and status beside the customer and date, the orders of the 446 customers a full name matches at a million
-- orders are counted and paged without reading the orders table. A customer's own order history walks it by
-- (user_id, created_at) as it walked the index it replaces, so the release before this one works with it too.
-- The new index is built first (orders stay readable meanwhile; writes wait, about 2 s at a million orders), and the
-- old one is dropped last, so the exclusive lock that drop takes is held only until the migration commits.
CREATE INDEX IF NOT EXISTS "orders_user_created_id_idx" ON "orders" USING btree ("user_id","created_at","id") INCLUDE ("status");
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_user_created_idx";
