import type { Browser, Page } from "@playwright/test";
import { formatNPR } from "@khelkud/contracts";
import { fillCart, fillShippingAddress } from "./support/pages";
import { ADMIN, expect, test } from "./support/sign-in";

/**
 * Wallet payments in a real browser against the provider simulator mounted at /_simulator
 * (the e2e server runs outside production, so the simulator is on; docs/decisions/040 and 041).
 */

async function checkoutWith(page: Page, wallet: "Khalti" | "eSewa") {
  await page.goto("/checkout");
  await fillShippingAddress(page, { province: "Bagmati", district: "Lalitpur", area: "Lalitpur Metropolitan City", street: "Jhamsikhel Road 12" });
  await page.getByRole("radio", { name: new RegExp(`^${wallet}`) }).check();
  await page.getByRole("button", { name: "Place Order" }).click();
}

async function payOnKhalti(page: Page) {
  await expect(page).toHaveURL(/\/_simulator\/khalti\/\?pidx=/, { timeout: 10_000 });
  await page.getByLabel("Khalti ID (mobile number)").fill("9800000001");
  await page.getByLabel("MPIN").fill("1111");
  await page.getByRole("button", { name: "Log in and pay" }).click();
  await page.getByLabel(/OTP sent to/).fill("987654");
  await page.getByRole("button", { name: "Confirm payment" }).click();
}

async function expectPaidOrder(page: Page, method: "khalti" | "esewa") {
  await expect(page).toHaveURL(new RegExp(`/order-success\\?orderId=[^&]+.*paymentMethod=${method}`), { timeout: 10_000 });
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  const orderId = new URL(page.url()).searchParams.get("orderId")!;
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()).data.order;
  expect(order).toMatchObject({ paymentStatus: "PAID", status: "PROCESSING", paymentMethod: method.toUpperCase() });
  // The cart is cleared only now that the server says the order is paid.
  await expect(page.getByRole("button", { name: "Cart", exact: true })).toBeVisible();
  return orderId;
}

/** A signed-in shopper's order of the `skip`-th listed product, paid at Khalti: its id. */
async function paidAtKhalti(page: Page, skip: number) {
  await fillCart(page, skip);
  await checkoutWith(page, "Khalti");
  await payOnKhalti(page);
  return expectPaidOrder(page, "khalti");
}

/** The administrator's own browser, signed in; closed with its context. */
async function adminDesk(browser: Browser) {
  const context = await browser.newContext();
  const desk = await context.newPage();
  expect((await desk.request.post("/api/auth/login", { data: ADMIN })).ok()).toBe(true);
  return { context, desk };
}

test.describe("wallet payments", () => {
  test("checkout with Khalti: the order is made, the shopper pays on Khalti's page and lands on a paid order", async ({ page, signIn }) => {
    await signIn();
    await fillCart(page);
    await checkoutWith(page, "Khalti");
    await expect(page.getByRole("heading", { name: "Redirecting to Khalti Payment..." })).toBeVisible();
    // The cart is still there while the shopper is at the wallet.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]").length)).toBe(1);
    await payOnKhalti(page);
    await expectPaidOrder(page, "khalti");
  });

  test("checkout with eSewa: the signed form is posted, the shopper pays and the server verifies the signed answer", async ({ page, signIn }) => {
    await signIn();
    await fillCart(page, 1);
    await checkoutWith(page, "eSewa");
    await expect(page.getByRole("heading", { name: "Redirecting to eSewa..." })).toBeVisible();
    await expect(page).toHaveURL(/\/_simulator\/esewa\/login/, { timeout: 10_000 });
    await page.getByLabel("eSewa ID").fill("9806800001");
    await page.getByLabel("Password").fill("Nepal@123");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByLabel("6-digit token").fill("123456");
    await page.getByRole("button", { name: "Confirm payment" }).click();
    await expect(page).toHaveURL(/\/payment\/esewa\/success\?data=/);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expectPaidOrder(page, "esewa");
  });

  test("cancel at Khalti: Payment Failed with the reason, the cart still full, and Retry Payment pays the same order", async ({ page, signIn }) => {
    await signIn();
    const product = await fillCart(page, 2);
    await checkoutWith(page, "Khalti");
    await expect(page).toHaveURL(/\/_simulator\/khalti\/\?pidx=/, { timeout: 10_000 });
    await page.getByRole("button", { name: "Cancel payment" }).first().click();

    await expect(page).toHaveURL(/\/payment\/failed\?orderId=.*reason=canceled/);
    await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible();
    await expect(page.getByTestId("payment-message")).toHaveText("Payment was canceled by user");
    await expect(page.locator("#main").getByText(product.name)).toBeVisible();
    await expect(page.getByRole("button", { name: /^Cart, 1 item/ })).toBeVisible();
    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    // The same page in Nepali names the line by its Nepali name.
    const nameNe = ((await (await page.request.get(`/api/products/slug/${product.slug}`)).json()).data.product as { nameNe: string | null }).nameNe;
    expect(nameNe, "every demo product has a Nepali name").toBeTruthy();
    const failedUrl = new URL(page.url());
    await page.goto(`/ne${failedUrl.pathname}${failedUrl.search}`);
    await expect(page.locator("#main").getByText(nameNe!)).toBeVisible();
    await expect(page.locator("#main").getByText(product.name)).toHaveCount(0);
    await page.goto(`${failedUrl.pathname}${failedUrl.search}`);

    await page.getByRole("link", { name: "Retry Payment" }).click();
    await expect(page).toHaveURL(new RegExp(`/payment-selection\\?orderId=${orderId}`));
    await expect(page.getByRole("radio", { name: /Credit \/ Debit Card/ })).toBeDisabled();
    await page.getByRole("radio", { name: /^Khalti/ }).check();
    await page.getByRole("button", { name: "Confirm Payment Method" }).click();
    await payOnKhalti(page);
    expect(await expectPaidOrder(page, "khalti")).toBe(orderId);
  });
});

test.describe("cancelling a paid order", () => {
  test("the customer's Cancel becomes a request, the administrator records the refund, and the customer sees it", async ({ page, browser, signIn }) => {
    // A wallet payment, a cancellation and an administrator's refund in two browsers: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    await signIn();
    const orderId = await paidAtKhalti(page, 2);

    await page.goto(`/orders/${orderId}`);
    await expect(page.locator("html[data-live=connected]")).toHaveCount(1);
    const liveEvents = async () => Number((await page.locator("html").getAttribute("data-live-events")) ?? 0);
    const eventsBefore = await liveEvents();
    await page.getByRole("button", { name: "Request Cancellation" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this order?" });
    await expect(dialog).toContainText("is paid. The shop will cancel it and refund");
    await dialog.getByRole("button", { name: "Yes, Request Cancellation" }).click();
    await expect(page.getByRole("heading", { name: "Cancellation Requested" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Request Cancellation" })).toHaveCount(0);
    // The request leaves the status as it was: the live update redraws the page but says nothing of a new status.
    // Once the request's live event has been handled, the toasts are read once (a retried "none" would pass as soon as
    // the toast timed out).
    await expect.poll(liveEvents).toBeGreaterThan(eventsBefore);
    await page.waitForTimeout(500); // a toast shown for it is drawn on the next render
    const toasts = await page.locator("[data-sonner-toast]").allTextContents();
    expect(toasts.some((text) => text.includes("Cancellation requested"))).toBe(true);
    expect(toasts.filter((text) => /is now/.test(text))).toEqual([]);
    const requested = (await (await page.request.get(`/api/orders/${orderId}`)).json()).data.order;
    expect(requested).toMatchObject({ status: "PROCESSING", paymentStatus: "PAID" });

    const { context: admin, desk } = await adminDesk(browser);
    try {
      await desk.goto("/admin/orders");
      const row = desk.getByRole("row").filter({ hasText: requested.orderNumber });
      await expect(row).toContainText("Cancellation requested");
      await row.getByRole("button", { name: "View" }).click();
      await desk.getByLabel("Refund reference").fill("KHALTI-RF-7788");
      await desk.getByRole("button", { name: "Approve and record refund" }).click();
      // Nothing is recorded until the staff confirm the amount.
      const confirm = desk.getByRole("group", { name: "Confirm the refund" });
      await expect(confirm).toContainText(`Record a refund of ${formatNPR(requested.totalAmount)} by Khalti (reference KHALTI-RF-7788)`);
      expect((await (await page.request.get(`/api/orders/${orderId}`)).json()).data.order).toMatchObject({ status: "PROCESSING", paymentStatus: "PAID" });
      await confirm.getByRole("button", { name: "Yes, record the refund" }).click();
      await expect(desk.getByText("Refund recorded; the order is cancelled").first()).toBeVisible();
      await expect(desk.getByRole("heading", { name: "Refunded", exact: true })).toBeVisible();
    } finally {
      await admin.close();
    }

    await page.reload();
    const refund = page.getByRole("region", { name: "Refunded" });
    await expect(refund).toContainText("refunded by Khalti");
    await expect(refund).toContainText("Reference: KHALTI-RF-7788");
    const done = (await (await page.request.get(`/api/orders/${orderId}`)).json()).data.order;
    expect(done).toMatchObject({ status: "CANCELLED", paymentStatus: "REFUNDED", refund: { reference: "KHALTI-RF-7788", method: "KHALTI", amount: done.totalAmount } });
  });
});

test.describe("a parcel that comes back", () => {
  test("the customer asks for a return on the order's page; the administrator finds it waiting, records the return with its refund; the customer's page says so in English and Nepali", async ({ page, browser, signIn }) => {
    // A wallet payment and the administrator's panel in two browsers: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    await signIn();
    const orderId = await paidAtKhalti(page, 1);

    const { context: admin, desk } = await adminDesk(browser);
    try {
      for (const status of ["SHIPPED", "OUT_FOR_DELIVERY", "DELIVERED"]) {
        const moved = await desk.request.patch(`/api/admin/orders/${orderId}/status`, { data: { status, courier: "Nepal Can Move", trackingNumber: "NCM-185" } });
        expect(moved.status(), await moved.text()).toBe(200);
      }
      const { orderNumber, totalAmount, shippingCost } = (await (await desk.request.get(`/api/admin/orders/${orderId}`)).json()).data.order;

      // The customer asks on the order's page (docs/decisions/190): a reason is required, the note is their own words.
      await page.goto(`/orders/${orderId}`);
      await page.getByRole("button", { name: "Request a Return" }).click();
      const ask = page.getByRole("dialog", { name: "Return or exchange this order?" });
      await expect(ask).toContainText(/You can send items back until .+, unworn and unwashed/);
      await ask.getByRole("button", { name: "Send Request" }).click();
      await expect(ask.getByRole("alert")).toHaveText("Please choose why you are sending it back");
      await ask.getByLabel("I changed my mind").check();
      await ask.getByLabel("Anything we should know? (optional)").fill("Bought the same shirt twice");
      await ask.getByRole("button", { name: "Send Request" }).click();
      const requested = page.getByRole("region", { name: "Return Requested" });
      await expect(requested).toContainText("you changed your mind");
      await expect(requested).toContainText("Your note: Bought the same shirt twice");
      await expect(page.getByRole("button", { name: "Request a Return" })).toHaveCount(0);

      // The administrator finds it above the list, waiting for an answer.
      await desk.goto("/admin/orders");
      const waiting = desk.getByRole("region", { name: /Waiting for an answer/ });
      await waiting.getByRole("listitem").filter({ hasText: orderNumber }).getByRole("button", { name: "View" }).click();
      const request = desk.getByRole("region", { name: /^Return requested on / });
      await expect(request).toContainText("Reason: Changed their mind");
      await expect(request).toContainText("Customer's note: Bought the same shirt twice");
      // The status choice does not offer RETURNED: the return is recorded with its refund.
      await desk.getByRole("button", { name: "Record return" }).click();
      const panel = desk.getByRole("region", { name: "Record return" });
      await expect(panel).toContainText("The customer sent the parcel back.");
      await panel.getByLabel("Refund reference").fill("KHALTI-RT-185");
      await panel.getByLabel("Note for the customer (optional)").fill("Thanks for sending it back");
      await panel.getByRole("button", { name: "Record return" }).click();
      const confirm = desk.getByRole("group", { name: "Confirm the return" });
      // A change of mind gets the items' price back, not the delivery fee (the returns policy).
      await expect(confirm).toContainText(`sent back by the customer, with a refund of ${formatNPR(totalAmount - shippingCost)} by Khalti (reference KHALTI-RT-185)? Its items go back on sale.`);
      // Nothing is recorded until the staff confirm.
      expect((await (await desk.request.get(`/api/admin/orders/${orderId}`)).json()).data.order.status).toBe("DELIVERED");
      await confirm.getByRole("button", { name: "Yes, record the return" }).click();
      await expect(desk.getByText("Return recorded").first()).toBeVisible();
      await expect(desk.getByRole("heading", { name: "Refunded", exact: true })).toBeVisible();
      await expect(desk.getByRole("button", { name: "Record return" })).toHaveCount(0);
    } finally {
      await admin.close();
    }

    await page.goto(`/orders/${orderId}`);
    await expect(page.getByText(/^Returned to the shop on .+ — Rs\. [\d,]+ refunded by Khalti \(reference KHALTI-RT-185\)$/)).toBeVisible();
    const refund = page.getByRole("region", { name: "Refunded" });
    await expect(refund).toContainText("refunded by Khalti");
    await expect(refund).toContainText("Thanks for sending it back");
    await page.goto(`/ne/orders/${orderId}`);
    await expect(page.getByText(/^.+ मा पसलमा फिर्ता आयो — रु\. [०-९,]+ खल्ती मार्फत फिर्ता गरियो \(सन्दर्भ KHALTI-RT-185\)$/)).toBeVisible();
    await expect(page.getByText("फिर्ता आयो", { exact: true }).first()).toBeVisible();
  });
});
