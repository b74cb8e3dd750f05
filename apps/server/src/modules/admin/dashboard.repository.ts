import { sql } from "drizzle-orm";
import { LOW_STOCK_THRESHOLD, type OrderStatus, type PaymentMethod, type PaymentStatus } from "@khelkud/contracts";
import type { DbOrTx } from "../../db/client.js";
import { keptOrderTotals, rawRows, refreshOrderTotals } from "../../db/common-queries.js";

/** The shop's calendar: "today" and daily sales are counted in Nepal time. */
const TZ = "Asia/Kathmandu";

/** Paid orders per Nepal hour, folded or not yet folded. */
const PAID_HOURS = sql`(SELECT hour, orders, amount FROM order_paid_hours UNION ALL SELECT hour, orders, amount FROM order_paid_hours_deltas)`;

/**
 * Revenue counts only PAID orders (docs/product-rules.md §14, §16: unpaid orders were counted as revenue), by the time they
 * were paid: today since Nepal midnight, the last 7 and 30 days from the start of this moment's Nepal hour
 * (docs/decisions/129), all from the hourly totals: at most 30 × 24 rows, whatever the number of orders.
 */
export async function revenue(db: DbOrTx) {
  const [r] = await rawRows<{ today: number; week: number; month: number }>(
    db,
    sql`WITH b AS (
      SELECT khelkud_nepal_midnight(khelkud_nepal_day(now())) AS today, khelkud_nepal_hour(now() - interval '7 days') AS h7, khelkud_nepal_hour(now() - interval '30 days') AS h30
    )
    SELECT
      coalesce(sum(amount) FILTER (WHERE h.hour >= (SELECT today FROM b)), 0)::float8 AS today,
      coalesce(sum(amount) FILTER (WHERE h.hour >= (SELECT h7 FROM b)), 0)::float8 AS week,
      coalesce(sum(amount), 0)::float8 AS month
    FROM ${PAID_HOURS} h WHERE h.hour >= (SELECT h30 FROM b)`,
  );
  return { today: Number(r?.today ?? 0), last7Days: Number(r?.week ?? 0), last30Days: Number(r?.month ?? 0) };
}

export async function ordersByStatus(db: DbOrTx) {
  const list = await rawRows<{ status: string; n: number }>(
    db,
    sql`SELECT status, sum(orders)::int AS n FROM ${keptOrderTotals} t GROUP BY status HAVING sum(orders) <> 0`,
  );
  return Object.fromEntries(list.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
}

export async function moneyWaiting(db: DbOrTx) {
  const [r] = await rawRows<{ cod_n: number; cod_sum: number; wallet_n: number; wallet_sum: number }>(
    db,
    sql`SELECT
      coalesce(sum(orders) FILTER (WHERE payment_method = 'COD'), 0)::int AS cod_n,
      coalesce(sum(amount) FILTER (WHERE payment_method = 'COD'), 0)::float8 AS cod_sum,
      coalesce(sum(orders) FILTER (WHERE payment_method <> 'COD'), 0)::int AS wallet_n,
      coalesce(sum(amount) FILTER (WHERE payment_method <> 'COD'), 0)::float8 AS wallet_sum
    FROM ${keptOrderTotals} t WHERE payment_status = 'PENDING' AND status <> 'CANCELLED'`,
  );
  return {
    codToCollect: { count: Number(r?.cod_n ?? 0), amount: Number(r?.cod_sum ?? 0) },
    walletPending: { count: Number(r?.wallet_n ?? 0), amount: Number(r?.wallet_sum ?? 0) },
  };
}

/**
 * Sizes of active products below the threshold, scarcest first, then by product name and the product's size order.
 * Each size carries its product's name and status, kept by triggers (migration 0014, docs/decisions/125), so the list
 * walks `product_sizes_low_stock_idx` in this order and stops after `limit` entries, however large the catalogue.
 */
export async function lowStock(db: DbOrTx, limit = 20) {
  return rawRows<{ productId: string; name: string; slug: string; size: string; stock: number }>(
    db,
    sql`SELECT p.id AS "productId", p.name, p.slug, ps.size, ps.stock
    FROM product_sizes ps JOIN products p ON p.id = ps.product_id
    WHERE ps.product_status = 'ACTIVE' AND ps.stock < ${LOW_STOCK_THRESHOLD}
    ORDER BY ps.stock ASC, ps.product_name ASC, ps.sort_order ASC, ps.product_id ASC, ps.size ASC LIMIT ${limit}`,
  );
}

export async function recentOrders(db: DbOrTx, limit = 8) {
  return rawRows<{
    id: string;
    orderNumber: string;
    customer: string | null;
    totalAmount: number;
    status: OrderStatus;
    paymentMethod: PaymentMethod;
    paymentStatus: PaymentStatus;
    createdAt: string;
  }>(
    db,
    sql`SELECT o.id, o.order_number AS "orderNumber", u.name AS customer, o.total_amount AS "totalAmount", o.status,
      o.payment_method AS "paymentMethod", o.payment_status AS "paymentStatus", to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
    FROM orders o LEFT JOIN users u ON u.id = o.user_id ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit}`,
  );
}

type BestSeller = { productId: string; name: string; units: number; revenue: number };

/**
 * The window table as it stands with the deltas not yet folded, when it starts at the Nepal hour 30 days ago (null
 * otherwise). Only products with deltas can rank differently from the table: the candidates are the table's best down
 * to its limit-th product without deltas, plus the products with deltas; the best of those are the best of all
 * (docs/decisions/125). A few primary-key look-ups, whatever the number of orders (docs/decisions/129).
 */
async function bestSellersKept(db: DbOrTx, limit: number): Promise<BestSeller[] | null> {
  const [r] = await rawRows<{ ok: boolean; list: BestSeller[] | null }>(
    db,
    sql`WITH delta AS (
      SELECT product_id, sum(units) AS units, sum(revenue) AS revenue, max(name) AS name FROM product_sales_deltas GROUP BY product_id
    ), top AS (
      -- The table's best down to its limit-th product without a change: no product after it can rank higher.
      SELECT product_id FROM (
        SELECT r.product_id, count(*) FILTER (WHERE d.product_id IS NULL) OVER (ORDER BY r.units DESC, r.revenue DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS unchanged_before
        FROM (SELECT product_id, units, revenue FROM product_sales_window ORDER BY units DESC, revenue DESC LIMIT ${limit} + (SELECT count(*) FROM delta)) r
        LEFT JOIN delta d ON d.product_id = r.product_id
      ) ranked WHERE unchanged_before < ${limit}
    ), scored AS (
      SELECT c.product_id, greatest(m.name, d.name) AS name,
        coalesce(m.units, 0) + coalesce(d.units, 0) AS units,
        coalesce(m.revenue, 0) + coalesce(d.revenue, 0) AS revenue
      FROM (SELECT product_id FROM delta UNION SELECT product_id FROM top) c
      -- One primary-key look-up per candidate (OFFSET 0 keeps the planner from turning it into a hash join that reads the whole table).
      LEFT JOIN LATERAL (SELECT units, revenue, name FROM product_sales_window m WHERE m.product_id = c.product_id OFFSET 0) m ON true
      LEFT JOIN delta d ON d.product_id = c.product_id
    ), best AS (
      SELECT * FROM scored WHERE units > 0 ORDER BY units DESC, revenue DESC LIMIT ${limit}
    )
    SELECT EXISTS (SELECT 1 FROM sales_window_start WHERE id = 1 AND starts_at = khelkud_nepal_hour(now() - interval '30 days')) AS ok,
      (SELECT json_agg(json_build_object('productId', product_id, 'name', name, 'units', units, 'revenue', revenue) ORDER BY units DESC, revenue DESC) FROM best) AS list`,
  );
  return r?.ok ? (r.list ?? []) : null;
}

/**
 * Units sold in orders that were neither cancelled nor returned, created since the Nepal hour 30 days ago: the window table the
 * triggers keep. When the window is behind (a new hour began since `refreshOrderTotals`), it is moved and read again; when
 * it is ahead (the database clock went back), the orders are counted.
 */
export async function bestSellers(db: DbOrTx, limit = 5) {
  let list = await bestSellersKept(db, limit);
  if (!list) {
    await refreshOrderTotals(db);
    list = await bestSellersKept(db, limit);
  }
  list ??= await rawRows<BestSeller>(
    db,
    sql`SELECT oi.product_id AS "productId", max(oi.product_name) AS name, sum(oi.quantity)::int AS units, sum(oi.line_total)::float8 AS revenue
    FROM order_items oi JOIN orders o ON o.id = oi.order_id
    WHERE NOT khelkud_order_unsold(o.status) AND o.created_at >= khelkud_nepal_hour(now() - interval '30 days')
    GROUP BY oi.product_id ORDER BY units DESC, revenue DESC LIMIT ${limit}`,
  );
  return list.map((x) => ({ ...x, units: Number(x.units), revenue: Number(x.revenue) }));
}

/** Paid sales per Nepal calendar day for the last 30 days, days without sales included as 0. */
export async function dailySales(db: DbOrTx) {
  const list = await rawRows<{ day: string; revenue: number; orders: number }>(
    db,
    sql`WITH days AS (
      SELECT generate_series((now() AT TIME ZONE ${TZ})::date - 29, (now() AT TIME ZONE ${TZ})::date, interval '1 day')::date AS day
    ), paid AS (
      SELECT khelkud_nepal_day(hour) AS day, sum(amount)::float8 AS revenue, sum(orders)::int AS n FROM ${PAID_HOURS} t
      WHERE hour >= khelkud_nepal_midnight((now() AT TIME ZONE ${TZ})::date - 29) GROUP BY 1
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(p.revenue, 0)::float8 AS revenue, coalesce(p.n, 0)::int AS orders
    FROM days d LEFT JOIN paid p ON p.day = d.day ORDER BY d.day`,
  );
  return list.map((r) => ({ day: r.day, revenue: Number(r.revenue), orders: Number(r.orders) }));
}
