// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { Category } from "@khelkud/contracts";
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
