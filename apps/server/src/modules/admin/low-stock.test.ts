/**
 * The dashboard's low-stock list reads sizes in the order of one index, through copies of each product's name and
 * status that triggers keep on its sizes (migration 0014, docs/decisions/125). Whatever writes products or sizes — the
 * admin's product form, an order taking stock, raw SQL, a direct write of the copies — the list must be what the query
 * over products and sizes gives: sizes of active products below the threshold, scarcest first, then by product name.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { LOW_STOCK_THRESHOLD } from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertCategory, insertProduct, insertUser, sessionFor } from "../../test/factories.js";
import { insertOrder } from "./test-helpers.js";

let t: TestContext;
let admin: Record<string, string>;
let categoryId: string;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await sessionFor(t.app, (await insertUser(t.database.db, { role: "ADMIN" })).id)).bearer;
  customerId = (await insertUser(t.database.db)).id;
  categoryId = (await insertCategory(t.database.db, { name: "Football Jerseys", slug: "football-jerseys" })).id;
});
afterAll(() => t.close());

type Entry = { productId: string; name: string; slug: string; size: string; stock: number };
const api = (method: string, url: string, payload?: object) => t.app.inject({ method: method as "GET", url, headers: admin, ...(payload ? { payload } : {}) });
const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The list as counted from products and sizes themselves (the query the dashboard ran before 0014, ties broken). */
const fromScratch = async () =>
  (
    await rows<Entry>(sql`SELECT p.id AS "productId", p.name, p.slug, ps.size, ps.stock
      FROM product_sizes ps JOIN products p ON p.id = ps.product_id
      WHERE p.status = 'ACTIVE' AND ps.stock < ${LOW_STOCK_THRESHOLD}
      ORDER BY ps.stock, p.name, ps.sort_order, ps.product_id, ps.size LIMIT 20`)
  ).map((r) => ({ ...r, stock: Number(r.stock) }));

async function shown(): Promise<Entry[]> {
  const res = await api("GET", "/api/admin/dashboard");
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json().data.lowStock as Entry[];
  expect(list).toEqual(await fromScratch());
  return list;
}
const names = (list: Entry[]) => list.map((e) => `${e.name} ${e.size} ${e.stock}`);

const form = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  categoryId,
  description: "A shirt.",
  price: 350_000,
  sizes: [{ size: "M", stock: 2 }],
  colors: [],
  brand: "Kelme",
  featured: false,
  isNew: false,
  status: "ACTIVE",
  keywords: [],
  metaTags: [],
  ...over,
});

describe("the dashboard's low-stock list", () => {
  it("lists what products and sizes say as products are created, renamed, hidden, restocked, sold and deleted", async () => {
    const db = t.database.db;
    // 24 products with a scarce size and a plentiful one (more low sizes than the list shows), names out of order,
    // equal stocks, upper and lower case, one product hidden.
    const made: Awaited<ReturnType<typeof insertProduct>>[] = [];
    for (let i = 0; i < 24; i++) {
      const name = `${["kathmandu", "Biratnagar", "Pokhara", "lalitpur"][i % 4]} Jersey ${String.fromCharCode(90 - i)}`;
      made.push(
        await insertProduct(db, {
          name,
          status: i === 6 ? "INACTIVE" : "ACTIVE",
          sizes: [
            { size: "L", stock: 30 },
            { size: "M", stock: i % 3 },
            { size: "S", stock: i % 3 },
          ],
        }),
      );
    }
    let list = await shown();
    expect(list).toHaveLength(20);
    expect(list.every((e) => e.stock === 0 || e.stock === 1)).toBe(true);
    expect(list.some((e) => e.productId === made[6]!.id)).toBe(false);

    // The admin's form: a product created with no stock in one size comes first among the empty sizes by its name.
    const created = await api(
      "POST",
      "/api/admin/products",
      form("Aaa First Jersey", {
        sizes: [
          { size: "XL", stock: 0 },
          { size: "M", stock: 50 },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const createdId = created.json().data.product.id as string;
    list = await shown();
    expect(names(list)[0]).toBe("Aaa First Jersey XL 0");

    // Renamed in the form: it moves to its new place among the empty sizes, and shows its new name.
    const renamed = await api(
      "PUT",
      `/api/admin/products/${createdId}`,
      form("zzz Last Jersey", {
        sizes: [
          { size: "XL", stock: 0 },
          { size: "M", stock: 50 },
        ],
      }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    list = await shown();
    expect(names(list)).not.toContain("Aaa First Jersey XL 0");
    expect(names(list).indexOf("zzz Last Jersey XL 0")).toBe(list.filter((e) => e.stock === 0).length - 1);

    // Hidden in the form: gone from the list; shown again: back.
    expect(
      (await api("PUT", `/api/admin/products/${createdId}`, form("zzz Last Jersey", { status: "INACTIVE", sizes: [{ size: "XL", stock: 0 }] }))).statusCode,
    ).toBe(200);
    expect((await shown()).some((e) => e.productId === createdId)).toBe(false);
    expect((await api("PUT", `/api/admin/products/${createdId}`, form("Aaa Again Jersey", { sizes: [{ size: "XL", stock: 0 }] }))).statusCode).toBe(200);
    expect(names(await shown())[0]).toBe("Aaa Again Jersey XL 0");

    // Restocked in the form (sizes replaced): no longer low.
    expect((await api("PUT", `/api/admin/products/${createdId}`, form("Aaa Again Jersey", { sizes: [{ size: "XL", stock: 40 }] }))).statusCode).toBe(200);
    expect((await shown()).some((e) => e.productId === createdId)).toBe(false);

    // An order takes the last units of a plentiful size: it joins the list at 0.
    const buyer = await insertProduct(db, {
      name: "Aardvark Jersey",
      sizes: [
        { size: "M", stock: 3 },
        { size: "L", stock: 40 },
      ],
    });
    expect((await shown())[0]?.productId).not.toBe(buyer.id);
    await insertOrder(db, { userId: customerId, items: [{ productId: buyer.id, size: "M", quantity: 3 }], reserve: true });
    expect(names(await shown())[0]).toBe("Aardvark Jersey M 0");

    // Raw SQL, as a bulk load or a console would write: a rename with stock emptied, a hidden product shown and renamed,
    // a size added to it.
    await db.execute(sql`UPDATE products SET name = 'Aaaa Raw ' || name WHERE id = ${made[7]!.id}`);
    await db.execute(sql`UPDATE product_sizes SET stock = 0 WHERE product_id = ${made[7]!.id}`);
    await db.execute(sql`UPDATE products SET status = 'ACTIVE', name = 'Aaab Shown ' || name WHERE id = ${made[6]!.id}`);
    await db.execute(sql`INSERT INTO product_sizes (product_id, size, stock, sort_order) VALUES (${made[6]!.id}, 'XS', 0, 9)`);
    list = await shown();
    const top = [
      `Aaaa Raw ${made[7]!.name} L 0`,
      `Aaaa Raw ${made[7]!.name} M 0`,
      `Aaaa Raw ${made[7]!.name} S 0`,
      `Aaab Shown ${made[6]!.name} M 0`,
      `Aaab Shown ${made[6]!.name} S 0`,
      `Aaab Shown ${made[6]!.name} XS 0`,
      "Aardvark Jersey M 0",
    ];
    expect(names(list).slice(0, 7)).toEqual(top);

    // The copies cannot be written around the triggers: a direct write takes the product's own name and status.
    await db.execute(sql`UPDATE product_sizes SET stock = 0, product_name = 'AAAAA forged' WHERE product_id = ${made[11]!.id}`);
    await db.execute(sql`UPDATE products SET status = 'INACTIVE', name = 'Aaac Hidden' WHERE id = ${made[12]!.id}`);
    await db.execute(sql`UPDATE product_sizes SET product_status = 'ACTIVE' WHERE product_id = ${made[12]!.id}`);
    list = await shown();
    expect(names(list).slice(0, 7)).toEqual(top);
    expect(list.some((e) => e.productId === made[12]!.id)).toBe(false);
    expect(await rows(sql`SELECT DISTINCT product_name, product_status FROM product_sizes WHERE product_id = ${made[11]!.id}`)).toEqual([
      { product_name: made[11]!.name, product_status: "ACTIVE" },
    ]);

    // Hidden by raw SQL, its name unchanged: gone; shown again: back.
    await db.execute(sql`UPDATE products SET status = 'INACTIVE' WHERE id = ${made[6]!.id}`);
    expect(names(await shown()).slice(0, 4)).toEqual([...top.slice(0, 3), top[6]]);
    await db.execute(sql`UPDATE products SET status = 'ACTIVE' WHERE id = ${made[6]!.id}`);
    expect(names(await shown()).slice(0, 7)).toEqual(top);

    // Deleted (its sizes go with it by cascade).
    await db.execute(sql`DELETE FROM products WHERE id = ${made[7]!.id}`);
    expect(names(await shown()).slice(0, 4)).toEqual(top.slice(3));

    // Every size's copies equal its product's, whatever happened above.
    expect(
      await rows(
        sql`SELECT count(*)::int AS n FROM product_sizes ps JOIN products p ON p.id = ps.product_id WHERE ps.product_name <> p.name OR ps.product_status <> p.status`,
      ),
    ).toEqual([{ n: 0 }]);
  });

  it("refuses a size of a product that does not exist as before, by its foreign key", async () => {
    const error = await t.database.db.execute(sql`INSERT INTO product_sizes (product_id, size, stock) VALUES ('no-such-product', 'M', 1)`).then(
      () => null,
      (e: { code?: string; cause?: { code?: string } }) => e,
    );
    expect(error?.cause?.code ?? error?.code).toBe("23503");
  });
});
