-- Where a vocabulary word comes from (docs/decisions/180): "Did you mean" offers a word typed in Latin letters only a
-- word of the English texts, and a word typed in Devanagari only a word a Nepali name writes, in Devanagari. The
-- vocabulary also holds the romanised words of the Nepali names (decision 114), which are there to match queries.
-- `english`: how many active products (name, brand, team) and active product categories (name) hold the word in their
-- English text. `nepali`: how many hold it as the romanisation of a word of their Nepali name; `devanagari`: one such
-- word as written, the one the latest write adding one brought (NULL once none holds it).
ALTER TABLE "search_vocabulary" ADD COLUMN IF NOT EXISTS "english" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "search_vocabulary" ADD COLUMN IF NOT EXISTS "nepali" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "search_vocabulary" ADD COLUMN IF NOT EXISTS "devanagari" text;
--> statement-breakpoint
-- The Devanagari words of a Nepali text as written, each with the one search word it romanises to. A run of Devanagari
-- letters romanises alone as it does within the text (a letter's romanisation looks only at the next one), so the
-- runs are romanised together, in one call, with a separator the romanisation leaves as it is. Runs that make no word,
-- several, or a number are left out.
CREATE OR REPLACE FUNCTION khelkud_devanagari_words(t text) RETURNS TABLE ("word" text, "written" text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT ON (r[1]) r[1], d FROM (
    SELECT u.d, khelkud_search_words(u.x) AS r
      FROM (SELECT array_agg(m.run[1] ORDER BY m.i) AS runs FROM regexp_matches(coalesce(t, ''), '[ऀ-ॣ०-९ॱ-ॿ]+', 'g') WITH ORDINALITY AS m(run, i)) a,
        unnest(a.runs, string_to_array(khelkud_romanise(array_to_string(a.runs, '|')), '|')) AS u(d, x)
  ) y WHERE cardinality(r) = 1 AND r[1] !~ '[0-9]' ORDER BY r[1], d
$$;
--> statement-breakpoint
-- A product's English text, the part of its search words (migration 0010) that is not its Nepali name.
CREATE OR REPLACE FUNCTION khelkud_product_english(name text, brand text, team text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT name || ' ' || brand || ' ' || coalesce(team, '')
$$;
--> statement-breakpoint
-- Each of a row's search words once, with whether its English text holds it and the Devanagari word of its Nepali text
-- that romanises to it (NULL: none does). Without a Nepali text every search word is one of the English text.
CREATE OR REPLACE FUNCTION khelkud_vocabulary_words(words text[], english_text text, nepali_text text) RETURNS TABLE ("word" text, "english" boolean, "written" text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w, true, NULL::text FROM unnest(words) w WHERE coalesce(nepali_text, '') = ''
  UNION ALL
  SELECT w, bool_or(src = 1), max(written) FROM (
    SELECT w, 0 AS src, NULL::text AS written FROM unnest(words) w
    UNION ALL
    SELECT w, 1, NULL FROM unnest(khelkud_search_words(english_text)) w
    UNION ALL
    SELECT d.word, 2, d.written FROM khelkud_devanagari_words(nepali_text) d
  ) x WHERE coalesce(nepali_text, '') <> '' GROUP BY w HAVING bool_or(src = 0)
$$;
--> statement-breakpoint
-- Adds a trigger's changes to the vocabulary, the words in order (rows locked in one order by every writer), as
-- products' or as categories' counts, and drops the words no product or category holds any more.
CREATE OR REPLACE FUNCTION khelkud_vocabulary_apply(of_products boolean, ws text[], ds integer[], es integer[], ns integer[], dw text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone text[];
BEGIN
  IF ws IS NULL THEN
    RETURN;
  END IF;
  WITH up AS (
    INSERT INTO search_vocabulary (word, products, categories, english, nepali, devanagari)
      SELECT u.w, CASE WHEN of_products THEN u.d ELSE 0 END, CASE WHEN of_products THEN 0 ELSE u.d END, u.e, u.n, u.x
      FROM unnest(ws, ds, es, ns, dw) AS u(w, d, e, n, x) ORDER BY 1
      ON CONFLICT (word) DO UPDATE SET
        products = search_vocabulary.products + EXCLUDED.products,
        categories = search_vocabulary.categories + EXCLUDED.categories,
        english = search_vocabulary.english + EXCLUDED.english,
        nepali = search_vocabulary.nepali + EXCLUDED.nepali,
        devanagari = CASE WHEN search_vocabulary.nepali + EXCLUDED.nepali <= 0 THEN NULL ELSE coalesce(EXCLUDED.devanagari, search_vocabulary.devanagari) END
      RETURNING word, products, categories
  )
  SELECT array_agg(word) INTO gone FROM up WHERE products <= 0 AND categories <= 0;
  IF gone IS NOT NULL THEN
    DELETE FROM search_vocabulary WHERE word = ANY(gone) AND products <= 0 AND categories <= 0;
  END IF;
END
$$;
--> statement-breakpoint
-- The triggers of 0007 and 0012 counting the English and Nepali holders too. An update reads only the rows whose words
-- can have changed (not a price or a stock flag), and writes a word whose counts stay only when the Devanagari word
-- writing it changed (घरेलु → घरेलू).
CREATE OR REPLACE FUNCTION khelkud_search_vocabulary_products() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ws text[];
  ds integer[];
  es integer[];
  ns integer[];
  dw text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(word ORDER BY word), array_agg(d ORDER BY word), array_agg(e ORDER BY word), array_agg(n ORDER BY word), array_agg(written ORDER BY word)
      INTO ws, ds, es, ns, dw
      FROM (SELECT x.word, count(*)::int AS d, count(*) FILTER (WHERE x.english)::int AS e, count(x.written)::int AS n, max(x.written) AS written
        FROM new_rows r, khelkud_vocabulary_words(r.search_words, khelkud_product_english(r.name, r.brand, r.team), r.name_ne) x
        WHERE r.status = 'ACTIVE' GROUP BY x.word) y;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(word ORDER BY word), array_agg(d ORDER BY word), array_agg(e ORDER BY word), array_agg(n ORDER BY word), array_agg(NULL::text ORDER BY word)
      INTO ws, ds, es, ns, dw
      FROM (SELECT x.word, -count(*)::int AS d, -count(*) FILTER (WHERE x.english)::int AS e, -count(x.written)::int AS n
        FROM old_rows r, khelkud_vocabulary_words(r.search_words, khelkud_product_english(r.name, r.brand, r.team), r.name_ne) x
        WHERE r.status = 'ACTIVE' GROUP BY x.word) y;
  ELSE
    SELECT array_agg(word ORDER BY word), array_agg(d ORDER BY word), array_agg(e ORDER BY word), array_agg(n ORDER BY word), array_agg(written ORDER BY word)
      INTO ws, ds, es, ns, dw
      FROM (SELECT word, sum(d)::int AS d, sum(e)::int AS e, sum(n)::int AS n, max(written) FILTER (WHERE d > 0) AS written FROM (
        SELECT x.word, 1 AS d, x.english::int AS e, (x.written IS NOT NULL)::int AS n, x.written
          FROM new_rows r, khelkud_vocabulary_words(r.search_words, khelkud_product_english(r.name, r.brand, r.team), r.name_ne) x
          WHERE r.status = 'ACTIVE' AND NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = r.id AND o.status = r.status AND o.name = r.name AND o.brand = r.brand AND o.team IS NOT DISTINCT FROM r.team AND o.name_ne IS NOT DISTINCT FROM r.name_ne)
        UNION ALL
        SELECT x.word, -1, -x.english::int, -(x.written IS NOT NULL)::int, x.written
          FROM old_rows r, khelkud_vocabulary_words(r.search_words, khelkud_product_english(r.name, r.brand, r.team), r.name_ne) x
          WHERE r.status = 'ACTIVE' AND NOT EXISTS (SELECT 1 FROM new_rows o WHERE o.id = r.id AND o.status = r.status AND o.name = r.name AND o.brand = r.brand AND o.team IS NOT DISTINCT FROM r.team AND o.name_ne IS NOT DISTINCT FROM r.name_ne)
      ) z GROUP BY word
      HAVING sum(d) <> 0 OR sum(e) <> 0 OR sum(n) <> 0 OR max(written) FILTER (WHERE d > 0) IS DISTINCT FROM max(written) FILTER (WHERE d < 0)) y;
  END IF;
  PERFORM khelkud_vocabulary_apply(true, ws, ds, es, ns, dw);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION khelkud_search_vocabulary_categories() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ws text[];
  ds integer[];
  es integer[];
  ns integer[];
  dw text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(word ORDER BY word), array_agg(d ORDER BY word), array_agg(e ORDER BY word), array_agg(n ORDER BY word), array_agg(written ORDER BY word)
      INTO ws, ds, es, ns, dw
      FROM (SELECT x.word, count(*)::int AS d, count(*) FILTER (WHERE x.english)::int AS e, count(x.written)::int AS n, max(x.written) AS written
        FROM new_rows r, khelkud_vocabulary_words(khelkud_category_words(r.name, r.name_ne), r.name, r.name_ne) x
        WHERE r.type = 'PRODUCT' AND r.status = 'ACTIVE' GROUP BY x.word) y;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(word ORDER BY word), array_agg(d ORDER BY word), array_agg(e ORDER BY word), array_agg(n ORDER BY word), array_agg(NULL::text ORDER BY word)
      INTO ws, ds, es, ns, dw
      FROM (SELECT x.word, -count(*)::int AS d, -count(*) FILTER (WHERE x.english)::int AS e, -count(x.written)::int AS n
        FROM old_rows r, khelkud_vocabulary_words(khelkud_category_words(r.name, r.name_ne), r.name, r.name_ne) x
        WHERE r.type = 'PRODUCT' AND r.status = 'ACTIVE' GROUP BY x.word) y;
  ELSE
    SELECT array_agg(word ORDER BY word), array_agg(d ORDER BY word), array_agg(e ORDER BY word), array_agg(n ORDER BY word), array_agg(written ORDER BY word)
      INTO ws, ds, es, ns, dw
      FROM (SELECT word, sum(d)::int AS d, sum(e)::int AS e, sum(n)::int AS n, max(written) FILTER (WHERE d > 0) AS written FROM (
        SELECT x.word, 1 AS d, x.english::int AS e, (x.written IS NOT NULL)::int AS n, x.written
          FROM new_rows r, khelkud_vocabulary_words(khelkud_category_words(r.name, r.name_ne), r.name, r.name_ne) x
          WHERE r.type = 'PRODUCT' AND r.status = 'ACTIVE' AND NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = r.id AND o.type = r.type AND o.status = r.status AND o.name = r.name AND o.name_ne IS NOT DISTINCT FROM r.name_ne)
        UNION ALL
        SELECT x.word, -1, -x.english::int, -(x.written IS NOT NULL)::int, x.written
          FROM old_rows r, khelkud_vocabulary_words(khelkud_category_words(r.name, r.name_ne), r.name, r.name_ne) x
          WHERE r.type = 'PRODUCT' AND r.status = 'ACTIVE' AND NOT EXISTS (SELECT 1 FROM new_rows o WHERE o.id = r.id AND o.type = r.type AND o.status = r.status AND o.name = r.name AND o.name_ne IS NOT DISTINCT FROM r.name_ne)
      ) z GROUP BY word
      HAVING sum(d) <> 0 OR sum(e) <> 0 OR sum(n) <> 0 OR max(written) FILTER (WHERE d > 0) IS DISTINCT FROM max(written) FILTER (WHERE d < 0)) y;
  END IF;
  PERFORM khelkud_vocabulary_apply(false, ws, ds, es, ns, dw);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The new counts of a catalogue that existed before this migration.
UPDATE "search_vocabulary" v SET "english" = s.e, "nepali" = s.n, "devanagari" = s.written
FROM (
  SELECT word, sum(e)::int AS e, sum(n)::int AS n, max(written) AS written FROM (
    SELECT x.word, x.english::int AS e, (x.written IS NOT NULL)::int AS n, x.written
      FROM "products" p, khelkud_vocabulary_words(p.search_words, khelkud_product_english(p.name, p.brand, p.team), p.name_ne) x WHERE p.status = 'ACTIVE'
    UNION ALL
    SELECT x.word, x.english::int, (x.written IS NOT NULL)::int, x.written
      FROM "categories" c, khelkud_vocabulary_words(khelkud_category_words(c.name, c.name_ne), c.name, c.name_ne) x WHERE c.type = 'PRODUCT' AND c.status = 'ACTIVE'
  ) a GROUP BY word
) s
WHERE v.word = s.word;
