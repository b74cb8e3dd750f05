import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MSG, AdminOrderListSchema, AdminOrderResultSchema, shortOrderId, transitionRefused, nepalTimestamp } from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertProduct, insertUser, sessionFor } from "../../test/factories.js";
import { orders, orderStatusHistory } from "../../db/schema/index.js";
import { insertOrder, stockOf } from "../admin/test-helpers.js";
import { rawRows } from "../../db/common-queries.js";

let t: TestContext;
let admin: Record<string, string>;
let customerId: string;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await sessionFor(t.app, (await insertUser(t.database.db, { role: "ADMIN" })).id)).bearer;
  customerId = (await insertUser(t.database.db, { name: "Hari Bahadur", email: "hari@example.com" })).id;
  productId = (await insertProduct(t.database.db, { sizes: [{ size: "M", stock: 200 }, { size: "L", stock: 100 }] })).id;
});
afterAll(() => t.close());

const api = (method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as "GET", url, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) });
const reserved = (over: Partial<Parameters<typeof insertOrder>[1]> = {}) =>
  insertOrder(t.database.db, { userId: customerId, items: [{ productId, size: "M", quantity: 2 }, { productId, size: "L", quantity: 1 }], reserve: true, ...over });

describe("order status changes", () => {
  it("offers and allows only the state machine's next statuses, writing each change to the history", async () => {
    const o = await reserved();
    const listed = (await api("GET", `/api/admin/orders/${o.id}`)).json().data.order;
    expect(listed.nextStatuses).toEqual(["PROCESSING", "CANCELLED"]);
    const skip = await api("PATCH", `/api/admin/orders/${o.id}/status`, { status: "DELIVERED" });
    expect([skip.statusCode, skip.json().error]).toEqual([409, transitionRefused("PENDING", "DELIVERED")]);
    for (const status of ["PROCESSING", "SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"]) {
      const res = await api("PATCH", `/api/admin/orders/${o.id}/status`, { status, note: `now ${status}`, trackingNumber: status === "SHIPPED" ? "NP123" : undefined });
      expect(res.statusCode, res.body).toBe(200);
    }
    const back = await api("PATCH", `/api/admin/orders/${o.id}/status`, { status: "PENDING" });
    expect(back.statusCode).toBe(409);
    const order = (await api("GET", `/api/admin/orders/${o.id}`)).json().data.order;
    expect(order).toMatchObject({ status: "DELIVERED", trackingNumber: "NP123", nextStatuses: [] });
    expect(order.statusHistory.map((h: { status: string }) => h.status)).toEqual(["PROCESSING", "SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"]);
    expect(order.statusHistory[0].note).toBe("now PROCESSING");
  });

  it("shows the courier and tracking number the administrator enters to the customer, on the order and in their order list", async () => {
    const o = await reserved({ status: "PROCESSING" });
    const res = await api("PATCH", `/api/admin/orders/${o.id}/status`, { status: "SHIPPED", courier: "Nepal Can Move", trackingNumber: "NCM-778812" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.order).toMatchObject({ courier: "Nepal Can Move", trackingNumber: "NCM-778812" });
    const customer = (await sessionFor(t.app, customerId)).cookie;
    const own = await t.app.inject({ method: "GET", url: `/api/orders/${o.id}`, headers: customer });
    expect(own.json().data.order).toMatchObject({ courier: "Nepal Can Move", trackingNumber: "NCM-778812" });
    const list = await t.app.inject({ method: "GET", url: "/api/orders", headers: customer });
    expect(list.json().data.orders.find((x: { id: string }) => x.id === o.id)).toMatchObject({ courier: "Nepal Can Move", trackingNumber: "NCM-778812" });
    // A later change without them keeps what was entered.
    await api("PATCH", `/api/admin/orders/${o.id}/status`, { status: "OUT_FOR_DELIVERY" });
    expect((await t.app.inject({ method: "GET", url: `/api/orders/${o.id}`, headers: customer })).json().data.order.courier).toBe("Nepal Can Move");
  });

  it("tells the live channel about the change, with the customer's view of the order", async () => {
    const seen: { type: string; from?: string; status?: string; id?: string }[] = [];
    const off = t.app.services.events.on((e) => {
      if (e.type === "order.status_changed") seen.push({ type: e.type, from: e.from, status: e.order.status, id: e.order.id });
    });
    const o = await reserved();
    await api("PATCH", `/api/admin/orders/${o.id}/status`, { status: "PROCESSING" });
    off();
    expect(seen).toContainEqual({ type: "order.status_changed", from: "PENDING", status: "PROCESSING", id: o.id });
  });

  it("does not move an unpaid Khalti or eSewa order on by hand: its payment moves it, or the staff cancel it", async () => {
    for (const paymentMethod of ["KHALTI", "ESEWA"] as const) {
      const o = await reserved({ paymentMethod, paymentStatus: "PENDING" });
      expect((await api("GET", `/api/admin/orders/${o.id}`)).json().data.order.nextStatuses).toEqual(["CANCELLED"]);
      const moved = await api("PATCH", `/api/admin/orders/${o.id}/status`, { status: "PROCESSING" });
      expect([moved.statusCode, moved.json().error]).toEqual([409, ADMIN_MSG.walletUnpaid]);
      // One moved on before this rule (an unpaid wallet order in PROCESSING) is not shipped either, only cancelled.
      const earlier = await reserved({ paymentMethod, paymentStatus: "FAILED", status: "PROCESSING" });
      expect((await api("PATCH", `/api/admin/orders/${earlier.id}/status`, { status: "SHIPPED" })).statusCode).toBe(409);
      expect((await api("PATCH", `/api/admin/orders/${earlier.id}/status`, { status: "CANCELLED" })).statusCode).toBe(200);
    }
    // A paid one goes on as any other.
    const paid = await reserved({ paymentMethod: "KHALTI", paymentStatus: "PAID", paidAt: new Date(), status: "PROCESSING" });
    expect((await api("PATCH", `/api/admin/orders/${paid.id}/status`, { status: "SHIPPED", trackingNumber: "NP9" })).statusCode).toBe(200);
  });

  it("refuses to cancel a shipped order", async () => {
    const o = await reserved({ status: "SHIPPED" });
    expect((await api("PATCH", `/api/admin/orders/${o.id}/status`, { status: "CANCELLED" })).statusCode).toBe(409);
  });

  it("cancelling puts the stock back exactly once", async () => {
    const m = await stockOf(t.database.db, productId, "M");
    const l = await stockOf(t.database.db, productId, "L");
    const o = await reserved();
    expect(await stockOf(t.database.db, productId, "M")).toBe(m - 2);
    const res = await api("PATCH", `/api/admin/orders/${o.id}/status`, { status: "CANCELLED", note: "Customer asked" });
    expect(res.statusCode).toBe(200);
    expect([await stockOf(t.database.db, productId, "M"), await stockOf(t.database.db, productId, "L")]).toEqual([m, l]);
    expect((await api("PATCH", `/api/admin/orders/${o.id}/status`, { status: "CANCELLED" })).statusCode).toBe(409);
    expect([await stockOf(t.database.db, productId, "M"), await stockOf(t.database.db, productId, "L")]).toEqual([m, l]);
    // A second release (deleting the order releases what it still holds) changes nothing.
    expect((await api("DELETE", `/api/admin/orders/${o.id}`)).statusCode).toBe(200);
    expect([await stockOf(t.database.db, productId, "M"), await stockOf(t.database.db, productId, "L")]).toEqual([m, l]);
  });
});

describe("cash collected and deleting orders", () => {
  it("marks cash collected only for a delivered cash-on-delivery order", async () => {
    const pending = await reserved();
    expect((await api("POST", `/api/admin/orders/${pending.id}/cash-collected`)).statusCode).toBe(409);
    const delivered = await reserved({ status: "DELIVERED" });
    const res = await api("POST", `/api/admin/orders/${delivered.id}/cash-collected`);
    expect(res.json().data.order).toMatchObject({ paymentStatus: "PAID", canCollectCash: false });
    expect((await api("POST", `/api/admin/orders/${delivered.id}/cash-collected`)).statusCode).toBe(409);
  });

  it("deletes a cancelled order but refuses an active one with the reason", async () => {
    const active = await reserved();
    const refused = await api("DELETE", `/api/admin/orders/${active.id}`);
    expect([refused.statusCode, refused.json().error]).toEqual([409, ADMIN_MSG.orderDeleteRefused]);
    await api("PATCH", `/api/admin/orders/${active.id}/status`, { status: "CANCELLED" });
    expect((await api("DELETE", `/api/admin/orders/${active.id}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(orders).where(eq(orders.id, active.id))).toEqual([]);
  });

  it("deletes an unpaid wallet order whose payment time has passed, returning its stock", async () => {
    const m = await stockOf(t.database.db, productId, "M");
    const o = await reserved({ paymentMethod: "KHALTI", paymentExpiresAt: new Date(Date.now() - 60_000) });
    expect((await api("DELETE", `/api/admin/orders/${o.id}`)).statusCode).toBe(200);
    expect(await stockOf(t.database.db, productId, "M")).toBe(m);
  });

  it("never deletes a paid order", async () => {
    const o = await reserved({ status: "CANCELLED", paymentMethod: "KHALTI", paymentStatus: "PAID", paidAt: new Date() });
    expect((await api("DELETE", `/api/admin/orders/${o.id}`)).statusCode).toBe(409);
  });
});

describe("answers in the contracts' shapes", () => {
  it("the list, one order and a change answer as AdminOrderListSchema and AdminOrderResultSchema say", async () => {
    const o = await reserved();
    const list = await api("GET", "/api/admin/orders?limit=5");
    expect(AdminOrderListSchema.strict().parse(list.json().data).orders.length).toBeGreaterThan(0);
    const one = await api("GET", `/api/admin/orders/${o.id}`);
    const order = AdminOrderResultSchema.parse(one.json().data).order;
    expect(order).toMatchObject({ id: o.id, status: "PENDING", nextStatuses: ["PROCESSING", "CANCELLED"], canDelete: false });
    expect(order.items.map((i) => [i.size, i.quantity])).toEqual(expect.arrayContaining([["M", 2], ["L", 1]]));
    const changed = await api("PATCH", `/api/admin/orders/${o.id}/status`, { status: "PROCESSING", note: "Packed" });
    expect(AdminOrderResultSchema.parse(changed.json().data).order.statusHistory.at(-1)).toMatchObject({ status: "PROCESSING", note: "Packed" });
  });
});

describe("order list, export and dashboard", () => {
  it("searches by customer name, e-mail or order number and filters by status", async () => {
    const o = await reserved({ status: "PROCESSING" });
    const byName = (await api("GET", "/api/admin/orders?q=hari%20bahadur&status=PROCESSING")).json().data;
    expect(byName.orders.map((x: { id: string }) => x.id)).toContain(o.id);
    expect(byName.orders.every((x: { status: string }) => x.status === "PROCESSING")).toBe(true);
    const byNumber = (await api("GET", `/api/admin/orders?q=${encodeURIComponent(o.orderNumber.toLowerCase())}`)).json().data;
    expect(byNumber.orders.map((x: { id: string }) => x.id)).toEqual([o.id]);
    expect(byNumber.orders[0].user).toMatchObject({ name: "Hari Bahadur", email: "hari@example.com" });
  });

  it("finds orders by a part of the number, the customer's e-mail or name, or the order's id, and counts what it lists", async () => {
    const other = (await insertUser(t.database.db, { name: "Sita Gurung", email: "sita.gurung@example.com" })).id;
    const mine = await reserved();
    const hers = await insertOrder(t.database.db, { userId: other, items: [{ productId, size: "M", quantity: 1 }], reserve: true });
    const ids = async (q: string) => {
      const data = (await api("GET", `/api/admin/orders?limit=100&q=${encodeURIComponent(q)}`)).json().data;
      expect(data.pagination.total).toBe(data.orders.length);
      return data.orders.map((x: { id: string }) => x.id) as string[];
    };
    expect(await ids(hers.orderNumber.slice(3).toLowerCase())).toEqual([hers.id]);
    expect(await ids(`#${hers.orderNumber}`)).toEqual([hers.id]);
    expect(await ids("SITA.GURUNG@exam")).toEqual([hers.id]);
    expect(await ids("ta gur")).toEqual([hers.id]);
    expect(await ids(mine.id)).toEqual([mine.id]);
    // The number the customer reads on the order's page and in their history: "#" and the id's last eight characters.
    expect(await ids(shortOrderId(hers.id))).toEqual([hers.id]);
    expect(await ids(`#${shortOrderId(mine.id).toLowerCase()}`)).toEqual([mine.id]);
    // A whole number as the checkout makes them, typed in lower case.
    await t.database.db.update(orders).set({ orderNumber: "KK-20261121-4F7Q9X" }).where(eq(orders.id, hers.id));
    expect(await ids("kk-20261121-4f7q9x")).toEqual([hers.id]);
    expect(await ids("4f7q9x")).toEqual([hers.id]);
    const hari = await ids("hari@");
    expect(hari).toContain(mine.id);
    expect(hari).not.toContain(hers.id);
    // Wildcards are text: "%" and "_" match only themselves.
    expect(await ids("%")).toEqual([]);
    expect(await ids("_")).toEqual([]);
  });

  it("lists an order two parts of a search find once, and pages a search newest first without gaps, with a status too", async () => {
    // Four orders of Maya Lama's, a day apart; the second one's number also holds "maya", so the number and the name both find it.
    const maya = (await insertUser(t.database.db, { name: "Maya Lama", email: "maya.lama@example.com" })).id;
    const day = 86_400_000;
    const placed = [];
    for (let i = 0; i < 4; i++) placed.push(await insertOrder(t.database.db, { userId: maya, items: [{ productId, size: "M", quantity: 1 }], createdAt: new Date(Date.UTC(2026, 9, 1) + i * day), status: i === 3 ? "PROCESSING" : "PENDING" }));
    await t.database.db.update(orders).set({ orderNumber: "KK-MAYA-1" }).where(eq(orders.id, placed[1]!.id));
    const newestFirst = placed.map((o) => o.id).reverse();
    const page = async (query: string) => (await api("GET", `/api/admin/orders?q=maya${query}`)).json().data;
    const all = await page("&limit=100");
    expect(all.orders.map((x: { id: string }) => x.id)).toEqual(newestFirst);
    expect(all.pagination.total).toBe(4);
    const first = await page("&limit=3&page=1");
    const second = await page("&limit=3&page=2");
    expect([...first.orders, ...second.orders].map((x: { id: string }) => x.id)).toEqual(newestFirst);
    expect(first.pagination).toMatchObject({ total: 4, totalPages: 2 });
    expect(second.orders[0].user).toMatchObject({ name: "Maya Lama", email: "maya.lama@example.com" });
    const pending = await page("&status=PENDING&limit=100");
    expect(pending.orders.map((x: { id: string }) => x.id)).toEqual(newestFirst.slice(1));
    expect(pending.pagination.total).toBe(3);
  });

  it("gives the list's total for every order and for each status as counting the orders does, folding the kept totals as the dashboard does (docs/decisions/164)", async () => {
    const STATUSES = ["", "PENDING", "PROCESSING", "SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED", "CANCELLED"];
    const listedAndCounted = async () => {
      const all = await t.database.db.select({ status: orders.status }).from(orders);
      const listed: Record<string, number> = {};
      const counted: Record<string, number> = {};
      for (const status of STATUSES) {
        const res = await api("GET", `/api/admin/orders?limit=2${status ? `&status=${status}` : ""}`);
        expect(res.statusCode).toBe(200);
        const data = res.json().data as { orders: { status: string }[]; pagination: { total: number }; overallTotal: number };
        expect(data.orders.every((o) => !status || o.status === status)).toBe(true);
        // "Showing X of Y": Y is every order, whatever the filter.
        expect(data.overallTotal, `overallTotal with status ${status || "all"}`).toBe(all.length);
        listed[status || "all"] = data.pagination.total;
        counted[status || "all"] = all.filter((o) => !status || o.status === status).length;
      }
      return { listed, counted };
    };
    const expectTheSame = async () => {
      const { listed, counted } = await listedAndCounted();
      expect(listed).toEqual(counted);
      return listed;
    };
    const before = await expectTheSame();
    // New orders, a status moved through the API, a cancellation and a deletion, then raw statements.
    const a = await reserved();
    const b = await reserved();
    await reserved({ status: "DELIVERED", paymentStatus: "PAID", paidAt: new Date() });
    expect((await api("PATCH", `/api/admin/orders/${a.id}/status`, { status: "PROCESSING" })).statusCode).toBe(200);
    expect((await api("PATCH", `/api/admin/orders/${b.id}/status`, { status: "CANCELLED" })).statusCode).toBe(200);
    const afterChanges = await expectTheSame();
    expect(afterChanges.all).toBe(before.all! + 3);
    expect(afterChanges.CANCELLED).toBe(before.CANCELLED! + 1);
    expect((await api("DELETE", `/api/admin/orders/${b.id}`)).statusCode).toBe(200);
    await t.database.db.update(orders).set({ status: "SHIPPED" }).where(eq(orders.status, "PROCESSING"));
    const afterRaw = await expectTheSame();
    // The list folded the deltas into the totals, so none wait there; the dashboard folds them too and sees the same.
    const [waiting] = await rawRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM order_totals_deltas`);
    expect(waiting!.n).toBe(0);
    await reserved();
    expect((await api("GET", "/api/admin/dashboard")).statusCode).toBe(200);
    expect((await expectTheSame()).all).toBe(afterRaw.all! + 1);
  });

  it("exports the filtered list as CSV", async () => {
    const res = await api("GET", "/api/admin/orders/export.csv?status=PROCESSING");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Order Number,Date (Nepal time),Customer,Email,Status,Payment Method,Payment Status,Total (NPR),Tracking Number");
    expect(lines.slice(1).every((l) => l.includes(",PROCESSING,"))).toBe(true);
    // Dates as Nepal's clock reads them: 19:14 UTC is 00:59 the next day there. The file is named after Nepal's day.
    const placed = await reserved({ status: "PROCESSING", createdAt: new Date("2026-12-07T19:14:32.540Z") });
    const again = (await api("GET", "/api/admin/orders/export.csv?status=PROCESSING")).body;
    expect(again).toContain(`${placed.orderNumber},2026-12-08 00:59,`);
    const days = [nepalTimestamp(new Date(), false)];
    const named = await api("GET", "/api/admin/orders/export.csv?status=PROCESSING");
    days.push(nepalTimestamp(new Date(), false));
    expect(days.map((d) => `attachment; filename="orders-${d}.csv"`)).toContain(named.headers["content-disposition"]);
  });

  it("counts only paid orders as revenue and lists low stock per size", async () => {
    const scarce = await insertProduct(t.database.db, { sizes: [{ size: "XL", stock: 3 }, { size: "M", stock: 40 }] });
    const before = (await api("GET", "/api/admin/dashboard")).json().data;
    await reserved({ paymentMethod: "KHALTI", paymentStatus: "PENDING" });
    const paid = await reserved({ paymentMethod: "ESEWA", paymentStatus: "PAID", paidAt: new Date() });
    const after = (await api("GET", "/api/admin/dashboard")).json().data;
    expect(after.revenue.today - before.revenue.today).toBe(paid.totalAmount);
    expect(after.revenue.last30Days - before.revenue.last30Days).toBe(paid.totalAmount);
    expect(after.walletPending.count - before.walletPending.count).toBe(1);
    expect(after.dailySales).toHaveLength(30);
    expect(after.lowStock.some((s: { productId: string; size: string }) => s.productId === scarce.id && s.size === "XL")).toBe(true);
    expect(after.lowStock.some((s: { productId: string; size: string }) => s.productId === scarce.id && s.size === "M")).toBe(false);
    const history = await t.database.db.select().from(orderStatusHistory);
    expect(history.length).toBeGreaterThan(0);
  });
});
