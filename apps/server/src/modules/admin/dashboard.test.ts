import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useWalletShop, signedInAs, type Who } from "../../test/wallet-shop.js";
import { insertProduct, insertUser } from "../../test/factories.js";
import { orders } from "../../db/schema/index.js";
import { payOnKhalti } from "../../payments/simulator/testing.js";
import { insertOrder } from "./test-helpers.js";
import { bestSellers } from "./dashboard.repository.js";

/**
 * The dashboard reads totals the order triggers keep (docs/decisions/119). Whatever happens to orders — placed,
 * cancelled, paid, refunded, delivered, returned, deleted, written by raw SQL, days and hours passing under the 30-day window —
 * its figures must equal a count of the orders from scratch: the queries the dashboard ran before it kept totals, with
 * the 7- and 30-day windows starting at the Nepal hour 7 and 30 days ago (docs/decisions/129).
 */

const shop = useWalletShop();
const address = {
  fullName: "Totals Tamang",
  email: "totals@example.com",
  phone: "9800000003",
  address: "Baneshwor",
  province: "Bagmati",
  district: "Kathmandu",
  area: "Kathmandu",
};
const TZ = "Asia/Kathmandu";

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await shop.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The start of the Nepal hour `ago` before now, written out here rather than read from the migration's functions. */
const hourAgo = (ago: string) => sql`(date_trunc('hour', (now() - ${ago}::interval) AT TIME ZONE ${TZ}) AT TIME ZONE ${TZ})`;

/** The dashboard's figures counted from the orders themselves. */
async function fromScratch() {
  const [revenue] = await rows<{ today: number; week: number; month: number }>(sql`SELECT
      coalesce(sum(total_amount) FILTER (WHERE coalesce(paid_at, created_at) >= (date_trunc('day', now() AT TIME ZONE ${TZ}) AT TIME ZONE ${TZ})), 0)::float8 AS today,
      coalesce(sum(total_amount) FILTER (WHERE coalesce(paid_at, created_at) >= ${hourAgo("7 days")}), 0)::float8 AS week,
      coalesce(sum(total_amount), 0)::float8 AS month
    FROM orders WHERE payment_status = 'PAID' AND coalesce(paid_at, created_at) >= ${hourAgo("30 days")}`);
  const byStatus = await rows<{ status: string; n: number }>(sql`SELECT status, count(*)::int AS n FROM orders GROUP BY status`);
  const [waiting] = await rows<{ cod_n: number; cod_sum: number; wallet_n: number; wallet_sum: number }>(sql`SELECT
      count(*) FILTER (WHERE payment_method = 'COD')::int AS cod_n, coalesce(sum(total_amount) FILTER (WHERE payment_method = 'COD'), 0)::float8 AS cod_sum,
      count(*) FILTER (WHERE payment_method <> 'COD')::int AS wallet_n, coalesce(sum(total_amount) FILTER (WHERE payment_method <> 'COD'), 0)::float8 AS wallet_sum
    FROM orders WHERE payment_status = 'PENDING' AND status <> 'CANCELLED'`);
  const sellers = await rows<{
    productId: string;
    units: number;
    revenue: number;
  }>(sql`SELECT oi.product_id AS "productId", sum(oi.quantity)::int AS units, sum(oi.line_total)::float8 AS revenue
    FROM order_items oi JOIN orders o ON o.id = oi.order_id
    WHERE o.status NOT IN ('CANCELLED', 'RETURNED') AND o.created_at >= ${hourAgo("30 days")}
    GROUP BY oi.product_id ORDER BY units DESC, revenue DESC, "productId" LIMIT 6`);
  const daily = await rows<{ day: string; revenue: number; orders: number }>(sql`WITH days AS (
      SELECT generate_series((now() AT TIME ZONE ${TZ})::date - 29, (now() AT TIME ZONE ${TZ})::date, interval '1 day')::date AS day
    ), paid AS (
      SELECT (coalesce(paid_at, created_at) AT TIME ZONE ${TZ})::date AS day, sum(total_amount)::float8 AS revenue, count(*)::int AS n
      FROM orders WHERE payment_status = 'PAID' AND coalesce(paid_at, created_at) >= now() - interval '31 days' GROUP BY 1
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(p.revenue, 0)::float8 AS revenue, coalesce(p.n, 0)::int AS orders
    FROM days d LEFT JOIN paid p ON p.day = d.day ORDER BY d.day`);
  // The test's quantities leave no tie among the best six, so "the best five" has one answer.
  for (let i = 1; i < sellers.length; i++) expect([sellers[i]!.units, sellers[i]!.revenue]).not.toEqual([sellers[i - 1]!.units, sellers[i - 1]!.revenue]);
  return {
    revenue: { today: Number(revenue!.today), last7Days: Number(revenue!.week), last30Days: Number(revenue!.month) },
    ordersByStatus: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
    codToCollect: { count: Number(waiting!.cod_n), amount: Number(waiting!.cod_sum) },
    walletPending: { count: Number(waiting!.wallet_n), amount: Number(waiting!.wallet_sum) },
    bestSellers: sellers.slice(0, 5).map((r) => ({ productId: r.productId, units: Number(r.units), revenue: Number(r.revenue) })),
    dailySales: daily.map((r) => ({ day: r.day, revenue: Number(r.revenue), orders: Number(r.orders) })),
  };
}

async function dashboardMatchesTheOrders() {
  const res = await shop.t.app.inject({ method: "GET", url: "/api/admin/dashboard", headers: shop.admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json().data;
  const shown = {
    revenue: d.revenue,
    ordersByStatus: d.ordersByStatus,
    codToCollect: d.codToCollect,
    walletPending: d.walletPending,
    bestSellers: d.bestSellers.map((b: { productId: string; units: number; revenue: number }) => ({
      productId: b.productId,
      units: b.units,
      revenue: b.revenue,
    })),
    dailySales: d.dailySales,
  };
  expect(shown).toEqual(await fromScratch());
  // The dashboard folded every change into the totals: they alone are the count.
  expect(
    await rows(
      sql`SELECT status, payment_status, sum(orders)::int AS n, sum(amount)::float8 AS a FROM order_totals GROUP BY 1, 2 HAVING sum(orders) <> 0 ORDER BY 1, 2`,
    ),
  ).toEqual(await rows(sql`SELECT status, payment_status, count(*)::int AS n, sum(total_amount)::float8 AS a FROM orders GROUP BY 1, 2 ORDER BY 1, 2`));
  return d;
}

const place = (who: Who, items: { productId: string; quantity: number }[], paymentMethod = "COD") =>
  shop.post(who, "/api/orders", { items: items.map((i) => ({ ...i, size: "M" })), shippingAddress: address, paymentMethod });

describe("the admin dashboard's kept totals", () => {
  it("equal a count from scratch as orders are placed, cancelled, paid, delivered, refunded and deleted", async () => {
    const db = shop.t.database.db;
    const products = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => insertProduct(db, { price: 100_000 * n, sizes: [{ size: "M", stock: 100 }] })));
    const [p1, p2, p3, p4, p5, p6, p7] = products.map((p) => p.id) as [string, string, string, string, string, string, string];
    await dashboardMatchesTheOrders();

    // Placed through the API: cash on delivery, pending.
    const buyers = await Promise.all([1, 2, 3].map(() => signedInAs(shop.t)));
    const placed: string[] = [];
    for (const [who, items] of [
      [
        buyers[0]!,
        [
          { productId: p1, quantity: 4 },
          { productId: p2, quantity: 1 },
        ],
      ],
      [buyers[1]!, [{ productId: p2, quantity: 2 }]],
      [
        buyers[2]!,
        [
          { productId: p3, quantity: 3 },
          { productId: p4, quantity: 5 },
        ],
      ],
      [buyers[0]!, [{ productId: p5, quantity: 6 }]],
    ] as const) {
      const res = await place(who, [...items]);
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json().data.order.id);
    }
    await dashboardMatchesTheOrders();

    // The customer cancels one; the shop delivers another and collects the cash (PAID today).
    expect((await shop.post(buyers[2]!, `/api/orders/${placed[2]}/cancel`)).statusCode).toBe(200);
    for (const status of ["PROCESSING", "SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"]) {
      const res = await shop.t.app.inject({
        method: "PATCH",
        url: `/api/admin/orders/${placed[0]}/status`,
        headers: shop.admin.headers,
        payload: { status, trackingNumber: "NP-1" },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await shop.post(shop.admin, `/api/admin/orders/${placed[0]}/cash-collected`)).statusCode).toBe(200);
    await dashboardMatchesTheOrders();

    // Paid at Khalti, then refunded: CANCELLED and REFUNDED.
    const wallet = await shop.post(buyers[1]!, "/api/payments/khalti/initiate-with-order", {
      orderData: { items: [{ productId: p6, size: "M", quantity: 2 }], shippingAddress: address },
    });
    expect(wallet.statusCode, wallet.body).toBe(200);
    const started = wallet.json().data as { payment_url: string; pidx: string; orderId: string };
    await payOnKhalti(started.payment_url, { mobile: "9800000001", mpin: "1111", otp: "987654" });
    expect((await shop.post(buyers[1]!, "/api/payments/khalti/verify", { pidx: started.pidx })).statusCode).toBe(200);
    await dashboardMatchesTheOrders();
    expect((await shop.post(buyers[1]!, `/api/orders/${started.orderId}/cancel`)).statusCode).toBe(202);
    expect((await shop.post(shop.admin, `/api/admin/orders/${started.orderId}/refund`, { method: "KHALTI", reference: "KH-RF-119" })).statusCode).toBe(200);
    await dashboardMatchesTheOrders();

    // The administrator deletes the cancelled order: its figures leave every total.
    const removed = await shop.t.app.inject({ method: "DELETE", url: `/api/admin/orders/${placed[2]}`, headers: shop.admin.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await db.select().from(orders).where(eq(orders.id, placed[2]!))).toEqual([]);
    await dashboardMatchesTheOrders();

    // A cash-on-delivery parcel comes back undelivered: RETURNED, its cash no longer awaited, its units no sale.
    const shipped = await shop.t.app.inject({ method: "PATCH", url: `/api/admin/orders/${placed[1]}/status`, headers: shop.admin.headers, payload: { status: "PROCESSING" } });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await shop.t.app.inject({ method: "PATCH", url: `/api/admin/orders/${placed[1]}/status`, headers: shop.admin.headers, payload: { status: "SHIPPED" } })).statusCode).toBe(200);
    const before = await dashboardMatchesTheOrders();
    const returned = await shop.post(shop.admin, `/api/admin/orders/${placed[1]}/return`, { restock: true });
    expect(returned.statusCode, returned.body).toBe(200);
    const after = await dashboardMatchesTheOrders();
    expect(after.codToCollect.count).toBe(before.codToCollect.count - 1);
    expect(after.ordersByStatus.RETURNED).toBe(1);

    // Orders written straight into the tables, at the edges of the windows: paid 6 and 8 days ago, created 29 and 31
    // days ago, paid just after this Nepal midnight, one created 30 days and two hours ago (inside the window's first day
    // or the one before, whichever the clock says).
    const hours = (h: number) => new Date(Date.now() - h * 3_600_000);
    const old = buyers[0]!.id;
    const [nepalMidnight] = await rows<{ at: string }>(sql`SELECT (date_trunc('day', now() AT TIME ZONE ${TZ}) AT TIME ZONE ${TZ})::text AS at`);
    const justAfterMidnight = new Date(new Date(nepalMidnight!.at).getTime() + 60_000);
    const delivered = (productId: string, quantity: number, paymentMethod: "COD" | "KHALTI" | "ESEWA", paidAt: Date, createdAt = paidAt) =>
      insertOrder(db, { userId: old, items: [{ productId, size: "M", quantity }], paymentMethod, paymentStatus: "PAID", paidAt, createdAt, status: "DELIVERED" });
    const raw = [
      await delivered(p7, 9, "ESEWA", hours(6 * 24), hours(6 * 24 + 1)),
      await delivered(p7, 1, "KHALTI", hours(8 * 24)),
      await delivered(p3, 7, "COD", hours(29 * 24)),
      await delivered(p4, 8, "COD", hours(31 * 24)),
      await delivered(p2, 10, "KHALTI", hours(30 * 24 + 2)),
      await delivered(p1, 2, "COD", justAfterMidnight, hours(0.01)),
      await delivered(p6, 11, "ESEWA", hours(32 * 24)),
      await delivered(p5, 3, "COD", hours(31 * 24 + 5)),
    ];
    // The edge hours: just before and at the start of the Nepal hour 30 days ago and 7 days ago, and inside that hour
    // but more than 30 days ago (counted: the window starts at the hour).
    const [edge] = await rows<{ h30: string; h7: string; inside: string }>(sql`SELECT ${hourAgo("30 days")}::text AS h30, ${hourAgo("7 days")}::text AS h7,
      greatest(${hourAgo("30 days")}, now() - interval '30 days 1 second')::text AS inside`);
    const at = (moment: string, ms = 0) => new Date(new Date(moment).getTime() + ms);
    raw.push(
      await delivered(p4, 12, "KHALTI", at(edge!.h30, -1000)),
      await delivered(p6, 13, "COD", at(edge!.h30)),
      await delivered(p3, 14, "ESEWA", at(edge!.inside)),
      await delivered(p7, 15, "KHALTI", at(edge!.h7, -1)),
      await delivered(p5, 16, "COD", at(edge!.h7), at(edge!.h30, -1)),
    );
    await dashboardMatchesTheOrders();
    // Raw updates: one old order cancelled, one moved a day later, one refunded.
    await db.update(orders).set({ status: "CANCELLED" }).where(eq(orders.id, raw[2]!.id));
    await db
      .update(orders)
      .set({ createdAt: hours(28 * 24), paidAt: hours(28 * 24) })
      .where(eq(orders.id, raw[3]!.id));
    await db.update(orders).set({ paymentStatus: "REFUNDED" }).where(eq(orders.id, raw[0]!.id));
    await dashboardMatchesTheOrders();
    // A paid, delivered order deleted by raw SQL (its lines go with it).
    await db.delete(orders).where(eq(orders.id, raw[5]!.id));
    await dashboardMatchesTheOrders();

    // Days and hours pass: the window started three days and five hours earlier, as if the dashboard was last opened
    // then (what the lines' triggers would have added since). Opening it now takes those hours away.
    await db.execute(sql`UPDATE sales_window_start SET starts_at = starts_at - interval '3 days 5 hours'`);
    await db.execute(sql`INSERT INTO product_sales_deltas
      SELECT i.product_id, sum(i.quantity), sum(i.line_total), max(i.product_name) FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE o.status <> 'CANCELLED' AND o.created_at >= (SELECT starts_at FROM sales_window_start) AND o.created_at < (SELECT starts_at + interval '3 days 5 hours' FROM sales_window_start)
      GROUP BY i.product_id`);
    // While the window is longer, orders of those days and of the edge hour are cancelled and another put back.
    await db.update(orders).set({ status: "CANCELLED" }).where(eq(orders.id, raw[4]!.id));
    await db.update(orders).set({ status: "CANCELLED" }).where(eq(orders.id, raw[7]!.id));
    await db.update(orders).set({ status: "DELIVERED" }).where(eq(orders.id, raw[2]!.id));
    await db.update(orders).set({ status: "CANCELLED" }).where(eq(orders.id, raw[8]!.id));
    await db.update(orders).set({ status: "CANCELLED" }).where(eq(orders.id, raw[10]!.id));
    const d = await dashboardMatchesTheOrders();
    expect(d.bestSellers.length).toBeGreaterThan(0);
    expect(await rows(sql`SELECT starts_at = ${hourAgo("30 days")} AS moved FROM sales_window_start`)).toEqual([{ moved: true }]);
  });

  it("ranks best sellers that unfolded changes move, beyond the table's best", async () => {
    const db = shop.t.database.db;
    await dashboardMatchesTheOrders();
    const userId = (await insertUser(db)).id;
    const ids = (await Promise.all(Array.from({ length: 10 }, () => insertProduct(db, { sizes: [{ size: "M", stock: 1000 }] })))).map((p) => p.id);
    const [a, b, c, d, e, f, g, h, i, j] = ids as [string, string, string, string, string, string, string, string, string, string];
    const sold = (productId: string, quantity: number) => insertOrder(db, { userId, items: [{ productId, size: "M", quantity }] });
    // Five products lead the table on a large order each; five others sold less. Opening the dashboard folds them all.
    const large: string[] = [];
    for (const [n, p] of [a, b, c, d, e].entries()) {
      large.push((await sold(p, 100)).id);
      await sold(p, 50 - n * 10);
    }
    for (const [n, p] of [f, g, h, i].entries()) await sold(p, 90 - n * 10);
    expect((await dashboardMatchesTheOrders()).bestSellers.map((s: { productId: string }) => s.productId)).toEqual([a, b, c, d, e]);
    // The large orders are cancelled, and a product not yet in the table sells: without a fold, the table's five best
    // fall behind products below them and the new one leads.
    for (const id of large) await db.update(orders).set({ status: "CANCELLED" }).where(eq(orders.id, id));
    await sold(j, 95);
    const unfolded = (await bestSellers(db)).map((s) => ({ productId: s.productId, units: s.units, revenue: s.revenue }));
    expect(unfolded).toEqual((await fromScratch()).bestSellers);
    expect(unfolded.map((s) => s.productId)).toEqual([j, f, g, h, i]);
    await dashboardMatchesTheOrders();
    // A new hour begins between the dashboard's fold and its read (here: the window is an hour behind, holding that
    // hour's lines as the triggers would have added them): best sellers move the window before reading it.
    const [edge] = await rows<{ before: string }>(sql`SELECT (${hourAgo("30 days")} - interval '30 minutes')::text AS before`);
    await insertOrder(db, { userId, items: [{ productId: f, size: "M", quantity: 200 }], createdAt: new Date(edge!.before) });
    await db.execute(sql`UPDATE sales_window_start SET starts_at = starts_at - interval '1 hour'`);
    await db.execute(sql`INSERT INTO product_sales_deltas
      SELECT i.product_id, sum(i.quantity), sum(i.line_total), max(i.product_name) FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE o.status <> 'CANCELLED' AND o.created_at >= (SELECT starts_at FROM sales_window_start) AND o.created_at < (SELECT starts_at + interval '1 hour' FROM sales_window_start)
      GROUP BY i.product_id`);
    await sold(a, 1);
    expect((await bestSellers(db)).map((s) => ({ productId: s.productId, units: s.units, revenue: s.revenue }))).toEqual((await fromScratch()).bestSellers);
    expect(await rows(sql`SELECT starts_at = ${hourAgo("30 days")} AS moved FROM sales_window_start`)).toEqual([{ moved: true }]);
  });
});
