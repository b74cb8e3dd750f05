-- A product's team in Nepali (docs/decisions/174): optional, like the product's Nepali name; a product without one
-- shows its English team on Nepali pages.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "team_ne" text;
