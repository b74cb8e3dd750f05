ALTER TABLE "order_items" ADD COLUMN "product_name_ne" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
-- A product category is found by its English name and by its Nepali name romanised (docs/decisions/117), the way a
-- product's title words are (docs/decisions/114): "फुटबल" is searched as "phutabal", a word of "फुटबल जर्सी".
CREATE OR REPLACE FUNCTION khelkud_category_words(name text, name_ne text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT khelkud_search_words(name || ' ' || khelkud_romanise(coalesce(name_ne, '')))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION khelkud_search_vocabulary_categories() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ws text[];
  ds integer[];
  gone text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(w ORDER BY w), array_agg(d ORDER BY w) INTO ws, ds
      FROM (SELECT w, count(*)::int AS d FROM (SELECT DISTINCT n.id, w FROM new_rows n, unnest(khelkud_category_words(n.name, n.name_ne)) w WHERE n.type = 'PRODUCT' AND n.status = 'ACTIVE') x GROUP BY w) y;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(w ORDER BY w), array_agg(d ORDER BY w) INTO ws, ds
      FROM (SELECT w, -count(*)::int AS d FROM (SELECT DISTINCT o.id, w FROM old_rows o, unnest(khelkud_category_words(o.name, o.name_ne)) w WHERE o.type = 'PRODUCT' AND o.status = 'ACTIVE') x GROUP BY w) y;
  ELSE
    SELECT array_agg(w ORDER BY w), array_agg(d ORDER BY w) INTO ws, ds
      FROM (SELECT w, sum(d)::int AS d FROM (
        SELECT id, w, 1 AS d FROM (SELECT DISTINCT n.id, w FROM new_rows n, unnest(khelkud_category_words(n.name, n.name_ne)) w WHERE n.type = 'PRODUCT' AND n.status = 'ACTIVE') a
        UNION ALL
        SELECT id, w, -1 AS d FROM (SELECT DISTINCT o.id, w FROM old_rows o, unnest(khelkud_category_words(o.name, o.name_ne)) w WHERE o.type = 'PRODUCT' AND o.status = 'ACTIVE') b
      ) x GROUP BY w HAVING sum(d) <> 0) y;
  END IF;
  IF ws IS NULL THEN
    RETURN NULL;
  END IF;
  WITH up AS (
    INSERT INTO search_vocabulary (word, categories) SELECT * FROM unnest(ws, ds) ORDER BY 1
      ON CONFLICT (word) DO UPDATE SET categories = search_vocabulary.categories + EXCLUDED.categories
      RETURNING word, products, categories
  )
  SELECT array_agg(word) INTO gone FROM up WHERE products <= 0 AND categories <= 0;
  IF gone IS NOT NULL THEN
    DELETE FROM search_vocabulary WHERE word = ANY(gone) AND products <= 0 AND categories <= 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The categories' counts again, now with the words of the Nepali names already written.
UPDATE "search_vocabulary" SET "categories" = 0 WHERE "categories" <> 0;
--> statement-breakpoint
INSERT INTO "search_vocabulary" ("word", "categories")
SELECT w, count(*)::int FROM (SELECT DISTINCT id, w FROM "categories", unnest(khelkud_category_words("name", "name_ne")) w WHERE "type" = 'PRODUCT' AND "status" = 'ACTIVE') x GROUP BY w
ON CONFLICT ("word") DO UPDATE SET "categories" = EXCLUDED."categories";
--> statement-breakpoint
DELETE FROM "search_vocabulary" WHERE "products" <= 0 AND "categories" <= 0;
