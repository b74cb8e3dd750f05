// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { StoreSettingsSchema, VAT_NEEDS_PAN_MESSAGE, type AdminDashboard, type AdminTaxDocument, type StoreSettings } from "@khelkud/contracts";
import AdminDashboardPage from "./dashboard";
import AdminInvoices from "./invoices";
import AdminSettings from "./settings";

/** What the admin sees about bills and the seller's PAN (docs/decisions/175), with the API answered here. */

const NO_PAN = "No PAN set: bills are being issued without the seller's PAN.";

function document(patch: Partial<AdminTaxDocument>): AdminTaxDocument {
  return {
    id: "d1",
    kind: "INVOICE",
    vatRegistered: true,
    number: "2083/84-000001",
    orderId: "o1",
    orderNumber: "KK-1",
    buyer: "Sita Gurung",
    issuedAt: "2026-11-24T05:00:00.000Z",
    issuedDateBs: "2083-08-08",
    total: 1_249_800,
    vat: 143_783,
    prints: 0,
    original: null,
    ...patch,
  };
}

const DASHBOARD: AdminDashboard = {
  revenue: { today: 0, last7Days: 0, last30Days: 0 },
  tax: { fiscalYear: "2083/84", vatRegistered: false, hasPan: false, taxable: 0, vat: 0 },
  ordersByStatus: {},
  codToCollect: { count: 0, amount: 0 },
  walletPending: { count: 0, amount: 0 },
  lowStock: [],
  recentOrders: [],
  bestSellers: [],
  dailySales: [],
};

/** Answers the admin API's GETs from `answers` (by path) and records the PUTs. */
const asked: string[] = [];

function serve(answers: Record<string, unknown>) {
  const puts: unknown[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).split("?")[0]!;
    asked.push(path);
    if (init?.method === "PUT") {
      puts.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ success: true, data: { settings: JSON.parse(String(init.body)) } }), { status: 200 });
    }
    return new Response(JSON.stringify({ success: true, data: answers[path] }), { status: 200 });
  });
  return puts;
}

function show(Page: () => React.ReactNode, path: string) {
  const router = createMemoryRouter([{ path, Component: Page }, { path: "/admin/settings", Component: () => null }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

const settings = (patch: Partial<StoreSettings>) => ({ settings: StoreSettingsSchema.parse(patch) });

describe("the admin's bills", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists a VAT-registered invoice as a Tax Invoice and says who took the original and how many copies followed", async () => {
    serve({
      "/api/admin/invoices": {
        documents: [
          document({ id: "a", number: "2083/84-000001", prints: 2, original: { at: "2026-11-24T06:00:00.000Z", format: "HTML", byBuyer: true } }),
          document({ id: "b", number: "2083/84-000002", vatRegistered: false, vat: 0 }),
          document({ id: "c", number: "CN-2083/84-000001", kind: "CREDIT_NOTE", prints: 1, original: { at: "2026-11-24T07:00:00.000Z", format: "PDF", byBuyer: false } }),
        ],
        pagination: { page: 1, limit: 20, total: 3, totalPages: 1 },
      },
      "/api/admin/settings": settings({ pan: "609876543", vatRegistered: true }),
    });
    show(AdminInvoices, "/admin/invoices");
    const row = async (number: string) => (await screen.findByText(number)).closest("tr")!.textContent!;
    expect(await row("2083/84-000001")).toContain("Tax Invoice");
    expect(await row("2083/84-000001")).toMatch(/original: customer's page, 24 Nov 2026, \d\d:\d\d · 1 copy \(next: COPY\)/);
    expect(await row("2083/84-000002")).toContain("Invoice");
    expect(await row("2083/84-000002")).not.toContain("Tax Invoice");
    expect(await row("2083/84-000002")).toContain("not printed yet: the next print is the original");
    expect(await row("CN-2083/84-000001")).toContain("Credit Note");
    expect(await row("CN-2083/84-000001")).toContain("original: shop's PDF");
    expect(await row("CN-2083/84-000001")).toContain("0 copies");
    // No warning once the settings (with a PAN) have been read and drawn.
    await waitFor(() => expect(asked).toContain("/api/admin/settings"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(NO_PAN)).toBeNull();
  });

  it("warns on the Invoices page and the dashboard while no PAN is set", async () => {
    serve({ "/api/admin/invoices": { documents: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } }, "/api/admin/settings": settings({}) });
    show(AdminInvoices, "/admin/invoices");
    expect((await screen.findByText(NO_PAN)).closest("[role=alert]")!.textContent).toContain("Enter it in Settings.");
    cleanup();

    serve({ "/api/admin/dashboard": DASHBOARD });
    show(AdminDashboardPage, "/admin");
    expect(await screen.findByText(NO_PAN)).toBeTruthy();
    cleanup();

    serve({ "/api/admin/dashboard": { ...DASHBOARD, tax: { ...DASHBOARD.tax, hasPan: true } } });
    show(AdminDashboardPage, "/admin");
    await screen.findByText("Daily sales, last 30 days");
    expect(screen.queryByText(NO_PAN)).toBeNull();
  });

  it("warns next to the PAN field in Settings and refuses VAT without a PAN; the warning goes once a PAN is saved", async () => {
    const puts = serve({ "/api/admin/settings": settings({}) });
    show(AdminSettings, "/admin/settings");
    const pan = await screen.findByLabelText("PAN / VAT number (9 digits)");
    expect(screen.getByText(NO_PAN).closest("[role=alert]")!.textContent).toContain("Enter it here and save.");

    fireEvent.click(screen.getByRole("checkbox", { name: /VAT-registered/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText(VAT_NEEDS_PAN_MESSAGE)).toBeTruthy();
    expect(puts).toHaveLength(0);

    fireEvent.change(pan, { target: { value: "609876543" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ pan: "609876543", vatRegistered: true });
    await waitFor(() => expect(screen.queryByText(NO_PAN)).toBeNull());
  });
});
