import { describe, expect, it } from "vitest";
import { customerCanRequestReturn, returnWindowEnd, amountToFreeShipping, canRefund, canTransition, customerCanCancel, customerCanRequestCancellation, PAYMENT_TRANSITIONS, findDistrict, isKathmanduValley, NEPAL_PROVINCES, provinceOfDistrict, discountPercent, effectivePrice, formatNPR, imageSrcSet, imageVariantUrl, shippingFee, shortOrderId, slugify, stockLabel, WALLET_PROVIDERS, walletFromSlug, walletSlug } from "./index.js";

describe("formatNPR", () => {
  it("shows whole rupees with Indian grouping and no decimals", () => {
    expect(formatNPR(249_900)).toBe("Rs. 2,499");
    expect(formatNPR(12_345_600)).toBe("Rs. 1,23,456");
  });
  it("shows paisa only when the amount has them", () => {
    expect(formatNPR(249_950)).toBe("Rs. 2,499.50");
  });
  it("never shows a dollar sign", () => {
    expect(formatNPR(100)).not.toContain("$");
  });
});

describe("prices", () => {
  it("uses the sale price only when it is lower than the price", () => {
    expect(effectivePrice(10_000, 8_000)).toBe(8_000);
    expect(effectivePrice(10_000, 12_000)).toBe(10_000);
    expect(effectivePrice(10_000, null)).toBe(10_000);
  });
  it("rounds the percent off and hides it without a real discount", () => {
    expect(discountPercent(899_900, 749_900)).toBe(17);
    expect(discountPercent(10_000, 10_000)).toBeNull();
    expect(discountPercent(10_000, null)).toBeNull();
  });
});

describe("stock labels (docs/product-rules.md §4)", () => {
  it.each([
    [11, "In Stock"],
    [10, "Low Stock"],
    [1, "Low Stock"],
    [0, "Out of Stock"],
  ])("%i → %s", (stock, label) => expect(stockLabel(stock)).toBe(label));
});

describe("shipping rule (docs/product-rules.md §3)", () => {
  it("charges NPR 150 in the Kathmandu, Lalitpur and Bhaktapur districts and NPR 200 in every other district", () => {
    expect(shippingFee(100_000, "Lalitpur")).toBe(15_000);
    expect(shippingFee(100_000, "Kathmandu")).toBe(15_000);
    expect(shippingFee(100_000, " bhaktapur ")).toBe(15_000);
    expect(shippingFee(100_000, "Kaski")).toBe(20_000);
    expect(shippingFee(100_000, "Chitwan")).toBe(20_000);
  });
  it("never gives the valley fee to free text that only mentions the valley", () => {
    for (const text of ["Kathmandu, Dhangadhi", "Patan", "Kirtipur", "Lalitpur Metropolitan City"]) expect(isKathmanduValley(text), text).toBe(false);
  });
  it("knows Nepal's 7 provinces and 77 districts, each district in one province", () => {
    expect(NEPAL_PROVINCES).toHaveLength(7);
    const all = NEPAL_PROVINCES.flatMap((p) => p.districts);
    expect(all).toHaveLength(77);
    expect(new Set(all.map((d) => d.toLowerCase())).size).toBe(77);
    expect(provinceOfDistrict("kaski")).toBe("Gandaki");
    expect(findDistrict("LALITPUR")).toBe("Lalitpur");
    expect(findDistrict("__proto__")).toBeNull();
  });
  it("is free above NPR 5,000 but not at exactly 5,000", () => {
    expect(shippingFee(500_000, "Kaski")).toBe(20_000);
    expect(shippingFee(500_100, "Kaski")).toBe(0);
  });
  it("tells how much more to add for free shipping", () => {
    expect(amountToFreeShipping(450_000)).toBe(50_100);
    expect(amountToFreeShipping(600_000)).toBe(0);
  });
});

describe("slugify (docs/product-rules.md §11)", () => {
  it("lower-cases, turns commas to spaces and spaces to hyphens", () => {
    expect(slugify("Nepal Home Jersey, 2026 Edition!")).toBe("nepal-home-jersey-2026-edition");
  });
  it("collapses spaces and drops punctuation", () => {
    expect(slugify("  Real   Madrid / Away  ")).toBe("real-madrid-away");
  });
  it("keeps Devanagari letters", () => {
    expect(slugify("नेपाल जर्सी")).toBe("नेपाल-जर्सी");
  });
});

describe("order state machine (docs/product-rules.md §7)", () => {
  it("moves forward one step at a time", () => {
    expect(canTransition("PENDING", "PROCESSING")).toBe(true);
    expect(canTransition("PENDING", "DELIVERED")).toBe(false);
    expect(canTransition("SHIPPED", "OUT_FOR_DELIVERY")).toBe(true);
  });
  it("allows cancelling only before shipping", () => {
    expect(canTransition("PROCESSING", "CANCELLED")).toBe(true);
    expect(canTransition("SHIPPED", "CANCELLED")).toBe(false);
    expect(canTransition("DELIVERED", "CANCELLED")).toBe(false);
  });
});

describe("identifiers and images", () => {
  it("shows the last 8 characters of an order id", () => {
    expect(shortOrderId("0mwqthlrkxiy506qgdcmz6b8")).toBe("GDCMZ6B8");
  });
  it("builds resized image URLs only for our media", () => {
    expect(imageVariantUrl("/media/products/a1.png", 480, "webp")).toBe("/media/_r/480.webp/products/a1.png");
    expect(imageVariantUrl("https://example.com/a.png", 480, "webp")).toBe("https://example.com/a.png");
  });
  it("lists a picture's widths without a format, for the server to choose it by Accept (docs/decisions/142)", () => {
    expect(imageSrcSet("/media/products/a1.png", 480)).toBe("/media/_r/160/products/a1.png 160w, /media/_r/320/products/a1.png 320w, /media/_r/480/products/a1.png 480w");
    expect(imageSrcSet("https://example.com/a.png", 320)).toBe("https://example.com/a.png 160w, https://example.com/a.png 320w");
  });
});

describe("paid orders and refunds", () => {
  it("lets money leave only by a refund, and lets a paid order's customer ask to cancel once, before shipping", () => {
    expect(PAYMENT_TRANSITIONS.PAID).toEqual(["REFUNDED"]);
    expect(PAYMENT_TRANSITIONS.REFUNDED).toEqual([]);
    const paid = { status: "PROCESSING", paymentStatus: "PAID", cancellationRequestedAt: null } as const;
    expect(customerCanCancel(paid)).toBe(false);
    expect(customerCanRequestCancellation(paid)).toBe(true);
    expect(customerCanRequestCancellation({ ...paid, cancellationRequestedAt: "2026-11-24T06:00:00Z" })).toBe(false);
    expect(customerCanRequestCancellation({ ...paid, status: "SHIPPED" })).toBe(false);
    expect(canRefund(paid)).toBe(true);
    expect(canRefund({ status: "PROCESSING", paymentStatus: "PENDING" })).toBe(false);
  });
});

describe("one name per wallet", () => {
  it("names the wallets KHALTI and ESEWA, and spells them in lower case only in page addresses", () => {
    expect(WALLET_PROVIDERS).toEqual(["KHALTI", "ESEWA"]);
    expect(WALLET_PROVIDERS.map(walletSlug)).toEqual(["khalti", "esewa"]);
    expect(["khalti", "ESEWA", "eSewa"].map(walletFromSlug)).toEqual(["KHALTI", "ESEWA", "ESEWA"]);
    expect([null, "", "cod", "card", "khalti2"].map(walletFromSlug)).toEqual([null, null, null, null, null]);
  });
});

describe("the return window (docs/decisions/190)", () => {
  // Delivered at 00:15 on 8 December in Nepal (18:30 UTC the day before).
  const delivered = "2026-12-07T18:30:00.000Z";
  const order = (history: { status: "DELIVERED" | "SHIPPED"; note: string | null; createdAt: string }[]) => ({ status: "DELIVERED" as const, returnRequestedAt: null, statusHistory: history });

  it("ends with the 30th day after delivery, in Nepal: the whole of 7 January", () => {
    expect(returnWindowEnd(delivered).toISOString()).toBe("2027-01-07T18:14:59.999Z");
    const history = [{ status: "DELIVERED" as const, note: null, createdAt: delivered }];
    expect(customerCanRequestReturn(order(history), new Date("2027-01-07T18:14:59.000Z"))).toBe(true);
    expect(customerCanRequestReturn(order(history), new Date("2027-01-07T18:15:00.000Z"))).toBe(false);
  });

  it("counts from the delivery, not from a later note under DELIVERED, and needs an open request to be none", () => {
    const history = [
      { status: "DELIVERED" as const, note: null, createdAt: delivered },
      { status: "DELIVERED" as const, note: "Return request declined: Worn", createdAt: "2027-01-05T00:00:00.000Z" },
    ];
    expect(customerCanRequestReturn(order(history), new Date("2027-01-10T00:00:00.000Z"))).toBe(false);
    expect(customerCanRequestReturn({ ...order(history), returnRequestedAt: "2026-12-20T00:00:00.000Z" }, new Date("2026-12-21T00:00:00.000Z"))).toBe(false);
    expect(customerCanRequestReturn(order([{ status: "SHIPPED", note: null, createdAt: delivered }]), new Date("2026-12-08T00:00:00.000Z"))).toBe(false);
  });
});
