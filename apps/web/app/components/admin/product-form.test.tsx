// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { Category, Product } from "@khelkud/contracts";
import { ProductForm } from "./product-form";

/** A refused save takes the administrator to the first message (docs/decisions/182), here in the product form. */

const CATEGORY = { id: "c1", name: "Football", slug: "football", type: "PRODUCT", status: "ACTIVE" } as unknown as Category;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function form() {
  render(
    <MemoryRouter>
      <ProductForm product={null} categories={[CATEGORY]} onCategoryCreated={() => {}} onSaved={() => {}} />
    </MemoryRouter>,
  );
  return { submit: () => fireEvent.click(screen.getByRole("button", { name: "Create Product" })) };
}

describe("the product form's refused save", () => {
  it("focuses the first field with a message when the form's own check refuses it", async () => {
    const { submit } = form();
    submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Name" })));
    expect(screen.getAllByRole("alert").length).toBeGreaterThan(0);
  });

  it("focuses the field the API names when the server refuses it", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ success: false, error: "Validation failed", details: [{ field: "price", message: "Price must be whole rupees" }] }), { status: 400, headers: { "content-type": "application/json" } }));
    const { submit } = form();
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Nepal Home Jersey" } });
    fireEvent.change(screen.getByRole("combobox", { name: /Category/ }), { target: { value: "c1" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Brand" }), { target: { value: "Kelme" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Description" }), { target: { value: "The home shirt." } });
    fireEvent.change(screen.getByRole("textbox", { name: "Price (NPR)" }), { target: { value: "2500" } });
    submit();
    // The sizes' stock is checked first, in the form: its message is below the fold of a long form.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Size 1" })));
    for (const box of screen.getAllByRole("textbox", { name: /^Stock for size/ })) fireEvent.change(box, { target: { value: "5" } });
    submit();
    await waitFor(() => expect(screen.getByText("Price must be whole rupees")).toBeTruthy());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Price (NPR)" })));
  });
});

describe("the product form's stock (docs/decisions/191)", () => {
  const product = {
    id: "p1", name: "Nepal Home Jersey", slug: "nepal-home-jersey", categoryId: "c1", description: "The home shirt.", nameNe: null, descriptionNe: null,
    features: [], featuresNe: [], specifications: {}, specificationsNe: {}, price: 250_000, salePrice: null,
    sizes: [{ size: "S", stock: 4 }, { size: "M", stock: 12 }], colors: [], brand: "Kelme", team: null, teamNe: null, featured: false, isNew: false, status: "ACTIVE",
    metaTitle: null, metaDescription: null, keywords: [], metaTags: [], personalisable: false, printFee: null, printScripts: ["LATIN"], players: [], images: [],
  } as unknown as Product;

  it("sends the change made since the form opened, then takes the stock as saved as the base of the next save", async () => {
    const sent: { size: string; stock: number; stockWas?: number }[][] = [];
    // The server applies the change to its stock as it is now: 3 of M were sold while the form was open.
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { sizes: { size: string; stock: number; stockWas?: number }[] };
      sent.push(body.sizes);
      const sizes = body.sizes.map((s) => ({ size: s.size, stock: s.stockWas === undefined ? s.stock : s.size === "M" && sent.length === 1 ? s.stock - 3 : s.stock }));
      return new Response(JSON.stringify({ success: true, data: { product: { ...product, sizes } } }), { status: 200, headers: { "content-type": "application/json" } });
    });
    render(
      <MemoryRouter>
        <ProductForm product={product} categories={[CATEGORY]} onCategoryCreated={() => {}} onSaved={() => {}} />
      </MemoryRouter>,
    );
    const m = screen.getByRole("textbox", { name: "Stock for size M" }) as HTMLInputElement;
    fireEvent.change(m, { target: { value: "15" } });
    fireEvent.click(screen.getByRole("button", { name: "Update Product" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual([
      { size: "S", stock: 4, stockWas: 4 },
      { size: "M", stock: 15, stockWas: 12 },
    ]);
    // The box shows the stock as saved (12: 3 received, 3 sold meanwhile); saving again changes nothing twice.
    await waitFor(() => expect((screen.getByRole("textbox", { name: "Stock for size M" }) as HTMLInputElement).value).toBe("12"));
    fireEvent.click(screen.getByRole("button", { name: "Update Product" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toContainEqual({ size: "M", stock: 12, stockWas: 12 });
  });
});
