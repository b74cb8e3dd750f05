-- A product picture's description in Nepali (docs/decisions/135). Existing pictures get an empty one: a Nepali page then describes them by the product's Nepali name, or by the English text when the product has none.
ALTER TABLE "product_images" ADD COLUMN "alt_text_ne" text DEFAULT '' NOT NULL;
