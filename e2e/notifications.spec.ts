import { expect, test, type Page } from "@playwright/test";
import { ADMIN, CUSTOMER, fillShippingAddress, signIn, visit, listedProducts } from "./support/pages";

/**
 * Order notifications in Chromium against the real server (docs/decisions/090, 091 and 092): a cash-on-delivery order sends an
 * e-mail (seen in /dev/mail) and an SMS (seen in /dev/sms, the Sparrow SMS simulator); the administrator marking it
 * SHIPPED with a tracking number sends a second SMS carrying that number.
 */

/** Reloads a development page until it shows `text` (the outbox worker delivers within about a second). */
async function until(page: Page, path: string, text: string | RegExp) {
  await expect(async () => {
    await page.goto(path);
    await expect(page.locator("body")).toContainText(text, { timeout: 500 });
  }).toPass({ timeout: 20_000 });
}

test("cash on delivery: the e-mail and the SMS name the order; SHIPPED with a tracking number sends a second SMS with it", async ({ browser }) => {
  test.setTimeout(90_000);
  const shopperContext = await browser.newContext();
  const page = await shopperContext.newPage();
  await signIn(page, CUSTOMER);

  // The profile's switches are on for order updates and off for news.
  await visit(page, "/profile");
  await expect(page.getByRole("switch", { name: "Order updates by SMS" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("switch", { name: "Order updates by e-mail" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("switch", { name: "News and offers by e-mail" })).toHaveAttribute("aria-checked", "false");

  const products = await listedProducts<{ slug: string; sizes: { size: string; stock: number }[] }>(page.request, "limit=30");
  const product = products.find((p) => p.sizes.some((s) => s.stock > 3))!;
  const size = product.sizes.find((s) => s.stock > 3)!.size;
  await visit(page, `/products/${product.slug}`);
  const radio = page.getByRole("radio", { name: size, exact: true });
  await page.locator("label", { has: radio }).click();
  await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
  await expect(page.getByText("added to cart!").first()).toBeVisible();
  await visit(page, "/checkout");
  await expect(page.getByRole("radio", { name: /Cash on Delivery/ })).toBeChecked();
  await fillShippingAddress(page, { province: "Bagmati", district: "Lalitpur", area: "Lalitpur Metropolitan City", street: "Pulchowk 5" });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-success\?orderId=/);
  await expect(page.getByText("sent the details to your e-mail and your mobile by SMS")).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get("orderId")!;
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()).data.order as { orderNumber: string };

  // The e-mail, in the development outbox, names the order and links to it.
  await until(page, "/dev/mail", `Order ${order.orderNumber} placed`);
  await page.getByRole("link", { name: `Order ${order.orderNumber} placed` }).click();
  await expect(page.locator("pre")).toContainText(`/orders/${orderId}`);
  await expect(page.locator("pre")).toContainText("size");
  // The SMS, received by the Sparrow SMS simulator, names the order too.
  await until(page, "/dev/sms", new RegExp(`${order.orderNumber} placed`));
  const smsBefore = await page.locator("tbody tr").filter({ hasText: order.orderNumber }).count();
  expect(smsBefore).toBe(1);

  // The administrator ships it with a tracking number.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, ADMIN);
  await visit(staff, "/admin/orders");
  await staff.getByLabel("Search orders").fill(order.orderNumber);
  const row = staff.getByRole("row").filter({ hasText: order.orderNumber });
  await expect(row).toHaveCount(1);
  const change = row.getByLabel(`Change status of ${order.orderNumber}`);
  const dialog = staff.getByRole("dialog", { name: "Update order status" });
  await expect(row).toContainText("PROCESSING");
  await change.selectOption("SHIPPED");
  await dialog.getByLabel("Courier (optional)").fill("Nepal Can Move");
  await dialog.getByLabel("Tracking number (optional)").fill("NCM-990417");
  await dialog.getByRole("button", { name: "Update Status" }).click();
  await expect(row).toContainText("SHIPPED");

  // A second SMS, with the tracking number.
  await until(page, "/dev/sms", "NCM-990417");
  const texts = page.locator("tbody tr").filter({ hasText: order.orderNumber });
  await expect(texts).toHaveCount(2);
  await expect(texts.filter({ hasText: "NCM-990417" })).toHaveCount(1);
  await expect(texts.filter({ hasText: "NCM-990417" })).toContainText("shipped");

  // The admin order page lists the notifications with their status, and Resend is offered for a sent one.
  await row.getByRole("button", { name: /View/ }).first().click();
  const details = staff.getByRole("dialog", { name: "Order Details" });
  const list = details.getByTestId("order-notification");
  await expect(async () => {
    await details.getByRole("button", { name: "Refresh" }).click();
    await expect(list.filter({ hasText: "SMS" }).filter({ hasText: "Sent" })).toHaveCount(2, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect(list.filter({ hasText: "E-mail" }).first()).toContainText("attempts");
  await expect(list.first().getByRole("button", { name: "Resend" })).toBeVisible();
  await shopperContext.close();
  await staffContext.close();
});
