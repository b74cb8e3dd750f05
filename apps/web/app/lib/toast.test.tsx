// @vitest-environment happy-dom
// sonner is imported on the first toast; under a loaded machine that first import may take a while, hence the waits.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { Toasts, toast } from "./toast";

afterEach(cleanup);

describe("toasts loaded with the first toast", () => {
  it("renders nothing until a toast is raised, then shows it", async () => {
    const { container } = render(<Toasts />);
    expect(container.innerHTML).toBe("");
    await act(async () => toast.success("Added to your cart"));
    expect(await screen.findByText("Added to your cart", {}, { timeout: 5000 })).toBeTruthy();
  });

  it("shows a toast raised before the Toaster is on the page", async () => {
    await act(async () => toast.error("Could not load your orders", { id: "orders-failed" }));
    render(<Toasts />);
    expect(await screen.findByText("Could not load your orders", {}, { timeout: 5000 })).toBeTruthy();
  });

  it("replaces a toast by a new one with the same id instead of stacking both", async () => {
    render(<Toasts />);
    await act(async () => toast.info("Order 1A2B is now Processing", { id: "order-1" }));
    expect(await screen.findByText("Order 1A2B is now Processing", {}, { timeout: 5000 })).toBeTruthy();
    await act(async () => toast.info("Order 1A2B is now Shipped", { id: "order-1" }));
    expect(await screen.findByText("Order 1A2B is now Shipped", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText("Order 1A2B is now Processing")).toBeNull();
  });
});

describe("one way to raise a toast", () => {
  it("no module but lib/toast imports sonner, whose toasts would never show (the Toaster mounts with lib/toast's first toast)", () => {
    const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
    const offenders = (fs.readdirSync(app, { recursive: true }) as string[])
      .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\./.test(f))
      .filter((f) => /from\s+["']sonner["']|import\(\s*["']sonner["']\s*\)/.test(fs.readFileSync(path.join(app, f), "utf8")))
      .map((f) => f.split(path.sep).join("/"));
    expect(offenders).toEqual(["lib/toast.ts"]);
  });
});
