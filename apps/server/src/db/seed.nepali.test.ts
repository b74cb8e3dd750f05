/**
 * The demo catalogue in Nepali (docs/decisions/132): every demo product has a Nepali description and Nepali
 * specification values, and the Nepali descriptions do not make a Nepali search find what a shopper would not expect.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugify, type Product } from "@khelkud/contracts";
import { createTestApp, type TestContext } from "../test/harness.js";
import { createLocalStorage } from "../plugins/storage.js";
import { seedDemoData } from "./seed.js";
import { SEED_PRODUCTS } from "./seed/catalogue.js";

let t: TestContext;
let demo: Product[];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, createLocalStorage(t.config.uploadsDir));
  demo = await Promise.all(SEED_PRODUCTS.map(async (p) => (await t.app.inject({ method: "GET", url: `/api/products/slug/${slugify(p.name)}` })).json().data?.product));
}, 300_000);
afterAll(() => t.close());

const search = async (q: string) => (await t.app.inject({ method: "GET", url: `/api/products?q=${encodeURIComponent(q)}&limit=100` })).json().data.products.map((p: { name: string }) => p.name) as string[];

describe("the demo products in Nepali", () => {
  it("each has a Nepali description whose only Latin words are its own name's, team's and brand's; the two hand-written ones are kept", () => {
    for (const [i, p] of SEED_PRODUCTS.entries()) {
      const text = demo[i]?.descriptionNe ?? "";
      expect(text, p.name).toMatch(/[\u0900-\u097F]/);
      const latinWords = (s: string) => s.toLowerCase().match(/[a-z0-9.'-]*[a-z][a-z0-9.'-]*/g) ?? [];
      const own = new Set(latinWords(`${p.name} ${p.team ?? ""} ${p.brand}`));
      const foreign = latinWords(text).filter((w) => !own.has(w));
      expect(foreign, `${p.name}: ${text}`).toEqual([]);
    }
    expect(demo.find((p) => p.name === "Nepal National Team Away Jersey 2025/26")?.descriptionNe).toBe("नेपाली राष्ट्रिय फुटबल टोलीको सेतो बाहिरी जर्सी, रातो र निलो किनारासहित।");
  });

  it("each has Nepali values for its specification table, the brand's row left to the English value", () => {
    for (const p of demo) {
      expect(Object.keys(p.specificationsNe).sort(), p.name).toEqual(["Care", "Fit", "Material", "Season"]);
      for (const value of Object.values(p.specificationsNe)) expect(value, p.name).toMatch(/[\u0900-\u097F]/);
    }
  });
});

describe("a Nepali search over the demo catalogue", () => {
  const NEPAL_JERSEYS = SEED_PRODUCTS.filter((p) => p.team?.startsWith("Nepal")).map((p) => p.name);

  it("'नेपाल जर्सी' and 'nepal jersi' find the Nepal jerseys and nothing else", async () => {
    expect((await search("नेपाल जर्सी")).sort()).toEqual([...NEPAL_JERSEYS].sort());
    expect((await search("nepal jersi")).sort()).toEqual([...NEPAL_JERSEYS].sort());
  });

  it("a kit word finds that kit: 'घरेलु जर्सी' the home shirts, 'बाहिरी' the away shirts", async () => {
    const home = await search("घरेलु जर्सी");
    expect(home.length).toBe(SEED_PRODUCTS.filter((p) => p.name.includes(" Home ")).length);
    for (const name of home) expect(name).toContain(" Home ");
    const away = await search("बाहिरी");
    expect(away.length).toBe(SEED_PRODUCTS.filter((p) => p.name.includes(" Away ")).length);
    for (const name of away) expect(name).toContain(" Away ");
  });

  it("a garment word finds the training wear of that kind: 'ज्याकेट' the jackets", async () => {
    expect((await search("ज्याकेट")).sort()).toEqual(SEED_PRODUCTS.filter((p) => p.garment === "jacket").map((p) => p.name).sort());
  });
});
