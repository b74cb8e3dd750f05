// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { WishlistEntry } from "@khelkud/contracts";
import "../lib/i18n-ne";
import { ProfileWishlist } from "./profile-wishlist";
import { addToWishlist, wishlistStore } from "../lib/wishlist";
import { localProduct } from "../lib/local-text";
import { toast } from "../lib/toast";
import { cardFixture } from "../test/fixtures";

const EN = "Nepal National Team Away Jersey";
const NE = "नेपाल राष्ट्रिय टोली बाहिरी जर्सी";
const away = cardFixture({ id: "p-away", name: EN, nameNe: NE, slug: "nepal-national-team-away-jersey", images: [{ url: "/media/away.webp", altText: "Away jersey", altTextNe: "", width: 800, height: 800 }] });

/** The wishlist tab on an English or a Nepali page (the app under the basename `/ne`). */
function renderWishlist(basename?: string) {
  const router = createMemoryRouter([{ path: "/profile", Component: ProfileWishlist }], { basename, initialEntries: [`${basename ?? ""}/profile?tab=wishlist`] });
  return render(<RouterProvider router={router} />);
}

/** The server's answer to the sign-in merge: a guest is refused (401), a customer gets `items`. */
function serverAnswers(items: WishlistEntry[] | null) {
  vi.stubGlobal("fetch", async () =>
    items ? new Response(JSON.stringify({ success: true, data: { items } }), { status: 200 }) : new Response(JSON.stringify({ success: false, error: "Authentication required" }), { status: 401 }),
  );
}

describe("the wishlist tab names products in the page's language (docs/decisions/179)", () => {
  beforeEach(() => {
    wishlistStore.set([]);
    vi.spyOn(toast, "success").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("a guest's product added on an English page reads its Nepali name on the Nepali tab: the card, its picture and both buttons", async () => {
    serverAnswers(null);
    addToWishlist(localProduct(away, "en"));
    renderWishlist("/ne");
    // The picture's link (named by its alt text) and the name's link.
    const links = await screen.findAllByRole("link", { name: NE });
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/ne/products/nepal-national-team-away-jersey", "/ne/products/nepal-national-team-away-jersey"]);
    expect(screen.getByRole("img").getAttribute("alt")).toBe(NE);
    expect(screen.getByRole("button", { name: `${NE} इच्छासूचीबाट हटाउनुहोस्` })).toBeTruthy();
    expect(screen.getByRole("button", { name: `कार्टमा राख्नुहोस् ${NE}` })).toBeTruthy();
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(document.body.innerHTML).not.toContain(EN);
  });

  it("a product added on a Nepali page reads its English name on the English tab", async () => {
    serverAnswers(null);
    addToWishlist(localProduct(away, "ne"));
    renderWishlist();
    expect(await screen.findAllByRole("link", { name: EN })).toHaveLength(2);
    expect(screen.getByRole("img").getAttribute("alt")).toBe(EN);
    expect(screen.getByRole("button", { name: `Remove ${EN} from wishlist` })).toBeTruthy();
    expect(document.body.innerHTML).not.toContain(NE);
  });

  it("a signed-in customer's list from the server carries the Nepali name, also for an item kept before the wishlist held it", async () => {
    // Kept in this browser before: the English name only.
    wishlistStore.set([{ id: away.id, name: EN, slug: away.slug, price: 1, originalPrice: 1, image: null, brand: "Khelkud", rating: null, reviewCount: 0, stock: 3, addedAt: "2026-12-07T00:00:00.000Z" }]);
    serverAnswers([{ id: away.id, name: EN, nameNe: NE, slug: away.slug, price: 1, originalPrice: 1, image: null, brand: "Khelkud", rating: null, reviewCount: 0, stock: 3, addedAt: "2026-12-07T00:00:00.000Z" }]);
    renderWishlist("/ne");
    expect(await screen.findAllByRole("link", { name: NE })).toHaveLength(1);
    expect(screen.getByRole("button", { name: `${NE} इच्छासूचीबाट हटाउनुहोस्` })).toBeTruthy();
  });
});
