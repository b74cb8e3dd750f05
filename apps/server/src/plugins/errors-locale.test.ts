import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MSG, AUTH_MSG, AUTH_MSG_NE, MSG, MSG_NE, ORDER_MSG, ORDER_MSG_NE } from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../test/harness.js";
import { insertCategory, insertProduct, insertUser, sessionFor } from "../test/factories.js";

/** The API answers in the request's language: `Accept-Language` (docs/decisions/106). */
let t: TestContext;
let ip = 0;
const SAME_SITE = { origin: "http://localhost:3000" };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers: { ...SAME_SITE, ...headers }, remoteAddress: `10.9.0.${++ip}` });

describe("error messages in the request's language", () => {
  it("answers a sign-in with a bad body in Nepali when the request asks for it, in English otherwise", async () => {
    const ne = await post("/api/auth/login", { email: "sita@example.com" }, { "accept-language": "ne" });
    expect(ne.statusCode).toBe(400);
    expect(ne.json()).toMatchObject({ success: false, error: MSG_NE.passwordRequired, details: [{ field: "password", message: MSG_NE.passwordRequired }] });

    const en = await post("/api/auth/login", { email: "sita@example.com" });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ success: false, error: MSG.passwordRequired });

    // A browser that prefers English and reads some Nepali gets English.
    const mixed = await post("/api/auth/login", { email: "sita@example.com" }, { "accept-language": "en-US,en;q=0.9,ne;q=0.8" });
    expect(mixed.json().error).toBe(MSG.passwordRequired);
    const nepalFirst = await post("/api/auth/login", { email: "sita@example.com" }, { "accept-language": "ne-NP,ne;q=0.9,en;q=0.5" });
    expect(nepalFirst.json().error).toBe(MSG_NE.passwordRequired);
  });

  it("answers a registration with a wrong phone number in Nepali, field by field", async () => {
    const res = await post("/api/auth/register", { name: "Sita Sharma", email: "sita-ne@example.com", phone: "12345", password: "Secret123", confirmPassword: "Secret123" }, { "accept-language": "ne" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: MSG_NE.phoneInvalid, details: [{ field: "phone", message: MSG_NE.phoneInvalid }] });

    const several = await post("/api/auth/register", { name: "S", email: "not-an-email", phone: "12345", password: "Secret123", confirmPassword: "Secret123" }, { "accept-language": "ne" });
    expect(several.statusCode).toBe(400);
    expect(several.json().error).toBe(MSG_NE.validationFailed);
    expect(several.json().details).toEqual(expect.arrayContaining([{ field: "name", message: MSG_NE.nameMin }, { field: "email", message: MSG_NE.emailInvalid }]));
  });

  it("translates the services' own refusals: a wrong password, an address already taken", async () => {
    const wrong = await post("/api/auth/login", { email: "nobody@example.com", password: "Secret123" }, { "accept-language": "ne" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe(MSG_NE.invalidCredentials);

    const account = { name: "Hari Thapa", email: `hari-${Date.now()}@example.com`, phone: "9812345678", password: "Secret123", confirmPassword: "Secret123" };
    expect((await post("/api/auth/register", account)).statusCode).toBe(201);
    const again = await post("/api/auth/register", account, { "accept-language": "ne" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(AUTH_MSG_NE.emailTaken);
    expect((await post("/api/auth/register", account)).json().error).toBe(AUTH_MSG.emailTaken);
  });

  it("answers malformed requests and unknown routes in Nepali too, never with a 500", async () => {
    const badJson = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: "{not json", headers: { ...SAME_SITE, "content-type": "application/json", "accept-language": "ne" }, remoteAddress: "10.9.1.1" });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error).toBe("अनुरोध मान्य JSON होइन");

    const missing = await t.app.inject({ method: "GET", url: "/api/no-such-thing", headers: { "accept-language": "ne" } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(`${MSG_NE.routeNotFound}: GET /api/no-such-thing`);

    // A body that is no object at all, or a field of the wrong type: the schema library's own message, in Nepali too
    // (its Nepali locale), and unchanged in English.
    const none = await t.app.inject({ method: "POST", url: "/api/auth/login", headers: { ...SAME_SITE, "accept-language": "ne" }, remoteAddress: "10.9.1.2" });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: "अमान्य इनपुट: अपेक्षित object, प्राप्त null", details: [{ field: "body", message: "अमान्य इनपुट: अपेक्षित object, प्राप्त null" }] });
    const typed = await post("/api/cart/validate", { items: "x" }, { "accept-language": "ne" });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toMatchObject({ error: "अमान्य इनपुट: अपेक्षित array, प्राप्त string", details: [{ field: "items", message: "अमान्य इनपुट: अपेक्षित array, प्राप्त string" }] });
    // Texts of ours keep their catalogue entry, also where the library's own English is the same words.
    const ours = await post("/api/auth/login", { email: 42, password: "x" }, { "accept-language": "ne" });
    expect(ours.json().details).toEqual([{ field: "email", message: MSG_NE.emailRequired }]);
    expect((await post("/api/cart/validate", { items: "x" })).json().error).toBe("Invalid input: expected array, received string");
    for (const body of [[], "text", 5, { items: [null] }, { items: [{ "a/b": 1, "~1": [] }] }, { items: Array(3).fill({ productId: {}, size: [], quantity: null }) }]) {
      const res = await post("/api/cart/validate", body, { "accept-language": "ne" });
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      // No message is left in English: neither the schema library's own nor the API's field texts such as
      // "productId is required" (docs/decisions/127).
      for (const d of (res.json().details ?? []) as { message: string }[]) expect(d.message, JSON.stringify(body)).toMatch(/[\u0900-\u097F]/);
    }
    const english = await t.app.inject({ method: "POST", url: "/api/auth/login", headers: SAME_SITE, remoteAddress: "10.9.1.3" });
    expect(english.json().error).toBe("Invalid input: expected object, received null");

    // A header that names no language of the shop, or is garbage, is English.
    for (const header of ["fr-FR,de;q=0.8", "ne;q=abc", ";;;,,,", "x".repeat(5000)]) {
      const res = await post("/api/auth/login", { email: "sita@example.com" }, { "accept-language": header });
      expect(res.statusCode, header).toBe(400);
      expect(res.json().error, header).toBe(MSG.passwordRequired);
    }
  });
});

describe("the account's language (docs/decisions/086)", () => {
  const cookieOf = (res: { headers: Record<string, unknown> }, name: string) => {
    const raw = res.headers["set-cookie"];
    const all = (Array.isArray(raw) ? raw : [raw]).map(String);
    return all.find((c) => c.startsWith(`${name}=`));
  };
  const account = (email: string) => ({ name: "Hari Thapa", email, phone: "9812345678", password: "Secret123", confirmPassword: "Secret123" });

  it("an account registered from a Nepali page keeps Nepali: sign-in sets the language cookie and the API answers in Nepali without Accept-Language", async () => {
    const reg = await post("/api/auth/register", account("hari-ne@example.com"), { "accept-language": "ne" });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().data.user.locale).toBe("ne");
    const login = await post("/api/auth/login", { email: "hari-ne@example.com", password: "Secret123" });
    expect(login.statusCode).toBe(200);
    expect(cookieOf(login, "lang")).toMatch(/^lang=ne;.*Max-Age=31536000/);
    const token = login.json().data.token as string;
    // No Accept-Language: the account's choice. An explicit English request still gets English.
    const bad = await t.app.inject({ method: "PUT", url: "/api/users/profile", payload: { phone: "123" }, headers: { ...SAME_SITE, authorization: `Bearer ${token}` } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].message).toMatch(/[\u0900-\u097F]/);
    const english = await t.app.inject({ method: "PUT", url: "/api/users/profile", payload: { phone: "123" }, headers: { ...SAME_SITE, authorization: `Bearer ${token}`, "accept-language": "en" } });
    expect(english.json().details[0].message).toMatch(/^[\x20-\x7E]+$/);
  });

  it("an English account sets no language cookie; PUT /api/users/language changes it, and refuses anything but en and ne", async () => {
    const reg = await post("/api/auth/register", account("hari-en@example.com"));
    expect(reg.json().data.user.locale).toBeNull();
    const login = await post("/api/auth/login", { email: "hari-en@example.com", password: "Secret123" });
    expect(cookieOf(login, "lang")).toBeUndefined();
    const token = login.json().data.token as string;
    const put = (payload: unknown) => t.app.inject({ method: "PUT", url: "/api/users/language", payload: payload as object, headers: { ...SAME_SITE, authorization: `Bearer ${token}` } });
    for (const wrong of [{ locale: "fr" }, { locale: "NE" }, { locale: "ne\u0000" }, { locale: "x".repeat(10_000) }, {}, { locale: "ne", extra: 1 }, { locale: null }]) {
      expect((await put(wrong)).statusCode, JSON.stringify(wrong).slice(0, 40)).toBe(400);
    }
    const ok = await put({ locale: "ne" });
    expect(ok.statusCode).toBe(200);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });
    expect(me.json().data.user.locale).toBe("ne");
    const again = await post("/api/auth/login", { email: "hari-en@example.com", password: "Secret123" });
    expect(cookieOf(again, "lang")).toMatch(/^lang=ne;/);
    const guest = await t.app.inject({ method: "PUT", url: "/api/users/language", payload: { locale: "ne" }, headers: SAME_SITE });
    expect(guest.statusCode).toBe(401);
  });
});

describe("messages beyond the specification's (docs/decisions/127)", () => {
  it("an admin's request with a bad body is answered in Nepali when it asks for Nepali: the panel is English, the API follows the request", async () => {
    const admin = await insertUser(t.database.db, { role: "ADMIN" });
    const { bearer } = await sessionFor(t.app, admin.id);
    const category = await insertCategory(t.database.db);
    const product = { name: "Nepal Home Jersey 2026", categoryId: category.id, description: "The home kit.", price: 350_000, salePrice: 399_900, sizes: [{ size: "M", stock: 4 }], brand: "Kelme" };
    const send = (payload: unknown, language?: string) =>
      t.app.inject({ method: "POST", url: "/api/admin/products", payload: payload as object, headers: { ...bearer, ...(language ? { "accept-language": language } : {}) } });

    const ne = await send(product, "ne");
    expect(ne.statusCode).toBe(400);
    expect(ne.json()).toMatchObject({ error: "छुटको मूल्य मूल्यभन्दा कम हुनुपर्छ", details: [{ field: "salePrice", message: "छुटको मूल्य मूल्यभन्दा कम हुनुपर्छ" }] });
    const en = await send(product);
    expect(en.json()).toMatchObject({ error: ADMIN_MSG.salePriceNotLower });

    // Several fields at once, the form's messages and a limit's number in Devanagari digits.
    const several = await send({ ...product, name: "", brand: "", salePrice: null, metaTitle: "x".repeat(300) }, "ne");
    expect(several.statusCode).toBe(400);
    expect(several.json().error).toBe(MSG_NE.validationFailed);
    expect(several.json().details).toEqual(
      expect.arrayContaining([
        { field: "name", message: "सामानको नाम आवश्यक छ" },
        { field: "brand", message: "ब्रान्ड आवश्यक छ" },
      ]),
    );
    for (const d of several.json().details as { field: string; message: string }[]) expect(d.message, d.field).toMatch(/[\u0900-\u097F]/);

    // A service's refusal with a count in it: the category still holds a product.
    await insertProduct(t.database.db, { categoryId: category.id });
    const inUse = await t.app.inject({ method: "DELETE", url: `/api/admin/categories/${category.id}`, headers: { ...bearer, "accept-language": "ne" } });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error).toBe("यो वर्गमा अझै १ वटा सामान छ। वर्ग मेटाउनुअघि त्यसलाई अर्को वर्गमा सार्नुहोस्।");
  });

  it("a shopper's request meets the API's field checks and the shop's refusals in Nepali", async () => {
    const tooLong = await post("/api/cart/validate", { items: [{ productId: "x".repeat(500), size: "M", quantity: 1 }] }, { "accept-language": "ne" });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: "productId धेरै लामो भयो", details: [{ field: "items.0.productId", message: "productId धेरै लामो भयो" }] });
    expect((await post("/api/cart/validate", { items: [{ productId: "x".repeat(500), size: "M", quantity: 1 }] })).json().error).toBe("productId is too long");

    const customer = await insertUser(t.database.db);
    const { bearer } = await sessionFor(t.app, customer.id);
    const product = await insertProduct(t.database.db);
    const add = (language?: string) =>
      t.app.inject({ method: "POST", url: "/api/wishlist", payload: { productId: product.id }, headers: { ...SAME_SITE, ...bearer, ...(language ? { "accept-language": language } : {}) } });
    expect((await add()).statusCode).toBe(201);
    const again = await add("ne");
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ORDER_MSG_NE.alreadyInWishlist);
    expect((await add()).json().error).toBe(ORDER_MSG.alreadyInWishlist);

    // An order for more than the shop allows: the limit, in Devanagari digits.
    const order = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { items: [{ productId: product.id, size: "M", quantity: 11 }], shippingAddress: {}, paymentMethod: "COD" },
      headers: { ...SAME_SITE, ...bearer, "accept-language": "ne" },
      remoteAddress: "10.9.2.1",
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().details).toEqual(expect.arrayContaining([{ field: "items.0.quantity", message: "एउटा सामान बढीमा १० वटा मात्र अर्डर गर्न सकिन्छ" }]));
  });
});
