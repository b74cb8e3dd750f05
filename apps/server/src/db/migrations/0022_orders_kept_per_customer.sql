-- Each customer's number of orders and the moment of their newest one, kept by the triggers below (docs/decisions/148).
-- The admin order list's search by a customer's name or e-mail counts the orders of the customers it finds by adding
-- these numbers, and takes its first pages from the newest orders of only the customers whose newest order is recent
-- enough to be on them: a full name shared by 447 customers no longer reads the 4,475 index entries of their orders.
-- Hand-written, as 0013 and 0016 were: the table is the triggers' own and not in the Drizzle schema. It only adds, so
-- the release before this one runs on it unchanged.
CREATE TABLE IF NOT EXISTS "customer_orders" (
  "user_id" text PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "orders" integer NOT NULL,
  "last_order_at" timestamptz NOT NULL
);
--> statement-breakpoint
-- Nothing writes orders while the numbers change hands (a shop migrating live would otherwise lose the orders
-- committed between the backfill and the new triggers).
LOCK TABLE orders IN SHARE MODE;
--> statement-breakpoint
INSERT INTO customer_orders SELECT user_id, count(*), max(created_at) FROM orders GROUP BY user_id ON CONFLICT (user_id) DO NOTHING;
--> statement-breakpoint
-- Orders added: their customers' numbers go up (in the order of the customers' ids, so two statements that add orders
-- of the same customers lock their rows in the same order and never wait on each other in a circle).
CREATE OR REPLACE FUNCTION khelkud_customer_orders_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_orders
    SELECT user_id, count(*), max(created_at) FROM new_rows GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET
    orders = customer_orders.orders + excluded.orders,
    last_order_at = greatest(customer_orders.last_order_at, excluded.last_order_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Orders deleted: their customers' numbers go down and each newest moment is read again from the orders left (the
-- search relies on it being no later than the customer's newest order); a customer with none left loses the row.
CREATE OR REPLACE FUNCTION khelkud_customer_orders_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_orders k SET
    orders = k.orders - d.n,
    last_order_at = coalesce((SELECT max(o.created_at) FROM orders o WHERE o.user_id = k.user_id), k.last_order_at)
  FROM (SELECT user_id, count(*) AS n FROM old_rows GROUP BY user_id ORDER BY user_id) d
  WHERE k.user_id = d.user_id;
  DELETE FROM customer_orders k WHERE k.orders <= 0 AND k.user_id IN (SELECT user_id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An order moved to another customer or to another moment (nothing in the shop does either; a hand-made fix might):
-- it leaves the old customer's numbers and joins the new one's.
CREATE OR REPLACE FUNCTION khelkud_customer_orders_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_orders k SET
    orders = k.orders - 1,
    last_order_at = coalesce((SELECT max(o.created_at) FROM orders o WHERE o.user_id = k.user_id), k.last_order_at)
  WHERE k.user_id = OLD.user_id;
  DELETE FROM customer_orders k WHERE k.orders <= 0 AND k.user_id = OLD.user_id;
  INSERT INTO customer_orders VALUES (NEW.user_id, 1, NEW.created_at)
  ON CONFLICT (user_id) DO UPDATE SET
    orders = customer_orders.orders + 1,
    last_order_at = (SELECT max(o.created_at) FROM orders o WHERE o.user_id = NEW.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS khelkud_customer_orders_added ON orders;
--> statement-breakpoint
CREATE TRIGGER khelkud_customer_orders_added AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION khelkud_customer_orders_added();
--> statement-breakpoint
DROP TRIGGER IF EXISTS khelkud_customer_orders_removed ON orders;
--> statement-breakpoint
CREATE TRIGGER khelkud_customer_orders_removed AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION khelkud_customer_orders_removed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS khelkud_customer_orders_moved ON orders;
--> statement-breakpoint
CREATE TRIGGER khelkud_customer_orders_moved AFTER UPDATE OF user_id, created_at ON orders
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION khelkud_customer_orders_moved();
--> statement-breakpoint
-- Counts every customer's orders again: for a load that skipped the triggers (the growth bench's replica role).
CREATE OR REPLACE FUNCTION khelkud_customer_orders_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE orders IN SHARE MODE;
  DELETE FROM customer_orders;
  INSERT INTO customer_orders SELECT user_id, count(*), max(created_at) FROM orders GROUP BY user_id;
END $$;
