// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import "../lib/i18n-ne";
import { OopsScreen } from "./status-screens";

/** The error screen a rendering failure shows, on an English and on a Nepali page (the app under the basename `/ne`). */
function renderOops(basename?: string) {
  const router = createMemoryRouter([{ path: "/products", Component: OopsScreen }], { basename, initialEntries: [`${basename ?? ""}/products`] });
  return render(<RouterProvider router={router} />);
}

describe("the error screen", () => {
  afterEach(cleanup);

  it("on a Nepali page speaks Nepali and leads home to the Nepali home page", () => {
    renderOops("/ne");
    expect(screen.getByRole("heading").textContent).toMatch(/[\u0900-\u097F]/);
    const home = screen.getByRole("link");
    expect(home.getAttribute("href")).toBe("/ne");
    expect(home.textContent).toMatch(/[\u0900-\u097F]/);
  });

  it("on an English page leads to the English home page", () => {
    renderOops();
    expect(screen.getByRole("link").getAttribute("href")).toBe("/");
  });
});
