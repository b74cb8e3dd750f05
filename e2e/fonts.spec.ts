import { expect, test, type Page } from "@playwright/test";
import { firstProduct, visit } from "./support/pages";

/**
 * Mukta's faces (docs/decisions/107, 118): English pages preload the Latin faces and never download nor point at a
 * Devanagari one; Nepali pages preload the Devanagari regular face they set their text in and use the shop's cut of
 * both weights, never @fontsource's full files, and the cut still joins letters into conjuncts.
 */

const DEVANAGARI_FILE = /mukta-devanagari-/;
/** @fontsource's own Devanagari files (`…-400-normal-<hash>.woff2`), which the shop's cut replaces. */
const FULL_DEVANAGARI_FILE = /mukta-devanagari-\d+-normal-/;

/** Opens `path` in a fresh page and returns the paths of the fonts it downloaded once every font has settled. */
async function fontsOf(page: Page, path: string): Promise<string[]> {
  const fonts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "font") fonts.push(new URL(r.url()).pathname);
  });
  await visit(page, path);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return fonts;
}

/** The fonts a page's HTML preloads. */
function fontPreloads(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) => m[1]!);
}

test.describe("Devanagari faces", () => {
  test("English pages neither download nor preload a Devanagari face", async ({ page, request }) => {
    const product = await firstProduct(page);
    for (const path of ["/", "/products", `/products/${product.slug}`, "/cart", "/login"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toMatch(DEVANAGARI_FILE);
      expect(fontPreloads(html).map((href) => href.replace(/-[\w-]{8}\.woff2$/, "")), path).toEqual(["/assets/mukta-latin-400-normal", "/assets/mukta-latin-700-normal"]);
      const fonts = await fontsOf(page, path);
      expect(fonts.length, path).toBeGreaterThan(0);
      expect(fonts.filter((f) => DEVANAGARI_FILE.test(f)), path).toEqual([]);
    }
  });

  test("Nepali pages preload the regular face, download the shop's cut only, and the cut still forms conjuncts", async ({ page, request }) => {
    const product = await firstProduct(page);
    for (const path of ["/ne", "/ne/products", `/ne/products/${product.slug}`]) {
      const html = await (await request.get(path)).text();
      // Only the regular Devanagari face: the largest element of these pages is a picture, which the fonts must not crowd out.
      const devanagariPreloads = fontPreloads(html);
      expect(devanagariPreloads, path).toHaveLength(1);
      expect(devanagariPreloads[0], path).toMatch(/mukta-devanagari-400-/);
      expect(devanagariPreloads[0], path).not.toMatch(FULL_DEVANAGARI_FILE);

      const fonts = await fontsOf(page, path);
      const devanagari = fonts.filter((f) => DEVANAGARI_FILE.test(f));
      expect(devanagari, path).toContain(devanagariPreloads[0]);
      expect(devanagari.some((f) => /mukta-devanagari-700-/.test(f)), path).toBe(true);
      expect(devanagari.filter((f) => FULL_DEVANAGARI_FILE.test(f)), path).toEqual([]);
    }

    // With its shaping rules a conjunct is narrower than its letters set apart (a dead consonant with its virama,
    // then the next letter); a cut that lost them would draw the two side by side.
    const widths = await page.evaluate(async () => {
      const ctx = document.createElement("canvas").getContext("2d")!;
      const out: Record<string, number[]> = {};
      for (const weight of [400, 700]) {
        const font = `${weight} 40px Mukta`;
        await document.fonts.load(font, "क्षत्रज्ञर्द्ध");
        ctx.font = font;
        for (const [joined, first, second] of [
          ["क्ष", "क्", "ष"],
          ["त्र", "त्", "र"],
          ["ज्ञ", "ज्", "ञ"],
          ["द्ध", "द्", "ध"],
          ["र्म", "र्", "म"],
        ]) {
          out[`${weight} ${joined}`] = [ctx.measureText(joined).width, ctx.measureText(first).width + ctx.measureText(second).width];
        }
      }
      return out;
    });
    for (const [conjunct, [joined, apart]] of Object.entries(widths)) expect(joined, conjunct).toBeLessThan(apart - 1);
  });
});
