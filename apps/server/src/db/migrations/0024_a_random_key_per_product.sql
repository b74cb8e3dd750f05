-- "You May Also Like" picks from an index instead of sorting a whole category at random (docs/decisions/156): each
-- product draws a random number once, and a pick takes the first active product of its category (or of the featured
-- ones) at or after a random point in that order, which is two index probes whatever the category's size.
-- The volatile default rewrites the table once and gives every row its own number (7.8 s at 100,000 bench products;
-- migrations run before the shop listens); rows inserted later draw theirs from the same default. The app never reads
-- or writes the column (it is not in the Drizzle model); only the pick's statements in catalog.repository.ts name it.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "pick_key" double precision DEFAULT random() NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_pick_category_idx" ON "products" USING btree ("category_id", "pick_key") WHERE "status" = 'ACTIVE';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_pick_featured_idx" ON "products" USING btree ("pick_key") WHERE "status" = 'ACTIVE' AND "featured";
