-- A customer asks for a return from their delivered order's page (docs/decisions/190): when, why (one of the reasons
-- the returns page names) and in their own words. The shop answers with Record return or declines the request.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "return_requested_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "return_reason" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "return_details" text;
--> statement-breakpoint
-- The admin's "Waiting for an answer" list: open return requests (delivered orders) and open cancellation requests (paid
-- orders not yet shipped), oldest first. Each index holds only the few orders waiting, however many the shop has.
CREATE INDEX IF NOT EXISTS "orders_return_requested_idx" ON "orders" ("return_requested_at") WHERE "return_requested_at" IS NOT NULL AND "status" = 'DELIVERED';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_cancellation_requested_idx" ON "orders" ("cancellation_requested_at") WHERE "cancellation_requested_at" IS NOT NULL AND "status" IN ('PENDING', 'PROCESSING');
