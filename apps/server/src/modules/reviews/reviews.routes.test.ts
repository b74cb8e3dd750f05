import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orderItems, orders, products } from "../../db/schema/index.js";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertProduct, insertUser, sessionFor } from "../../test/factories.js";

let t: TestContext;
let seq = 0;

type Status = (typeof orders.$inferInsert)["status"];

/** Orders come from the checkout branch; here they are written directly in the state a test needs. */
async function insertOrder(userId: string, product: { id: string; name: string; slug: string }, status: Status) {
  const [order] = await t.database.db
    .insert(orders)
    .values({
      orderNumber: `KK-TEST-${Date.now()}-${seq++}`,
      userId,
      status,
      paymentMethod: "COD",
      subtotal: 250_000,
      shippingCost: 15_000,
      totalAmount: 265_000,
      shippingAddress: { fullName: "Test", email: "t@example.com", phone: "9800000000", address: "Street 1", province: "Bagmati", district: "Kathmandu", area: "Kathmandu", postalCode: "44600" },
    })
    .returning();
  await t.database.db.insert(orderItems).values({ orderId: order!.id, productId: product.id, productName: product.name, productSlug: product.slug, size: "M", quantity: 1, unitPrice: 250_000, lineTotal: 250_000 });
  return order!;
}

async function customer(name = "Sita Sharma") {
  const user = await insertUser(t.database.db, { name, passwordHash: "secret-hash-must-never-leak" });
  return { user, headers: (await sessionFor(t.app, user.id)).cookie };
}

const aggregates = async (productId: string) => {
  const [row] = await t.database.db.select({ rating: products.ratingAverage, count: products.reviewCount }).from(products).where(eq(products.id, productId));
  return row!;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("writing a review", () => {
  it("refuses a customer without a delivered order of the product", async () => {
    const product = await insertProduct(t.database.db);
    const other = await insertProduct(t.database.db);
    const { user, headers } = await customer();
    await insertOrder(user.id, product, "SHIPPED");
    await insertOrder(user.id, other, "DELIVERED");
    const res = await t.app.inject({ method: "POST", url: `/api/products/${product.id}/reviews`, headers, payload: { rating: 5, comment: "Great" } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("You can review a product after an order containing it has been delivered.");
    expect((await t.app.inject({ url: `/api/products/${product.id}/reviews/mine`, headers })).json().data).toEqual({ canReview: false, review: null });
    expect(await aggregates(product.id)).toEqual({ rating: null, count: 0 });
  });

  it("needs a signed-in user", async () => {
    const product = await insertProduct(t.database.db);
    const res = await t.app.inject({ method: "POST", url: `/api/products/${product.id}/reviews`, payload: { rating: 5 } });
    expect(res.statusCode).toBe(401);
  });

  it("lets a customer with a delivered order review once, and the product's rating follows", async () => {
    const product = await insertProduct(t.database.db);
    const { user, headers } = await customer();
    await insertOrder(user.id, product, "DELIVERED");
    expect((await t.app.inject({ url: `/api/products/${product.id}/reviews/mine`, headers })).json().data).toEqual({ canReview: true, review: null });

    const res = await t.app.inject({ method: "POST", url: `/api/products/${product.id}/reviews`, headers, payload: { rating: 4, comment: "  Fits well, true to size.  " } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.review).toMatchObject({ rating: 4, comment: "Fits well, true to size.", reviewer: { name: "Sita S." }, verifiedBuyer: true, hidden: false });
    expect(await aggregates(product.id)).toEqual({ rating: 4, count: 1 });

    const again = await t.app.inject({ method: "POST", url: `/api/products/${product.id}/reviews`, headers, payload: { rating: 1, comment: "Second try" } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("You have already reviewed this product. You can edit your review instead.");
    expect(await aggregates(product.id)).toEqual({ rating: 4, count: 1 });
    expect((await t.app.inject({ url: `/api/products/${product.id}/reviews/mine`, headers })).json().data).toMatchObject({ canReview: false, review: { rating: 4 } });
  });

  it("rejects ratings outside 1–5 and over-long comments", async () => {
    const product = await insertProduct(t.database.db);
    const { user, headers } = await customer();
    await insertOrder(user.id, product, "DELIVERED");
    for (const payload of [{ rating: 0 }, { rating: 6 }, { rating: 3.5 }, { rating: "5" }, {}, { rating: 5, comment: "x".repeat(2001) }]) {
      const res = await t.app.inject({ method: "POST", url: `/api/products/${product.id}/reviews`, headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await aggregates(product.id)).toEqual({ rating: null, count: 0 });
  });

  it("answers 404 for a product that does not exist", async () => {
    const { headers } = await customer();
    expect((await t.app.inject({ method: "POST", url: "/api/products/nope/reviews", headers, payload: { rating: 5 } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/products/nope/reviews" })).statusCode).toBe(404);
  });
});

describe("rating aggregates and the public list", () => {
  it("averages visible reviews, follows edits, deletes and hiding, and never shows the user row", async () => {
    const product = await insertProduct(t.database.db);
    const a = await customer("Ram Bahadur Thapa");
    const b = await customer("Gita");
    const c = await customer("Hari Prasad");
    for (const x of [a, b, c]) await insertOrder(x.user.id, product, "DELIVERED");
    const review = async (x: typeof a, rating: number, comment: string) =>
      (await t.app.inject({ method: "POST", url: `/api/products/${product.id}/reviews`, headers: x.headers, payload: { rating, comment } })).json().data.review;
    const ra = await review(a, 5, "Excellent");
    await review(b, 4, "Good");
    const rc = await review(c, 2, `<script>alert("x")</script> Faded after one wash`);
    expect(await aggregates(product.id)).toMatchObject({ count: 3 });
    expect((await aggregates(product.id)).rating).toBeCloseTo(11 / 3, 5);

    const list = await t.app.inject({ url: `/api/products/${product.id}/reviews` });
    expect(list.statusCode).toBe(200);
    const data = list.json().data;
    expect(data.reviewCount).toBe(3);
    expect(data.rating).toBe(3.7);
    expect(data.reviews.map((r: { reviewer: { name: string } }) => r.reviewer.name).sort()).toEqual(["Gita", "Hari P.", "Ram T."]);
    expect(data.reviews.every((r: { verifiedBuyer: boolean }) => r.verifiedBuyer)).toBe(true);
    // Plain text is stored and returned as typed; rendering as text is the web's job.
    expect(data.reviews.find((r: { id: string }) => r.id === rc.id).comment).toBe(`<script>alert("x")</script> Faded after one wash`);
    for (const leak of ["secret-hash-must-never-leak", "passwordHash", "email", "userId", a.user.email]) expect(list.body).not.toContain(leak);

    // The author edits: the average moves.
    const edited = await t.app.inject({ method: "PUT", url: `/api/reviews/${rc.id}`, headers: c.headers, payload: { rating: 3, comment: "Better after all" } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.review).toMatchObject({ rating: 3, comment: "Better after all" });
    expect((await aggregates(product.id)).rating).toBe(4);

    // Someone else cannot edit or delete it.
    expect((await t.app.inject({ method: "PUT", url: `/api/reviews/${rc.id}`, headers: a.headers, payload: { rating: 1 } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: `/api/reviews/${rc.id}`, headers: a.headers })).statusCode).toBe(403);

    // An administrator hides one: it leaves the list and the average.
    const admin = await insertUser(t.database.db, { role: "ADMIN", name: "Admin" });
    const adminHeaders = (await sessionFor(t.app, admin.id)).cookie;
    expect((await t.app.inject({ method: "PUT", url: `/api/reviews/${ra.id}/visibility`, headers: a.headers, payload: { hidden: true } })).statusCode).toBe(403);
    const hide = await t.app.inject({ method: "PUT", url: `/api/reviews/${ra.id}/visibility`, headers: adminHeaders, payload: { hidden: true } });
    expect(hide.statusCode).toBe(200);
    expect(hide.json().data.review.hidden).toBe(true);
    expect(await aggregates(product.id)).toEqual({ rating: 3.5, count: 2 });
    const afterHide = (await t.app.inject({ url: `/api/products/${product.id}/reviews` })).json().data;
    expect(afterHide.reviews.map((r: { id: string }) => r.id)).not.toContain(ra.id);
    // The catalogue's product shows the same figures.
    const dto = (await t.app.inject({ url: `/api/products/${product.id}` })).json().data.product;
    expect(dto).toMatchObject({ rating: 3.5, reviewCount: 2 });

    // The author deletes theirs.
    expect((await t.app.inject({ method: "DELETE", url: `/api/reviews/${rc.id}`, headers: c.headers })).statusCode).toBe(200);
    expect(await aggregates(product.id)).toEqual({ rating: 4, count: 1 });
    // Showing the hidden one again brings it back into the average.
    await t.app.inject({ method: "PUT", url: `/api/reviews/${ra.id}/visibility`, headers: adminHeaders, payload: { hidden: false } });
    expect(await aggregates(product.id)).toEqual({ rating: 4.5, count: 2 });
    // Deleting the last reviews returns the product to "no reviews yet".
    await t.app.inject({ method: "DELETE", url: `/api/reviews/${ra.id}`, headers: a.headers });
    const rb = afterHide.reviews.find((r: { reviewer: { name: string } }) => r.reviewer.name === "Gita").id;
    await t.app.inject({ method: "DELETE", url: `/api/reviews/${rb}`, headers: b.headers });
    expect(await aggregates(product.id)).toEqual({ rating: null, count: 0 });
  });

  it("keeps the count right when several customers review at the same moment", async () => {
    const product = await insertProduct(t.database.db);
    const buyers = await Promise.all(Array.from({ length: 6 }, (_, i) => customer(`Buyer ${i}`)));
    for (const x of buyers) await insertOrder(x.user.id, product, "DELIVERED");
    const results = await Promise.all(
      buyers.map((x, i) => t.app.inject({ method: "POST", url: `/api/products/${product.id}/reviews`, headers: x.headers, payload: { rating: (i % 5) + 1 } })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const after = await aggregates(product.id);
    expect(after.count).toBe(6);
    expect(after.rating).toBeCloseTo(16 / 6, 5);
  });
});

describe("who may call the review routes", () => {
  it("answers a guest with 401 before looking at the body, so nothing is learned from validation errors", async () => {
    for (const [method, url] of [
      ["PUT", "/api/reviews/any-id/visibility"],
      ["PUT", "/api/reviews/any-id"],
      ["POST", "/api/products/any-id/reviews"],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: { rating: "not a number", hidden: "maybe" } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe("Missing token");
    }
  });
});
