-- The admin order list finds an order by the number its customer reads on the shop's pages: "#" and the last eight
-- characters of its id, upper-cased (docs/product-rules.md, decision 032). An index of that tail makes the lookup one
-- index probe at a million orders, as the whole order number's is.
CREATE INDEX IF NOT EXISTS "orders_id_tail_idx" ON "orders" USING btree (right("id", 8));
