-- The catalogue's counts kept as products change (docs/decisions/133): how many active products each category has of
-- each brand, so that a category page's total, its brand counts and the category counts cost the number of categories
-- and brands, not the number of products. Hand-written, as 0013 was: the table is the triggers' own and not in the
-- Drizzle schema. A product without a category is counted under '' (no category has that id).
CREATE TABLE IF NOT EXISTS "product_facet_counts" (
  "category_id" text NOT NULL,
  "brand" text NOT NULL,
  "products" bigint NOT NULL,
  PRIMARY KEY ("category_id", "brand")
);
--> statement-breakpoint
-- A category's brand filter is `lower(brand)`: its counts are read by that.
CREATE INDEX IF NOT EXISTS "product_facet_counts_brand_idx" ON "product_facet_counts" (lower("brand"));
--> statement-breakpoint
-- What each statement took away (old rows) and added (new rows) among the active products. Products change by the
-- admin's hand (a few at a time) or by a bulk load: the rows are added up per key and written in key order, so two
-- statements that touch the same keys lock them in the same order. Keys at zero stay (read as absent).
CREATE OR REPLACE FUNCTION khelkud_product_facet_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_facet_counts AS c (category_id, brand, products)
      SELECT coalesce(category_id, ''), brand, count(*) FROM new_rows WHERE status = 'ACTIVE' GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (category_id, brand) DO UPDATE SET products = c.products + excluded.products;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_facet_counts AS c (category_id, brand, products)
      SELECT coalesce(category_id, ''), brand, -count(*) FROM old_rows WHERE status = 'ACTIVE' GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (category_id, brand) DO UPDATE SET products = c.products + excluded.products;
  ELSE
    INSERT INTO product_facet_counts AS c (category_id, brand, products)
      SELECT k, b, sum(n) FROM (
        SELECT coalesce(category_id, '') AS k, brand AS b, -1 AS n FROM old_rows WHERE status = 'ACTIVE'
        UNION ALL
        SELECT coalesce(category_id, ''), brand, 1 FROM new_rows WHERE status = 'ACTIVE'
      ) d GROUP BY k, b HAVING sum(n) <> 0 ORDER BY k, b
      ON CONFLICT (category_id, brand) DO UPDATE SET products = c.products + excluded.products;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION khelkud_product_facet_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_facet_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Everything counted again from the products (the migration's backfill; a bulk load that bypassed the triggers, such
-- as one with session_replication_role = replica, calls it afterwards).
CREATE OR REPLACE FUNCTION khelkud_product_facet_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE products IN SHARE MODE;
  DELETE FROM product_facet_counts;
  INSERT INTO product_facet_counts (category_id, brand, products)
    SELECT coalesce(category_id, ''), brand, count(*) FROM products WHERE status = 'ACTIVE' GROUP BY 1, 2;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_facet_counts_insert" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_facet_counts_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION khelkud_product_facet_counts();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_facet_counts_update" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_facet_counts_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION khelkud_product_facet_counts();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_facet_counts_delete" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_facet_counts_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION khelkud_product_facet_counts();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_facet_counts_truncate" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_facet_counts_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION khelkud_product_facet_counts_truncated();
--> statement-breakpoint
SELECT khelkud_product_facet_counts_rebuild();
--> statement-breakpoint
-- A category's pages newest first (the catalogue's default order) walk this index instead of every active product
-- (docs/decisions/133), as its pages in price or name order walk those of migration 0011.
CREATE INDEX IF NOT EXISTS "products_status_category_created_idx" ON "products" USING btree ("status", "category_id", "created_at", "id");
--> statement-breakpoint
-- And a category's pages of one brand, in each order, walk one of these instead of skipping the other brands' products
-- (the whole category, when the brand's products come last in that order).
CREATE INDEX IF NOT EXISTS "products_status_category_brand_created_idx" ON "products" USING btree ("status", "category_id", lower("brand"), "created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_status_category_brand_price_idx" ON "products" USING btree ("status", "category_id", lower("brand"), (CASE WHEN "sale_price" IS NOT NULL AND "sale_price" < "price" THEN "sale_price" ELSE "price" END), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_status_category_brand_name_idx" ON "products" USING btree ("status", "category_id", lower("brand"), "name", "id");
