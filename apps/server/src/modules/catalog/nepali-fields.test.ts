/**
 * Nepali names and descriptions of products, categories and blog posts (docs/decisions/089): written in the admin,
 * optional, bounded, sanitised like their English twins, and served by the public API beside the English text; and a
 * product's features in Nepali (docs/decisions/126) and its specification values in Nepali (docs/decisions/132).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_MSG,
  localizeMessage,
  MAX_FEATURE_LENGTH,
  MAX_PRODUCT_FEATURES,
  MAX_PRODUCT_SPECIFICATIONS,
  MAX_SPECIFICATION_KEY_LENGTH,
  MAX_SPECIFICATION_VALUE_LENGTH,
} from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../../test/harness.js";
import { insertCategory, insertUser, sessionFor } from "../../test/factories.js";

let t: TestContext;
let admin: Record<string, string>;
let categoryId: string;
let blogCategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await insertUser(t.database.db, { role: "ADMIN" });
  admin = { ...(await sessionFor(t.app, a.id)).bearer };
  categoryId = (await insertCategory(t.database.db, { name: "Football Jerseys NE", slug: "football-ne" })).id;
  blogCategoryId = (await insertCategory(t.database.db, { name: "Guides NE", slug: "guides-ne", type: "BLOG" })).id;
});
afterAll(() => t.close());

const api = (method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as "GET", url, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) });
const product = (over: Record<string, unknown> = {}) => ({
  name: "Nepal Home Jersey 2026",
  categoryId,
  description: "The home kit.",
  price: 350_000,
  sizes: [{ size: "M", stock: 12 }],
  colors: [],
  brand: "Kelme",
  team: "Nepal",
  keywords: [],
  metaTags: [],
  ...over,
});
const blog = (over: Record<string, unknown> = {}) => ({ title: "How to Spot a Fake Jersey", categoryId: blogCategoryId, content: "<p>Look at the crest.</p>", keywords: [], metaTags: [], status: "PUBLISHED", ...over });

describe("Nepali product fields", () => {
  it("stores the Nepali name and description and serves them beside the English ones; empty means none", async () => {
    const res = await api("POST", "/api/admin/products", product({ nameNe: "  नेपाल घरेलु जर्सी  ", descriptionNe: "घरेलु खेलको जर्सी।" }));
    expect(res.statusCode).toBe(201);
    const created = res.json().data.product;
    expect(created).toMatchObject({ nameNe: "नेपाल घरेलु जर्सी", descriptionNe: "घरेलु खेलको जर्सी।" });
    const pub = await t.app.inject({ method: "GET", url: `/api/products/slug/${created.slug}` });
    expect(pub.json().data.product).toMatchObject({ name: "Nepal Home Jersey 2026", nameNe: "नेपाल घरेलु जर्सी", descriptionNe: "घरेलु खेलको जर्सी।" });
    const cleared = await api("PUT", `/api/admin/products/${created.id}`, product({ nameNe: "", descriptionNe: null }));
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.product).toMatchObject({ nameNe: null, descriptionNe: null });
  });

  it("stores the team in Nepali, serves it in the product, the list and the suggestions, keeps it when a form leaves it out and clears it when emptied", async () => {
    const res = await api("POST", "/api/admin/products", product({ name: "Team Nepali Jersey", team: "Nepal National Team", teamNe: "  नेपाल राष्ट्रिय टोली " }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data.product;
    expect(created).toMatchObject({ team: "Nepal National Team", teamNe: "नेपाल राष्ट्रिय टोली" });
    const pub = (await t.app.inject({ method: "GET", url: `/api/products/slug/${created.slug}` })).json().data.product;
    expect(pub).toMatchObject({ team: "Nepal National Team", teamNe: "नेपाल राष्ट्रिय टोली" });
    const listed = (await t.app.inject({ method: "GET", url: "/api/products?limit=50" })).json().data.products as { id: string; teamNe: string | null }[];
    expect(listed.find((p) => p.id === created.id)?.teamNe).toBe("नेपाल राष्ट्रिय टोली");
    const suggested = (await t.app.inject({ method: "GET", url: "/api/products/suggestions?q=team%20nepali" })).json().data.suggestions as { id: string; teamNe: string | null }[];
    expect(suggested.find((p) => p.id === created.id)?.teamNe).toBe("नेपाल राष्ट्रिय टोली");

    const { teamNe: _left, ...withoutTeamNe } = product({ name: "Team Nepali Jersey", team: "Nepal National Team" }) as Record<string, unknown>;
    const kept = await api("PUT", `/api/admin/products/${created.id}`, withoutTeamNe);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.product.teamNe).toBe("नेपाल राष्ट्रिय टोली");
    const cleared = await api("PUT", `/api/admin/products/${created.id}`, product({ name: "Team Nepali Jersey", team: "Nepal National Team", teamNe: "" }));
    expect(cleared.json().data.product.teamNe).toBeNull();

    for (const bad of ["ट".repeat(101), "नेपाल\u0000", 7, ["नेपाल"]]) {
      const refused = await api("PUT", `/api/admin/products/${created.id}`, product({ name: "Team Nepali Jersey", teamNe: bad }));
      expect(refused.statusCode, JSON.stringify(bad).slice(0, 30)).toBe(400);
    }
    expect((await t.app.inject({ method: "GET", url: `/api/products/slug/${created.slug}` })).json().data.product.teamNe).toBeNull();
  });

  it("refuses a Nepali name of 10,000 characters, a NUL byte and a non-string with 400, and writes nothing", async () => {
    for (const [i, over] of [{ nameNe: "न".repeat(10_000) }, { nameNe: "नेपाल\u0000" }, { descriptionNe: "क".repeat(10_001) }, { nameNe: 42 }, { nameNe: ["नेपाल"] }].entries()) {
      const res = await api("POST", "/api/admin/products", product({ name: `Refused ${i}`, ...over }));
      expect(res.statusCode, JSON.stringify(over).slice(0, 40)).toBe(400);
    }
    const list = await api("GET", "/api/admin/products?q=Refused");
    expect(list.json().data.products).toEqual([]);
  });
});

describe("Nepali features (docs/decisions/126)", () => {
  const publicProduct = async (slug: string) => (await t.app.inject({ method: "GET", url: `/api/products/slug/${slug}` })).json().data.product;

  it("stores both lists, trimmed and without repeats, serves them to the shop, keeps them when a form sends none, and clears the Nepali one alone", async () => {
    const features = ["Quick-dry knit", "Ribbed collar"];
    const featuresNe = ["  छिटो सुक्ने बुनाइ ", "रिब भएको कलर", "रिब भएको कलर"];
    const res = await api("POST", "/api/admin/products", product({ name: "Nepal Features Jersey", features, featuresNe }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data.product;
    expect(created).toMatchObject({ features, featuresNe: ["छिटो सुक्ने बुनाइ", "रिब भएको कलर"] });
    expect(await publicProduct(created.slug)).toMatchObject({ features, featuresNe: ["छिटो सुक्ने बुनाइ", "रिब भएको कलर"] });

    // An older client (no lists in its payload) edits the price: both lists stay.
    const edited = await api("PUT", `/api/admin/products/${created.id}`, product({ name: "Nepal Features Jersey", price: 360_000 }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.product).toMatchObject({ price: 360_000, features, featuresNe: ["छिटो सुक्ने बुनाइ", "रिब भएको कलर"] });

    const cleared = await api("PUT", `/api/admin/products/${created.id}`, product({ name: "Nepal Features Jersey", features, featuresNe: [] }));
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await publicProduct(created.slug)).toMatchObject({ features, featuresNe: [] });
  });

  it("a product made without features has two empty lists", async () => {
    const res = await api("POST", "/api/admin/products", product({ name: "Plain Features Jersey" }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.product).toMatchObject({ features: [], featuresNe: [] });
  });

  it("refuses too many features, a too long or empty one, a NUL byte and a non-list with 400 and the catalogue's message, and writes nothing", async () => {
    const cases: [Record<string, unknown>, string | null][] = [
      [{ featuresNe: Array.from({ length: MAX_PRODUCT_FEATURES + 1 }, (_, i) => `विशेषता ${i}`) }, ADMIN_MSG.tooManyFeatures],
      [{ featuresNe: ["क".repeat(MAX_FEATURE_LENGTH + 1)] }, ADMIN_MSG.featureTooLong],
      [{ featuresNe: ["हलुका", "   "] }, ADMIN_MSG.featureEmpty],
      [{ features: Array.from({ length: MAX_PRODUCT_FEATURES + 1 }, (_, i) => `Feature ${i}`) }, ADMIN_MSG.tooManyFeatures],
      [{ features: ["x".repeat(MAX_FEATURE_LENGTH + 1)] }, ADMIN_MSG.featureTooLong],
      [{ featuresNe: ["हलुका\u0000"] }, null],
      [{ featuresNe: "हलुका" }, null],
      [{ featuresNe: [42] }, null],
      [{ featuresNe: null }, null],
    ];
    for (const [i, [over, message]] of cases.entries()) {
      const res = await api("POST", "/api/admin/products", product({ name: `Refused features ${i}`, ...over }));
      expect(res.statusCode, JSON.stringify(over).slice(0, 60)).toBe(400);
      if (message) {
        expect(res.json().error).toBe(message);
        expect(res.json().details[0].field).toMatch(/^features(Ne)?(\.\d+)?$/);
      }
    }
    // An administrator's request in Nepali reads the same refusal in Nepali (docs/decisions/127).
    const nepali = await t.app.inject({ method: "POST", url: "/api/admin/products", headers: { ...admin, "accept-language": "ne" }, payload: product({ name: "Refused features ne", featuresNe: ["क".repeat(MAX_FEATURE_LENGTH + 1)] }) });
    expect(nepali.statusCode).toBe(400);
    expect(nepali.json().error).toBe(localizeMessage(ADMIN_MSG.featureTooLong, "ne"));
    expect(nepali.json().error).toMatch(/[\u0900-\u097F]/);
    // Exactly at the limits is accepted.
    const full = await api("POST", "/api/admin/products", product({ name: "Full features", featuresNe: Array.from({ length: MAX_PRODUCT_FEATURES }, (_, i) => `${"क".repeat(MAX_FEATURE_LENGTH - 3)}${i}`) }));
    expect(full.statusCode, full.body).toBe(201);
    const list = await api("GET", "/api/admin/products?q=Refused%20features");
    expect(list.json().data.products).toEqual([]);
  });
});

describe("Nepali specification values (docs/decisions/132)", () => {
  const publicProduct = async (slug: string) => (await t.app.inject({ method: "GET", url: `/api/products/slug/${slug}` })).json().data.product;
  const specifications = { Material: "100% recycled polyester", Fit: "Regular" };

  it("stores both tables trimmed, serves them to the shop, keeps them when a form sends none, and clears the Nepali one alone", async () => {
    const res = await api("POST", "/api/admin/products", product({ name: "Nepal Specs Jersey", specifications, specificationsNe: { " Material ": "  १००% रिसाइकल गरिएको पोलिएस्टर " } }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data.product;
    const nepali = { Material: "१००% रिसाइकल गरिएको पोलिएस्टर" };
    expect(created).toMatchObject({ specifications, specificationsNe: nepali });
    expect(await publicProduct(created.slug)).toMatchObject({ specifications, specificationsNe: nepali });

    const edited = await api("PUT", `/api/admin/products/${created.id}`, product({ name: "Nepal Specs Jersey", price: 360_000 }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.product).toMatchObject({ price: 360_000, specifications, specificationsNe: nepali });

    const cleared = await api("PUT", `/api/admin/products/${created.id}`, product({ name: "Nepal Specs Jersey", specifications, specificationsNe: {} }));
    expect(cleared.statusCode, cleared.body).toBe(200);
    const after = await publicProduct(created.slug);
    expect(after.specifications).toEqual(specifications);
    expect(after.specificationsNe).toEqual({});
  });

  it("refuses a Nepali value whose English row is neither sent nor kept, with 400 and the catalogue's message, and writes nothing", async () => {
    const orphan = await api("POST", "/api/admin/products", product({ name: "Orphan Specs Jersey", specifications, specificationsNe: { Season: "२०२५/२६" } }));
    expect(orphan.statusCode, orphan.body).toBe(400);
    expect(orphan.json().error).toBe(ADMIN_MSG.specificationNeWithoutEnglish);
    expect((await api("GET", "/api/admin/products?q=Orphan%20Specs%20Jersey")).json().data.products).toEqual([]);

    const made = await api("POST", "/api/admin/products", product({ name: "Kept Specs Jersey", specifications }));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.product.id;
    // An edit that sends only the Nepali table is checked against the English table kept on the product.
    const onKept = await api("PUT", `/api/admin/products/${id}`, product({ name: "Kept Specs Jersey", specificationsNe: { Fit: "सामान्य" } }));
    expect(onKept.statusCode, onKept.body).toBe(200);
    expect(onKept.json().data.product.specificationsNe).toEqual({ Fit: "सामान्य" });
    const notKept = await api("PUT", `/api/admin/products/${id}`, product({ name: "Kept Specs Jersey", price: 999_900, specificationsNe: { Care: "हातले धुनुहोस्" } }));
    expect(notKept.statusCode, notKept.body).toBe(400);
    expect(notKept.json().error).toBe(ADMIN_MSG.specificationNeWithoutEnglish);
    const after = (await api("GET", `/api/admin/products/${id}`)).json().data.product;
    expect(after).toMatchObject({ specificationsNe: { Fit: "सामान्य" } });
    expect(after.price).not.toBe(999_900);
    // An edit that drops an English row and sends no Nepali table drops that row's Nepali value with it.
    const dropped = await api("PUT", `/api/admin/products/${id}`, product({ name: "Kept Specs Jersey", specifications: { Material: specifications.Material } }));
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().data.product.specifications).toEqual({ Material: specifications.Material });
    expect(dropped.json().data.product.specificationsNe).toEqual({});
    // In Nepali, the message is Nepali.
    const ne = await t.app.inject({ method: "POST", url: "/api/admin/products", headers: { ...admin, "accept-language": "ne" }, payload: product({ name: "Orphan Specs Jersey", specificationsNe: { Season: "२०२५/२६" } }) });
    expect(ne.statusCode).toBe(400);
    expect(ne.json().error).toMatch(/[\u0900-\u097F]/);
  });

  it("a product made without specifications has two empty tables, and product cards carry neither", async () => {
    const res = await api("POST", "/api/admin/products", product({ name: "Plain Specs Jersey" }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.product).toMatchObject({ specifications: {}, specificationsNe: {} });
    const cards = (await t.app.inject({ method: "GET", url: "/api/products?q=Plain%20Specs%20Jersey" })).json().data.products;
    expect(cards.map((c: { name: string }) => c.name)).toContain("Plain Specs Jersey");
    for (const card of cards) expect(card).not.toHaveProperty("specificationsNe");
  });

  it("refuses too many rows, a too long or empty name or value, a NUL byte and a non-record with 400 and the catalogue's message, and writes nothing", async () => {
    const many = Object.fromEntries(Array.from({ length: MAX_PRODUCT_SPECIFICATIONS + 1 }, (_, i) => [`Row${i}`, `मान ${i}`]));
    const cases: [Record<string, unknown>, string | null][] = [
      [{ specificationsNe: many }, ADMIN_MSG.tooManySpecifications],
      [{ specificationsNe: { Material: "क".repeat(MAX_SPECIFICATION_VALUE_LENGTH + 1) } }, ADMIN_MSG.specificationValueTooLong],
      [{ specificationsNe: { Material: "   " } }, ADMIN_MSG.specificationValueEmpty],
      [{ specificationsNe: { ["x".repeat(MAX_SPECIFICATION_KEY_LENGTH + 1)]: "कपडा" } }, ADMIN_MSG.specificationKeyTooLong],
      [{ specificationsNe: { "  ": "कपडा" } }, ADMIN_MSG.specificationKeyEmpty],
      [{ specifications: { Material: "x".repeat(MAX_SPECIFICATION_VALUE_LENGTH + 1) } }, ADMIN_MSG.specificationValueTooLong],
      // What the admin form could not show and save back unchanged ("Name: value", a line each).
      [{ specifications: { "Size: EU": "42" } }, ADMIN_MSG.specificationKeyOneLine],
      [{ specifications: { "Size\nEU": "42" } }, ADMIN_MSG.specificationKeyOneLine],
      [{ specifications: { Care: "Wash cold\ninside out" } }, ADMIN_MSG.specificationValueOneLine],
      [{ specifications: { Fit: "Regular", " Fit ": "Slim" } }, ADMIN_MSG.specificationKeyTwice],
      [{ specificationsNe: { Material: "कपडा\u0000" } }, null],
      [{ specificationsNe: { "Mat\u0000": "कपडा" } }, null],
      [{ specificationsNe: ["कपडा"] }, null],
      [{ specificationsNe: "कपडा" }, null],
      [{ specificationsNe: { Material: 42 } }, null],
      [{ specificationsNe: null }, null],
    ];
    for (const [i, [over, message]] of cases.entries()) {
      const res = await api("POST", "/api/admin/products", product({ name: `Refused specs ${i}`, ...over }));
      expect(res.statusCode, JSON.stringify(over).slice(0, 60)).toBe(400);
      if (message) expect(res.json().error).toBe(message);
    }
    // An administrator's request in Nepali reads the same refusal in Nepali (docs/decisions/127).
    const nepali = await t.app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: { ...admin, "accept-language": "ne" },
      payload: product({ name: "Refused specs ne", specificationsNe: { Material: "क".repeat(MAX_SPECIFICATION_VALUE_LENGTH + 1) } }),
    });
    expect(nepali.statusCode).toBe(400);
    expect(nepali.json().error).toBe(localizeMessage(ADMIN_MSG.specificationValueTooLong, "ne"));
    expect(nepali.json().error).toMatch(/[\u0900-\u097F]/);
    // Exactly at the limits is accepted.
    const full = Object.fromEntries(Array.from({ length: MAX_PRODUCT_SPECIFICATIONS }, (_, i) => [`${"k".repeat(MAX_SPECIFICATION_KEY_LENGTH - 3)}${i}`, "क".repeat(MAX_SPECIFICATION_VALUE_LENGTH)]));
    const englishFull = Object.fromEntries(Object.keys(full).map((name) => [name, "x".repeat(MAX_SPECIFICATION_VALUE_LENGTH)]));
    const ok = await api("POST", "/api/admin/products", product({ name: "Full specs", specifications: englishFull, specificationsNe: full }));
    expect(ok.statusCode, ok.body).toBe(201);
    const list = await api("GET", "/api/admin/products?q=Refused%20specs");
    expect(list.json().data.products).toEqual([]);
  });
});

describe("Nepali category and blog fields", () => {
  it("a category keeps its Nepali name; the catalogue's filters and product category carry it", async () => {
    const res = await api("POST", "/api/admin/categories", { name: "Cricket Jerseys NE", type: "PRODUCT", nameNe: "क्रिकेट जर्सी" });
    expect(res.statusCode).toBe(201);
    const cat = res.json().data.category;
    expect(cat.nameNe).toBe("क्रिकेट जर्सी");
    expect((await api("POST", "/api/admin/categories", { name: "X", type: "PRODUCT", nameNe: "क".repeat(101) })).statusCode).toBe(400);
    expect((await api("POST", "/api/admin/categories", { name: "Y", type: "PRODUCT", nameNe: "\u0000" })).statusCode).toBe(400);
    const made = (await api("POST", "/api/admin/products", product({ name: "Nepal Cricket Jersey NE", categoryId: cat.id }))).json().data.product;
    expect(made.category).toMatchObject({ id: cat.id, nameNe: "क्रिकेट जर्सी" });
    const list = await t.app.inject({ method: "GET", url: "/api/products?facets=true" });
    const facets = list.json().data.facets;
    expect(facets.categories.find((c: { id: string }) => c.id === cat.id)).toMatchObject({ nameNe: "क्रिकेट जर्सी" });
    const cats = await t.app.inject({ method: "GET", url: "/api/categories" });
    expect(cats.json().data.categories.find((c: { id: string }) => c.id === cat.id)).toMatchObject({ nameNe: "क्रिकेट जर्सी" });
  });

  it("a blog post's Nepali title, excerpt and content are stored, the content sanitised like the English", async () => {
    const res = await api("POST", "/api/admin/blogs", blog({ titleNe: "नक्कली जर्सी कसरी चिन्ने", excerptNe: "तिर्नुअघि पाँच कुरा।", contentNe: '<p>लोगो हेर्नुहोस्।</p><script>alert(1)</script><img src=x onerror="alert(2)">' }));
    expect(res.statusCode).toBe(201);
    const post = res.json().data.blog;
    expect(post.titleNe).toBe("नक्कली जर्सी कसरी चिन्ने");
    expect(post.contentNe).toContain("लोगो हेर्नुहोस्।");
    expect(post.contentNe).not.toMatch(/script|onerror/i);
    const pub = await t.app.inject({ method: "GET", url: `/api/blogs/slug/${post.slug}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data.blog).toMatchObject({ titleNe: "नक्कली जर्सी कसरी चिन्ने", excerptNe: "तिर्नुअघि पाँच कुरा।" });
    expect(pub.json().data.blog.contentNe).not.toMatch(/script|onerror/i);
    expect((await api("POST", "/api/admin/blogs", blog({ title: "Too long", titleNe: "न".repeat(201) }))).statusCode).toBe(400);
    expect((await api("POST", "/api/admin/blogs", blog({ title: "Nul", contentNe: "<p>\u0000</p>" }))).statusCode).toBe(400);
  });
});
