import { sql, type SQL } from "drizzle-orm";
import { LOW_STOCK_THRESHOLD, type OrderStatus, type PaymentMethod, type PaymentStatus } from "@khelkud/contracts";
import type { DbOrTx } from "../../db/client.js";

/** The shop's calendar: "today" and daily sales are counted in Nepal time. */
const TZ = "Asia/Kathmandu";

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Revenue counts only PAID orders (docs/product-rules.md §14, §16: unpaid orders were counted as revenue), by the time they were paid. */
export async function revenue(db: DbOrTx) {
  const [r] = await rows<{ today: number; week: number; month: number }>(
    db,
    sql`SELECT
      coalesce(sum(total_amount) FILTER (WHERE coalesce(paid_at, created_at) >= (date_trunc('day', now() AT TIME ZONE ${TZ}) AT TIME ZONE ${TZ})), 0)::float8 AS today,
      coalesce(sum(total_amount) FILTER (WHERE coalesce(paid_at, created_at) >= now() - interval '7 days'), 0)::float8 AS week,
      coalesce(sum(total_amount), 0)::float8 AS month
    FROM orders WHERE payment_status = 'PAID' AND coalesce(paid_at, created_at) >= now() - interval '30 days'`,
  );
  return { today: Number(r?.today ?? 0), last7Days: Number(r?.week ?? 0), last30Days: Number(r?.month ?? 0) };
}

export async function ordersByStatus(db: DbOrTx) {
  const list = await rows<{ status: string; n: number }>(db, sql`SELECT status, count(*)::int AS n FROM orders GROUP BY status`);
  return Object.fromEntries(list.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
}

export async function moneyWaiting(db: DbOrTx) {
  const [r] = await rows<{ cod_n: number; cod_sum: number; wallet_n: number; wallet_sum: number }>(
    db,
    sql`SELECT
      count(*) FILTER (WHERE payment_method = 'COD')::int AS cod_n,
      coalesce(sum(total_amount) FILTER (WHERE payment_method = 'COD'), 0)::float8 AS cod_sum,
      count(*) FILTER (WHERE payment_method <> 'COD')::int AS wallet_n,
      coalesce(sum(total_amount) FILTER (WHERE payment_method <> 'COD'), 0)::float8 AS wallet_sum
    FROM orders WHERE payment_status = 'PENDING' AND status <> 'CANCELLED'`,
  );
  return {
    codToCollect: { count: Number(r?.cod_n ?? 0), amount: Number(r?.cod_sum ?? 0) },
    walletPending: { count: Number(r?.wallet_n ?? 0), amount: Number(r?.wallet_sum ?? 0) },
  };
}

export async function lowStock(db: DbOrTx, limit = 20) {
  return rows<{ productId: string; name: string; slug: string; size: string; stock: number }>(
    db,
    sql`SELECT p.id AS "productId", p.name, p.slug, ps.size, ps.stock
    FROM product_sizes ps JOIN products p ON p.id = ps.product_id
    WHERE p.status = 'ACTIVE' AND ps.stock < ${LOW_STOCK_THRESHOLD}
    ORDER BY ps.stock ASC, p.name ASC, ps.sort_order ASC LIMIT ${limit}`,
  );
}

export async function recentOrders(db: DbOrTx, limit = 8) {
  return rows<{ id: string; orderNumber: string; customer: string | null; totalAmount: number; status: OrderStatus; paymentMethod: PaymentMethod; paymentStatus: PaymentStatus; createdAt: string }>(
    db,
    sql`SELECT o.id, o.order_number AS "orderNumber", u.name AS customer, o.total_amount AS "totalAmount", o.status,
      o.payment_method AS "paymentMethod", o.payment_status AS "paymentStatus", to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
    FROM orders o LEFT JOIN users u ON u.id = o.user_id ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit}`,
  );
}

/** Units sold in orders that were not cancelled, last 30 days. */
export async function bestSellers(db: DbOrTx, limit = 5) {
  const list = await rows<{ productId: string; name: string; units: number; revenue: number }>(
    db,
    sql`SELECT oi.product_id AS "productId", max(oi.product_name) AS name, sum(oi.quantity)::int AS units, sum(oi.line_total)::float8 AS revenue
    FROM order_items oi JOIN orders o ON o.id = oi.order_id
    WHERE o.status <> 'CANCELLED' AND o.created_at >= now() - interval '30 days'
    GROUP BY oi.product_id ORDER BY units DESC, revenue DESC LIMIT ${limit}`,
  );
  return list.map((r) => ({ ...r, units: Number(r.units), revenue: Number(r.revenue) }));
}

/** Paid sales per Nepal calendar day for the last 30 days, days without sales included as 0. */
export async function dailySales(db: DbOrTx) {
  const list = await rows<{ day: string; revenue: number; orders: number }>(
    db,
    sql`WITH days AS (
      SELECT generate_series((now() AT TIME ZONE ${TZ})::date - 29, (now() AT TIME ZONE ${TZ})::date, interval '1 day')::date AS day
    ), paid AS (
      SELECT (coalesce(paid_at, created_at) AT TIME ZONE ${TZ})::date AS day, sum(total_amount)::float8 AS revenue, count(*)::int AS n
      FROM orders WHERE payment_status = 'PAID' AND coalesce(paid_at, created_at) >= now() - interval '31 days' GROUP BY 1
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(p.revenue, 0)::float8 AS revenue, coalesce(p.n, 0)::int AS orders
    FROM days d LEFT JOIN paid p ON p.day = d.day ORDER BY d.day`,
  );
  return list.map((r) => ({ day: r.day, revenue: Number(r.revenue), orders: Number(r.orders) }));
}
