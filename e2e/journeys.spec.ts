import { expect, test } from "@playwright/test";
import { visit, listedProducts } from "./support/pages";
import { ADMIN, CUSTOMER, signIn } from "./support/sign-in";

/** Journeys that cross issues: content ↔ admin, checkout ↔ admin ↔ reviews. */


test("a message sent from the contact page appears in the admin inbox", async ({ page, browser }) => {
  const text = `Do you have the Nepal ODI jersey in XXL? (ref ${Date.now()})`;
  await page.goto("/contact");
  await page.getByLabel("First name").fill("Bikash");
  await page.getByLabel("Last name").fill("Tamang");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(`bikash.${Date.now()}@example.com`);
  await page.getByLabel("Subject").selectOption("Product Question");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill(text);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message sent" })).toBeVisible();

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage.request, ADMIN);
  await adminPage.goto("/admin/messages");
  const row = adminPage.getByRole("row").filter({ hasText: text });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Bikash Tamang");
  await expect(row).toContainText("Product Question");
  await admin.close();
});

test("a delivered order's Write Review leads to a posted review on the product page", async ({ page, browser }) => {
  // A fresh customer, so no earlier run's review is in the way.
  const email = `reviewer.${Date.now()}@example.com`;
  const password = "Jersey2026";
  const reg = await page.request.post("/api/auth/register", { data: { name: "Pemba Sherpa", email, phone: "9851012345", password, confirmPassword: password } });
  expect(reg.status(), await reg.text()).toBe(201);

  const list = await listedProducts<{ id: string; slug: string; name: string; sizes: { size: string; stock: number }[] }>(page.request, "limit=50");
  const product = list.find((p) => p.sizes.some((s) => s.stock > 0))!;
  const size = product.sizes.find((s) => s.stock > 0)!.size;
  const placed = await page.request.post("/api/orders", {
    data: {
      items: [{ productId: product.id, size, quantity: 1 }],
      shippingAddress: { fullName: "Pemba Sherpa", email, phone: "9851012345", address: "Boudha Road 5", province: "Bagmati", district: "Kathmandu", area: "Kathmandu", postalCode: "44600" },
      paymentMethod: "COD",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = (await placed.json()).data.order.id as string;
  expect((await page.request.post("/api/payments/cod/process", { data: { orderId } })).status()).toBe(200);

  // The shop ships and delivers it.
  const admin = await browser.newContext();
  await signIn(admin.request, ADMIN);
  for (const status of ["SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"]) {
    const res = await admin.request.patch(`/api/admin/orders/${orderId}/status`, { data: { status } });
    expect(res.status(), await res.text()).toBe(200);
  }
  await admin.close();

  await page.goto(`/orders/${orderId}`);
  await page.getByRole("link", { name: "Write Review" }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}\\?review=true$`));
  const form = page.getByRole("form", { name: "Write a review" });
  await expect(form).toBeVisible();
  await form.locator("label", { has: page.getByRole("radio", { name: "4 stars" }) }).click();
  const comment = `Fits true to size, colours are bright. ${Date.now()}`;
  await form.getByLabel(/Your review/).fill(comment);
  await form.getByRole("button", { name: "Submit Review" }).click();

  const review = page.getByText(comment);
  await expect(review).toBeVisible();
  await expect(page.getByText("Verified buyer").first()).toBeVisible();
  // Stored on the server, not just shown: still there after a reload.
  await page.reload();
  await expect(page.getByText(comment)).toBeVisible();
});

test("a shopper moves a wished jersey to the cart only after choosing its size", async ({ page }) => {
  const products = await listedProducts<{ id: string; name: string; slug: string; sizes: { size: string; stock: number }[] }>(page.request, "limit=12&sort=name");
  // A jersey with several sizes in stock: the shop must not pick one (it used to take the first, e.g. a youth size).
  const jersey = products.find((p) => p.sizes.filter((s) => s.stock > 0).length >= 3)!;
  const wanted = jersey.sizes.filter((s) => s.stock > 0).at(-1)!.size;
  await signIn(page, CUSTOMER);
  await visit(page, "/products?sort=name");
  await page.getByRole("article").filter({ has: page.getByRole("heading", { name: jersey.name, exact: true }) }).getByRole("button", { name: `Add ${jersey.name} to wishlist` }).click();
  await expect(page.getByText(`${jersey.name} added to wishlist!`)).toBeVisible();

  await visit(page, "/profile?tab=wishlist");
  const wished = page.getByRole("list", { name: "Wishlist" }).getByRole("listitem").filter({ hasText: jersey.name });
  await wished.getByRole("button", { name: `Add to Cart ${jersey.name}` }).click();
  const dialog = page.getByRole("dialog", { name: jersey.name });
  await expect(dialog).toBeVisible();
  // Nothing is in the cart and the jersey is still wished until a size is chosen.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]").length)).toBe(0);
  await dialog.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please select a size");
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]").length)).toBe(0);

  await dialog.locator("label", { has: page.getByRole("radio", { name: wanted, exact: true }) }).click();
  await dialog.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`1 x ${jersey.name} (${wanted}) added to cart!`)).toBeVisible();
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]") as { productId: string; size: string; quantity: number }[]);
  expect(cart).toEqual([expect.objectContaining({ productId: jersey.id, size: wanted, quantity: 1 })]);
  await expect(wished).toHaveCount(0);
});
