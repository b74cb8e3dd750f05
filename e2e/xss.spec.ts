/**
 * Stored script injection: the corpus is saved through the real APIs into every text a customer or an administrator
 * can save (names, addresses, order notes, product and category fields, order history notes, reviews, contact
 * messages, admin-created users), then every page that shows them is rendered in Chromium. The browser context
 * bypasses the Content-Security-Policy, so this proves the escaping and sanitising themselves, not only the policy.
 * Blog posts are HTML: e2e/admin-blog.spec.ts writes a script payload through the editor and the admin API, and the
 * sanitiser has its own server tests.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { visit as openHydrated } from "./support/pages";
import { ADMIN, signIn } from "./support/sign-in";
import { PAYLOADS, SHORT } from "./support/xss-payloads";

test.describe.configure({ timeout: 150_000 });

const pick = (i: number) => SHORT[i % SHORT.length]!;
/** Payloads joined to fit a field of `max` characters, starting at payload `from`. */
function joined(max: number, from = 0): string {
  let out = "";
  for (let i = 0; i < PAYLOADS.length; i++) {
    const p = PAYLOADS[(from + i) % PAYLOADS.length]!;
    if (out.length + p.length + 1 > max) break;
    out += `${p}\n`;
  }
  return out.trim();
}

async function ok(res: Awaited<ReturnType<APIRequestContext["post"]>>, what: string) {
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()).data;
}

interface Saved {
  productSlugs: string[];
  orderId: string;
  customer: { email: string; password: string };
}

async function saveEverything(request: APIRequestContext): Promise<Saved> {
  const admin = await ok(await request.post("/api/auth/login", { data: ADMIN }), "admin sign-in");
  const asAdmin = { authorization: `Bearer ${admin.token}` };

  // Catalogue: a category and products whose every text field carries payloads.
  const category = await ok(await request.post("/api/admin/categories", { headers: asAdmin, data: { name: `${pick(0)} Kits`, description: joined(1000, 3), type: "PRODUCT" } }), "category");
  const categoryId = category.category.id;
  const productSlugs: string[] = [];
  for (let i = 0; i < 4; i++) {
    const body = {
      name: `Jersey ${i} ${pick(i * 3)}`,
      categoryId,
      description: joined(10_000, i * 7),
      price: 250_000,
      sizes: [{ size: "M", stock: 50 }],
      colors: [pick(i + 1).slice(0, 40)],
      brand: pick(i + 2),
      team: pick(i + 4),
      featured: i === 0,
      isNew: true,
      metaTitle: joined(200, i),
      metaDescription: joined(500, i + 9),
      keywords: [pick(i + 5).slice(0, 60)],
    };
    const created = await ok(await request.post("/api/admin/products", { headers: asAdmin, data: body }), `product ${i}`);
    productSlugs.push(created.product.slug);
  }
  const productId = (await ok(await request.get(`/api/products/slug/${encodeURIComponent(productSlugs[0]!)}`), "product by slug")).product.id;

  // A customer whose name, address and order carry payloads.
  const customer = { email: `xss-${Date.now()}@example.com`, password: "Secret123" };
  const reg = await ok(await request.post("/api/auth/register", { data: { name: pick(7), email: customer.email, phone: "9812345678", password: customer.password, confirmPassword: customer.password } }), "register");
  const asCustomer = { authorization: `Bearer ${reg.token}` };
  await ok(
    await request.put("/api/users/profile", { headers: asCustomer, data: { name: pick(9), email: customer.email, phone: "9812345678", address: { street: joined(200, 11), city: pick(12), state: pick(13), postalCode: "44600", country: "Nepal" } } }),
    "profile",
  );
  const order = await ok(
    await request.post("/api/orders", {
      headers: asCustomer,
      data: {
        items: [{ productId, size: "M", quantity: 1, color: pick(1).slice(0, 40) }],
        shippingAddress: { fullName: pick(15), email: customer.email, phone: "9812345678", province: "Bagmati", district: "Kathmandu", area: pick(17), address: joined(300, 16), landmark: pick(19), postalCode: "44600" },
        paymentMethod: "COD",
        notes: joined(500, 18),
      },
    }),
    "order",
  );
  const orderId = order.order.id;
  await ok(await request.post("/api/payments/cod/process", { headers: asCustomer, data: { orderId } }), "cod");
  for (const [i, status] of ["SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"].entries()) {
    await ok(await request.patch(`/api/admin/orders/${orderId}/status`, { headers: asAdmin, data: { status, note: joined(500, 20 + i * 5), trackingNumber: pick(21 + i) } }), status);
  }
  await ok(await request.post(`/api/products/${productId}/reviews`, { headers: asCustomer, data: { rating: 5, comment: joined(2000, 25) } }), "review");

  // A contact message and an admin-created user.
  await ok(
    await request.post("/api/contact", { data: { firstName: pick(30), lastName: pick(31), email: "xss@example.com", subject: "Feedback", message: joined(5000, 32) } }),
    "contact",
  );
  await ok(await request.post("/api/admin/users", { headers: asAdmin, data: { name: pick(33), email: `xss-admin-made-${Date.now()}@example.com`, role: "USER" } }), "admin user");
  return { productSlugs, orderId, customer };
}

/** A browser context that ignores CSP and reports any payload that runs. */
async function watchedPage(browser: Browser) {
  const context = await browser.newContext({ bypassCSP: true });
  const dialogs: string[] = [];
  const page = await context.newPage();
  page.on("dialog", (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return { context, page, dialogs };
}

/** Visits a page, moves the pointer over and focuses what it can, and reports whether any payload ran. */
async function visitAndProbe(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  await openHydrated(page, path);
  await page.waitForLoadState("networkidle");
  await page.mouse.move(200, 300);
  await page.mouse.move(600, 500);
  const state = await page.evaluate(() => ({
    ran: (window as unknown as { __xss?: unknown }).__xss !== undefined,
    handlers: document.querySelectorAll("[onerror],[onload],[onclick],[onfocus],[ontoggle],[onbegin],[onstart],[onmouseover]").length,
    jsLinks: [...document.querySelectorAll("a[href],iframe[src],form[action],object[data],embed[src]")].filter((e) =>
      /^\s*(javascript|data):/i.test(e.getAttribute("href") ?? e.getAttribute("src") ?? e.getAttribute("action") ?? e.getAttribute("data") ?? ""),
    ).length,
    // Page data (React Router's hydration JSON, JSON-LD) may quote a payload as text; a payload's own script would start with it.
    injectedScripts: [...document.scripts].filter((s) => /^\s*(window\.__xss|parent\.__xss|alert\()/.test(s.textContent ?? "") || /^\s*data:/i.test(s.getAttribute("src") ?? "")).length,
  }));
  if (state.ran) problems.push(`${path}: a payload ran (window.__xss set)`);
  if (state.handlers) problems.push(`${path}: ${state.handlers} element(s) with inline event handlers`);
  if (state.jsLinks) problems.push(`${path}: ${state.jsLinks} javascript:/data: link(s)`);
  if (state.injectedScripts) problems.push(`${path}: ${state.injectedScripts} injected script element(s)`);
  return problems;
}

test("no stored payload runs on any page that shows it (customer, shopper and admin views)", async ({ browser, request }) => {
  expect(PAYLOADS.length).toBeGreaterThanOrEqual(50);
  const saved = await saveEverything(request);
  const problems: string[] = [];

  // Shopper and customer pages.
  const shopper = await watchedPage(browser);
  for (const path of ["/", "/products", `/products?q=${encodeURIComponent("Jersey")}`, ...saved.productSlugs.map((s) => `/products/${encodeURIComponent(s)}`)]) {
    problems.push(...(await visitAndProbe(shopper.page, path)));
  }
  await signIn(shopper.page, saved.customer);
  for (const path of ["/profile", "/orders", `/orders/${saved.orderId}`]) problems.push(...(await visitAndProbe(shopper.page, path)));
  problems.push(...shopper.dialogs);
  await shopper.context.close();

  // Admin screens.
  const admin = await watchedPage(browser);
  await signIn(admin.page, ADMIN);
  for (const path of ["/admin", "/admin/products", "/admin/orders", "/admin/users", "/admin/categories", "/admin/messages", "/admin/audit", "/debug/products"]) {
    problems.push(...(await visitAndProbe(admin.page, path)));
  }
  // Open the order's detail in the admin (its history notes and address carry payloads).
  await admin.page.goto("/admin/orders");
  const row = admin.page.getByRole("row").filter({ hasText: /ORD|KK|#/ }).first();
  if (await row.count()) {
    await row.click().catch(() => undefined);
    await admin.page.waitForTimeout(500);
    problems.push(...(await visitAndProbe(admin.page, admin.page.url().replace(/^https?:\/\/[^/]+/, ""))));
  }
  problems.push(...admin.dialogs);
  await admin.context.close();

  expect(problems).toEqual([]);
});
