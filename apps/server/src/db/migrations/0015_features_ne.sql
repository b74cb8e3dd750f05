-- A product's features in Nepali (docs/decisions/126). Every existing product gets an empty list, which shows the English features, so no page changes until an administrator writes them.
ALTER TABLE "products" ADD COLUMN "features_ne" jsonb DEFAULT '[]'::jsonb NOT NULL;
