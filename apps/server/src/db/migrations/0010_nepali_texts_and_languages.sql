ALTER TABLE "blog_posts" ADD COLUMN "title_ne" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "excerpt_ne" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "content_ne" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_ne" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "description_ne" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_ne" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_ne" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
-- Devanagari in plain Latin letters (docs/decisions/114): the same table as devanagariToLatin in
-- modules/catalog/devanagari.ts, which writes a shopper's query; a test compares the two. A product's Nepali name and
-- description join its search words through it, so "नेपाल जर्सी" (searched as "nepal jarsi") finds "नेपाल घरेलु जर्सी".
CREATE OR REPLACE FUNCTION khelkud_romanise(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  consonants constant jsonb := '{"क":"k","ख":"kh","ग":"g","घ":"gh","ङ":"ng","च":"ch","छ":"chh","ज":"j","झ":"jh","ञ":"n","ट":"t","ठ":"th","ड":"d","ढ":"dh","ण":"n","त":"t","थ":"th","द":"d","ध":"dh","न":"n","प":"p","फ":"ph","ब":"b","भ":"bh","म":"m","य":"y","र":"r","ल":"l","ळ":"l","व":"v","श":"sh","ष":"sh","स":"s","ह":"h"}';
  nukta constant jsonb := '{"क":"q","ख":"kh","ग":"g","ज":"z","ड":"r","ढ":"rh","फ":"f","य":"y"}';
  vowels constant jsonb := '{"अ":"a","आ":"a","इ":"i","ई":"i","उ":"u","ऊ":"u","ऋ":"ri","ऌ":"li","ऍ":"e","ऎ":"e","ए":"e","ऐ":"ai","ऑ":"o","ऒ":"o","ओ":"o","औ":"au"}';
  vowel_signs constant jsonb := '{"ा":"a","ि":"i","ी":"i","ु":"u","ू":"u","ृ":"ri","ॄ":"ri","ॅ":"e","ॆ":"e","े":"e","ै":"ai","ॉ":"o","ॊ":"o","ो":"o","ौ":"au"}';
  signs constant jsonb := '{"ं":"n","ँ":"n","ः":"h","ऽ":""}';
  chars text[];
  n integer;
  i integer := 1;
  c text;
  nx text;
  latin text;
  code integer;
  result text := '';
BEGIN
  IF t IS NULL OR t !~ '[ऀ-ॿ]' THEN
    RETURN t;
  END IF;
  chars := regexp_split_to_array(normalize(t, NFKC), '');
  n := coalesce(array_length(chars, 1), 0);
  WHILE i <= n LOOP
    c := chars[i];
    latin := consonants ->> c;
    IF latin IS NOT NULL THEN
      IF chars[i + 1] = '़' THEN
        latin := coalesce(nukta ->> c, latin);
        i := i + 1;
      END IF;
      nx := chars[i + 1];
      IF nx = '्' THEN
        i := i + 1;
      ELSIF nx IS NOT NULL AND vowel_signs ? nx THEN
        latin := latin || (vowel_signs ->> nx);
        i := i + 1;
      ELSIF nx IS NOT NULL AND (consonants ? nx OR vowels ? nx OR signs ? nx OR nx = '़') THEN
        latin := latin || 'a';
      END IF;
      result := result || latin;
    ELSE
      code := ascii(c);
      IF code BETWEEN 2406 AND 2415 THEN
        result := result || (code - 2406)::text;
      ELSIF vowels ? c THEN
        result := result || (vowels ->> c);
      ELSIF signs ? c THEN
        result := result || (signs ->> c);
      ELSIF vowel_signs ? c THEN
        result := result || (vowel_signs ->> c);
      ELSIF c = '्' OR c = '़' THEN
        NULL;
      ELSIF code BETWEEN 2304 AND 2431 THEN
        result := result || ' ';
      ELSE
        result := result || c;
      END IF;
    END IF;
    i := i + 1;
  END LOOP;
  RETURN result;
END
$$;
--> statement-breakpoint
-- The title words and text words of 0007 with the Nepali name (and description) added. Existing rows have no Nepali
-- text yet, so their words, and the vocabulary built from them, stay the same.
ALTER TABLE "products" DROP COLUMN IF EXISTS "search_words";
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_words" text[] GENERATED ALWAYS AS (khelkud_search_words("name" || ' ' || "brand" || ' ' || coalesce("team", '') || ' ' || khelkud_romanise(coalesce("name_ne", '')))) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_words_idx" ON "products" USING gin ("search_words");
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN IF EXISTS "search_text_words";
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text_words" text[] GENERATED ALWAYS AS (khelkud_search_words("name" || ' ' || "brand" || ' ' || coalesce("team", '') || ' ' || "description" || ' ' || khelkud_romanise(coalesce("name_ne", '') || ' ' || coalesce("description_ne", '')))) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_text_words_idx" ON "products" USING gin ("search_text_words");
