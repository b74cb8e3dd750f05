import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { placeCodOrder, visit } from "./support/pages";
import { ADMIN, CUSTOMER, signIn, type Account } from "./support/sign-in";

/** A browser of its own (context and page), signed in through the login form. */
async function signedInBrowser(browser: Browser, who: Account): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who);
  return { context, page };
}

/** The page's live channel is connected (lib/live.ts marks <html data-live="connected">). */
async function liveConnected(page: Page): Promise<void> {
  await expect(page.locator("html[data-live=connected]")).toHaveCount(1);
}

const shortId = (id: string) => id.slice(-8).toUpperCase();

test.describe("live channel", () => {
  test("the customer's order page shows a status change made in another browser without reloading", async ({ browser }) => {
    const watcher = await signedInBrowser(browser, CUSTOMER);
    const orderId = (await placeCodOrder(watcher.page.request)).id;
    await watcher.page.goto(`/orders/${orderId}`);
    await liveConnected(watcher.page);
    await expect(watcher.page.getByRole("heading", { name: `Order #${shortId(orderId)}`, level: 1 })).toBeVisible();
    await expect(watcher.page.getByText(/Cancelled on/)).toHaveCount(0);
    // A marker that a reload would wipe out.
    await watcher.page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    const actor = await signedInBrowser(browser, CUSTOMER);
    await actor.page.goto(`/orders/${orderId}`);
    await actor.page.getByRole("button", { name: "Cancel Order" }).click();
    await actor.page.getByRole("button", { name: "Yes, Cancel Order" }).click();
    await expect(actor.page.getByText(/Cancelled on/)).toBeVisible();
    // Cash never collected: the cancelled order's payment reads "Not paid", not "Pending".
    await expect(actor.page.getByText("Not paid", { exact: true })).toBeVisible();

    await expect(watcher.page.getByText(`Order #${shortId(orderId)} is now Cancelled.`)).toBeVisible();
    await expect(watcher.page.getByRole("region", { name: "Order Timeline" }).getByText(/Cancelled on .* — Cancelled by the customer/)).toBeVisible();
    await expect(watcher.page.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
    expect(await watcher.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    await watcher.context.close();
    await actor.context.close();
  });

  test("an administrator's status change reaches the customer's open order page without reloading", async ({ browser }) => {
    const customer = await signedInBrowser(browser, CUSTOMER);
    const orderId = (await placeCodOrder(customer.page.request)).id;
    await customer.page.goto(`/orders/${orderId}`);
    await liveConnected(customer.page);
    await customer.page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    const admin = await signedInBrowser(browser, ADMIN);
    const note = `Packed at the New Road store ${Date.now()}`;
    const res = await admin.page.request.patch(`/api/admin/orders/${orderId}/status`, { data: { status: "PROCESSING", note } });
    expect(res.status(), await res.text()).toBe(200);

    await expect(customer.page.getByText(`Order #${shortId(orderId)} is now Processing.`)).toBeVisible();
    await expect(customer.page.getByRole("region", { name: "Order Timeline" }).getByText(note)).toBeVisible();
    expect(await customer.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    await customer.context.close();
    await admin.context.close();
  });

  test("the profile orders tab updates in place and an administrator hears of a new order", async ({ browser }) => {
    const customer = await signedInBrowser(browser, CUSTOMER);
    const admin = await signedInBrowser(browser, ADMIN);
    await visit(admin.page, "/");
    await liveConnected(admin.page);

    await customer.page.goto("/profile?tab=orders");
    await liveConnected(customer.page);

    const orderId = (await placeCodOrder(customer.page.request)).id;
    await expect(admin.page.getByText(`New order #${shortId(orderId)} received!`)).toBeVisible();
    // The customer's list gained the new order without a reload.
    const card = customer.page.getByRole("article", { name: `Order #${shortId(orderId)}` });
    await expect(card).toBeVisible();
    await expect(card.getByText("Pending", { exact: true })).toBeVisible();

    const cancelled = await customer.page.request.post(`/api/orders/${orderId}/cancel`, { data: {} });
    expect(cancelled.status()).toBe(200);
    await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();

    await customer.context.close();
    await admin.context.close();
  });
});
