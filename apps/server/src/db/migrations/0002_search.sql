-- Catalogue search (docs/decisions/020-search.md). Expression indexes only: no new columns.
-- The expressions must stay byte-for-byte the same as searchDocumentSql / searchVectorSql in
-- modules/catalog/search.sql.ts, or the planner cannot use them.
CREATE INDEX IF NOT EXISTS "products_search_trgm_idx" ON "products" USING gin ((lower("name" || ' ' || "brand" || ' ' || coalesce("team", '') || ' ' || "description")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_fts_idx" ON "products" USING gin (to_tsvector('english'::regconfig, "name" || ' ' || "brand" || ' ' || coalesce("team", '') || ' ' || "description"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_brand_lower_idx" ON "products" (lower("brand"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_status_price_idx" ON "products" ("status", "price");
