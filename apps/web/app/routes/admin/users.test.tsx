// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { MSG } from "@khelkud/contracts";
import AdminUsers from "./users";

/** The administrator's user form takes a phone by registration's rule (docs/decisions/183), with the API answered here. */

const posted: unknown[] = [];

function serve(refusal?: { field: string; message: string }) {
  posted.length = 0;
  vi.stubGlobal("fetch", async (_input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === "POST") {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push(body);
      if (refusal) return new Response(JSON.stringify({ success: false, error: "Validation failed", details: [refusal] }), { status: 400, headers: { "content-type": "application/json" } });
      const user = { id: "u1", ...body, phone: "+9779812345678", role: "USER", status: "ACTIVE", orderCount: 0, createdAt: "2026-12-01T00:00:00.000Z" };
      return new Response(JSON.stringify({ success: true, data: { user } }), { status: 201, headers: { "content-type": "application/json" } });
    }
    const list = { users: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 }, overallTotal: 0 };
    return new Response(JSON.stringify({ success: true, data: list }), { status: 200, headers: { "content-type": "application/json" } });
  });
}

function addUser(phone: string) {
  const router = createMemoryRouter([{ path: "/admin/users", Component: AdminUsers }], { initialEntries: ["/admin/users"] });
  render(<RouterProvider router={router} />);
  fireEvent.click(screen.getByRole("button", { name: "+ Add User" }));
  fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "New Staff" } });
  fireEvent.change(screen.getByRole("textbox", { name: "Email" }), { target: { value: "staff@example.com" } });
  fireEvent.change(screen.getByRole("textbox", { name: "Phone (optional)" }), { target: { value: phone } });
  fireEvent.click(screen.getByRole("button", { name: "Create User" }));
}

/** The message shown in the phone field's box. */
const phoneMessage = () => screen.getByRole("textbox", { name: "Phone (optional)" }).closest("[data-invalid]")?.querySelector('[role="alert"]')?.textContent;

describe("the administrator's user form", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows registration's message next to the phone for what is not a Nepali number, and sends nothing", async () => {
    serve();
    addUser("call me maybe");
    await waitFor(() => expect(phoneMessage()).toBe(MSG.phoneInvalid));
    expect(posted).toEqual([]);
  });

  it("sends a Nepali number, and an empty phone as none", async () => {
    serve();
    addUser("981-234-5678");
    await waitFor(() => expect(posted).toEqual([expect.objectContaining({ phone: "981-234-5678" })]));
    cleanup();
    serve();
    addUser("   ");
    await waitFor(() => expect(posted).toEqual([expect.objectContaining({ phone: null })]));
  });

  it("shows the API's refusal of the phone next to the field", async () => {
    serve({ field: "phone", message: MSG.phoneInvalid });
    addUser("9812345678");
    await waitFor(() => expect(phoneMessage()).toBe(MSG.phoneInvalid));
  });
});
