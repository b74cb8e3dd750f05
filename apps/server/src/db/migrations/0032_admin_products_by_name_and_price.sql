-- The administrator's product list sorted by name or by list price (docs/decisions/167). With every status, neither
-- order had an index: each page read all products and kept the top of the page, 110–120 ms at 100,000 products. With
-- a status chosen, the name had products_status_name_idx (migration 0026) and the list price had no index since that
-- migration dropped products_status_price_idx (77 ms). These three give those orders, in either direction. Only
-- administrators and reviews write products, so the extra index entries cost no checkout anything.
CREATE INDEX IF NOT EXISTS "products_name_id_idx" ON "products" USING btree ("name", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_price_id_idx" ON "products" USING btree ("price", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_status_list_price_idx" ON "products" USING btree ("status", "price", "id");
