-- The dashboard's low-stock list at 100,000 products (docs/decisions/125): the first 20 sizes by stock, then product
-- name, read from one index instead of every scarce size joined to its product and sorted. Each size carries a copy of
-- its product's name and status, kept by triggers in the same transaction as any write to either table (the admin's
-- product form, seed, bench loads, raw SQL); the app's model does not know these columns.
DROP INDEX "product_sizes_stock_idx";
--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "product_name" text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "product_status" text NOT NULL DEFAULT 'ACTIVE';
--> statement-breakpoint
UPDATE "product_sizes" ps SET "product_name" = p."name", "product_status" = p."status" FROM "products" p WHERE p."id" = ps."product_id";
--> statement-breakpoint
-- A size written (inserted, moved to another product, or its copies written by anyone) takes its product's name and
-- status. FOR SHARE waits for a rename or status change in progress, so the copy is never one a committed write replaced;
-- a product that does not exist leaves the defaults, and the foreign key refuses the row as before.
CREATE OR REPLACE FUNCTION khelkud_product_sizes_copy_product() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p_name text;
  p_status text;
BEGIN
  SELECT p."name", p."status" INTO p_name, p_status FROM "products" p WHERE p."id" = NEW."product_id" FOR SHARE;
  IF FOUND THEN
    NEW."product_name" := p_name;
    NEW."product_status" := p_status;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_sizes_copy_product" BEFORE INSERT OR UPDATE OF "product_id", "product_name", "product_status" ON "product_sizes"
  FOR EACH ROW EXECUTE FUNCTION khelkud_product_sizes_copy_product();
--> statement-breakpoint
-- A product renamed or (de)activated: its sizes' copies follow. A stock change writes neither column, so checkout does
-- not run this.
CREATE OR REPLACE FUNCTION khelkud_products_copy_to_sizes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_sizes" SET "product_name" = NEW."name", "product_status" = NEW."status" WHERE "product_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_copy_to_sizes" AFTER UPDATE OF "name", "status" ON "products"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION khelkud_products_copy_to_sizes();
--> statement-breakpoint
-- Sizes of active products in the list's order: the list reads its 20 entries and stops.
CREATE INDEX "product_sizes_low_stock_idx" ON "product_sizes" ("stock", "product_name", "sort_order", "product_id", "size") WHERE "product_status" = 'ACTIVE';
