/**
 * Accessibility: axe-core on every kind of page (shop, account, checkout, order, admin) finds no serious or critical
 * violation, and the header and a product page's size picker and Add to Cart work from the keyboard alone.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, CUSTOMER, firstProduct, signIn, visit } from "./support/pages";

test.describe.configure({ timeout: 120_000 });

async function seriousViolations(page: Page, path: string): Promise<string[]> {
  await visit(page, path);
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${path}: [${v.impact}] ${v.id} — ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
}

test("shop, account, checkout and order pages have no serious or critical axe violations", async ({ page }) => {
  const product = await firstProduct(page);
  const problems: string[] = [];
  for (const path of ["/", "/products", `/products/${product.slug}`, "/cart", "/login", "/register", "/blogs", "/contact"]) problems.push(...(await seriousViolations(page, path)));

  // A cart with a line, then the signed-in pages: checkout, profile, orders and one order.
  await visit(page, `/products/${product.slug}`);
  const size = product.sizes.find((s) => s.stock > 0)!.size;
  await page.getByRole("radio", { name: size, exact: true }).check({ force: true });
  await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
  problems.push(...(await seriousViolations(page, "/cart")));
  await signIn(page, CUSTOMER);
  for (const path of ["/checkout", "/profile", "/orders"]) problems.push(...(await seriousViolations(page, path)));
  const orders = await page.request.get("/api/orders");
  const first = (await orders.json()).data.orders[0] as { id: string } | undefined;
  if (first) problems.push(...(await seriousViolations(page, `/orders/${first.id}`)));
  expect(problems).toEqual([]);
});

test("the admin screens have no serious or critical axe violations", async ({ page }) => {
  await signIn(page, ADMIN);
  const problems: string[] = [];
  for (const path of ["/admin", "/admin/products", "/admin/orders", "/admin/users", "/admin/categories", "/admin/blogs", "/admin/messages", "/admin/settings", "/admin/audit", "/admin/invoices"]) {
    problems.push(...(await seriousViolations(page, path)));
  }
  expect(problems).toEqual([]);
});

test("the header, a size and Add to Cart work from the keyboard alone", async ({ page }) => {
  const product = await firstProduct(page);
  await visit(page, `/products/${product.slug}`);
  await page.waitForLoadState("networkidle");

  // Tab from the top: the skip link first, then the header's links and buttons, each visibly focused.
  await page.keyboard.press("Tab");
  await expect(page.locator(":focus")).toHaveText(/Skip to content/);
  const seen: string[] = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const style = el && getComputedStyle(el);
      return el ? { tag: el.tagName, name: el.getAttribute("aria-label") || el.textContent?.trim() || "", inHeader: Boolean(el.closest("header")), ring: style!.outlineColor, offset: style!.outlineOffset } : null;
    });
    if (focused?.inHeader) {
      seen.push(`${focused.tag}:${focused.name}`);
      if (focused.tag === "BUTTON" && focused.name === "Search") {
        // The search button sits on the white field: its ring is blue and inside it, so all of it shows.
        expect([focused.ring, focused.offset]).toEqual(["rgb(0, 56, 147)", "-2px"]);
      } else {
        // The header is the shop's blue: its ring is white, or it would not be seen (it was the same blue).
        expect(focused.ring, `${focused.tag}:${focused.name}`).toBe("rgb(255, 255, 255)");
      }
    }
  }
  expect(seen.length).toBeGreaterThanOrEqual(3);

  // The size picker: reach a size by Tab, choose it with the keyboard, then Add to Cart with Enter.
  const size = product.sizes.find((s) => s.stock > 0)!.size;
  const radio = page.getByRole("radio", { name: size, exact: true });
  await radio.focus();
  await page.keyboard.press("Space");
  await expect(radio).toBeChecked();
  let reached = false;
  for (let i = 0; i < 25 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => /Add to Cart/.test(document.activeElement?.textContent ?? ""));
  }
  expect(reached, "Add to Cart is reachable with Tab after the size").toBe(true);
  await page.keyboard.press("Enter");
  await expect(page.getByText("added to cart!").first()).toBeVisible();
});

test("the phone menu closes with Escape and gives focus back to its button; rings on the dark footer are white", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await visit(page, "/");
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  const menu = page.locator("#mobile-menu");
  await expect(menu).toBeVisible();
  // Tab into the menu (the search box under the header comes first).
  let inside = false;
  for (let i = 0; i < 6 && !inside; i++) {
    await page.keyboard.press("Tab");
    inside = await page.evaluate(() => Boolean(document.activeElement?.closest("#mobile-menu")));
  }
  expect(inside).toBe(true);
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

  const footerLink = page.getByRole("contentinfo").getByRole("link").first();
  await footerLink.focus();
  expect(await footerLink.evaluate((el) => el.matches(":focus-visible") && getComputedStyle(el).outlineColor)).toBe("rgb(255, 255, 255)");
});
