// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLoaderData } from "react-router";
import type { Order } from "@khelkud/contracts";
import "../lib/i18n-ne";
import OrderDetail from "./order-detail";

/**
 * The refund block of a customer's order page (docs/decisions/078): the amount, method and reference, and the note the
 * administrator wrote for the customer when approving the cancellation, as written (text, never markup).
 */
const note = "Refunded as requested <b>today</b>";
const order = {
  id: "0mxdfywe0k1vg79nst08qc0v",
  orderNumber: "KK-20261207-Y5SXN3",
  status: "CANCELLED",
  paymentMethod: "KHALTI",
  paymentStatus: "REFUNDED",
  subtotal: 250_000,
  shippingCost: 15_000,
  discountAmount: 0,
  totalAmount: 265_000,
  shippingAddress: { fullName: "Sita Rai", email: "sita@example.com", phone: "9800000001", address: "Jhamsikhel 3", province: "Bagmati", district: "Lalitpur", area: "Lalitpur", postalCode: "44700" },
  notes: null,
  items: [],
  statusHistory: [{ status: "CANCELLED", note: "Cancellation approved; Rs. 2,650 refunded by Khalti (reference KH-REF-0001)", createdAt: "2026-12-07T10:00:00.000Z" }],
  trackingNumber: null,
  courier: null,
  paymentExpiresAt: null,
  paidAt: "2026-12-07T09:00:00.000Z",
  cancellationRequestedAt: "2026-12-07T09:30:00.000Z",
  cancellationReason: "Wrong size",
  returnRequestedAt: null,
  returnReason: null,
  returnDetails: null,
  refund: { amount: 265_000, method: "KHALTI", reference: "KH-REF-0001", note, refundedAt: "2026-12-07T10:00:00.000Z" },
  buyerPan: null,
  invoiceNumber: null,
  creditNoteNumber: null,
  createdAt: "2026-12-07T08:00:00.000Z",
  updatedAt: "2026-12-07T10:00:00.000Z",
} as Order;

function renderOrderPage(o: Order, basename?: string) {
  const router = createMemoryRouter(
    [
      {
        path: "/orders/:id",
        loader: () => ({ order: o }),
        HydrateFallback: () => null,
        Component: () => <OrderDetail {...({ loaderData: useLoaderData() } as unknown as Parameters<typeof OrderDetail>[0])} />,
      },
    ],
    { basename, initialEntries: [`${basename ?? ""}/orders/${o.id}`] },
  );
  return render(<RouterProvider router={router} />);
}

const refundBlock = async () => (await screen.findByRole("heading", { name: /Refunded|रकम फिर्ता भयो/ })).closest("section")!;

describe("the order page's refund", () => {
  afterEach(cleanup);

  it("shows the shop's note for the customer under the amount and reference, as written", async () => {
    renderOrderPage(order);
    const block = await refundBlock();
    expect(block.textContent).toContain("Reference: KH-REF-0001");
    expect(block.textContent).toContain(`Note from the shop: ${note}`);
    expect(block.querySelector("b")).toBeNull();
  });

  it("on a Nepali page labels it in Nepali and keeps the note in the administrator's words", async () => {
    renderOrderPage(order, "/ne");
    const block = await refundBlock();
    expect(block.textContent).toContain("सन्दर्भ: KH-REF-0001");
    expect(block.textContent).toContain(`पसलको सन्देश: ${note}`);
  });

  it("says nothing more for a refund without a note", async () => {
    renderOrderPage({ ...order, refund: { ...order.refund!, note: null } });
    const block = await refundBlock();
    expect(block.textContent).not.toMatch(/Note from the shop/);
  });
});

describe("the order page of a parcel that came back (docs/decisions/185)", () => {
  afterEach(cleanup);
  const returned = {
    ...order,
    status: "RETURNED",
    paymentMethod: "COD",
    paymentStatus: "FAILED",
    paidAt: null,
    cancellationRequestedAt: null,
    cancellationReason: null,
    refund: null,
    statusHistory: [
      { status: "PENDING", note: "Order placed", createdAt: "2026-12-07T08:00:00.000Z" },
      { status: "SHIPPED", note: null, createdAt: "2026-12-07T09:00:00.000Z" },
      { status: "RETURNED", note: "Nothing was paid", createdAt: "2026-12-07T10:00:00.000Z" },
    ],
  } as Order;

  it("says when it came back, off the timeline, and that an unpaid one was not paid rather than failed", async () => {
    renderOrderPage(returned);
    expect(await screen.findByText(/^Returned to the shop on .+ — Nothing was paid$/)).toBeTruthy();
    expect(screen.getAllByText("Returned").length).toBeGreaterThan(0);
    expect(screen.getByText("Not paid")).toBeTruthy();
    expect(screen.queryByText("Failed")).toBeNull();
    // The steps it reached are done; those it never reached are not.
    expect(screen.getByText("Shipped").textContent).toContain("(done)");
    expect(screen.getByText("Delivered").textContent).toContain("(not yet)");
  });

  it("says it in Nepali on a Nepali page", async () => {
    renderOrderPage(returned, "/ne");
    expect(await screen.findByText(/^.+ मा पसलमा फिर्ता आयो — कुनै रकम तिरिएको थिएन$/)).toBeTruthy();
  });
});

describe("a delivered order's return request (docs/decisions/190)", () => {
  afterEach(cleanup);
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  const line = { id: "line1", productId: "p1", name: "Nepal Home Jersey", nameNe: null, slug: "nepal-home-jersey", image: null, size: "M", color: "", quantity: 1, unitPrice: 250_000, personalisation: null, printFee: 0, printedAt: null, lineTotal: 250_000 };
  const delivered = (deliveredDaysAgo: number, more: Partial<Order> = {}) =>
    ({
      ...order,
      status: "DELIVERED",
      paymentMethod: "COD",
      paymentStatus: "PAID",
      cancellationRequestedAt: null,
      cancellationReason: null,
      refund: null,
      items: [line],
      statusHistory: [
        { status: "PENDING", note: "Order placed", createdAt: daysAgo(deliveredDaysAgo + 3) },
        { status: "DELIVERED", note: null, createdAt: daysAgo(deliveredDaysAgo) },
      ],
      ...more,
    }) as Order;

  it("offers Request a Return within 30 days of delivery, with the last day and the four reasons", async () => {
    renderOrderPage(delivered(2));
    const button = await screen.findByRole("button", { name: "Request a Return" });
    button.click();
    expect(screen.getByText(/You can send items back until .+, unworn and unwashed/).textContent).toContain("9800000001");
    for (const reason of ["The size does not fit (exchange or refund)", "It is faulty or damaged", "It is not what I ordered", "I changed my mind"]) {
      expect((screen.getByLabelText(reason) as HTMLInputElement).disabled, reason).toBe(false);
    }
  });

  it("offers nothing after 30 days, before delivery, or once asked", async () => {
    renderOrderPage(delivered(31));
    await screen.findByRole("heading", { name: /Order #/ });
    expect(screen.queryByRole("button", { name: "Request a Return" })).toBeNull();
    cleanup();
    renderOrderPage({ ...delivered(2), status: "SHIPPED", statusHistory: [{ status: "SHIPPED", note: null, createdAt: daysAgo(2) }] } as Order);
    await screen.findByRole("heading", { name: /Order #/ });
    expect(screen.queryByRole("button", { name: "Request a Return" })).toBeNull();
  });

  it("leaves only faulty and wrong-item reasons for an order of printed shirts", async () => {
    renderOrderPage(delivered(2, { items: [{ ...line, personalisation: { name: "PAUDEL", number: 7, playerId: null }, printFee: 50_000 }] }));
    (await screen.findByRole("button", { name: "Request a Return" })).click();
    expect((screen.getByLabelText("I changed my mind") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText("The size does not fit (exchange or refund)") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText("It is faulty or damaged") as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByText(/taken back only when faulty or not what you ordered/)).toBeTruthy();
  });

  it("shows an open request with its reason and the customer's words (as text), in English and Nepali", async () => {
    const asked = delivered(2, { returnRequestedAt: daysAgo(1), returnReason: "SIZE", returnDetails: "An <b>L</b> please" });
    renderOrderPage(asked);
    const block = (await screen.findByRole("heading", { name: "Return Requested" })).closest("section")!;
    expect(block.textContent).toMatch(/: the size does not fit\. We will call you on 9800000001 to arrange it\.Size exchanges are free/);
    expect(block.textContent).toContain("Your note: An <b>L</b> please");
    expect(block.querySelector("b")).toBeNull();
    expect(screen.queryByRole("button", { name: "Request a Return" })).toBeNull();
    cleanup();
    renderOrderPage(asked, "/ne");
    const ne = (await screen.findByRole("heading", { name: "फिर्ता गर्न अनुरोध गरिएको छ" })).closest("section")!;
    expect(ne.textContent).toContain("अनुरोध गर्नुभयो: साइज मिलेन।");
    expect(ne.textContent).toContain("साइज साटासाट निःशुल्क छ");
  });

  it("shows a declined request with the shop's note, and lets the customer ask again", async () => {
    const declined = delivered(2);
    declined.statusHistory.push(
      { status: "DELIVERED", note: "Return requested by the customer; the shop will arrange the pick-up", createdAt: daysAgo(1) },
      { status: "DELIVERED", note: "Return request declined: The shirt was worn", createdAt: daysAgo(1) },
      // A later note of the shop's under DELIVERED does not hide the decline.
      { status: "DELIVERED", note: "Cash collected", createdAt: daysAgo(0.5) },
    );
    renderOrderPage(declined);
    const block = (await screen.findByRole("heading", { name: "Return Request Declined" })).closest("section")!;
    expect(block.textContent).toMatch(/^Return Request DeclinedWe declined your return request on .+\. Call us if you would like to talk about it\.Note from the shop: The shirt was worn$/);
    // The request and its decline are not on the timeline, where the request would still promise a pick-up.
    expect(screen.getByRole("region", { name: "Order Timeline" }).textContent).not.toMatch(/Return request|pick-up/);
    expect(screen.getByRole("button", { name: "Request a Return" })).toBeTruthy();
  });
});
