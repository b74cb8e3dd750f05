-- The dashboard's 7- and 30-day windows start at a Nepal hour, so every figure comes from kept totals and none reads
-- orders for the first part of a day (docs/decisions/129); the fiscal year's tax totals are kept per Nepal day
-- (docs/decisions/130). Hand-written, as 0013 was: these tables are the triggers' own and not in the Drizzle schema.
--
-- The admin's search of invoices and credit notes (a part of the document number, the order number, or the buyer's
-- name or e-mail) read every document: one trigram index per arm of its OR, which PostgreSQL combines (docs/decisions/130).
-- Built first, before the lock below: building them is most of this migration's time at a million documents, and
-- they hold back only new documents, not checkouts (the migrations run in one transaction, so each lock lasts to its end).
CREATE INDEX IF NOT EXISTS "tax_documents_number_trgm_idx" ON "tax_documents" USING gin ("number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tax_documents_order_number_trgm_idx" ON "tax_documents" USING gin ("order_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tax_documents_buyer_name_trgm_idx" ON "tax_documents" USING gin (("buyer" ->> 'name') gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tax_documents_buyer_email_trgm_idx" ON "tax_documents" USING gin (("buyer" ->> 'email') gin_trgm_ops);
--> statement-breakpoint
-- A whole number typed in the search is found by its year and sequence, whatever prefix (the shop's, which can change,
-- or "CN-") its document was issued with.
CREATE INDEX IF NOT EXISTS "tax_documents_number_tail_idx" ON "tax_documents" ((substring("number" from '[0-9]{4}/[0-9]{2}-[0-9]+$')));
--> statement-breakpoint
-- Nothing writes orders or tax documents while the totals change hands (a shop migrating live would otherwise lose
-- the changes committed between the backfill and the new triggers).
LOCK TABLE orders, order_items, tax_documents IN SHARE MODE;
--> statement-breakpoint
-- The moment the Nepal hour of a moment begins (Nepal is UTC+05:45 all year, so its hours begin at a quarter past the
-- hour in UTC, and 24 of them make a Nepal day).
CREATE OR REPLACE FUNCTION khelkud_nepal_hour(t timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_trunc('hour', t AT TIME ZONE 'Asia/Kathmandu') AT TIME ZONE 'Asia/Kathmandu'
$$;
--> statement-breakpoint
-- Paid orders by the Nepal hour of coalesce(paid_at, created_at): revenue (today, 7 and 30 days) and daily sales.
-- Replaces 0013's order_paid_days, whose first day inside a window had to be read from the orders.
CREATE TABLE IF NOT EXISTS "order_paid_hours" (
  "hour" timestamptz PRIMARY KEY,
  "orders" bigint NOT NULL,
  "amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "order_paid_hours_deltas" (
  "hour" timestamptz NOT NULL,
  "orders" bigint NOT NULL,
  "amount" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO order_paid_hours
  SELECT khelkud_nepal_hour(coalesce(paid_at, created_at)), count(*), sum(total_amount) FROM orders WHERE payment_status = 'PAID' GROUP BY 1;
--> statement-breakpoint
DROP TABLE IF EXISTS "order_paid_days";
--> statement-breakpoint
DROP TABLE IF EXISTS "order_paid_days_deltas";
--> statement-breakpoint
-- The best-sellers window starts at a Nepal hour. The window's content is unchanged: it held the orders from the
-- Nepal midnight of its first day, which is the first hour of that day; the next refresh moves it to its hour.
ALTER TABLE "sales_window_start" ALTER COLUMN "day" TYPE timestamptz USING khelkud_nepal_midnight("day");
--> statement-breakpoint
ALTER TABLE "sales_window_start" RENAME COLUMN "day" TO "starts_at";
--> statement-breakpoint
-- Orders: what each statement took away (old rows) and added (new rows), for the rows whose counted columns changed.
-- The best-sellers window reads the sales_window_start row FOR SHARE, so a move of the window (which locks it FOR
-- UPDATE) never runs between reading its start and adding to the window.
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
    -- Lines change the window when their order is cancelled (or leaves CANCELLED) or its creation moment moves.
    IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
               WHERE (o.status = 'CANCELLED') IS DISTINCT FROM (n.status = 'CANCELLED') OR o.created_at IS DISTINCT FROM n.created_at) THEN
      SELECT starts_at INTO start FROM sales_window_start WHERE id = 1 FOR SHARE;
      INSERT INTO product_sales_deltas
        SELECT i.product_id, sum(c.sign * i.quantity), sum(c.sign * i.line_total), max(i.product_name)
        FROM (
          SELECT o.id, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE ((o.status = 'CANCELLED') IS DISTINCT FROM (n.status = 'CANCELLED') OR o.created_at IS DISTINCT FROM n.created_at)
              AND o.status <> 'CANCELLED' AND o.created_at >= start
          UNION ALL
          SELECT n.id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE ((o.status = 'CANCELLED') IS DISTINCT FROM (n.status = 'CANCELLED') OR o.created_at IS DISTINCT FROM n.created_at)
              AND n.status <> 'CANCELLED' AND n.created_at >= start
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
  start timestamptz;
BEGIN
  IF OLD.status <> 'CANCELLED' THEN
    SELECT starts_at INTO start FROM sales_window_start WHERE id = 1 FOR SHARE;
    IF OLD.created_at >= start THEN
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
  start timestamptz;
BEGIN
  SELECT starts_at INTO start FROM sales_window_start WHERE id = 1 FOR SHARE;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_sales_deltas
      SELECT i.product_id, sum(i.quantity), sum(i.line_total), max(i.product_name)
      FROM new_rows i JOIN orders o ON o.id = i.order_id
      WHERE o.status <> 'CANCELLED' AND o.created_at >= start GROUP BY i.product_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_sales_deltas
      SELECT i.product_id, -sum(i.quantity), -sum(i.line_total), max(i.product_name)
      FROM old_rows i JOIN orders o ON o.id = i.order_id
      WHERE o.status <> 'CANCELLED' AND o.created_at >= start GROUP BY i.product_id;
  ELSE
    INSERT INTO product_sales_deltas
      SELECT product_id, sum(units), sum(revenue), max(name) FROM (
        SELECT i.product_id, -i.quantity::bigint AS units, -i.line_total::bigint AS revenue, i.product_name AS name
          FROM old_rows i JOIN new_rows n ON n.id = i.id JOIN orders o ON o.id = i.order_id
          WHERE (i.order_id, i.product_id, i.quantity, i.line_total, i.product_name) IS DISTINCT FROM (n.order_id, n.product_id, n.quantity, n.line_total, n.product_name)
            AND o.status <> 'CANCELLED' AND o.created_at >= start
        UNION ALL
        SELECT n.product_id, n.quantity, n.line_total, n.product_name
          FROM old_rows i JOIN new_rows n ON n.id = i.id JOIN orders o ON o.id = n.order_id
          WHERE (i.order_id, i.product_id, i.quantity, i.line_total, i.product_name) IS DISTINCT FROM (n.order_id, n.product_id, n.quantity, n.line_total, n.product_name)
            AND o.status <> 'CANCELLED' AND o.created_at >= start
      ) c GROUP BY product_id HAVING sum(units) <> 0 OR sum(revenue) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Everything counted again from the orders (a bulk load that bypassed the triggers, such as one with
-- session_replication_role = replica, calls it afterwards).
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
    WHERE o.status <> 'CANCELLED' AND o.created_at >= start GROUP BY i.product_id;
END $$;
--> statement-breakpoint
-- Before the dashboard reads: the best-sellers window starts at the Nepal hour 30 days ago (the lines of the hours that
-- left it are taken away, as the orders are now: at most an hour of orders when the dashboard is opened every hour),
-- and the deltas are folded into the totals. Deltas are taken with DELETE … RETURNING, so two folds at once each move
-- a delta at most once (the second skips rows the first deleted), and every snapshot sees a change either in the
-- deltas or in the totals. Totals are upserted in key order.
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
        WHERE o.status <> 'CANCELLED' AND o.created_at >= current AND o.created_at < target
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
--> statement-breakpoint
-- Invoices and credit notes by Nepal calendar day and kind: the fiscal year's taxable sales and VAT, and any other
-- range of whole Nepal days (BS months and fiscal years begin at Nepal midnight), read in O(days).
CREATE TABLE IF NOT EXISTS "tax_document_days" (
  "day" date NOT NULL,
  "kind" text NOT NULL,
  "documents" bigint NOT NULL,
  "taxable" bigint NOT NULL,
  "vat" bigint NOT NULL,
  PRIMARY KEY ("day", "kind")
);
--> statement-breakpoint
-- Tax documents are only ever inserted (tax_documents_immutable refuses updates, deletes and truncation), so one
-- trigger on INSERT keeps the days. It adds to the day's row directly: issuing a document already holds its kind's
-- counter row for the fiscal year (document_counters) until commit, so documents of one kind are issued one
-- transaction at a time and the day row of that kind adds no wait and no new lock order.
CREATE OR REPLACE FUNCTION khelkud_tax_document_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tax_document_days AS t
    SELECT khelkud_nepal_day(issued_at), kind, count(*), sum(taxable), sum(vat) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, kind) DO UPDATE SET documents = t.documents + excluded.documents, taxable = t.taxable + excluded.taxable, vat = t.vat + excluded.vat;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "tax_documents_days_ins" ON "tax_documents";
--> statement-breakpoint
CREATE TRIGGER "tax_documents_days_ins" AFTER INSERT ON "tax_documents" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION khelkud_tax_document_days();
--> statement-breakpoint
-- The days counted again from the documents (the migration's backfill; a bulk load with the triggers off calls it).
CREATE OR REPLACE FUNCTION khelkud_tax_document_days_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE tax_documents IN SHARE MODE;
  DELETE FROM tax_document_days;
  INSERT INTO tax_document_days SELECT khelkud_nepal_day(issued_at), kind, count(*), sum(taxable), sum(vat) FROM tax_documents GROUP BY 1, 2;
END $$;
--> statement-breakpoint
SELECT khelkud_tax_document_days_rebuild();
