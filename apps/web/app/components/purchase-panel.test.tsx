// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { MSG } from "@khelkud/contracts";
import { PurchasePanel } from "./purchase-panel";
import { cartStore } from "../lib/cart-store";
import { productFixture } from "../test/fixtures";

function renderPanel(product = productFixture()) {
  const Stub = createRoutesStub([
    { path: "/products/:slug", Component: () => <PurchasePanel product={product} /> },
    { path: "/checkout", Component: () => <h1>Checkout</h1> },
  ]);
  return render(<Stub initialEntries={[`/products/${product.slug}`]} />);
}

const quantity = () => screen.getByLabelText("Quantity") as HTMLInputElement;

describe("the size picker and quantity limits", () => {
  beforeEach(() => cartStore.set([]));
  afterEach(cleanup);

  it("shows every size, sold-out sizes disabled and named as sold out", () => {
    renderPanel();
    expect((screen.getByRole("radio", { name: "S (sold out)" }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("radio", { name: "M" }) as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole("radio", { name: "L" }) as HTMLInputElement).disabled).toBe(false);
  });

  it("asks for a size before adding to the cart", () => {
    renderPanel();
    fireEvent.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(screen.getByRole("alert").textContent).toBe(MSG.selectSize);
    expect(cartStore.get()).toEqual([]);
  });

  it("bounds the quantity by the chosen size's stock and lowers it when a smaller size is picked", () => {
    renderPanel();
    fireEvent.click(screen.getByRole("radio", { name: "L" }));
    const more = screen.getByRole("button", { name: "Increase quantity" }) as HTMLButtonElement;
    for (let i = 0; i < 10; i++) fireEvent.click(more);
    expect(quantity().value).toBe("5");
    expect(more.disabled).toBe(true);
    fireEvent.change(quantity(), { target: { value: "99" } });
    expect(quantity().value).toBe("5");
    fireEvent.click(screen.getByRole("radio", { name: "M" }));
    expect(quantity().value).toBe("2");
    expect(screen.getByText("Only 2 left in this size")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(cartStore.get().map((l) => [l.size, l.quantity])).toEqual([["M", 2]]);
  });

  it("never goes below one", () => {
    renderPanel();
    fireEvent.click(screen.getByRole("radio", { name: "L" }));
    expect((screen.getByRole("button", { name: "Decrease quantity" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(quantity(), { target: { value: "-3" } });
    expect(quantity().value).toBe("1");
  });

  it("offers nothing to buy when the product is sold out", () => {
    renderPanel(productFixture({ stock: 0, sizes: [{ size: "M", stock: 0, available: false }] }));
    expect(screen.getAllByRole("button", { name: "Out of Stock" }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.queryByLabelText("Quantity")).toBeNull();
  });
});
