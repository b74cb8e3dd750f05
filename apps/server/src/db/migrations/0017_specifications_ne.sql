-- A product's specification values in Nepali, by the English table's keys (docs/decisions/132). Every existing product gets an empty record, which shows the English values, so no page changes until an administrator writes them.
ALTER TABLE "products" ADD COLUMN "specifications_ne" jsonb DEFAULT '{}'::jsonb NOT NULL;
