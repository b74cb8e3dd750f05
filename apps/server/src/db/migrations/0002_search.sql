-- Catalogue search (docs/decisions/020-search.md). Expression indexes only: no new columns.
-- The expressions must stay the same as searchDocumentSql / searchTitleSql / searchVectorSql in
-- modules/catalog/catalog.repository.ts, or the planner cannot use them.
-- Substrings: the whole text (trigram index serves LIKE '%…%').
CREATE INDEX IF NOT EXISTS "products_search_trgm_idx" ON "products" USING gin ((lower("name" || ' ' || "brand" || ' ' || coalesce("team", '') || ' ' || "description")) gin_trgm_ops);
--> statement-breakpoint
-- Near spellings: only the short title (name, brand, team), so word similarity stays cheap to recheck.
CREATE INDEX IF NOT EXISTS "products_search_title_trgm_idx" ON "products" USING gin ((lower("name" || ' ' || "brand" || ' ' || coalesce("team", ''))) gin_trgm_ops);
--> statement-breakpoint
-- English words with stemming ("shorts" finds "short").
CREATE INDEX IF NOT EXISTS "products_search_fts_idx" ON "products" USING gin (to_tsvector('english'::regconfig, "name" || ' ' || "brand" || ' ' || coalesce("team", '') || ' ' || "description"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_brand_lower_idx" ON "products" (lower("brand"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_status_price_idx" ON "products" ("status", "price");
