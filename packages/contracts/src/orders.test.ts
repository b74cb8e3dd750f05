import { describe, expect, it } from "vitest";
import { customerCanCancel, isAwaitingWalletPayment, paymentMethodLabel } from "./order-rules.js";
import { formatShippingAddress, PlaceOrderInputSchema, ShippingAddressSchema, type Order } from "./orders.js";
import { districtsOf, NEPAL_PROVINCES, PROVINCE_NAMES } from "./nepal-districts.js";
import { placeName, placeOptions } from "./nepal-places-ne.js";

const address = { fullName: "Sita", email: "sita@example.com", phone: "9800000000", address: "Thamel", province: "Bagmati", district: "Kathmandu", area: "Kathmandu" };

describe("PlaceOrderInputSchema", () => {
  it("drops totals, shipping and prices a client sends and defaults to cash on delivery", () => {
    const parsed = PlaceOrderInputSchema.parse({ items: [{ productId: "p1", size: "M", quantity: 2, price: 1 }], shippingAddress: address, totalAmount: 1, shippingCost: 0 });
    expect(parsed).toEqual({ items: [{ productId: "p1", size: "M", color: "Default", quantity: 2 }], shippingAddress: { ...address, postalCode: "44600" }, paymentMethod: "COD" });
  });

  it("gives the checkout form's messages for empty fields", () => {
    const r = ShippingAddressSchema.safeParse({ fullName: "", email: "", phone: "", province: "", district: "", area: "", address: "" });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual(["Full Name is required", "Email is required", "Phone is required", "Province is required", "District is required", "Municipality / Area is required", "Address is required"]);
  });

  it("keeps a district's own spelling and refuses one outside its province", () => {
    expect(ShippingAddressSchema.parse({ ...address, province: "bagmati", district: " LALITPUR " })).toMatchObject({ province: "Bagmati", district: "Lalitpur" });
    const wrong = ShippingAddressSchema.safeParse({ ...address, district: "Kaski" });
    expect(wrong.error!.issues).toEqual([expect.objectContaining({ path: ["district"], message: "Kaski is in Gandaki Province, not Bagmati" })]);
    expect(ShippingAddressSchema.safeParse({ ...address, district: "Patan" }).error!.issues[0]!.message).toBe("Please choose one of Nepal's 77 districts");
  });

  it("fills the blank postal code with 44600 only in Kathmandu district, and keeps a given one", () => {
    expect(ShippingAddressSchema.parse({ ...address, district: "kathmandu", postalCode: "  " }).postalCode).toBe("44600");
    expect(ShippingAddressSchema.parse({ ...address, province: "Gandaki", district: "Kaski", area: "Pokhara" }).postalCode).toBe("");
    expect(ShippingAddressSchema.parse({ ...address, province: "Gandaki", district: "Kaski", area: "Pokhara", postalCode: " 33700 " }).postalCode).toBe("33700");
  });

  it("refuses quantities outside 1 to 10", () => {
    for (const quantity of [0, -1, 11, 2.5]) {
      expect(PlaceOrderInputSchema.safeParse({ items: [{ productId: "p", size: "M", quantity }], shippingAddress: address }).success).toBe(false);
    }
  });
});

describe("order rules", () => {
  it("lets a customer cancel only unpaid orders that have not shipped", () => {
    expect(customerCanCancel({ status: "PENDING", paymentStatus: "PENDING" })).toBe(true);
    expect(customerCanCancel({ status: "PROCESSING", paymentStatus: "PENDING" })).toBe(true);
    expect(customerCanCancel({ status: "PROCESSING", paymentStatus: "PAID" })).toBe(false);
    expect(customerCanCancel({ status: "SHIPPED", paymentStatus: "PENDING" })).toBe(false);
  });

  it("shows Payment Pending only for an unpaid wallet order", () => {
    expect(isAwaitingWalletPayment({ paymentMethod: "KHALTI", paymentStatus: "PENDING", status: "PENDING" })).toBe(true);
    expect(isAwaitingWalletPayment({ paymentMethod: "COD", paymentStatus: "PENDING", status: "PENDING" })).toBe(false);
    expect(isAwaitingWalletPayment({ paymentMethod: "ESEWA", paymentStatus: "PAID", status: "PENDING" })).toBe(false);
  });

  it("labels unknown payment methods as Card", () => {
    expect(paymentMethodLabel("COD")).toBe("Cash on Delivery");
    expect(paymentMethodLabel("VISA")).toBe("Card");
  });
});

describe("the shipping address on one line", () => {
  const address = { fullName: "Sita Paudel", phone: "9800000003", email: "sita@example.com", address: "Jhamsikhel Road 12", landmark: "Bhatbhateni", area: "Lalitpur Metropolitan City", district: "Lalitpur", province: "Bagmati", postalCode: "44700" } as Order["shippingAddress"];

  it("says the shop's own words and Nepal's district and province names in the page's language, and keeps what the shopper wrote", () => {
    expect(formatShippingAddress(address)).toBe("Jhamsikhel Road 12, near Bhatbhateni, Lalitpur Metropolitan City, Lalitpur, Bagmati Province");
    expect(formatShippingAddress(address, "en")).toBe(formatShippingAddress(address));
    expect(formatShippingAddress(address, "ne")).toBe("Jhamsikhel Road 12, Bhatbhateni नजिक, Lalitpur Metropolitan City, ललितपुर, बागमती प्रदेश");
    // No English word of ours is left on a Nepali page.
    expect(formatShippingAddress(address, "ne")).not.toMatch(/\b(near|Province)\b/);
    // An area that only repeats the district is said once, as the district, in the page's language.
    expect(formatShippingAddress({ ...address, area: "lalitpur " }, "ne")).toBe("Jhamsikhel Road 12, Bhatbhateni नजिक, ललितपुर, बागमती प्रदेश");
    expect(formatShippingAddress({ ...address, area: "Lalitpur" }, "en")).toBe("Jhamsikhel Road 12, near Bhatbhateni, Lalitpur, Bagmati Province");
    // A name Nepal does not have (an old free-text address) stays as it was written.
    expect(formatShippingAddress({ ...address, district: "Atlantis", province: "Bagmati" }, "ne")).toContain("Atlantis, बागमती प्रदेश");
  });

  it("has a Nepali name for every province and district, each different, in Devanagari, and lists them in Devanagari order", () => {
    const names = [...PROVINCE_NAMES, ...NEPAL_PROVINCES.flatMap((p) => p.districts)];
    expect(names).toHaveLength(84);
    const nepali = names.map((n) => placeName(n, "ne"));
    expect(new Set(nepali).size).toBe(84);
    for (const n of nepali) expect(n).toMatch(/^[\u0900-\u097F ]+$/);
    expect(placeName("kathmandu", "ne")).toBe("काठमाडौं");
    expect(placeName("Kathmandu", "en")).toBe("Kathmandu");
    const bagmati = placeOptions(districtsOf("Bagmati"), "ne").map((o) => o.label);
    expect(bagmati.slice(0, 3)).toEqual(["काठमाडौं", "काभ्रेपलाञ्चोक", "चितवन"]);
    expect(placeOptions(districtsOf("Bagmati"), "en").map((o) => o.value)).toEqual(districtsOf("Bagmati"));
    // Provinces keep the constitution's order in both languages.
    expect(placeOptions(PROVINCE_NAMES, "ne").map((o) => o.value)).toEqual(PROVINCE_NAMES);
    expect(placeOptions(PROVINCE_NAMES, "ne")[0]!.label).toBe("कोशी");
  });
});
