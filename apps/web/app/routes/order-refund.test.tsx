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
