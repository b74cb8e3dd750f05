-- A customer asks for a return from their delivered order's page (docs/decisions/190): when, why (one of the reasons
-- the returns page names) and in their own words. The shop answers with Record return or declines the request.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "return_requested_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "return_reason" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "return_details" text;
