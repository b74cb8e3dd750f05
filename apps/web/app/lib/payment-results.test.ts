import { describe, expect, it } from "vitest";
import { outcomeUrl, rawQueryValue } from "./payment-results";

describe("rawQueryValue", () => {
  it("keeps + and / of Base64 intact, unlike URLSearchParams", () => {
    const url = "http://shop.test/payment/esewa/success?data=ab+c/d==&x=1";
    expect(rawQueryValue(url, "data")).toBe("ab+c/d==");
    expect(new URL(url).searchParams.get("data")).toBe("ab c/d==");
    expect(rawQueryValue("http://shop.test/?data=a%2Bb", "data")).toBe("a+b");
    expect(rawQueryValue("http://shop.test/?other=1", "data")).toBeNull();
  });
});

describe("outcomeUrl", () => {
  const base = { provider: "KHALTI" as const, orderId: "o1", paymentId: "p1", message: "" };
  it("sends a paid outcome to the order confirmation and anything else to the failure page with our reason", () => {
    expect(outcomeUrl({ ...base, status: "PAID", providerStatus: "Completed", reason: null, transactionId: "T1" })).toBe("/order-success?orderId=o1&paymentMethod=khalti&transactionId=T1");
    expect(outcomeUrl({ ...base, status: "FAILED", providerStatus: "User canceled", reason: "canceled", transactionId: null })).toBe("/payment/failed?orderId=o1&method=khalti&reason=canceled&status=User+canceled");
  });
});
