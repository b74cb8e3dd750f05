-- Typo-tolerant search (docs/decisions/020-search.md): the words of every product title, a vocabulary of the
-- catalogue's words with their document frequency, and triggers that keep the vocabulary current in the same
-- transaction as any write to products or categories (admin, seed, imports, raw SQL alike).
-- The words of a text: lower-case, Latin diacritics folded, split on anything but a-z and 0-9. The two
-- translate() strings are FOLD_FROM / FOLD_TO in modules/catalog/search-terms.ts; keep them identical.
CREATE OR REPLACE FUNCTION khelkud_search_words(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(regexp_split_to_array(translate(lower(t), 'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżž', 'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz'), '[^a-z0-9]+'), '')
$$;
--> statement-breakpoint
-- The title's words (name, brand, team): what the vocabulary is made of, and what relevance ranks by.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "search_words" text[] GENERATED ALWAYS AS (khelkud_search_words("name" || ' ' || "brand" || ' ' || coalesce("team", ''))) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_words_idx" ON "products" USING gin ("search_words");
--> statement-breakpoint
-- Every word a product can be found by (the title's and the description's): one GIN scan per query word.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "search_text_words" text[] GENERATED ALWAYS AS (khelkud_search_words("name" || ' ' || "brand" || ' ' || coalesce("team", '') || ' ' || "description")) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_text_words_idx" ON "products" USING gin ("search_text_words");
--> statement-breakpoint
-- The substring, near-spelling and English full-text indexes of 0002 are replaced by the word arrays above.
DROP INDEX IF EXISTS "products_search_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_title_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_fts_idx";
--> statement-breakpoint
-- One row per word: in how many active products' titles it appears, and in how many active product categories' names.
CREATE TABLE IF NOT EXISTS "search_vocabulary" (
  "word" text PRIMARY KEY,
  "products" integer NOT NULL DEFAULT 0,
  "categories" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
-- Candidates for a misspelled word: nearest by trigram distance (KNN on GiST).
CREATE INDEX IF NOT EXISTS "search_vocabulary_word_trgm_idx" ON "search_vocabulary" USING gist ("word" gist_trgm_ops);
--> statement-breakpoint
-- Prefixes (as-you-type and short words): LIKE 'x%' whatever the database's collation.
CREATE INDEX IF NOT EXISTS "search_vocabulary_word_prefix_idx" ON "search_vocabulary" ("word" text_pattern_ops);
--> statement-breakpoint
-- Adds (+1 per product or category) and removes (-1) the words of the rows a statement changed; vocabulary rows are
-- locked in word order so concurrent writers cannot deadlock; a word no active product or category uses any more is deleted.
CREATE OR REPLACE FUNCTION khelkud_search_vocabulary_products() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ws text[];
  ds integer[];
  gone text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(w ORDER BY w), array_agg(d ORDER BY w) INTO ws, ds
      FROM (SELECT w, count(*)::int AS d FROM (SELECT DISTINCT n.id, w FROM new_rows n, unnest(n.search_words) w WHERE n.status = 'ACTIVE') x GROUP BY w) y;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(w ORDER BY w), array_agg(d ORDER BY w) INTO ws, ds
      FROM (SELECT w, -count(*)::int AS d FROM (SELECT DISTINCT o.id, w FROM old_rows o, unnest(o.search_words) w WHERE o.status = 'ACTIVE') x GROUP BY w) y;
  ELSE
    SELECT array_agg(w ORDER BY w), array_agg(d ORDER BY w) INTO ws, ds
      FROM (SELECT w, sum(d)::int AS d FROM (
        SELECT id, w, 1 AS d FROM (SELECT DISTINCT n.id, w FROM new_rows n, unnest(n.search_words) w WHERE n.status = 'ACTIVE') a
        UNION ALL
        SELECT id, w, -1 AS d FROM (SELECT DISTINCT o.id, w FROM old_rows o, unnest(o.search_words) w WHERE o.status = 'ACTIVE') b
      ) x GROUP BY w HAVING sum(d) <> 0) y;
  END IF;
  IF ws IS NULL THEN
    RETURN NULL;
  END IF;
  WITH up AS (
    INSERT INTO search_vocabulary (word, products) SELECT * FROM unnest(ws, ds) ORDER BY 1
      ON CONFLICT (word) DO UPDATE SET products = search_vocabulary.products + EXCLUDED.products
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
CREATE OR REPLACE FUNCTION khelkud_search_vocabulary_categories() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ws text[];
  ds integer[];
  gone text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(w ORDER BY w), array_agg(d ORDER BY w) INTO ws, ds
      FROM (SELECT w, count(*)::int AS d FROM (SELECT DISTINCT n.id, w FROM new_rows n, unnest(khelkud_search_words(n.name)) w WHERE n.type = 'PRODUCT' AND n.status = 'ACTIVE') x GROUP BY w) y;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(w ORDER BY w), array_agg(d ORDER BY w) INTO ws, ds
      FROM (SELECT w, -count(*)::int AS d FROM (SELECT DISTINCT o.id, w FROM old_rows o, unnest(khelkud_search_words(o.name)) w WHERE o.type = 'PRODUCT' AND o.status = 'ACTIVE') x GROUP BY w) y;
  ELSE
    SELECT array_agg(w ORDER BY w), array_agg(d ORDER BY w) INTO ws, ds
      FROM (SELECT w, sum(d)::int AS d FROM (
        SELECT id, w, 1 AS d FROM (SELECT DISTINCT n.id, w FROM new_rows n, unnest(khelkud_search_words(n.name)) w WHERE n.type = 'PRODUCT' AND n.status = 'ACTIVE') a
        UNION ALL
        SELECT id, w, -1 AS d FROM (SELECT DISTINCT o.id, w FROM old_rows o, unnest(khelkud_search_words(o.name)) w WHERE o.type = 'PRODUCT' AND o.status = 'ACTIVE') b
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
DROP TRIGGER IF EXISTS "products_search_vocabulary_ins" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_search_vocabulary_ins" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION khelkud_search_vocabulary_products();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_search_vocabulary_upd" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_search_vocabulary_upd" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION khelkud_search_vocabulary_products();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_search_vocabulary_del" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_search_vocabulary_del" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION khelkud_search_vocabulary_products();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "categories_search_vocabulary_ins" ON "categories";
--> statement-breakpoint
CREATE TRIGGER "categories_search_vocabulary_ins" AFTER INSERT ON "categories" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION khelkud_search_vocabulary_categories();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "categories_search_vocabulary_upd" ON "categories";
--> statement-breakpoint
CREATE TRIGGER "categories_search_vocabulary_upd" AFTER UPDATE ON "categories" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION khelkud_search_vocabulary_categories();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "categories_search_vocabulary_del" ON "categories";
--> statement-breakpoint
CREATE TRIGGER "categories_search_vocabulary_del" AFTER DELETE ON "categories" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION khelkud_search_vocabulary_categories();
--> statement-breakpoint
-- The vocabulary of a catalogue that existed before this migration.
INSERT INTO "search_vocabulary" ("word", "products", "categories")
SELECT w, sum(p)::int, sum(c)::int FROM (
  SELECT w, count(*) AS p, 0 AS c FROM (SELECT DISTINCT id, w FROM "products", unnest("search_words") w WHERE "status" = 'ACTIVE') x GROUP BY w
  UNION ALL
  SELECT w, 0, count(*) FROM (SELECT DISTINCT id, w FROM "categories", unnest(khelkud_search_words("name")) w WHERE "type" = 'PRODUCT' AND "status" = 'ACTIVE') y GROUP BY w
) z GROUP BY w
ON CONFLICT ("word") DO NOTHING;
