import { formatNPR } from "@khelkud/contracts";
import { fillShippingAddress, visit, listedProducts } from "./support/pages";
import { ADMIN, expect, signIn, test } from "./support/sign-in";

/**
 * Issue 23 end to end on a 360 px phone: a shopper personalises the Nepal home jersey as PAUDEL 7, sees the back drawn
 * and the fee added, pays with Khalti on the simulator; the administrator finds the line in the print queue, marks it
 * printed and ships the order (docs/decisions/100, 101).
 */
test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

test("personalise the Nepal home jersey as PAUDEL 7, pay with Khalti, print it and ship it", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page.request, undefined);
  const listed = await listedProducts<{ slug: string; name: string; finalPrice: number; personalisable: boolean; sizes: { size: string; stock: number }[] }>(page.request, "q=Nepal%20National%20Team%20Home&limit=5");
  const product = listed.find((p) => p.personalisable && /Nepal National Team Home/.test(p.name))!;
  expect(product, "the demo data makes the Nepal home jersey personalisable").toBeTruthy();
  const size = product.sizes.find((s) => s.stock > 2)!.size;

  await visit(page, `/products/${product.slug}`);
  await page.getByRole("checkbox", { name: /Add name & number/ }).check();
  await page.getByLabel("Name on the back").fill("paudel");
  await page.getByLabel("Number (0–99)").fill("7");
  // The preview draws the name (uppercase) and number as the shopper types, and fits the phone.
  const preview = page.getByRole("img", { name: /Preview of the back of the .* with PAUDEL 7/ });
  await expect(preview).toBeVisible();
  await expect(preview.locator("text").first()).toHaveText("PAUDEL");
  await expect(preview.locator("text").nth(1)).toHaveText("7");
  const box = (await preview.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(box.width).toBeGreaterThanOrEqual(200);
  // Jersey price + Rs. 500 printing.
  const each = product.finalPrice + 50_000;
  await expect(page.getByTestId("price-with-printing")).toHaveText(formatNPR(each));
  await expect(page.getByText(/cannot be returned for a change of mind/).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByRole("radio", { name: size, exact: true }).check({ force: true });
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await visit(page, "/cart");
  const cartLines = page.getByRole("list", { name: "Cart items" });
  await expect(cartLines.getByText("Name: PAUDEL · No. 7")).toBeVisible();
  await expect(cartLines.getByText(/printing Rs\. 500 each/)).toBeVisible();
  await expect(page.getByText(/cannot be returned for a change of mind/).first()).toBeVisible();
  // The same notice in Nepali on the Nepali cart and checkout, and no English copy of it there.
  for (const path of ["/ne/cart", "/ne/checkout"]) {
    await visit(page, path);
    await expect(page.getByText(/नाम छापिएको सामान तपाईंका लागि छापिन्छ/).first(), path).toBeVisible();
    await expect(page.getByText(/cannot be returned for a change of mind/), path).toHaveCount(0);
  }

  await visit(page, "/checkout");
  await fillShippingAddress(page, { province: "Bagmati", district: "Lalitpur", area: "Lalitpur Metropolitan City", street: "Jhamsikhel Road 12" });
  await page.getByRole("radio", { name: /^Khalti/ }).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  // Not without the tick.
  await expect(page.getByText("Please confirm that personalised items cannot be returned for a change of mind")).toBeVisible();
  await page.getByLabel(/I understand that personalised items cannot be returned/).check();
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/_simulator\/khalti\/\?pidx=/, { timeout: 15_000 });
  await page.getByLabel("Khalti ID (mobile number)").fill("9800000001");
  await page.getByLabel("MPIN").fill("1111");
  await page.getByRole("button", { name: "Log in and pay" }).click();
  await page.getByLabel(/OTP sent to/).fill("987654");
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page).toHaveURL(/\/order-success\?orderId=/, { timeout: 15_000 });
  const orderId = new URL(page.url()).searchParams.get("orderId")!;
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()).data.order;
  expect(order).toMatchObject({ paymentStatus: "PAID", status: "PROCESSING" });
  expect(order.items[0]).toMatchObject({ personalisation: { name: "PAUDEL", number: 7 }, printFee: 50_000, lineTotal: each });

  // The administrator, on a phone too.
  const staff = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  const admin = await staff.newPage();
  await signIn(admin.request, ADMIN);
  // Not shippable while unprinted.
  const early = await admin.request.patch(`/api/admin/orders/${orderId}/status`, { data: { status: "SHIPPED" } });
  expect(early.status()).toBe(409);
  expect(await early.text()).toContain("PAUDEL 7");

  await visit(admin, "/admin/print-queue");
  const job = admin.getByTestId("print-job").filter({ hasText: order.orderNumber });
  await expect(job).toContainText("PAUDEL 7");
  await expect(job).toContainText(size);
  await job.getByRole("button", { name: /Mark PAUDEL 7 .* printed/ }).click();
  await expect(admin.getByText(`PAUDEL 7 marked printed (order ${order.orderNumber})`)).toBeVisible();
  await expect(admin.getByTestId("print-job").filter({ hasText: order.orderNumber })).toHaveCount(0);
  // Focus is not dropped on the page's body with the card: it is on the next job's button, or the heading.
  await expect.poll(() => admin.evaluate(() => document.activeElement?.tagName)).not.toBe("BODY");
  expect(await admin.evaluate(() => Boolean(document.activeElement?.matches("button[data-mark-printed], h1")))).toBe(true);

  await visit(admin, "/admin/orders");
  await admin.getByLabel("Search orders").fill(order.orderNumber);
  const card = admin.getByRole("row").filter({ hasText: order.orderNumber });
  await expect(card).toHaveCount(1);
  await card.getByLabel(`Change status of ${order.orderNumber}`).selectOption("SHIPPED");
  const dialog = admin.getByRole("dialog", { name: "Update order status" });
  await dialog.getByLabel("Courier (optional)").fill("Nepal Can Move");
  await dialog.getByRole("button", { name: "Update Status" }).click();
  await expect(card).toContainText("SHIPPED");
  await staff.close();
});

test("a name the shop will not print is refused beside its field before anything goes into the cart", async ({ page }) => {
  const listed = await listedProducts<{ slug: string; name: string; personalisable: boolean; sizes: { size: string; stock: number }[] }>(page.request, "q=Nepal%20National%20Team%20Home&limit=5");
  const product = listed.find((p) => p.personalisable && /Nepal National Team Home/.test(p.name))!;
  const size = product.sizes.find((s) => s.stock > 2)!.size;
  await visit(page, `/products/${product.slug}`);
  await page.getByRole("radio", { name: size, exact: true }).check({ force: true });
  await page.getByRole("checkbox", { name: /Add name & number/ }).check();
  await page.getByLabel("Name on the back").fill("fuck");
  await page.getByLabel("Number (0–99)").fill("9");
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This name cannot be printed. Please choose another name." })).toBeVisible();
  await expect(page.getByLabel("Name on the back")).toHaveAttribute("aria-invalid", "true");
  expect(await page.evaluate(() => localStorage.getItem("cart") ?? "[]")).toBe("[]");

  // Another name goes in as usual.
  await page.getByLabel("Name on the back").fill("thapa");
  await expect(page.getByRole("alert").filter({ hasText: "This name cannot be printed" })).toHaveCount(0);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect.poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem("cart"))) ?? "[]").length).toBe(1);
});
