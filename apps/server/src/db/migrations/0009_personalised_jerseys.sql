ALTER TABLE "order_items" ADD COLUMN "personalisation" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "print_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "printed_by_user_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "personalisable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "print_fee" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "print_scripts" jsonb DEFAULT '["LATIN"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "players" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_printed_by_user_id_users_id_fk" FOREIGN KEY ("printed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_unprinted_idx" ON "order_items" USING btree ("order_id") WHERE "order_items"."personalisation" IS NOT NULL AND "order_items"."printed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_print_fee_non_negative" CHECK ("order_items"."print_fee" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_print_fee_non_negative" CHECK ("products"."print_fee" IS NULL OR "products"."print_fee" >= 0);