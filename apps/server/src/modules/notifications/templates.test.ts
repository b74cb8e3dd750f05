import { describe, expect, it } from "vitest";
import { composeOrderNotification, renderOrderEmailHtml, type OrderSnapshot } from "./templates.js";
import type { OrderFact } from "../events/events.js";

/**
 * The Delivered message's "Write a review" link (docs/decisions/184): it opens the product page on its Reviews tab,
 * `?review=true` as the order page's button does, in the order's language. A `#reviews` fragment named no element and
 * opened the page at the top, on its Description tab.
 */
const SHOP = "https://shop.example.np";
const delivered: OrderFact = { type: "order.status_changed", orderId: "order-1", from: "OUT_FOR_DELIVERY", to: "DELIVERED" };

function order(locale: "en" | "ne"): OrderSnapshot {
  return {
    id: "order-1",
    orderNumber: "KK-1042",
    customerName: "Sita Rai",
    status: "DELIVERED",
    paymentMethod: "COD",
    subtotal: 250_000,
    shippingCost: 0,
    totalAmount: 250_000,
    courier: null,
    trackingNumber: null,
    address: { fullName: "Sita Rai", phone: "9800000001", lines: ["Jhamsikhel 3", "Lalitpur"] },
    locale,
    placedAt: "2026-12-01T08:00:00.000Z",
    items: [{ name: "Nepal Home Jersey", slug: "nepal-home-jersey", size: "L", color: "Red", quantity: 1, lineTotal: 250_000 }],
  };
}

describe("the Delivered message's review link", () => {
  // The Nepali order's link opens the Nepali product page.
  it.each([
    ["en", `${SHOP}/products/nepal-home-jersey?review=true`],
    ["ne", `${SHOP}/ne/products/nepal-home-jersey?review=true`],
  ] as const)("opens the product's Reviews tab in the e-mail's text and HTML and in the SMS (%s)", async (locale, link) => {
    const m = composeOrderNotification(delivered, order(locale), SHOP);
    expect(m.text).toContain(link);
    expect(m.sms).toContain(link);
    const html = await renderOrderEmailHtml(delivered, order(locale), SHOP);
    expect(html).toContain(`href="${link}"`);
    for (const part of [m.text, m.sms, html]) expect(part).not.toContain("#reviews");
  });
});
