import { ADMIN_MSG, formatNPR } from "@khelkud/contracts";
import { expect, test } from "@playwright/test";
import { listedProducts, placeCodOrder, visit } from "./support/pages";
import { ADMIN, CUSTOMER, signIn } from "./support/sign-in";

test.describe("who may open the admin panel", () => {
  test("a visitor opening /admin is sent to /login and the admin API answers 401", async ({ page }) => {
    await page.goto("/admin/products");
    await expect(page).toHaveURL(/\/login\?redirect=(%2F|\/)admin$/);
    const api = await page.request.get("/api/admin/products");
    expect(api.status()).toBe(401);
    await page.goto("/debug/products");
    await expect(page).toHaveURL(/\/login/);
  });

  test("a signed-in customer opening /admin is sent to /login and every admin call is refused", async ({ page }) => {
    await signIn(page.request, CUSTOMER);
    const res = await page.request.get("/admin", { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers()["location"]).toMatch(/^\/login/);
    expect((await page.request.get("/api/admin/dashboard")).status()).toBe(403);
    await visit(page, "/admin");
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole("alert")).toContainText("The admin panel is for the shop's administrators");
    await expect(page.getByRole("alert")).toContainText(`You are signed in as ${CUSTOMER.email}`);
    // Signing in there as an administrator opens the panel.
    await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  });

  test("an administrator who signs in lands in the panel unless a link asked for another page", async ({ page }) => {
    await visit(page, "/login");
    await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.context().clearCookies();
    await signIn(page, ADMIN, { redirect: "/products" });
  });
});

test("an administrator creates a product with two images and stock per size, and shoppers find it", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  // Two real pictures to upload: the demo catalogue's own product images.
  const list = await listedProducts<{ images: { url: string }[] }>(page.request, "limit=2");
  const pictures = await Promise.all(
    list.map(async (p, i) => ({
      name: `photo-${i + 1}.png`,
      mimeType: "image/png",
      buffer: Buffer.from(await (await page.request.get(p.images[0]!.url)).body()),
    })),
  );

  await signIn(page, ADMIN, { redirect: "/admin" });
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Products" }).click();
  // "Showing X of Y": X is what the table shows (one page), Y all products.
  const shown = page.getByText(/^Showing \d+ of \d+ products/);
  await expect(shown).toBeVisible();
  const [, rows, total] = (await shown.innerText()).match(/Showing (\d+) of (\d+)/)!;
  expect(Number(rows)).toBe(await page.locator("tbody tr").count());
  expect(Number(total)).toBeGreaterThan(Number(rows));

  const name = `Sagarmatha FC Home Jersey ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "+ Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Product" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await expect(dialog.getByLabel("Slug", { exact: true })).toHaveValue(/^sagarmatha-fc-home-jersey-/);
  await dialog.getByRole("combobox", { name: "Category", exact: true }).selectOption({ label: "Football Jerseys" });
  await dialog.getByLabel("Brand", { exact: true }).fill("Kelme");
  await dialog.getByLabel("Description", { exact: true }).fill("Crimson home shirt of Sagarmatha FC.");
  await dialog.getByLabel("Price (NPR)").fill("2999");
  await dialog.getByLabel("Sale price (NPR, optional)").fill("2499");
  await dialog.getByLabel("Stock for size S").fill("5");
  await dialog.getByLabel("Stock for size M").fill("12");
  await dialog.getByLabel("Stock for size L").fill("0");
  await dialog.getByLabel("Remove size XL").click();
  await dialog.getByRole("button", { name: "Create Product" }).click();
  await expect(page.getByText("Product created successfully!")).toBeVisible();

  const editor = page.getByRole("dialog", { name: `Edit ${name}` });
  await editor.getByLabel("Add images").setInputFiles(pictures);
  await editor.getByLabel("Alt text for new images").fill("Sagarmatha FC home jersey");
  await editor.getByLabel("Alt text in Nepali (optional)").fill("सगरमाथा एफसीको घरेलु जर्सी");
  await editor.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("2 images uploaded")).toBeVisible();
  await expect(editor.getByLabel("Alt text for image 2")).toBeVisible();
  await expect(editor.getByText("(2 of 10)")).toBeVisible();
  await testInfo.attach("admin-product-dialog", { body: await page.screenshot(), contentType: "image/png" });
  await editor.getByRole("button", { name: "Close" }).click();

  await page.getByLabel("Search products").fill("sagarmatha fc");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Rs. 2,999");
  await expect(row).toContainText("Rs. 2,499");
  await expect(row).toContainText("17");

  // The shopper's side: the product page shows it with its sizes and pictures.
  const slug = (await row.locator(".font-mono").innerText()).trim();
  await visit(page, `/products/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText("Rs. 2,499").first()).toBeVisible();
  await expect(page.getByRole("img", { name: /Sagarmatha FC home jersey/ }).first()).toBeVisible();
  await expect(page.getByText("M", { exact: true }).first()).toBeVisible();
  // The Nepali page describes the pictures with the Nepali text the admin gave (docs/decisions/135).
  await visit(page, `/ne/products/${slug}`);
  await expect(page.getByRole("img", { name: "सगरमाथा एफसीको घरेलु जर्सी" }).first()).toBeVisible();
});

test("an administrator moves an order on and the customer's order page shows the new step", async ({ browser }) => {
  test.setTimeout(60_000);
  // The customer places a cash-on-delivery order.
  const customer = await browser.newContext();
  const shopper = await customer.newPage();
  await signIn(shopper.request, CUSTOMER);
  const order = await placeCodOrder(shopper.request, {
    key: "e2e-admin",
    where: {
      address: "Thamel Marg 12",
      province: "Bagmati",
      district: "Kathmandu",
      area: "Kathmandu",
      postalCode: "44600",
    },
  });

  // The administrator finds it and sets the next status with a note.
  const staff = await browser.newContext();
  const page = await staff.newPage();
  await signIn(page, ADMIN, { redirect: "/admin" });
  await page.goto("/admin/orders");
  await page.getByLabel("Search orders").fill(order.orderNumber);
  const row = page.getByRole("row").filter({ hasText: order.orderNumber });
  await expect(row).toHaveCount(1);
  // The search is written into the address (docs/decisions/189).
  await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=${order.orderNumber}$`));
  const dropdown = row.getByLabel(`Change status of ${order.orderNumber}`);
  // Only the state machine's next steps are offered.
  await expect(dropdown.locator("option")).toHaveText(["Change status…", "PROCESSING", "CANCELLED"]);
  await dropdown.selectOption("PROCESSING");
  const confirm = page.getByRole("dialog", { name: "Update order status" });
  await confirm.getByLabel("Note for the customer (optional)").fill("Packed at our Kathmandu store");
  await confirm.getByRole("button", { name: "Update Status" }).click();
  await expect(page.getByText("Order status updated successfully!")).toBeVisible();
  await expect(row).toContainText("PROCESSING");

  // The customer's order page shows the step and the note.
  await shopper.goto(`/orders/${order.id}`);
  const timeline = shopper.getByRole("list", { name: "Order progress" });
  await expect(timeline).toContainText("Processing (done)");
  await expect(timeline).toContainText("Packed at our Kathmandu store");

  // Delivered and paid in cash: the staff confirm the amount before the payment is recorded and the bill issued.
  for (const status of ["SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"]) {
    const moved = await page.request.patch(`/api/admin/orders/${order.id}/status`, { data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  // A reload, and Back from another tab, open the list as it was searched.
  await page.reload();
  await expect(page.getByLabel("Search orders")).toHaveValue(order.orderNumber);
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goBack();
  await expect(page.getByLabel("Search orders")).toHaveValue(order.orderNumber);
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "View" }).click();
  await page.getByRole("button", { name: "Mark cash collected" }).click();
  const cash = page.getByRole("group", { name: "Confirm the cash" });
  const total = (await (await shopper.request.get(`/api/orders/${order.id}`)).json()).data.order.totalAmount as number;
  await expect(cash).toContainText(`Mark ${formatNPR(total)} as collected in cash?`);
  expect((await (await shopper.request.get(`/api/orders/${order.id}`)).json()).data.order.paymentStatus).toBe("PENDING");
  await cash.getByRole("button", { name: "Yes, cash collected" }).click();
  await expect(page.getByText("Cash collected: payment marked as paid")).toBeVisible();
  expect((await (await shopper.request.get(`/api/orders/${order.id}`)).json()).data.order.paymentStatus).toBe("PAID");
  await customer.close();
  await staff.close();
});

test("a list's filters come from the address, and a made-up one opens the whole list rather than an error", async ({ page }) => {
  await signIn(page, ADMIN, { redirect: "/admin" });
  await page.goto("/admin/orders?status=SHIPPED%00%3Cscript%3E&page=abc&q=%00");
  await expect(page.getByLabel("Filter by status")).toHaveValue("");
  await expect(page.getByText(/^Showing \d+ of \d+ orders$/)).toBeVisible();
  await expect(page.getByText(ADMIN_MSG.failedOrders)).toHaveCount(0);
  const asked = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/admin/orders");
  await page.goto("/admin/orders?status=DELIVERED&page=1");
  expect(new URL((await asked).url()).searchParams.get("status")).toBe("DELIVERED");
  await expect(page.getByLabel("Filter by status")).toHaveValue("DELIVERED");
  // Page 1 is the list's own default: the address leaves it out.
  await expect(page).toHaveURL(/\/admin\/orders\?status=DELIVERED$/);
  await page.goto("/admin/users?role=ADMIN");
  await expect(page.getByRole("row").filter({ hasText: "admin@khelkud.com.np" })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: "customer@khelkud.com.np" })).toHaveCount(0);
});

test("on a 360 px phone the admin orders list is a column of cards whose Change status is in reach, and the courier reaches the customer", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const customer = await browser.newContext();
  const shopper = await customer.newPage();
  await signIn(shopper.request, CUSTOMER);
  const order = await placeCodOrder(shopper.request, {
    key: "e2e-admin-phone",
    where: {
      address: "Lakeside 6",
      province: "Gandaki",
      district: "Kaski",
      area: "Pokhara",
      postalCode: "33700",
    },
  });

  const staff = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  const page = await staff.newPage();
  await signIn(page.request, ADMIN);
  await visit(page, "/admin/orders");
  await page.getByLabel("Search orders").fill(order.orderNumber);
  const card = page.getByRole("row").filter({ hasText: order.orderNumber });
  await expect(card).toHaveCount(1);
  // Nothing sticks out sideways: the page and the table fit the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const change = card.getByLabel(`Change status of ${order.orderNumber}`);
  await expect(change).toBeInViewport();
  const box = (await change.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(box.height).toBeGreaterThanOrEqual(44);
  await change.selectOption("PROCESSING");
  const dialog = page.getByRole("dialog", { name: "Update order status" });
  await dialog.getByRole("button", { name: "Update Status" }).click();
  await expect(page.getByText("Order status updated successfully!")).toBeVisible();
  await expect(card).toContainText("PROCESSING");
  await change.selectOption("SHIPPED");
  await dialog.getByLabel("Courier (optional)").fill("Nepal Can Move");
  await dialog.getByLabel("Tracking number (optional)").fill("NCM-558201");
  await dialog.getByRole("button", { name: "Update Status" }).click();
  await expect(card).toContainText("SHIPPED");
  // The dashboard, with this order among the recent ones: its tables scroll in their boxes, the page fits the phone.
  await visit(page, "/admin");
  await expect(page.getByRole("cell", { name: order.orderNumber })).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The customer sees who carries the parcel and its tracking number, on the order and in the order list.
  await visit(shopper, `/orders/${order.id}`);
  const shipment = shopper.getByRole("region", { name: "Shipment" });
  await expect(shipment).toContainText("Nepal Can Move");
  await expect(shipment).toContainText("NCM-558201");
  await expect(shopper.getByRole("link", { name: "View All Orders" })).toHaveAttribute("href", "/profile?tab=orders");
  await visit(shopper, "/profile?tab=orders");
  await expect(shopper.getByText("Shipped with: Nepal Can Move, tracking number NCM-558201")).toBeVisible();
  await customer.close();
  await staff.close();
});

test.describe("the settings form", () => {
  test("the shipping rule: a bad amount is refused and nothing saved; a new fee is saved to its own field and shown again", async ({ page }) => {
    await signIn(page, ADMIN);
    const shipping = async () => (await (await page.request.get("/api/admin/settings")).json()).data.settings.shipping as Record<string, number>;
    const before = await shipping();
    await visit(page, "/admin/settings");
    const elsewhere = page.getByLabel("Fee elsewhere in Nepal");
    await expect(elsewhere).toHaveValue(String(before.elsewhereFeePaisa / 100));
    await expect(page.getByLabel("Fee inside Kathmandu Valley")).toHaveValue(String(before.valleyFeePaisa / 100));
    await expect(page.getByLabel("Free shipping above")).toHaveValue(String(before.freeAbovePaisa / 100));
    try {
      await elsewhere.fill("two hundred");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText("Shipping amounts must be amounts in rupees (0 or more)")).toBeVisible();
      expect(await shipping()).toEqual(before);

      await elsewhere.fill("225.50");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText("Settings saved")).toBeVisible();
      // Only the field that changed moved, and in paisa.
      expect(await shipping()).toEqual({ ...before, elsewhereFeePaisa: 22_550 });
      await page.reload();
      await expect(page.getByLabel("Fee elsewhere in Nepal")).toHaveValue("225.5");
      await expect(page.getByLabel("Fee inside Kathmandu Valley")).toHaveValue(String(before.valleyFeePaisa / 100));
    } finally {
      const res = await page.request.get("/api/admin/settings");
      const { settings } = (await res.json()).data;
      const put = await page.request.put("/api/admin/settings", { data: { ...settings, shipping: before } });
      expect(put.status()).toBe(200);
    }
  });
});
