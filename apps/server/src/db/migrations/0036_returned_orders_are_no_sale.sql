-- A returned order (docs/decisions/185) is no sale, as a cancelled one is not: its lines leave the best-sellers window
-- when it becomes RETURNED. The functions of 0016, with "not cancelled" read as "not cancelled and not returned" by one
-- function, and nothing else changed. No order was RETURNED before this migration, so nothing is counted again.
CREATE OR REPLACE FUNCTION khelkud_order_unsold(status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT status IN ('CANCELLED', 'RETURNED')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION khelkud_order_totals_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  start timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_totals_deltas SELECT status, payment_status, payment_method, count(*), sum(total_amount) FROM new_rows GROUP BY 1, 2, 3;
    INSERT INTO order_paid_hours_deltas SELECT khelkud_nepal_hour(coalesce(paid_at, created_at)), count(*), sum(total_amount) FROM new_rows WHERE payment_status = 'PAID' GROUP BY 1;
    -- A new order has no lines yet; its lines' trigger counts them.
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_totals_deltas SELECT status, payment_status, payment_method, -count(*), -sum(total_amount) FROM old_rows GROUP BY 1, 2, 3;
    INSERT INTO order_paid_hours_deltas SELECT khelkud_nepal_hour(coalesce(paid_at, created_at)), -count(*), -sum(total_amount) FROM old_rows WHERE payment_status = 'PAID' GROUP BY 1;
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
    INSERT INTO order_paid_hours_deltas
      SELECT h, sum(n), sum(a) FROM (
        SELECT khelkud_nepal_hour(coalesce(o.paid_at, o.created_at)) AS h, -1 AS n, -o.total_amount::bigint AS a
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE o.payment_status = 'PAID' AND (o.payment_status, o.total_amount, o.paid_at, o.created_at) IS DISTINCT FROM (n.payment_status, n.total_amount, n.paid_at, n.created_at)
        UNION ALL
        SELECT khelkud_nepal_hour(coalesce(n.paid_at, n.created_at)), 1, n.total_amount::bigint
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE n.payment_status = 'PAID' AND (o.payment_status, o.total_amount, o.paid_at, o.created_at) IS DISTINCT FROM (n.payment_status, n.total_amount, n.paid_at, n.created_at)
      ) c GROUP BY 1 HAVING sum(n) <> 0 OR sum(a) <> 0;
    -- Lines change the window when their order is cancelled or returned, or its creation moment moves.
    IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
               WHERE khelkud_order_unsold(o.status) IS DISTINCT FROM khelkud_order_unsold(n.status) OR o.created_at IS DISTINCT FROM n.created_at) THEN
      SELECT starts_at INTO start FROM sales_window_start WHERE id = 1 FOR SHARE;
      INSERT INTO product_sales_deltas
        SELECT i.product_id, sum(c.sign * i.quantity), sum(c.sign * i.line_total), max(i.product_name)
        FROM (
          SELECT o.id, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE (khelkud_order_unsold(o.status) IS DISTINCT FROM khelkud_order_unsold(n.status) OR o.created_at IS DISTINCT FROM n.created_at)
              AND NOT khelkud_order_unsold(o.status) AND o.created_at >= start
          UNION ALL
          SELECT n.id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE (khelkud_order_unsold(o.status) IS DISTINCT FROM khelkud_order_unsold(n.status) OR o.created_at IS DISTINCT FROM n.created_at)
              AND NOT khelkud_order_unsold(n.status) AND n.created_at >= start
        ) c JOIN order_items i ON i.order_id = c.id
        GROUP BY i.product_id HAVING sum(c.sign * i.quantity) <> 0 OR sum(c.sign * i.line_total) <> 0;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION khelkud_order_totals_order_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  start timestamptz;
BEGIN
  IF NOT khelkud_order_unsold(OLD.status) THEN
    SELECT starts_at INTO start FROM sales_window_start WHERE id = 1 FOR SHARE;
    IF OLD.created_at >= start THEN
      INSERT INTO product_sales_deltas
        SELECT product_id, -sum(quantity), -sum(line_total), max(product_name) FROM order_items WHERE order_id = OLD.id GROUP BY product_id;
    END IF;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION khelkud_order_totals_items() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  start timestamptz;
BEGIN
  SELECT starts_at INTO start FROM sales_window_start WHERE id = 1 FOR SHARE;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_sales_deltas
      SELECT i.product_id, sum(i.quantity), sum(i.line_total), max(i.product_name)
      FROM new_rows i JOIN orders o ON o.id = i.order_id
      WHERE NOT khelkud_order_unsold(o.status) AND o.created_at >= start GROUP BY i.product_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_sales_deltas
      SELECT i.product_id, -sum(i.quantity), -sum(i.line_total), max(i.product_name)
      FROM old_rows i JOIN orders o ON o.id = i.order_id
      WHERE NOT khelkud_order_unsold(o.status) AND o.created_at >= start GROUP BY i.product_id;
  ELSE
    INSERT INTO product_sales_deltas
      SELECT product_id, sum(units), sum(revenue), max(name) FROM (
        SELECT i.product_id, -i.quantity::bigint AS units, -i.line_total::bigint AS revenue, i.product_name AS name
          FROM old_rows i JOIN new_rows n ON n.id = i.id JOIN orders o ON o.id = i.order_id
          WHERE (i.order_id, i.product_id, i.quantity, i.line_total, i.product_name) IS DISTINCT FROM (n.order_id, n.product_id, n.quantity, n.line_total, n.product_name)
            AND NOT khelkud_order_unsold(o.status) AND o.created_at >= start
        UNION ALL
        SELECT n.product_id, n.quantity, n.line_total, n.product_name
          FROM old_rows i JOIN new_rows n ON n.id = i.id JOIN orders o ON o.id = n.order_id
          WHERE (i.order_id, i.product_id, i.quantity, i.line_total, i.product_name) IS DISTINCT FROM (n.order_id, n.product_id, n.quantity, n.line_total, n.product_name)
            AND NOT khelkud_order_unsold(o.status) AND o.created_at >= start
      ) c GROUP BY product_id HAVING sum(units) <> 0 OR sum(revenue) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION khelkud_order_totals_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  start timestamptz := khelkud_nepal_hour(now() - interval '30 days');
BEGIN
  LOCK TABLE orders, order_items IN SHARE MODE;
  DELETE FROM order_totals_deltas;
  DELETE FROM order_totals;
  INSERT INTO order_totals SELECT status, payment_status, payment_method, count(*), sum(total_amount) FROM orders GROUP BY 1, 2, 3;
  DELETE FROM order_paid_hours_deltas;
  DELETE FROM order_paid_hours;
  INSERT INTO order_paid_hours SELECT khelkud_nepal_hour(coalesce(paid_at, created_at)), count(*), sum(total_amount) FROM orders WHERE payment_status = 'PAID' GROUP BY 1;
  INSERT INTO sales_window_start (id, starts_at) VALUES (1, start) ON CONFLICT (id) DO UPDATE SET starts_at = excluded.starts_at;
  DELETE FROM product_sales_deltas;
  DELETE FROM product_sales_window;
  INSERT INTO product_sales_window
    SELECT i.product_id, sum(i.quantity), sum(i.line_total), max(i.product_name)
    FROM orders o JOIN order_items i ON i.order_id = o.id
    WHERE NOT khelkud_order_unsold(o.status) AND o.created_at >= start GROUP BY i.product_id;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION khelkud_order_totals_refresh() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  target timestamptz := khelkud_nepal_hour(now() - interval '30 days');
  current timestamptz;
  emptied text[];
BEGIN
  SELECT starts_at INTO current FROM sales_window_start WHERE id = 1;
  IF current < target THEN
    SELECT starts_at INTO current FROM sales_window_start WHERE id = 1 FOR UPDATE;
    IF current < target THEN
      INSERT INTO product_sales_deltas
        SELECT i.product_id, -sum(i.quantity), -sum(i.line_total), max(i.product_name)
        FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE NOT khelkud_order_unsold(o.status) AND o.created_at >= current AND o.created_at < target
        GROUP BY i.product_id;
      UPDATE sales_window_start SET starts_at = target WHERE id = 1;
    END IF;
  END IF;
  WITH moved AS (DELETE FROM order_totals_deltas RETURNING *)
  INSERT INTO order_totals AS t
    SELECT status, payment_status, payment_method, sum(orders), sum(amount) FROM moved GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (status, payment_status, payment_method) DO UPDATE SET orders = t.orders + excluded.orders, amount = t.amount + excluded.amount;
  WITH moved AS (DELETE FROM order_paid_hours_deltas RETURNING *)
  INSERT INTO order_paid_hours AS t
    SELECT hour, sum(orders), sum(amount) FROM moved GROUP BY 1 ORDER BY 1
    ON CONFLICT (hour) DO UPDATE SET orders = t.orders + excluded.orders, amount = t.amount + excluded.amount;
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
