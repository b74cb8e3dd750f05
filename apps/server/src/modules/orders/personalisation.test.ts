import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRINT_MSG } from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertCategory, insertProduct, insertUser, sessionFor } from "../../test/factories.js";
import { auditLog, orderItems, orders, productSizes, taxDocuments } from "../../db/schema/index.js";
import { PRINT_ALREADY_DONE, PRINT_JOB_NOT_FOUND, PRINT_NOT_IN_QUEUE } from "./print-queue.service.js";

// Personalised jerseys (docs/decisions/100, 101): what a shopper, an attacker and the print shop would notice.

let t: TestContext;
let customer: Record<string, string>;
let admin: Record<string, string>;
let nepal: Awaited<ReturnType<typeof insertProduct>>;
let club: Awaited<ReturnType<typeof insertProduct>>;
let plain: Awaited<ReturnType<typeof insertProduct>>;

const address = { fullName: "Sita Paudel", email: "sita@example.com", phone: "9800000001", address: "Jhamsikhel 3", province: "Bagmati", district: "Lalitpur", area: "Lalitpur", postalCode: "44700" };

const place = (body: Record<string, unknown>, headers = customer) => t.app.inject({ method: "POST", url: "/api/orders", headers, payload: { shippingAddress: address, paymentMethod: "COD", acceptNoReturns: true, ...body } });
const adminApi = (method: string, url: string, payload?: unknown) => t.app.inject({ method: method as "GET", url, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) });

async function stockOf(productId: string, size: string): Promise<number> {
  const [row] = await t.database.db.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
  return row!.stock;
}

beforeAll(async () => {
  t = await createTestApp();
  customer = (await sessionFor(t.app, (await insertUser(t.database.db, { name: "Sita Paudel" })).id)).cookie;
  admin = (await sessionFor(t.app, (await insertUser(t.database.db, { role: "ADMIN" })).id)).bearer;
  nepal = await insertProduct(t.database.db, {
    name: "Nepal Home Jersey Print Test",
    price: 249_900,
    colors: ["Crimson", "Blue"],
    personalisable: true,
    printScripts: ["LATIN", "DEVANAGARI"],
    players: [{ id: "paudel-7", name: "PAUDEL", number: 7 }],
    sizes: [
      { size: "M", stock: 50 },
      { size: "L", stock: 1 },
    ],
  });
  club = await insertProduct(t.database.db, { name: "Club Home Print Test", price: 899_900, personalisable: true, printFee: 80_000, players: [{ id: "salah-11", name: "SALAH", number: 11 }], sizes: [{ size: "M", stock: 20 }] });
  plain = await insertProduct(t.database.db, { name: "Plain Tee Print Test", sizes: [{ size: "M", stock: 20 }] });
});
afterAll(() => t.close());

describe("the printing fee and the line", () => {
  it("charges the store's default fee (Rs. 500) or the product's own, whatever fee the client sends", async () => {
    const res = await place({
      items: [
        { productId: nepal.id, size: "M", quantity: 2, personalisation: { name: " paudel ", number: 7, fee: 1, printFee: 1 }, printFee: 1 },
        { productId: club.id, size: "M", quantity: 1, personalisation: { name: "Salah", number: "11", fee: 0 } },
      ],
      subtotal: 1,
      totalAmount: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json().data;
    expect(order.items.map((i: { personalisation: unknown; printFee: number; unitPrice: number; lineTotal: number }) => [i.personalisation, i.printFee, i.unitPrice, i.lineTotal])).toEqual([
      [{ name: "PAUDEL", number: 7, playerId: null }, 50_000, 249_900, 2 * (249_900 + 50_000)],
      [{ name: "SALAH", number: 11, playerId: null }, 80_000, 899_900, 899_900 + 80_000],
    ]);
    expect(order.subtotal).toBe(2 * 299_900 + 979_900);
    expect(order.totalAmount).toBe(order.subtotal + order.shippingCost);
  });

  it("follows the store's default fee when the administrator changes it", async () => {
    const set = await adminApi("PUT", "/api/admin/settings", { printFeePaisa: 60_000 });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const res = await place({ items: [{ productId: nepal.id, size: "M", quantity: 1, personalisation: { name: "RAI", number: 10 } }] });
      expect(res.json().data.order.items[0].printFee).toBe(60_000);
    } finally {
      await adminApi("PUT", "/api/admin/settings", { printFeePaisa: 50_000 });
    }
  });

  it("keeps two shirts of one size with different names as two lines, and the same print as one line; stock per size counts them all", async () => {
    const before = await stockOf(nepal.id, "M");
    const res = await place({
      items: [
        { productId: nepal.id, size: "M", quantity: 1, personalisation: { name: "PAUDEL", number: 7 } },
        { productId: nepal.id, size: "M", quantity: 1, personalisation: { name: "RAI", number: 10 } },
        { productId: nepal.id, size: "M", quantity: 1, personalisation: { name: "paudel", number: 7 } },
        { productId: nepal.id, size: "M", quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const items = res.json().data.order.items as { personalisation: { name: string; number: number } | null; quantity: number }[];
    expect(items.map((i) => [i.personalisation ? `${i.personalisation.name} ${i.personalisation.number}` : null, i.quantity])).toEqual([
      ["PAUDEL 7", 2],
      ["RAI 10", 1],
      [null, 1],
    ]);
    expect(await stockOf(nepal.id, "M")).toBe(before - 4);
  });

  it("prints a listed player's name and number, and refuses a player of another product", async () => {
    const ok = await place({ items: [{ productId: nepal.id, size: "M", quantity: 1, personalisation: { playerId: "paudel-7" } }] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.order.items[0].personalisation).toEqual({ name: "PAUDEL", number: 7, playerId: "paudel-7" });
    const other = await place({ items: [{ productId: nepal.id, size: "M", quantity: 1, personalisation: { playerId: "salah-11" } }] });
    expect([other.statusCode, other.json().error]).toEqual([400, PRINT_MSG.unknownPlayer(nepal.name)]);
  });

  it("prints Devanagari only where the product allows it", async () => {
    const ok = await place({ items: [{ productId: nepal.id, size: "M", quantity: 1, personalisation: { name: "पौडेल", number: 7 } }] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.order.items[0].personalisation.name).toBe("पौडेल");
    const refused = await place({ items: [{ productId: club.id, size: "M", quantity: 1, personalisation: { name: "सलाह", number: 11 } }] });
    expect([refused.statusCode, refused.json().error]).toEqual([400, PRINT_MSG.nameLatin]);
  });
});

describe("names and numbers the shop refuses", () => {
  const cases: [string, unknown, string][] = [
    ["13 characters", { name: "ABCDEFGHIJKLM", number: 7 }, PRINT_MSG.nameTooLong],
    ["digits in the name", { name: "PAUDEL7", number: 7 }, PRINT_MSG.nameDevanagari],
    ["markup", { name: "<script>", number: 7 }, PRINT_MSG.nameDevanagari],
    ["an offensive word", { name: "Fuck", number: 7 }, PRINT_MSG.offensive],
    ["an offensive word spelt out", { name: "F-U-C-K", number: 7 }, PRINT_MSG.offensive],
    ["a number of 100", { name: "PAUDEL", number: 100 }, PRINT_MSG.numberRange],
    ["a negative number", { name: "PAUDEL", number: -1 }, PRINT_MSG.numberRange],
    ["a fractional number", { name: "PAUDEL", number: 7.5 }, PRINT_MSG.numberRange],
    ["no name", { name: "   ", number: 7 }, PRINT_MSG.nameRequired],
    ["only punctuation", { name: "--'", number: 7 }, PRINT_MSG.nameNeedsLetter],
    ["a name that is not text", { name: { $gt: "" }, number: 7 }, PRINT_MSG.nameRequired],
  ];
  it.each(cases)("refuses %s with a clear message, writing nothing and holding no stock", async (_label, personalisation, message) => {
    const [ordersBefore, stockBefore] = [(await t.database.db.select({ id: orders.id }).from(orders)).length, await stockOf(nepal.id, "M")];
    const res = await place({ items: [{ productId: nepal.id, size: "M", quantity: 1, personalisation }] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.body).toContain(message);
    expect((await t.database.db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);
    expect(await stockOf(nepal.id, "M")).toBe(stockBefore);
  });

  it("refuses a print on a product that is not personalisable", async () => {
    const res = await place({ items: [{ productId: plain.id, size: "M", quantity: 1, personalisation: { name: "PAUDEL", number: 7 } }] });
    expect([res.statusCode, res.json().error]).toEqual([400, PRINT_MSG.notPersonalisable(plain.name)]);
  });

  it("refuses a personalised order whose shopper did not accept that it cannot be returned", async () => {
    const res = await place({ acceptNoReturns: undefined, items: [{ productId: nepal.id, size: "M", quantity: 1, personalisation: { name: "PAUDEL", number: 7 } }] });
    expect([res.statusCode, res.json().error]).toEqual([400, PRINT_MSG.noReturnsRequired]);
    // A plain order needs no such tick.
    expect((await place({ acceptNoReturns: undefined, items: [{ productId: plain.id, size: "M", quantity: 1 }] })).statusCode).toBe(201);
  });

  it("rolls the whole order back when a later line cannot be had (no half-written order, stock untouched)", async () => {
    const [m, l] = [await stockOf(nepal.id, "M"), await stockOf(nepal.id, "L")];
    const res = await place({
      items: [
        { productId: nepal.id, size: "M", quantity: 1, personalisation: { name: "PAUDEL", number: 7 } },
        { productId: nepal.id, size: "L", quantity: 2, personalisation: { name: "RAI", number: 10 } },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect([await stockOf(nepal.id, "M"), await stockOf(nepal.id, "L")]).toEqual([m, l]);
  });

  it("the cart check shows the fee and the normalised print, and names a refused print as an issue", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/cart/validate",
      payload: {
        items: [
          { productId: nepal.id, size: "M", quantity: 1, personalisation: { name: "paudel", number: 7 } },
          { productId: nepal.id, size: "M", quantity: 1, personalisation: { name: "shit", number: 7 } },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [good, bad] = res.json().data.lines;
    expect(good).toMatchObject({ personalisation: { name: "PAUDEL", number: 7 }, printFee: 50_000, lineTotal: 299_900, available: true });
    expect(bad).toMatchObject({ available: false, issues: [{ code: "PRINTING", message: PRINT_MSG.offensive }] });
    expect(res.json().data.canCheckout).toBe(false);
  });
});

// docs/decisions/183: a number is a whole number 0–99, sent as a number or one or two digits; nothing else becomes 0.
describe("numbers that are not numbers", () => {
  const validate = (personalisation: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/cart/validate", headers, payload: { items: [{ productId: nepal.id, size: "M", quantity: 1, personalisation }] } });
  const notNumbers: [string, unknown][] = [
    ["a blank", ""],
    ["a space", " "],
    ["null", null],
    ["hex", "0x1F"],
    ["true", true],
    ["an array", [7]],
    ["three digits", "007"],
    ["a padded number", " 7 "],
  ];

  it.each(notNumbers)("refuses %s as the number of an order, writing nothing and holding no stock", async (_label, number) => {
    const [ordersBefore, stockBefore] = [(await t.database.db.select({ id: orders.id }).from(orders)).length, await stockOf(nepal.id, "M")];
    const res = await place({ items: [{ productId: nepal.id, size: "M", quantity: 1, personalisation: { name: "BLANK", number } }] });
    expect([res.statusCode, res.json().error], res.body).toEqual([400, PRINT_MSG.numberRange]);
    expect((await t.database.db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);
    expect(await stockOf(nepal.id, "M")).toBe(stockBefore);
  });

  it.each(notNumbers)("refuses %s as the number in the cart check", async (_label, number) => {
    const res = await validate({ name: "BLANK", number });
    expect([res.statusCode, res.json().error], res.body).toEqual([400, PRINT_MSG.numberRange]);
  });

  it("says so in Nepali on a Nepali request", async () => {
    const res = await validate({ name: "BLANK", number: "" }, { "accept-language": "ne" });
    expect([res.statusCode, res.json().error]).toEqual([400, "नम्बर ० देखि ९९ सम्मको पूर्ण अङ्क हुनुपर्छ"]);
  });

  it("takes a number or one or two digits, and prints what was typed: 07 is 7, 0 is 0", async () => {
    const res = await place({
      items: [
        { productId: nepal.id, size: "M", quantity: 1, personalisation: { name: "SEVEN", number: "07" } },
        { productId: nepal.id, size: "M", quantity: 1, personalisation: { name: "ZERO", number: "0" } },
        { productId: nepal.id, size: "M", quantity: 1, personalisation: { name: "NINETYNINE", number: 99 } },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.order.items.map((i: { personalisation: { name: string; number: number } }) => [i.personalisation.name, i.personalisation.number])).toEqual([
      ["SEVEN", 7],
      ["ZERO", 0],
      ["NINETYNINE", 99],
    ]);
    const checked = await validate({ name: "SEVEN", number: "07" });
    expect(checked.json().data.lines[0]).toMatchObject({ personalisation: { name: "SEVEN", number: 7 }, available: true });
  });
});

describe("the print queue and the SHIPPED gate", () => {
  async function confirmedCodOrder(name = "PAUDEL", number = 7) {
    const placed = await place({ items: [{ productId: nepal.id, size: "M", quantity: 1, personalisation: { name, number } }, { productId: plain.id, size: "M", quantity: 1 }] });
    const order = placed.json().data.order;
    const confirmed = await t.app.inject({ method: "POST", url: "/api/payments/cod/process", headers: customer, payload: { orderId: order.id } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return order as { id: string; orderNumber: string; items: { id: string; personalisation: unknown }[] };
  }
  const queue = async () => (await adminApi("GET", "/api/admin/print-queue")).json().data.jobs as { itemId: string; orderId: string; name: string; number: number; size: string; colors: string[] }[];

  it("lists only confirmed or paid orders' personalised lines, refuses SHIPPED while one is unprinted, and lets it ship once printed", async () => {
    const unconfirmed = (await place({ items: [{ productId: nepal.id, size: "M", quantity: 1, personalisation: { name: "WAITING", number: 1 } }] })).json().data.order;
    const order = await confirmedCodOrder("PAUDEL", 7);
    const printed = order.items.find((i) => i.personalisation)!;
    const jobs = await queue();
    expect(jobs.find((j) => j.itemId === printed.id)).toMatchObject({ orderId: order.id, name: "PAUDEL", number: 7, size: "M", colors: ["Crimson", "Blue"] });
    expect(jobs.some((j) => j.orderId === unconfirmed.id)).toBe(false);
    expect(jobs.filter((j) => j.orderId === order.id)).toHaveLength(1);

    const refused = await adminApi("PATCH", `/api/admin/orders/${order.id}/status`, { status: "SHIPPED", trackingNumber: "NCM-1" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain(`PAUDEL 7 (${nepal.name}, size M)`);
    expect((await adminApi("GET", `/api/admin/orders/${order.id}`)).json().data.order.status).toBe("PROCESSING");

    const mark = await adminApi("POST", `/api/admin/print-queue/${printed.id}/printed`);
    expect(mark.statusCode, mark.body).toBe(200);
    expect((await queue()).some((j) => j.itemId === printed.id)).toBe(false);
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, "order.item.printed"), eq(auditLog.entityId, order.id)));
    expect(audit?.after).toMatchObject({ itemId: printed.id, personalisation: { name: "PAUDEL", number: 7 } });
    const again = await adminApi("POST", `/api/admin/print-queue/${printed.id}/printed`);
    expect([again.statusCode, again.json().error]).toEqual([409, PRINT_ALREADY_DONE]);

    const shipped = await adminApi("PATCH", `/api/admin/orders/${order.id}/status`, { status: "SHIPPED", trackingNumber: "NCM-1" });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const own = (await t.app.inject({ method: "GET", url: `/api/orders/${order.id}`, headers: customer })).json().data.order;
    expect(own.items[0]).toMatchObject({ personalisation: { name: "PAUDEL", number: 7 }, printFee: 50_000 });
    expect(own.items[0].printedAt).not.toBeNull();
    // A plain line is stored without a print (SQL NULL), so it never reaches the queue or the gate.
    expect((await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id))).map((i) => i.personalisation)).toEqual([{ name: "PAUDEL", number: 7, playerId: null }, null]);

    // Unconfirmed: not the printer's yet.
    const early = await adminApi("POST", `/api/admin/print-queue/${unconfirmed.items[0].id}/printed`);
    expect([early.statusCode, early.json().error]).toEqual([409, PRINT_NOT_IN_QUEUE]);
  });

  it("bills the printing as its own line, \"Printing: PAUDEL 7\"", async () => {
    const order = await confirmedCodOrder("PAUDEL", 7);
    await adminApi("POST", `/api/admin/print-queue/${order.items.find((i) => i.personalisation)!.id}/printed`);
    for (const status of ["SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"]) expect((await adminApi("PATCH", `/api/admin/orders/${order.id}/status`, { status })).statusCode).toBe(200);
    expect((await adminApi("POST", `/api/admin/orders/${order.id}/cash-collected`)).statusCode).toBe(200);
    const [bill] = await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    expect(bill!.lines.map((l) => [l.description, l.quantity, l.amount])).toEqual([
      [nepal.name, 1, 249_900],
      ["Printing: PAUDEL 7", 1, 50_000],
      [plain.name, 1, 250_000],
    ]);
    const page = await t.app.inject({ method: "GET", url: `/api/orders/${order.id}/invoice`, headers: customer });
    expect(page.body).toContain("Printing: PAUDEL 7");
  });

  it("marks a line printed once when two printers press at the same moment", async () => {
    const order = await confirmedCodOrder("RAI", 10);
    const itemId = order.items.find((i) => i.personalisation)!.id;
    const answers = await Promise.all([adminApi("POST", `/api/admin/print-queue/${itemId}/printed`), adminApi("POST", `/api/admin/print-queue/${itemId}/printed`)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, "order.item.printed"), eq(auditLog.entityId, order.id)))).toHaveLength(1);
  });

  it("answers malformed, unknown and unauthorised requests with 4xx and changes nothing", async () => {
    expect((await adminApi("POST", "/api/admin/print-queue/no-such-line/printed")).json().error).toBe(PRINT_JOB_NOT_FOUND);
    expect((await adminApi("POST", `/api/admin/print-queue/${"x".repeat(101)}/printed`)).statusCode).toBe(400);
    const order = await confirmedCodOrder("THAPA", 1);
    const plainLine = (await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).find((i) => !i.personalisation)!;
    expect((await adminApi("POST", `/api/admin/print-queue/${plainLine.id}/printed`)).statusCode).toBe(409);
    const itemId = order.items.find((i) => i.personalisation)!.id;
    expect((await t.app.inject({ method: "POST", url: `/api/admin/print-queue/${itemId}/printed`, headers: customer })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url: `/api/admin/print-queue/${itemId}/printed` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/print-queue", headers: customer })).statusCode).toBe(403);
    expect((await queue()).some((j) => j.itemId === itemId)).toBe(true);
  });
});

describe("the administrator's product form", () => {
  it("saves the printing switch, fee, scripts and players, giving each player an id, and refuses a bad player name", async () => {
    const current = (await adminApi("GET", `/api/admin/products/${plain.id}`)).json().data.product;
    const body = {
      name: current.name,
      slug: current.slug,
      categoryId: (await insertCategory(t.database.db, { type: "PRODUCT" })).id,
      description: current.description,
      price: current.price,
      sizes: current.sizes.map((s: { size: string; stock: number }) => ({ size: s.size, stock: s.stock })),
      brand: current.brand,
      printing: { personalisable: true, printFee: 70_000, printScripts: ["LATIN"], players: [{ name: "chhetri", number: 11 }] },
    };
    const saved = await adminApi("PUT", `/api/admin/products/${plain.id}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const product = saved.json().data.product;
    expect(product).toMatchObject({ personalisable: true, printFee: 70_000, printScripts: ["LATIN"], players: [{ name: "CHHETRI", number: 11 }] });
    expect(product.players[0].id).toMatch(/\S+/);
    const bad = await adminApi("PUT", `/api/admin/products/${plain.id}`, { ...body, printing: { ...body.printing, players: [{ name: "<b>X</b>", number: 11 }] } });
    expect(bad.statusCode).toBe(400);
    const badNumber = await adminApi("PUT", `/api/admin/products/${plain.id}`, { ...body, printing: { ...body.printing, players: [{ name: "X", number: 100 }] } });
    expect(badNumber.statusCode).toBe(400);
  });
});
