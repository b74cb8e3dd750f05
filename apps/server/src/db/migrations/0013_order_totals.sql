-- The admin dashboard's figures kept as orders change (docs/decisions/119), so that reading them costs the number of
-- days and of keys, not the number of orders. Triggers on orders and order_items add what each statement changed, in
-- the same transaction, whatever wrote it (checkout, the order lifecycle, the payment sweep, seed, tests, raw SQL).
-- They only ever INSERT into the *_deltas tables (no row every checkout would queue on, no lock order to get wrong);
-- khelkud_order_totals_refresh(), called by the dashboard before it reads, folds the deltas into the totals.
--
-- Every order by status, payment state and payment method: orders by status, money waiting.
CREATE TABLE IF NOT EXISTS "order_totals" (
  "status" text NOT NULL,
  "payment_status" text NOT NULL,
  "payment_method" text NOT NULL,
  "orders" bigint NOT NULL,
  "amount" bigint NOT NULL,
  PRIMARY KEY ("status", "payment_status", "payment_method")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "order_totals_deltas" (
  "status" text NOT NULL,
  "payment_status" text NOT NULL,
  "payment_method" text NOT NULL,
  "orders" bigint NOT NULL,
  "amount" bigint NOT NULL
);
--> statement-breakpoint
-- Paid orders by the Nepal calendar day of coalesce(paid_at, created_at): revenue and daily sales.
CREATE TABLE IF NOT EXISTS "order_paid_days" (
  "day" date PRIMARY KEY,
  "orders" bigint NOT NULL,
  "amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "order_paid_days_deltas" (
  "day" date NOT NULL,
  "orders" bigint NOT NULL,
  "amount" bigint NOT NULL
);
--> statement-breakpoint
-- Units and revenue per product of the orders not cancelled that were created on or after the Nepal day in
-- sales_window_start (best sellers of the last 30 days); the dashboard moves that day forward as days pass.
CREATE TABLE IF NOT EXISTS "sales_window_start" (
  "id" smallint PRIMARY KEY CHECK ("id" = 1),
  "day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "product_sales_window" (
  "product_id" text PRIMARY KEY,
  "units" bigint NOT NULL,
  "revenue" bigint NOT NULL,
  "name" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_sales_window_rank_idx" ON "product_sales_window" ("units" DESC, "revenue" DESC);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "product_sales_deltas" (
  "product_id" text NOT NULL,
  "units" bigint NOT NULL,
  "revenue" bigint NOT NULL,
  "name" text NOT NULL
);
--> statement-breakpoint
-- The Nepal calendar day of a moment (the dashboard's calendar; Nepal has no daylight saving time).
CREATE OR REPLACE FUNCTION khelkud_nepal_day(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (t AT TIME ZONE 'Asia/Kathmandu')::date
$$;
--> statement-breakpoint
-- The moment a Nepal calendar day begins.
CREATE OR REPLACE FUNCTION khelkud_nepal_midnight(d date) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT d::timestamp AT TIME ZONE 'Asia/Kathmandu'
$$;
--> statement-breakpoint
-- Orders: what each statement took away (old rows) and added (new rows), for the rows whose counted columns changed.
-- The best-sellers window reads the sales_window_start row FOR SHARE, so a roll of the window (which locks it FOR
-- UPDATE) never runs between reading the day and adding to the window.
CREATE OR REPLACE FUNCTION khelkud_order_totals_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  start date;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_totals_deltas SELECT status, payment_status, payment_method, count(*), sum(total_amount) FROM new_rows GROUP BY 1, 2, 3;
    INSERT INTO order_paid_days_deltas SELECT khelkud_nepal_day(coalesce(paid_at, created_at)), count(*), sum(total_amount) FROM new_rows WHERE payment_status = 'PAID' GROUP BY 1;
    -- A new order has no lines yet; its lines' trigger counts them.
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_totals_deltas SELECT status, payment_status, payment_method, -count(*), -sum(total_amount) FROM old_rows GROUP BY 1, 2, 3;
    INSERT INTO order_paid_days_deltas SELECT khelkud_nepal_day(coalesce(paid_at, created_at)), -count(*), -sum(total_amount) FROM old_rows WHERE payment_status = 'PAID' GROUP BY 1;
    -- The lines of a deleted order leave the window in khelkud_order_totals_order_deleted (before the cascade).
  ELSE
    INSERT INTO order_totals_deltas
      SELECT s, ps, pm, sum(n), sum(a) FROM (
        SELECT o.status AS s, o.payment_status AS ps, o.payment_method AS pm, -1 AS n, -o.total_amount::bigint AS a
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.status, o.payment_status, o.payment_method, o.total_amount) IS DISTINCT FROM (n.status, n.payment_status, n.payment_method, n.total_amount)
        UNION ALL
        SELECT n.status, n.payment_status, n.payment_method, 1, n.total_amount::bigint
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.status, o.payment_status, o.payment_method, o.total_amount) IS DISTINCT FROM (n.status, n.payment_status, n.payment_method, n.total_amount)
      ) c GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(a) <> 0;
    INSERT INTO order_paid_days_deltas
      SELECT d, sum(n), sum(a) FROM (
        SELECT khelkud_nepal_day(coalesce(o.paid_at, o.created_at)) AS d, -1 AS n, -o.total_amount::bigint AS a
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE o.payment_status = 'PAID' AND (o.payment_status, o.total_amount, o.paid_at, o.created_at) IS DISTINCT FROM (n.payment_status, n.total_amount, n.paid_at, n.created_at)
        UNION ALL
        SELECT khelkud_nepal_day(coalesce(n.paid_at, n.created_at)), 1, n.total_amount::bigint
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE n.payment_status = 'PAID' AND (o.payment_status, o.total_amount, o.paid_at, o.created_at) IS DISTINCT FROM (n.payment_status, n.total_amount, n.paid_at, n.created_at)
      ) c GROUP BY 1 HAVING sum(n) <> 0 OR sum(a) <> 0;
    -- Lines change the window when their order is cancelled (or leaves CANCELLED) or its creation moment moves.
    IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
               WHERE (o.status = 'CANCELLED') IS DISTINCT FROM (n.status = 'CANCELLED') OR o.created_at IS DISTINCT FROM n.created_at) THEN
      SELECT day INTO start FROM sales_window_start WHERE id = 1 FOR SHARE;
      INSERT INTO product_sales_deltas
        SELECT i.product_id, sum(c.sign * i.quantity), sum(c.sign * i.line_total), max(i.product_name)
        FROM (
          SELECT o.id, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE ((o.status = 'CANCELLED') IS DISTINCT FROM (n.status = 'CANCELLED') OR o.created_at IS DISTINCT FROM n.created_at)
              AND o.status <> 'CANCELLED' AND o.created_at >= khelkud_nepal_midnight(start)
          UNION ALL
          SELECT n.id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE ((o.status = 'CANCELLED') IS DISTINCT FROM (n.status = 'CANCELLED') OR o.created_at IS DISTINCT FROM n.created_at)
              AND n.status <> 'CANCELLED' AND n.created_at >= khelkud_nepal_midnight(start)
        ) c JOIN order_items i ON i.order_id = c.id
        GROUP BY i.product_id HAVING sum(c.sign * i.quantity) <> 0 OR sum(c.sign * i.line_total) <> 0;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deleted order's lines leave the window while they still exist (the cascade deletes them after this).
CREATE OR REPLACE FUNCTION khelkud_order_totals_order_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  start date;
BEGIN
  IF OLD.status <> 'CANCELLED' THEN
    SELECT day INTO start FROM sales_window_start WHERE id = 1 FOR SHARE;
    IF OLD.created_at >= khelkud_nepal_midnight(start) THEN
      INSERT INTO product_sales_deltas
        SELECT product_id, -sum(quantity), -sum(line_total), max(product_name) FROM order_items WHERE order_id = OLD.id GROUP BY product_id;
    END IF;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Order lines: added to or taken from the window when their order is not cancelled and falls in it. Lines deleted by
-- their order's deletion find no order (it is gone) and were taken away before.
CREATE OR REPLACE FUNCTION khelkud_order_totals_items() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  start date;
BEGIN
  SELECT day INTO start FROM sales_window_start WHERE id = 1 FOR SHARE;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_sales_deltas
      SELECT i.product_id, sum(i.quantity), sum(i.line_total), max(i.product_name)
      FROM new_rows i JOIN orders o ON o.id = i.order_id
      WHERE o.status <> 'CANCELLED' AND o.created_at >= khelkud_nepal_midnight(start) GROUP BY i.product_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_sales_deltas
      SELECT i.product_id, -sum(i.quantity), -sum(i.line_total), max(i.product_name)
      FROM old_rows i JOIN orders o ON o.id = i.order_id
      WHERE o.status <> 'CANCELLED' AND o.created_at >= khelkud_nepal_midnight(start) GROUP BY i.product_id;
  ELSE
    INSERT INTO product_sales_deltas
      SELECT product_id, sum(units), sum(revenue), max(name) FROM (
        SELECT i.product_id, -i.quantity::bigint AS units, -i.line_total::bigint AS revenue, i.product_name AS name
          FROM old_rows i JOIN new_rows n ON n.id = i.id JOIN orders o ON o.id = i.order_id
          WHERE (i.order_id, i.product_id, i.quantity, i.line_total, i.product_name) IS DISTINCT FROM (n.order_id, n.product_id, n.quantity, n.line_total, n.product_name)
            AND o.status <> 'CANCELLED' AND o.created_at >= khelkud_nepal_midnight(start)
        UNION ALL
        SELECT n.product_id, n.quantity, n.line_total, n.product_name
          FROM old_rows i JOIN new_rows n ON n.id = i.id JOIN orders o ON o.id = n.order_id
          WHERE (i.order_id, i.product_id, i.quantity, i.line_total, i.product_name) IS DISTINCT FROM (n.order_id, n.product_id, n.quantity, n.line_total, n.product_name)
            AND o.status <> 'CANCELLED' AND o.created_at >= khelkud_nepal_midnight(start)
      ) c GROUP BY product_id HAVING sum(units) <> 0 OR sum(revenue) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Everything counted again from the orders (the migration's backfill; a bulk load that bypassed the triggers, such as
-- one with session_replication_role = replica, calls it afterwards).
CREATE OR REPLACE FUNCTION khelkud_order_totals_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  start date := khelkud_nepal_day(now() - interval '30 days');
BEGIN
  LOCK TABLE orders, order_items IN SHARE MODE;
  DELETE FROM order_totals_deltas;
  DELETE FROM order_totals;
  INSERT INTO order_totals SELECT status, payment_status, payment_method, count(*), sum(total_amount) FROM orders GROUP BY 1, 2, 3;
  DELETE FROM order_paid_days_deltas;
  DELETE FROM order_paid_days;
  INSERT INTO order_paid_days SELECT khelkud_nepal_day(coalesce(paid_at, created_at)), count(*), sum(total_amount) FROM orders WHERE payment_status = 'PAID' GROUP BY 1;
  INSERT INTO sales_window_start (id, day) VALUES (1, start) ON CONFLICT (id) DO UPDATE SET day = excluded.day;
  DELETE FROM product_sales_deltas;
  DELETE FROM product_sales_window;
  INSERT INTO product_sales_window
    SELECT i.product_id, sum(i.quantity), sum(i.line_total), max(i.product_name)
    FROM orders o JOIN order_items i ON i.order_id = o.id
    WHERE o.status <> 'CANCELLED' AND o.created_at >= khelkud_nepal_midnight(start) GROUP BY i.product_id;
END $$;
--> statement-breakpoint
-- Before the dashboard reads: the best-sellers window starts on the Nepal day 30 days ago (the lines of the days that
-- left it are taken away, as the orders are now), and the deltas are folded into the totals. Deltas are taken with
-- DELETE … RETURNING, so two folds at once each move a delta at most once (the second skips rows the first deleted),
-- and every snapshot sees a change either in the deltas or in the totals. Totals are upserted in key order.
CREATE OR REPLACE FUNCTION khelkud_order_totals_refresh() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  target date := khelkud_nepal_day(now() - interval '30 days');
  current date;
  emptied text[];
BEGIN
  SELECT day INTO current FROM sales_window_start WHERE id = 1;
  IF current < target THEN
    SELECT day INTO current FROM sales_window_start WHERE id = 1 FOR UPDATE;
    IF current < target THEN
      INSERT INTO product_sales_deltas
        SELECT i.product_id, -sum(i.quantity), -sum(i.line_total), max(i.product_name)
        FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.status <> 'CANCELLED' AND o.created_at >= khelkud_nepal_midnight(current) AND o.created_at < khelkud_nepal_midnight(target)
        GROUP BY i.product_id;
      UPDATE sales_window_start SET day = target WHERE id = 1;
    END IF;
  END IF;
  WITH moved AS (DELETE FROM order_totals_deltas RETURNING *)
  INSERT INTO order_totals AS t
    SELECT status, payment_status, payment_method, sum(orders), sum(amount) FROM moved GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (status, payment_status, payment_method) DO UPDATE SET orders = t.orders + excluded.orders, amount = t.amount + excluded.amount;
  WITH moved AS (DELETE FROM order_paid_days_deltas RETURNING *)
  INSERT INTO order_paid_days AS t
    SELECT day, sum(orders), sum(amount) FROM moved GROUP BY 1 ORDER BY 1
    ON CONFLICT (day) DO UPDATE SET orders = t.orders + excluded.orders, amount = t.amount + excluded.amount;
  WITH moved AS (DELETE FROM product_sales_deltas RETURNING *), kept AS (
    INSERT INTO product_sales_window AS t
      SELECT product_id, sum(units), sum(revenue), max(name) FROM moved GROUP BY 1 ORDER BY 1
      ON CONFLICT (product_id) DO UPDATE SET units = t.units + excluded.units, revenue = t.revenue + excluded.revenue, name = greatest(t.name, excluded.name)
      RETURNING product_id, units, revenue
  )
  SELECT array_agg(product_id) INTO emptied FROM kept WHERE units = 0 AND revenue = 0;
  -- A product whose lines all left the window leaves it too.
  IF emptied IS NOT NULL THEN
    DELETE FROM product_sales_window WHERE product_id = ANY (emptied) AND units = 0 AND revenue = 0;
  END IF;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "orders_totals_ins" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_totals_ins" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION khelkud_order_totals_orders();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "orders_totals_upd" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_totals_upd" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION khelkud_order_totals_orders();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "orders_totals_del" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_totals_del" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION khelkud_order_totals_orders();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "orders_totals_del_lines" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_totals_del_lines" BEFORE DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION khelkud_order_totals_order_deleted();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "order_items_totals_ins" ON "order_items";
--> statement-breakpoint
CREATE TRIGGER "order_items_totals_ins" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION khelkud_order_totals_items();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "order_items_totals_upd" ON "order_items";
--> statement-breakpoint
CREATE TRIGGER "order_items_totals_upd" AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION khelkud_order_totals_items();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "order_items_totals_del" ON "order_items";
--> statement-breakpoint
CREATE TRIGGER "order_items_totals_del" AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION khelkud_order_totals_items();
--> statement-breakpoint
SELECT khelkud_order_totals_rebuild();
