-- A sitemap file of products (docs/decisions/166) reads the active products whose slug hashes into its share of the
-- hash range, from this index alone: a range scan of about a thousand entries whichever file it is. It replaces the
-- index of migration 0025, which a file far down the list walked from the start (the 100th file at 100,000 products
-- skipped 99,000 entries: 35–50 ms).
CREATE INDEX IF NOT EXISTS "products_sitemap_hash_idx" ON "products" USING btree ((hashtext("slug"))) INCLUDE ("slug", "updated_at") WHERE "status" = 'ACTIVE';
--> statement-breakpoint
DROP INDEX IF EXISTS "products_sitemap_idx";
