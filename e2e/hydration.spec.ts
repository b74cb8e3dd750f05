/**
 * Every storefront page, in English and in Nepali, for a guest and for a signed-in customer, hydrates without an
 * error: a server render the browser parses differently (a block element inside a <p>, a text that differs between
 * server and browser) makes React throw away the page and render it again in the browser (error #418), which users
 * see as a flash and the shop pays for in speed.
 */
import { expect, test } from "@playwright/test";
import { CUSTOMER, firstProduct, signIn } from "./support/pages";

test.describe.configure({ timeout: 120_000 });

for (const who of ["guest", "signed-in customer"] as const) {
  test(`storefront pages hydrate without errors in both languages (${who})`, async ({ page }) => {
    const product = await firstProduct(page);
    if (who !== "guest") await signIn(page, CUSTOMER, { via: "api" });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message.slice(0, 160)}`));
    for (const prefix of ["", "/ne"]) {
      for (const path of ["/", "/products", `/products/${product.slug}`, "/cart", "/blogs", "/about", "/contact"]) {
        await page.goto(`${prefix}${path}`);
        await page.locator("html[data-hydrated]").waitFor();
        expect(await page.locator("html").getAttribute("lang")).toBe(prefix ? "ne" : "en");
      }
    }
    expect(errors).toEqual([]);
  });
}
