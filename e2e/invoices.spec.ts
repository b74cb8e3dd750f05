import { expect, test } from "@playwright/test";
import { bsDateOf, formatAmount } from "@khelkud/contracts";
import { ADMIN, CUSTOMER, fillCart, fillShippingAddress, signIn } from "./support/pages";
import { pdfText } from "./support/pdf-text";

/**
 * The bill of a wallet payment (docs/decisions/081): pay with eSewa on the provider simulator, press Download bill on
 * the order page, and read the PDF's text with PDFium (e2e/support/pdf-text.ts).
 */

test("pay with eSewa, Download bill: the PDF has the invoice number, the BS date, VAT and the total", async ({ browser, page, baseURL }) => {
  // The administrator makes the shop VAT-registered (bills issued from now on are Tax Invoices).
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, ADMIN);
  const current = (await (await adminPage.request.get("/api/admin/settings")).json()).data.settings;
  const saved = await adminPage.request.put("/api/admin/settings", {
    headers: { origin: baseURL! },
    data: { ...current, legalName: "Khelkud Sports Pvt. Ltd.", pan: "609876543", vatRegistered: true, invoicePrefix: "" },
  });
  expect(saved.status()).toBe(200);

  await signIn(page, CUSTOMER);
  await fillCart(page, 5);
  await page.goto("/checkout");
  await fillShippingAddress(page, { province: "Bagmati", district: "Lalitpur", area: "Lalitpur Metropolitan City", street: "Jhamsikhel Road 12" });
  await page.getByLabel(/PAN \/ VAT number/).fill("12345");
  await page.getByRole("radio", { name: /^eSewa/ }).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("PAN must be exactly 9 digits")).toBeVisible();
  await page.getByLabel(/PAN \/ VAT number/).fill("123456789");
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/_simulator\/esewa\/login/, { timeout: 10_000 });
  await page.getByLabel("eSewa ID").fill("9806800001");
  await page.getByLabel("Password").fill("Nepal@123");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByLabel("6-digit token").fill("123456");
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page).toHaveURL(/\/order-success\?orderId=/, { timeout: 10_000 });
  const orderId = new URL(page.url()).searchParams.get("orderId")!;

  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()).data.order;
  expect(order.invoiceNumber).toMatch(/^\d{4}\/\d{2}-\d{6}$/);
  expect(order.buyerPan).toBe("123456789");

  await page.goto(`/orders/${orderId}`);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Download bill/ }).click()]);
  const file = test.info().outputPath("bill.pdf");
  await download.saveAs(file);
  const text = await pdfText(file);
  const bs = bsDateOf(new Date());
  const bsText = `${bs.year}.${String(bs.month).padStart(2, "0")}.${String(bs.day).padStart(2, "0")} BS`;
  expect(text).toContain("Tax Invoice");
  expect(text).toContain(order.invoiceNumber);
  expect(text).toContain(bsText);
  expect(text).toContain("VAT 13%");
  expect(text).toContain(formatAmount(order.totalAmount));
  expect(text).toContain("123456789");
  expect(text).toContain("609876543");
  expect(text).toContain("eSewa");
  expect(text).not.toContain("COPY");

  // The profile's order list offers the same bill.
  await page.goto("/profile?tab=orders");
  await expect(page.getByRole("link", { name: new RegExp(`Download bill of order`) }).first()).toBeVisible();
});
