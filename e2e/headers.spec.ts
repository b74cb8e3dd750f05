import { expect, test } from "@playwright/test";
import { ADMIN, CUSTOMER, firstProduct, signIn, watchCsp, visit } from "./support/pages";

test.describe("security headers in the browser", () => {
  test("shop pages hydrate under the Content-Security-Policy without a single violation", async ({ page }) => {
    const violations = await watchCsp(page);
    const product = await firstProduct(page);
    const res = await visit(page, "/");
    const csp = res!.headers()["content-security-policy"]!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res!.headers()["x-content-type-options"]).toBe("nosniff");

    for (const path of ["/", "/products", `/products/${product.slug}`, "/cart", "/blogs", "/contact", "/login", "/register", "/faq", "/no-such-page"]) {
      await visit(page, path);
      await page.waitForLoadState("networkidle");
    }
    // Hydrated: the size picker and Add to Cart work (they need the scripts the nonce lets run).
    await visit(page, `/products/${product.slug}`);
    const size = product.sizes.find((s) => s.stock > 0)!.size;
    await page.getByRole("radio", { name: size, exact: true }).check({ force: true });
    await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
    await expect(page.getByText("added to cart!").first()).toBeVisible();

    await signIn(page, CUSTOMER);
    for (const path of ["/profile", "/orders", "/checkout"]) {
      await visit(page, path);
      await page.waitForLoadState("networkidle");
    }
    expect(await violations()).toEqual([]);
  });

  test("the admin screens and the API docs run under the policy", async ({ page }) => {
    const violations = await watchCsp(page);
    await signIn(page, ADMIN);
    for (const path of ["/admin", "/admin/products", "/admin/orders", "/admin/users", "/admin/blogs", "/admin/settings", "/api/docs"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    expect(await violations()).toEqual([]);
  });

  test("pages kept for anonymous visitors carry each response's own nonce; a signed-in visitor's page is never shared", async ({ page, playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const nonceOf = (csp: string) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)![1]!;
    const bodies: string[] = [];
    const nonces: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await anonymous.get("/products");
      expect(res.status()).toBe(200);
      const nonce = nonceOf(res.headers()["content-security-policy"]!);
      const html = await res.text();
      // Every nonce in the page is this response's: the policy lets exactly these scripts run.
      const inPage = [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
      expect(inPage.length).toBeGreaterThan(2);
      expect(new Set(inPage)).toEqual(new Set([nonce]));
      nonces.push(nonce);
      bodies.push(html.replaceAll(nonce, "NONCE"));
    }
    expect(new Set(nonces).size).toBe(3);
    expect(bodies[1]).toBe(bodies[0]);

    // A signed-in customer's page names them; the anonymous copy of the same URL never does.
    await signIn(page, CUSTOMER);
    const mine = await page.request.get("/products");
    expect(await mine.text()).toContain(CUSTOMER.email);
    const theirs = await anonymous.get("/products");
    expect(await theirs.text()).not.toContain(CUSTOMER.email);
    await anonymous.dispose();
  });

  test("a script injected into a page without the nonce does not run", async ({ page }) => {
    await visit(page, "/");
    const ran = await page.evaluate(async () => {
      const s = document.createElement("script");
      s.textContent = "window.__injected = true";
      document.body.append(s);
      const img = document.createElement("img");
      img.setAttribute("onerror", "window.__injected = true");
      img.src = "data:,broken";
      document.body.append(img);
      await new Promise((r) => setTimeout(r, 300));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
  });

  test("the eSewa form posts to the configured eSewa origin (the payment simulator here) and its pages render", async ({ page }) => {
    const violations = await watchCsp(page);
    await visit(page, "/");
    // The shop's auto-submitted eSewa form: a plain HTML POST to the configured form URL.
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "POST";
      form.action = "/_simulator/esewa/api/epay/main/v2/form";
      for (const [k, v] of Object.entries({ amount: "100", total_amount: "100", transaction_uuid: "x-1", product_code: "EPAYTEST" })) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = k;
        input.value = v;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    });
    await page.waitForURL(/\/_simulator\//);
    await expect(page.locator("body")).toContainText(/eSewa/i);
    expect(await violations()).toEqual([]);
  });
});
