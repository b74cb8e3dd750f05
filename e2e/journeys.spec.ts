import { expect, test, type APIRequestContext } from "@playwright/test";

/** Journeys that cross issues: content ↔ admin, checkout ↔ admin ↔ reviews. */
const ADMIN = { email: "admin@khelkud.com.np", password: "Admin@2026" };

async function signIn(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post("/api/auth/login", { data: who });
  expect(res.status(), await res.text()).toBe(200);
}

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

  const list = (await (await page.request.get("/api/products?limit=50")).json()).data.products as { id: string; slug: string; name: string; sizes: { size: string; stock: number }[] }[];
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
