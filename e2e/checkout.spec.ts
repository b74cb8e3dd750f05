import { expect, test, type Page } from "@playwright/test";
import { fillShippingAddress, visit, listedProducts } from "./support/pages";
import { CUSTOMER, signIn } from "./support/sign-in";

interface ApiProduct {
  id: string;
  name: string;
  slug: string;
  finalPrice: number;
  price: number;
  images: { url: string }[];
  sizes: { size: string; stock: number }[];
}


async function products(page: Page): Promise<ApiProduct[]> {
  return listedProducts<ApiProduct>(page.request, "limit=50");
}

const inStock = (p: ApiProduct) => p.sizes.filter((s) => s.stock > 0);

/** The product page's size picker: visually hidden radios inside their labels, so the label is what a shopper taps. */
async function addToCart(page: Page, product: ApiProduct, size: string) {
  await visit(page, `/products/${product.slug}`);
  const radio = page.getByRole("radio", { name: size, exact: true });
  await page.locator("label", { has: radio }).click();
  await expect(radio).toBeChecked();
  await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
  await expect(page.getByText(`added to cart!`).first()).toBeVisible();
}

test.describe("checkout", () => {
  test("a guest fills a cart, signs in on the way to checkout, pays cash on delivery and finds the order", async ({ page }) => {
    const all = await products(page);
    const jersey = all.find((p) => inStock(p).length >= 2)!;
    const other = all.find((p) => p.id !== jersey.id && inStock(p).length >= 1)!;
    const [s1, s2] = inStock(jersey);
    await addToCart(page, jersey, s1!.size);
    await addToCart(page, jersey, s2!.size);
    await addToCart(page, other, inStock(other)[0]!.size);

    // The header cart button opens the side panel with the three lines.
    await page.getByRole("button", { name: "Cart, 3 items" }).click();
    const panel = page.getByRole("dialog", { name: /Your Cart/ });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("listitem")).toHaveCount(3);
    await panel.getByRole("link", { name: "View Cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("list", { name: "Cart items" }).getByRole("listitem").filter({ hasText: jersey.name })).toHaveCount(2);
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();

    // Signed out: to sign-in, carrying the way back.
    await expect(page).toHaveURL(/\/login\?redirect=\/checkout/);
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill(CUSTOMER.email);
    await page.getByRole("main").getByLabel("Password", { exact: true }).fill(CUSTOMER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/checkout$/);

    // The address fields' labels end in " *", so an exact "Email" in the page is the sign-in form's, which stays on
    // screen for a moment after the address has changed: read checkout's own field once checkout is drawn.
    await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
    await expect(page.getByRole("group", { name: "Shipping Information" }).getByLabel(/^Email/)).toHaveValue(CUSTOMER.email);
    await expect(page.getByRole("radio", { name: /Cash on Delivery/ })).toBeChecked();
    await expect(page.getByRole("radio", { name: /Credit \/ Debit Card/ })).toBeDisabled();
    await fillShippingAddress(page, { province: "Bagmati", district: "Kathmandu", area: "Kathmandu Metropolitan City", street: "Jhamsikhel Road 12" });
    await page.getByRole("button", { name: "Place Order" }).click();

    await expect(page).toHaveURL(/\/order-success\?orderId=/);
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    const short = orderId.slice(-8).toUpperCase();
    await expect(page.getByTestId("order-number")).toHaveText(`#${short}`);
    // The cart was cleared once the order was confirmed.
    await expect(page.getByRole("button", { name: "Cart", exact: true })).toBeVisible();

    await page.goto("/profile?tab=orders");
    const card = page.getByRole("article", { name: `Order #${short}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText("+1 more items");
    await card.getByRole("link", { name: /View Details/ }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
    await expect(page.getByRole("heading", { name: `Order #${short}`, level: 1 })).toBeVisible();
    const timeline = page.getByRole("list", { name: "Order progress" });
    await expect(timeline.getByRole("listitem")).toHaveCount(5);
    await expect(timeline.getByRole("listitem").nth(0)).toContainText("Order Placed (done)");
    await expect(timeline.getByRole("listitem").nth(1)).toContainText("Processing (done)");
    await expect(timeline.getByRole("listitem").nth(2)).toContainText("Shipped (not yet)");
  });

  test("the cart page checks the cart with the server and says what changed", async ({ page }) => {
    const all = await products(page);
    const p = all.find((x) => inStock(x).some((s) => s.stock >= 2))!;
    const size = inStock(p).find((s) => s.stock >= 2)!;
    await visit(page, "/");
    // A cart saved earlier, when the jersey cost more and more were wanted than exist.
    // And a jersey the shop has since taken off sale (no product has this id).
    const retired = { key: "retired-jersey-M-default", productId: "retired-jersey-id", name: "Retired Club Jersey", slug: "retired-club-jersey", image: null, price: 333_300, originalPrice: 333_300, quantity: 3, stock: 5, size: "M", color: "default" };
    await page.evaluate(
      ([prod, s, gone]) => {
        const line = { key: `${prod.id}-${s.size}-default`, productId: prod.id, name: prod.name, slug: prod.slug, image: null, price: prod.finalPrice + 50_000, originalPrice: prod.price, quantity: s.stock + 5, stock: s.stock + 5, size: s.size, color: "default" };
        localStorage.setItem("cart", JSON.stringify([line, gone]));
      },
      [p, size, retired] as const,
    );
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
    // The retired line says so and offers only Remove: no quantity to change, no amount that is not charged.
    const gone = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: retired.name }) });
    await expect(page.getByRole("list", { name: `What changed for ${retired.name}` })).toBeVisible();
    await expect(page.getByText("Remove the items that are no longer available to continue.")).toBeVisible();
    await expect(gone.getByRole("button", { name: `Remove ${retired.name}` })).toBeVisible();
    expect(await gone.getByRole("group", { name: `Quantity of ${retired.name}` }).count()).toBe(0);
    expect(await gone.getByText("Rs. 9,999").count()).toBe(0);
    await gone.getByRole("button", { name: `Remove ${retired.name}` }).click();
    await expect(gone).toHaveCount(0);
    const changes = page.getByRole("list", { name: `What changed for ${p.name}` });
    await expect(changes).toContainText("Price dropped from");
    await expect(changes).toContainText(size.stock > 10 ? "At most 10 of one item per order" : `Only ${size.stock} left in size ${size.size}`);
    await expect(page.getByRole("group", { name: `Quantity of ${p.name}` })).toContainText(String(Math.min(size.stock, 10)));
    await expect(page.getByText(/more for free shipping|You get free shipping!/)).toBeVisible();

    await page.getByRole("button", { name: "Clear Cart" }).click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toBeVisible();
  });

  test("an order answered 502 by an instance that died mid-request is sent again with the same key: the shopper gets one order", async ({ page }) => {
    await signIn(page, CUSTOMER, { via: "api" });
    const ordersNow = async () => (await (await page.request.get("/api/orders?limit=100")).json()).data.orders as { id: string }[];
    const before = await ordersNow();
    const jersey = (await products(page)).find((p) => inStock(p).length >= 1)!;

    // The first POST reaches the shop (the order is made), but its answer is lost: nginx says 502 Bad Gateway.
    const keys: string[] = [];
    await page.route("**/api/orders", async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      keys.push(request.headers()["idempotency-key"] ?? "");
      if (keys.length > 1) return route.continue();
      await route.fetch();
      return route.fulfill({ status: 502, contentType: "text/html", body: "<html><body><h1>502 Bad Gateway</h1></body></html>" });
    });

    await addToCart(page, jersey, inStock(jersey)[0]!.size);
    await page.goto("/checkout");
    await fillShippingAddress(page, { province: "Bagmati", district: "Kathmandu", area: "Kathmandu Metropolitan City", street: "Jhamsikhel Road 12" });
    await page.getByRole("button", { name: "Place Order" }).click();

    await expect(page).toHaveURL(/\/order-success\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const after = await ordersNow();
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((o) => !before.some((b) => b.id === o.id)).map((o) => o.id)).toEqual([orderId]);
  });

  test("checkout, Buy Now and /orders send a guest to sign in with the way back", async ({ request, page }) => {
    const checkout = await request.get("/checkout", { maxRedirects: 0 });
    expect(checkout.status()).toBe(302);
    expect(checkout.headers()["location"]).toBe("/login?redirect=/checkout&reason=checkout");
    const buyNow = await request.get("/checkout?buyNow=1", { maxRedirects: 0 });
    expect(buyNow.headers()["location"]).toBe("/login?redirect=/checkout%3FbuyNow%3D1&reason=buy-now");
    const orders = await request.get("/orders", { maxRedirects: 0 });
    expect(orders.headers()["location"]).toBe("/login?redirect=/orders");
    // The sign-in page says why a guest who went to checkout is there.
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/login\?redirect=\/checkout&reason=checkout$/);
    await expect(page.getByText("Please login to proceed with your purchase")).toBeVisible();
  });

  test("the district decides shipping: Lalitpur pays the Kathmandu Valley fee, Kaski the fee for elsewhere", async ({ page }) => {
    const all = await products(page);
    // Below the free-shipping threshold, so a fee applies.
    const jersey = all.find((p) => p.finalPrice < 500_000 && inStock(p).some((s) => s.stock >= 2))!;
    const size = inStock(jersey).find((s) => s.stock >= 2)!.size;
    await page.goto("/login");
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill(CUSTOMER.email);
    await page.getByRole("main").getByLabel("Password", { exact: true }).fill(CUSTOMER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).not.toHaveURL(/\/login/);

    const orderIn = async (address: Parameters<typeof fillShippingAddress>[1], fee: string) => {
      await addToCart(page, jersey, size);
      await visit(page, "/checkout");
      await fillShippingAddress(page, address);
      const summary = page.getByRole("complementary", { name: "Order Summary" });
      await expect(summary.getByText(`${address.district} district`)).toBeVisible();
      await expect(summary.locator("dd").nth(1)).toHaveText(fee);
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page).toHaveURL(/\/order-success\?orderId=/);
      const orderId = new URL(page.url()).searchParams.get("orderId")!;
      return (await (await page.request.get(`/api/orders/${orderId}`)).json()).data.order as { shippingCost: number; shippingAddress: Record<string, string> };
    };

    const lalitpur = await orderIn({ province: "Bagmati", district: "Lalitpur", area: "Lalitpur Metropolitan City", street: "Jhamsikhel Road 12", landmark: "Near St. Xavier's" }, "Rs. 150");
    expect(lalitpur.shippingCost).toBe(15_000);
    expect(lalitpur.shippingAddress).toMatchObject({ province: "Bagmati", district: "Lalitpur", area: "Lalitpur Metropolitan City", landmark: "Near St. Xavier's" });
    // "Kathmandu" typed as the area changes nothing: the fee follows the district.
    const kaski = await orderIn({ province: "Gandaki", district: "Kaski", area: "Kathmandu", street: "Lakeside 6" }, "Rs. 200");
    expect(kaski.shippingCost).toBe(20_000);
    await page.goto(`/profile?tab=orders`);
    await expect(page.getByText("Lakeside 6, Kathmandu, Kaski, Gandaki Province").first()).toBeVisible();
  });
});
