// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { ADDRESS_MSG, PAN_MESSAGE } from "@khelkud/contracts";
import CheckoutPage from "./checkout";
import { addToCart, cartStore } from "../lib/cart-store";
import { productFixture } from "../test/fixtures";

const EMPTY_ADDRESS = { fullName: "", email: "", phone: "", province: "", district: "", area: "", address: "", landmark: "", postalCode: "44600" };
let orders = 0;

function renderCheckout(prefill = EMPTY_ADDRESS) {
  const Stub = createRoutesStub([
    {
      path: "/checkout",
      HydrateFallback: () => null,
      loader: () => ({ wallets: { khalti: true, esewa: true }, prefill, cart: { items: [], check: null, unreadable: false }, idempotencyKey: "test-form-key" }),
      Component: (props) => <CheckoutPage {...(props as unknown as Parameters<typeof CheckoutPage>[0])} />,
    },
    { path: "/cart", Component: () => <h1>Cart</h1> },
  ]);
  return render(<Stub initialEntries={["/checkout"]} />);
}

describe("the checkout form's messages", () => {
  beforeEach(() => {
    orders = 0;
    cartStore.set([]);
    addToCart(productFixture(), { size: "L", quantity: 1, silent: true });
    // The shop's server is not running here: the cart check never answers, and placing an order is counted, not sent.
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes("/api/orders")) orders++;
      return new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("names every missing field next to it, focuses the first and places no order", async () => {
    renderCheckout();
    fireEvent.click(await screen.findByRole("button", { name: "Place Order" }));
    for (const message of ["Full Name is required", "Email is required", "Phone is required", ADDRESS_MSG.provinceRequired, ADDRESS_MSG.districtRequired, ADDRESS_MSG.areaRequired, "Address is required"]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(document.activeElement?.id).toBe("checkout-fullName");
    expect(screen.getByLabelText(/Full Name/).getAttribute("aria-describedby")).toBe("checkout-fullName-error");
    expect(orders).toBe(0);
  });

  it("clears a field's message once it is put right, and offers the districts of the chosen province only", async () => {
    renderCheckout();
    fireEvent.click(await screen.findByRole("button", { name: "Place Order" }));
    fireEvent.change(screen.getByLabelText(/Full Name/), { target: { value: "Sita Sharma" } });
    expect(screen.queryByText("Full Name is required")).toBeNull();
    const district = screen.getByLabelText(/District/) as HTMLSelectElement;
    fireEvent.change(screen.getByLabelText(/Province/), { target: { value: "Gandaki" } });
    const offered = [...district.options].map((o) => o.value).filter(Boolean);
    expect(offered).toContain("Kaski");
    expect(offered).not.toContain("Kathmandu");
    fireEvent.change(district, { target: { value: "Kaski" } });
    expect(screen.queryByText(ADDRESS_MSG.districtRequired)).toBeNull();
  });

  it("an e-mail that is not one and a PAN that is not 9 digits each get their message", async () => {
    renderCheckout({ ...EMPTY_ADDRESS, fullName: "Sita Sharma", phone: "9800000001", province: "Bagmati", district: "Kathmandu", area: "Kathmandu", address: "Thamel Marg 12" });
    const email = await screen.findByLabelText(/^Email/);
    fireEvent.change(email, { target: { value: "sita@" } });
    fireEvent.blur(email);
    expect(screen.getByText("Invalid email address")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/PAN \/ VAT number/), { target: { value: "12345" } });
    expect(screen.getByText(PAN_MESSAGE)).toBeTruthy();
    fireEvent.change(email, { target: { value: "sita@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Place Order" }));
    await waitFor(() => expect(document.activeElement?.id).toBe("checkout-buyerPan"));
    expect(orders).toBe(0);
  });
});
