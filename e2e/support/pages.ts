import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { CUSTOMER } from "./sign-in";

export { ADMIN, CUSTOMER, signIn } from "./sign-in";

/**
 * Options for a screenshot of the whole page. The parts of a page below the first screen are laid out only when they
 * come near the viewport (content-visibility: auto, docs/decisions/128), and a capture beyond the viewport does not
 * bring them there, so without the style they would show as empty boxes in the picture (not on screen).
 */
export const WHOLE_PAGE = { fullPage: true, style: "* { content-visibility: visible !important; }" } as const;

/**
 * Records every Content-Security-Policy violation a page reports: the `securitypolicyviolation` event (collected by
 * an init script, which CSP does not govern) and Chromium's console errors about the policy.
 */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy/i.test(msg.text())) consoleErrors.push(msg.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  return async () => {
    const fromEvents = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => []);
    return [...consoleErrors, ...fromEvents];
  };
}

export interface ApiProduct {
  id: string;
  name: string;
  slug: string;
  sizes: { size: string; stock: number }[];
}

/**
 * The products `GET /api/products?{query}` lists, each as its product API answers (`GET /api/products/{id}`): the
 * list sends what a list shows (no sizes, one picture), so the sizes and pictures a test needs are read per product.
 */
export async function listedProducts<T = ApiProduct>(request: APIRequestContext, query: string): Promise<T[]> {
  const res = await request.get(`/api/products?${query}`);
  expect(res.ok()).toBe(true);
  const listed = (await res.json()).data.products as { id: string }[];
  return Promise.all(
    listed.map(async ({ id }) => {
      const one = await request.get(`/api/products/${encodeURIComponent(id)}`);
      expect(one.ok()).toBe(true);
      return (await one.json()).data.product as T;
    }),
  );
}

/** A listed product with its prices, as the cart keeps a line. */
export interface PricedProduct extends ApiProduct {
  price: number;
  finalPrice: number;
}

/**
 * Puts one in-stock jersey (the `skip`-th with a size of at least 3 in stock) into the cart the way the cart module
 * stores it (localStorage "cart"), so a test does not depend on the product page's buttons; returns it.
 */
export async function fillCart(page: Page, skip = 0): Promise<PricedProduct> {
  const all = await listedProducts<PricedProduct>(page.request, "limit=50");
  const product = all.filter((p) => p.sizes.some((s) => s.stock >= 3))[skip]!;
  const size = product.sizes.find((s) => s.stock >= 3)!;
  await page.evaluate(
    ([p, s]) => {
      const line = { key: `${p.id}-${s.size}-default`, productId: p.id, name: p.name, slug: p.slug, image: null, price: p.finalPrice, originalPrice: p.price, quantity: 1, stock: s.stock, size: s.size, color: "default" };
      localStorage.setItem("cart", JSON.stringify([line]));
    },
    [product, size] as const,
  );
  return product;
}

/** Where a test's cash orders go unless it names another address (Lalitpur, in the Kathmandu Valley). */
const LALITPUR = { address: "Jhamsikhel Road 12", province: "Bagmati", district: "Lalitpur", area: "Lalitpur", postalCode: "44700" };

/**
 * The signed-in demo customer orders one jersey of a size with stock, cash on delivery, through the API (the checkout
 * itself has its own specs); with `key`, under an idempotency key made from it.
 */
export async function placeCodOrder(
  request: APIRequestContext,
  options: { key?: string; where?: { address: string; province: string; district: string; area: string; postalCode: string } } = {},
): Promise<{ id: string; orderNumber: string }> {
  const products = await listedProducts<ApiProduct>(request, "limit=50");
  const product = products.find((p) => p.sizes.some((s) => s.stock > 2))!;
  const placed = await request.post("/api/orders", {
    headers: options.key ? { "idempotency-key": `${options.key}-${Date.now()}` } : {},
    data: {
      items: [{ productId: product.id, size: product.sizes.find((s) => s.stock > 2)!.size, quantity: 1 }],
      shippingAddress: { fullName: "Sita Sharma", email: CUSTOMER.email, phone: "9800000001", ...(options.where ?? LALITPUR) },
      paymentMethod: "COD",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()).data.order;
}

export async function firstProduct(page: Page): Promise<ApiProduct> {
  const products = await listedProducts(page.request, "limit=5");
  return products.find((p) => p.sizes.some((s) => s.stock > 0))!;
}

/**
 * Opens a page and waits until React has hydrated it (root.tsx marks `<html data-hydrated>`; on a catalogue page, its
 * cards after the document's first eight too). The storefront's read-first
 * pages request their scripts only after the first paint (docs/decisions/072), so the load event no longer means the
 * buttons answer; a person needs longer than that to click, a test does not.
 */
export async function visit(page: Page, path: string, options?: Parameters<Page["goto"]>[1]) {
  const response = await page.goto(path, options);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // A catalogue document's cards after its first eight hydrate when the browser has fetched them (docs/decisions/152, 170).
  await expect(page.locator("[data-later-cards]")).toHaveCount(0);
  return response;
}

/**
 * Fills checkout's address the way a shopper does: province, then a district of that province (the district decides
 * the shipping fee), municipality/area, street/tole and landmark.
 */
export async function fillShippingAddress(page: Page, a: { province: string; district: string; area: string; street: string; landmark?: string }) {
  const form = page.getByRole("group", { name: "Shipping Information" });
  await form.getByLabel("Province").selectOption(a.province);
  await form.getByLabel("District").selectOption(a.district);
  await form.getByLabel("Municipality / Area").fill(a.area);
  await form.getByLabel("Street / Tole").fill(a.street);
  if (a.landmark !== undefined) await form.getByLabel("Landmark").fill(a.landmark);
}

/**
 * Opens the reset-password link of the newest reset e-mail to `email` from the development outbox (`/dev/mail`). The
 * e-mail is sent just after the answer to the request (docs/decisions/079), so the outbox is read again until it is there.
 */
export async function openResetLink(page: Page, email: string) {
  const mail = page.getByRole("row", { name: new RegExp(email) }).getByRole("link", { name: "Reset your Khelkud password" }).first();
  await expect(async () => {
    await page.goto("/dev/mail");
    await expect(mail).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await mail.click();
  await page.getByRole("link", { name: /\/reset-password\?token=/ }).click();
}
