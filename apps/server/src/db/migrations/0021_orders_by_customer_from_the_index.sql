-- The admin order list's search reads a customer's orders from this index alone (docs/decisions/143): with the
-- order's id and status beside the customer and date, the orders of the 446 customers a full name matches at a million
-- orders are counted and paged without reading the orders table. A customer's own order history still walks it by
-- (user_id, created_at).
DROP INDEX IF EXISTS "orders_user_created_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at","id") INCLUDE ("status");
