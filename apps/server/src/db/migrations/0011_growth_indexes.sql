CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_paid_moment_idx" ON "orders" USING btree ((coalesce("paid_at", "created_at")),"total_amount","paid_at","created_at") WHERE "orders"."payment_status" = 'PAID';--> statement-breakpoint
CREATE INDEX "orders_money_waiting_idx" ON "orders" USING btree ("payment_method","total_amount") WHERE "orders"."payment_status" = 'PENDING' AND "orders"."status" <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "product_sizes_stock_idx" ON "product_sizes" USING btree ("stock");--> statement-breakpoint
CREATE INDEX "products_status_category_brand_idx" ON "products" USING btree ("status","category_id",lower("brand"),"brand");--> statement-breakpoint
CREATE INDEX "products_status_category_price_idx" ON "products" USING btree ("status","category_id",(CASE WHEN "sale_price" IS NOT NULL AND "sale_price" < "price" THEN "sale_price" ELSE "price" END),"id");--> statement-breakpoint
CREATE INDEX "products_status_category_name_idx" ON "products" USING btree ("status","category_id","name","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);