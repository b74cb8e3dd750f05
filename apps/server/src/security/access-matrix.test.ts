/**
 * The access matrix (docs/decisions/070): every /api route the app registers × guest / customer / another
 * customer / administrator, with the status each one gets. Routes are collected from the app itself (an onRoute
 * hook), so a route added without an entry in MATRIX fails the first test, naming it: new routes must be classified.
 *
 * Requests are built to stop right after the access decision: write routes get an empty body (allowed callers
 * get 400 from validation), ids name nothing (allowed callers get 404), except the owner-only resources, which use
 * the first customer's real order and review (the other customer must get 404, as if they did not exist).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test/harness.js";
import { insertProduct, insertUser, sessionFor } from "../test/factories.js";
import { eq } from "drizzle-orm";
import { reviews, taxDocuments } from "../db/schema/index.js";

type Role = "guest" | "customer" | "other" | "admin";
const ROLES: Role[] = ["guest", "customer", "other", "admin"];
type Statuses = [guest: number, customer: number, other: number, admin: number];

interface Row {
  expect: Statuses;
  /** Values for path parameters; `$order`/`$review`/`$product` name the first customer's fixtures. Default: a missing id. */
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
}

/** Everyone gets the same answer. */
const everyone = (status: number, extra: Omit<Row, "expect"> = {}): Row => ({ expect: [status, status, status, status], ...extra });
/** Signed-in users (any role); a guest gets 401. */
const signedIn = (status: number, extra: Omit<Row, "expect"> = {}): Row => ({ expect: [401, status, status, status], ...extra });
/** Administrators only: a guest gets 401, a customer 403. */
const adminOnly = (status: number, extra: Omit<Row, "expect"> = {}): Row => ({ expect: [401, 403, 403, status], ...extra });
/** The first customer's own resource: the other customer gets 404 (its existence is not revealed). */
const ownerOnly = (owner: number, admin: number, extra: Omit<Row, "expect"> = {}): Row => ({ expect: [401, owner, 404, admin], ...extra });

const MISSING = "zzmissing00000000000000000";

const MATRIX: Record<string, Row> = {
  // ---------------------------------------------------------------- public: documentation and health
  "GET /api/docs": everyone(200),
  "GET /api/docs/static/index.html": everyone(302),
  "* /api/docs/static/*": everyone(200, { params: { "*": "swagger-ui.css" } }),
  "GET /api/docs/static/swagger-initializer.js": everyone(200),
  "GET /api/docs/json": everyone(200),
  "GET /api/docs/yaml": everyone(200),
  "GET /api/health": everyone(200),
  "GET /api/ready": everyone(200),
  // ---------------------------------------------------------------- public: catalogue, blog, content
  "GET /api/products": everyone(200),
  "GET /api/products/search": everyone(200, { query: "q=jersey" }),
  "GET /api/products/suggestions": everyone(200, { query: "q=jer" }),
  "GET /api/products/:id/related": everyone(200, { params: { id: "$product" } }),
  "GET /api/products/slug/:slug": everyone(404, { params: { slug: "no-such-product" } }),
  "GET /api/products/:id": everyone(200, { params: { id: "$product" } }),
  "GET /api/categories": everyone(200),
  "GET /api/products/:id/reviews": everyone(200, { params: { id: "$product" } }),
  "GET /api/blogs": everyone(200),
  "GET /api/blogs/slug/:slug": everyone(404, { params: { slug: "no-such-post" } }),
  "POST /api/cart/validate": everyone(400, { body: {} }),
  "POST /api/contact": everyone(400, { body: {} }),
  "POST /api/newsletter": everyone(400, { body: {} }),
  "POST /api/newsletter/unsubscribe": everyone(400, { body: {} }),
  // ---------------------------------------------------------------- accounts
  "POST /api/auth/register": everyone(400, { body: {} }),
  "POST /api/auth/login": everyone(400, { body: {} }),
  "POST /api/auth/logout": everyone(200),
  "POST /api/auth/forgot-password": everyone(400, { body: {} }),
  "POST /api/auth/reset-password": everyone(400, { body: {} }),
  "GET /api/auth/me": signedIn(200),
  "GET /api/users/profile": signedIn(200),
  "PUT /api/users/profile": signedIn(400, { body: { phone: "not a phone" } }),
  "GET /api/users/notification-preferences": signedIn(200),
  "PUT /api/users/notification-preferences": signedIn(400, { body: {} }),
  "PUT /api/users/language": signedIn(400, { body: {} }),
  "PUT /api/users/change-password": signedIn(400, { body: {} }),
  "POST /api/uploads/profile": signedIn(400),
  // ---------------------------------------------------------------- customer: orders, wishlist, reviews
  "POST /api/orders": signedIn(400, { body: {} }),
  "GET /api/orders": signedIn(200),
  "GET /api/orders/:id": ownerOnly(200, 200, { params: { id: "$order" } }),
  // Administrators change orders through /api/admin/orders; the customer routes are the owner's alone.
  "POST /api/orders/:id/cancel": { expect: [401, 409, 404, 404], params: { id: "$deliveredOrder" } },
  // Ownership of a real order: returns.test.ts ("a return request") asks for another customer's order.
  "POST /api/orders/:id/return-request": signedIn(404, { body: { reason: "SIZE" } }),
  "POST /api/payments/cod/process": { expect: [401, 409, 404, 404], body: { orderId: "$deliveredOrder" } },
  // The bill of a paid order (docs/decisions/081); no credit note exists for it, so everyone hears 404 there.
  "GET /api/orders/:id/invoice": ownerOnly(200, 200, { params: { id: "$deliveredOrder" } }),
  "GET /api/orders/:id/invoice.pdf": ownerOnly(200, 200, { params: { id: "$deliveredOrder" } }),
  "GET /api/orders/:id/credit-note.pdf": ownerOnly(404, 404, { params: { id: "$deliveredOrder" } }),
  // Wallet payments: only the owner of an unpaid wallet order may start or switch one; everyone else learns nothing (404).
  "POST /api/payments/khalti/initiate": { expect: [401, 409, 404, 404], body: { orderId: "$deliveredOrder" } },
  "POST /api/payments/khalti/initiate-v2": { expect: [401, 409, 404, 404], body: { orderId: "$deliveredOrder" } },
  "POST /api/payments/esewa/initiate": { expect: [401, 409, 404, 404], body: { orderId: "$deliveredOrder" } },
  "POST /api/payments/cod/switch": { expect: [401, 409, 404, 404], body: { orderId: "$deliveredOrder" } },
  "POST /api/payments/khalti/initiate-with-order": signedIn(400, { body: {} }),
  "POST /api/payments/esewa/initiate-with-order": signedIn(400, { body: {} }),
  "POST /api/payments/khalti/verify": signedIn(404, { body: { pidx: MISSING } }),
  "POST /api/payments/esewa/verify": signedIn(400, { body: { data: "bm90IGpzb24" } }),
  "GET /api/payments/esewa/status/:paymentId": signedIn(404, { params: { paymentId: MISSING } }),
  "GET /api/wishlist": signedIn(200),
  "POST /api/wishlist": signedIn(400, { body: {} }),
  "POST /api/wishlist/merge": signedIn(400, { body: {} }),
  "DELETE /api/wishlist/:productId": signedIn(200, { params: { productId: MISSING } }),
  "DELETE /api/wishlist": signedIn(200),
  "GET /api/products/:id/reviews/mine": signedIn(200, { params: { id: "$product" } }),
  "POST /api/products/:id/reviews": signedIn(400, { params: { id: "$product" }, body: {} }),
  // Reviews are public (shown on the product page), so their existence is no secret: someone else's answers 403.
  "PUT /api/reviews/:id": { expect: [401, 200, 403, 403], params: { id: "$review" }, body: { rating: 4, comment: "Still a good shirt after many washes." } },
  "DELETE /api/reviews/:id": signedIn(404),
  "PUT /api/reviews/:id/visibility": adminOnly(400, { body: {} }),
  // ---------------------------------------------------------------- administrators
  "GET /api/admin/dashboard": adminOnly(200),
  "GET /api/admin/audit": adminOnly(200),
  "GET /api/admin/debug/products": adminOnly(200),
  "GET /api/admin/products": adminOnly(200),
  "GET /api/admin/products/:id": adminOnly(404),
  "POST /api/admin/products": adminOnly(400, { body: {} }),
  "PUT /api/admin/products/:id": adminOnly(400, { body: {} }),
  "PATCH /api/admin/products/:id/featured": adminOnly(400, { body: {} }),
  "DELETE /api/admin/products/:id": adminOnly(404),
  "POST /api/admin/products/:id/images": adminOnly(415),
  "PUT /api/admin/products/:id/images": adminOnly(400, { body: {} }),
  "DELETE /api/admin/products/:id/images/:imageId": adminOnly(404),
  "GET /api/admin/categories": adminOnly(200),
  "POST /api/admin/categories": adminOnly(400, { body: {} }),
  "PUT /api/admin/categories/:id": adminOnly(400, { body: {} }),
  "DELETE /api/admin/categories/:id": adminOnly(404),
  "GET /api/admin/users": adminOnly(200),
  "POST /api/admin/users": adminOnly(400, { body: {} }),
  "PUT /api/admin/users/:id": adminOnly(400, { body: {} }),
  "PUT /api/users/:id/role": adminOnly(400, { body: {} }),
  "DELETE /api/admin/users/:id": adminOnly(404),
  "GET /api/admin/orders": adminOnly(200),
  "GET /api/admin/orders/export.csv": adminOnly(200),
  "GET /api/admin/invoices": adminOnly(200),
  "GET /api/admin/invoices/:id/html": adminOnly(200, { params: { id: "$invoice" } }),
  "GET /api/admin/invoices/:id/pdf": adminOnly(200, { params: { id: "$invoice" } }),
  "GET /api/admin/sales-register.csv": adminOnly(200, { query: "period=2083/84" }),
  "GET /api/admin/sales-register.xlsx": adminOnly(200, { query: "period=2083-08" }),
  "GET /api/admin/orders/:id": adminOnly(404),
  "PATCH /api/admin/orders/:id/status": adminOnly(400, { body: {} }),
  "POST /api/admin/orders/:id/cash-collected": adminOnly(404),
  "GET /api/admin/orders/:id/notifications": adminOnly(200, { params: { id: "$order" } }),
  "POST /api/admin/orders/:id/notifications/:notificationId/resend": adminOnly(404, { params: { id: "$order" } }),
  "POST /api/admin/orders/:id/refund": adminOnly(404, { body: { method: "KHALTI", reference: "R-1" } }),
  "POST /api/admin/orders/:id/return": adminOnly(404, { body: { restock: true } }),
  "POST /api/admin/orders/:id/cancellation/decline": adminOnly(404, { body: {} }),
  "POST /api/admin/orders/:id/return-request/decline": adminOnly(404, { body: {} }),
  "GET /api/admin/orders/waiting": adminOnly(200),
  "DELETE /api/admin/orders/:id": adminOnly(404),
  "GET /api/admin/print-queue": adminOnly(200),
  "POST /api/admin/print-queue/:itemId/printed": adminOnly(404),
  "GET /api/admin/settings": adminOnly(200),
  "PUT /api/admin/settings": adminOnly(400, { body: { shippingFlatFee: -1 } }),
  "GET /api/admin/messages": adminOnly(200),
  "PATCH /api/admin/messages/:id": adminOnly(400, { body: {} }),
  "GET /api/admin/subscribers": adminOnly(200),
  "GET /api/admin/subscribers/export.csv": adminOnly(200),
  "GET /api/admin/blogs": adminOnly(200),
  "GET /api/admin/blogs/:id": adminOnly(404),
  "POST /api/admin/blogs": adminOnly(400, { body: {} }),
  "PUT /api/admin/blogs/:id": adminOnly(400, { body: {} }),
  "DELETE /api/admin/blogs/:id": adminOnly(404),
  "POST /api/admin/blogs/images/featured": adminOnly(415),
  "POST /api/admin/blogs/images/content": adminOnly(415),
  // ---------------------------------------------------------------- unknown /api paths answer JSON 404
  "* /api/*": everyone(404, { params: { "*": "no/such/route" } }),
};

const HTTP_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/** Every /api route as "METHOD path" (HEAD twins of GET routes left out; the catch-all as "* /api/*"). */
function apiRouteKeys(routes: { method: string | string[]; url: string }[]): string[] {
  const keys = new Set<string>();
  for (const r of routes) {
    if (!r.url.startsWith("/api")) continue;
    const methods = [r.method].flat();
    if (methods.length > 1 && r.url.endsWith("/*")) {
      keys.add(`* ${r.url}`);
      continue;
    }
    for (const m of methods) if (HTTP_METHODS.has(m)) keys.add(`${m} ${r.url}`);
  }
  return [...keys].sort();
}

let t: TestContext;
const routes: { method: string | string[]; url: string }[] = [];
const fixtures: Record<string, string> = {};
let ipCounter = 0;

async function headersFor(role: Role): Promise<Record<string, string>> {
  if (role === "guest") return {};
  // A fresh session per request, so logout or a password change in one cell cannot sign out the next.
  const session = await sessionFor(t.app, fixtures[role]!);
  return session.bearer;
}

function fill(value: unknown): unknown {
  if (typeof value === "string" && value.startsWith("$")) return fixtures[value.slice(1)] ?? value;
  if (Array.isArray(value)) return value.map(fill);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
  return value;
}

function urlFor(key: string, row: Row): { method: string; url: string } {
  const [method, path] = key.split(" ") as [string, string];
  const url = path.replace("*", String(row.params?.["*"] ?? "")).replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(fill(row.params?.[name] ?? MISSING))));
  return { method: method === "*" ? "GET" : method, url: row.query ? `${url}?${row.query}` : url };
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, { onRoute: (r) => routes.push(r) });
  const db = t.database.db;
  const [customer, other, admin] = await Promise.all([insertUser(db), insertUser(db), insertUser(db, { role: "ADMIN" })]);
  Object.assign(fixtures, { customer: customer.id, other: other.id, admin: admin.id });
  const product = await insertProduct(db, { sizes: [{ size: "M", stock: 50 }] });
  fixtures.product = product.id;
  const place = async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: (await sessionFor(t.app, customer.id)).bearer,
      payload: { items: [{ productId: product.id, size: "M", quantity: 1 }], shippingAddress: { fullName: "Asha Rai", email: customer.email, phone: "9800000001", address: "Baneshwor 10", province: "Bagmati", district: "Kathmandu", area: "Kathmandu" }, paymentMethod: "COD" },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.order.id as string;
  };
  fixtures.order = await place();
  // An order that has travelled all the way (cannot be cancelled or confirmed again).
  const delivered = await place();
  const adminHeaders = (await sessionFor(t.app, admin.id)).bearer;
  // Confirming cash on delivery moves the order to PROCESSING.
  await t.app.inject({ method: "POST", url: "/api/payments/cod/process", headers: (await sessionFor(t.app, customer.id)).bearer, payload: { orderId: delivered } });
  for (const status of ["SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"]) {
    const res = await t.app.inject({ method: "PATCH", url: `/api/admin/orders/${delivered}/status`, headers: adminHeaders, payload: { status } });
    expect(res.statusCode, res.body).toBe(200);
  }
  // Cash collected: the order is paid and has its tax invoice.
  expect((await t.app.inject({ method: "POST", url: `/api/admin/orders/${delivered}/cash-collected`, headers: adminHeaders })).statusCode).toBe(200);
  fixtures.deliveredOrder = delivered;
  const [invoice] = await db.select().from(taxDocuments).where(eq(taxDocuments.orderId, delivered));
  fixtures.invoice = invoice!.id;
  const [review] = await db.insert(reviews).values({ productId: product.id, userId: customer.id, rating: 5, comment: "Lovely shirt" }).returning();
  fixtures.review = review!.id;
});
afterAll(() => t.close());

describe("access matrix", () => {
  it("classifies every /api route the app registers (a new route needs a row in MATRIX)", () => {
    const registered = apiRouteKeys(routes);
    expect(registered.length).toBeGreaterThan(50);
    const unclassified = registered.filter((k) => !(k in MATRIX));
    expect(unclassified, `Routes missing from the access matrix (add them to MATRIX in ${import.meta.url.split("/").pop()}): ${unclassified.join(", ")}`).toEqual([]);
    const stale = Object.keys(MATRIX).filter((k) => !registered.includes(k));
    expect(stale, `MATRIX rows for routes that no longer exist: ${stale.join(", ")}`).toEqual([]);
  });

  it("answers each role with the expected status on every route", async () => {
    const mismatches: string[] = [];
    for (const key of apiRouteKeys(routes)) {
      const row = MATRIX[key];
      if (!row) continue;
      for (const [i, role] of ROLES.entries()) {
        const { method, url } = urlFor(key, row);
        const res = await t.app.inject({
          method: method as "GET",
          url,
          headers: await headersFor(role),
          remoteAddress: `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
          ...(row.body !== undefined ? { payload: fill(row.body) as object } : {}),
        });
        const expected = row.expect[i]!;
        if (res.statusCode !== expected) mismatches.push(`${key} as ${role}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("another customer learns nothing about the first customer's order: the same 404 as for an id that never existed", async () => {
    const headers = await headersFor("other");
    const real = await t.app.inject({ method: "GET", url: `/api/orders/${fixtures.order}`, headers });
    const missing = await t.app.inject({ method: "GET", url: `/api/orders/${MISSING}`, headers });
    expect(real.statusCode).toBe(404);
    expect(real.json().error).toBe(missing.json().error);
  });
});
