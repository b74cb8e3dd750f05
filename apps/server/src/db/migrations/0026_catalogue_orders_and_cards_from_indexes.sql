-- The catalogue in each of its orders, and each card's stock and main picture, read from indexes (docs/decisions/160).
--
-- Every active product sorted by price, name or rating (the catalogue and GET /api/products with no category, in the
-- orders a shopper picks) had no index in that order once the category was left out: at 100,000 products each page read
-- and sorted every active row, 350–510 ms. These three give the orders the repository writes (orderBy in
-- catalog.repository.ts) after the status; price from the highest reads them backwards and sorts only the products of
-- equal price by id. Newest first already had products_status_created_idx. A brand without a category walks them too.
CREATE INDEX IF NOT EXISTS "products_status_price_id_idx" ON "products" USING btree ("status", (CASE WHEN "sale_price" IS NOT NULL AND "sale_price" < "price" THEN "sale_price" ELSE "price" END), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_status_name_idx" ON "products" USING btree ("status", "name", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_status_rating_idx" ON "products" USING btree ("status", "rating_average" DESC NULLS LAST, "review_count" DESC, "id");
--> statement-breakpoint
-- Migration 0002's index of the list price after the status served no statement: the catalogue sorts and filters by the
-- price a shopper pays (the sale price when lower), which the first index above holds. It was written on every change.
DROP INDEX IF EXISTS "products_status_price_idx";
--> statement-breakpoint
-- A list, a search and a card read each product's stock (the sum of its sizes') and main picture with a subquery per
-- row. With a shop's few hundred sizes and pictures in a few pages, PostgreSQL answered each of those subqueries by
-- reading the whole table: 40 scans of product_sizes and 40 of product_images for the API's second page of 20, most
-- of a 3.4 ms statement. These answer both from one probe each whatever the size of the tables: the sizes in their
-- order with their stock (index-only), and the pictures in the order that picks the main one (the primary first, then
-- the first in order), so its LIMIT 1 reads one entry and sorts nothing.
CREATE INDEX IF NOT EXISTS "product_sizes_by_product_idx" ON "product_sizes" USING btree ("product_id", "sort_order") INCLUDE ("size", "stock");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_images_main_idx" ON "product_images" USING btree ("product_id", "is_primary" DESC, "sort_order", "created_at");
--> statement-breakpoint
-- The administrator's product list, newest first by default and of every status, sorted all 100,000 products for each
-- page (about 170 ms); it walks this index instead, in either direction.
CREATE INDEX IF NOT EXISTS "products_created_idx" ON "products" USING btree ("created_at", "id");
