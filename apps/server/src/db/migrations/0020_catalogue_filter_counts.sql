-- The catalogue's counts for the filters 0018's counts do not answer (docs/decisions/138): a price range, featured and
-- new. Active products per category, brand, price as a shopper pays it (the sale price when it is lower), featured and
-- new. A price range's total and facets then cost the number of distinct prices a category has of each brand, which
-- stops growing once the shop's price points are all taken, instead of the number of products in the range (6,111 at
-- 100,000 products in one category, 22,000 over all of them). Kept by the same statement triggers as 0018's table.
CREATE TABLE IF NOT EXISTS "product_filter_counts" (
  "category_id" text NOT NULL,
  "price" integer NOT NULL,
  "brand" text NOT NULL,
  "featured" boolean NOT NULL,
  "is_new" boolean NOT NULL,
  "products" bigint NOT NULL,
  PRIMARY KEY ("category_id", "price", "brand", "featured", "is_new")
);
--> statement-breakpoint
-- The category counts of a price range read every category's rows of the range.
CREATE INDEX IF NOT EXISTS "product_filter_counts_price_idx" ON "product_filter_counts" ("price");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION khelkud_product_facet_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_facet_counts AS c (category_id, brand, products)
      SELECT coalesce(category_id, ''), brand, count(*) FROM new_rows WHERE status = 'ACTIVE' GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (category_id, brand) DO UPDATE SET products = c.products + excluded.products;
    INSERT INTO product_filter_counts AS c (category_id, price, brand, featured, is_new, products)
      SELECT coalesce(category_id, ''), CASE WHEN sale_price IS NOT NULL AND sale_price < price THEN sale_price ELSE price END,
        brand, featured, is_new, count(*)
      FROM new_rows WHERE status = 'ACTIVE' GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (category_id, price, brand, featured, is_new) DO UPDATE SET products = c.products + excluded.products;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_facet_counts AS c (category_id, brand, products)
      SELECT coalesce(category_id, ''), brand, -count(*) FROM old_rows WHERE status = 'ACTIVE' GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (category_id, brand) DO UPDATE SET products = c.products + excluded.products;
    INSERT INTO product_filter_counts AS c (category_id, price, brand, featured, is_new, products)
      SELECT coalesce(category_id, ''), CASE WHEN sale_price IS NOT NULL AND sale_price < price THEN sale_price ELSE price END,
        brand, featured, is_new, -count(*)
      FROM old_rows WHERE status = 'ACTIVE' GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (category_id, price, brand, featured, is_new) DO UPDATE SET products = c.products + excluded.products;
  ELSE
    INSERT INTO product_facet_counts AS c (category_id, brand, products)
      SELECT k, b, sum(n) FROM (
        SELECT coalesce(category_id, '') AS k, brand AS b, -1 AS n FROM old_rows WHERE status = 'ACTIVE'
        UNION ALL
        SELECT coalesce(category_id, ''), brand, 1 FROM new_rows WHERE status = 'ACTIVE'
      ) d GROUP BY k, b HAVING sum(n) <> 0 ORDER BY k, b
      ON CONFLICT (category_id, brand) DO UPDATE SET products = c.products + excluded.products;
    INSERT INTO product_filter_counts AS c (category_id, price, brand, featured, is_new, products)
      SELECT k, p, b, f, nw, sum(n) FROM (
        SELECT coalesce(category_id, '') AS k, CASE WHEN sale_price IS NOT NULL AND sale_price < price THEN sale_price ELSE price END AS p,
          brand AS b, featured AS f, is_new AS nw, -1 AS n FROM old_rows WHERE status = 'ACTIVE'
        UNION ALL
        SELECT coalesce(category_id, ''), CASE WHEN sale_price IS NOT NULL AND sale_price < price THEN sale_price ELSE price END,
          brand, featured, is_new, 1 FROM new_rows WHERE status = 'ACTIVE'
      ) d GROUP BY k, p, b, f, nw HAVING sum(n) <> 0 ORDER BY k, p, b, f, nw
      ON CONFLICT (category_id, price, brand, featured, is_new) DO UPDATE SET products = c.products + excluded.products;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION khelkud_product_facet_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_facet_counts;
  DELETE FROM product_filter_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Both tables counted again from the products (the migration's backfill; a bulk load that bypassed the triggers).
CREATE OR REPLACE FUNCTION khelkud_product_facet_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE products IN SHARE MODE;
  DELETE FROM product_facet_counts;
  INSERT INTO product_facet_counts (category_id, brand, products)
    SELECT coalesce(category_id, ''), brand, count(*) FROM products WHERE status = 'ACTIVE' GROUP BY 1, 2;
  DELETE FROM product_filter_counts;
  INSERT INTO product_filter_counts (category_id, price, brand, featured, is_new, products)
    SELECT coalesce(category_id, ''), CASE WHEN sale_price IS NOT NULL AND sale_price < price THEN sale_price ELSE price END,
      brand, featured, is_new, count(*)
    FROM products WHERE status = 'ACTIVE' GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
SELECT khelkud_product_facet_counts_rebuild();
