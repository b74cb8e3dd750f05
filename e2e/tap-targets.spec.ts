import { expect, test, type Page } from "@playwright/test";
import { CUSTOMER, placeCodOrder, signIn, visit } from "./support/pages";

/**
 * On a 360 px phone every control a thumb must hit is at least 44 × 44 CSS pixels (WCAG 2.5.5; docs/decisions/069).
 * Two kinds of element are measured differently, as WCAG does:
 * - an input hidden inside its label (size chips, checkboxes) is hit through the label, so the label is measured;
 * - a link inside a sentence of running text (a paragraph, or a label's text) is exempt (its size follows the line of text around it).
 * The skip link is off-screen until focused and is not measured.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const candidates = document.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea, [role=button]");
    for (const el of candidates) {
      if (el.classList.contains("sr-only") || el.closest("[hidden], [aria-hidden=true]")) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") continue;
      let target: HTMLElement = el;
      const label = el.closest("label");
      if (el.tagName === "INPUT" && label) target = label;
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || (el.tagName === "A" && r.width <= 1 && r.height <= 1)) continue;
      // A link in running text: an inline element whose paragraph has text of its own.
      if (style.display === "inline" && (el.parentElement?.tagName === "P" || el.parentElement?.tagName === "SPAN") && (el.parentElement.textContent ?? "").trim().length > (el.textContent ?? "").trim().length + 10) continue;
      if (r.width < 43.5 || r.height < 43.5) {
        const name = (el.getAttribute("aria-label") ?? el.textContent ?? el.getAttribute("name") ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return out;
  });
}

/** Each page's controls under 44 × 44 px, by path; only the pages that have some. */
async function smallTargetsOn(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await visit(page, path);
    const small = await smallTargets(page);
    if (small.length) found[path] = small;
  }
  return found;
}

test.describe("tap targets on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test("storefront, information and account pages have no control smaller than 44 × 44 px", async ({ page }) => {
    const list = (await (await page.request.get("/api/products?limit=1")).json()).data.products as { slug: string }[];
    const posts = (await (await page.request.get("/api/blogs?limit=1")).json()).data.blogs as { slug: string }[];
    expect(posts.length, "the demo data has a published post").toBeGreaterThan(0);
    const pages = [
      ...["/", "/products", `/products/${list[0]!.slug}`, "/blogs", `/blogs/${posts[0]!.slug}`, "/cart"],
      ...["/about", "/faq", "/contact", "/shipping", "/returns", "/size-guide", "/terms", "/privacy", "/newsletter"],
      ...["/login", "/register", "/forgot-password", "/reset-password", "/no-such-page"],
    ];
    expect(await smallTargetsOn(page, pages)).toEqual({});
  });

  test("the Nepali storefront's pages have no control smaller than 44 × 44 px", async ({ page }) => {
    // Nepali words are shorter or longer than the English ones: a link sized by its text can fall under 44 px.
    const list = (await (await page.request.get("/api/products?limit=1")).json()).data.products as { slug: string }[];
    const pages = ["/ne", "/ne/products", `/ne/products/${list[0]!.slug}`, "/ne/blogs", "/ne/cart", "/ne/contact", "/ne/login", "/ne/register", "/ne/forgot-password", "/ne/no-such-page"];
    expect(await smallTargetsOn(page, pages)).toEqual({});
  });

  test("a signed-in customer's profile, checkout and order page have no control smaller than 44 × 44 px", async ({ page }) => {
    await signIn(page, CUSTOMER);
    const orderId = (await placeCodOrder(page.request)).id;
    expect(await smallTargetsOn(page, ["/profile", "/checkout", `/orders/${orderId}`])).toEqual({});
  });
});
