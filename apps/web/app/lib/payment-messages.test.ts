import { describe, expect, it } from "vitest";
import { genericFailureMessage, walletFailureMessage } from "./payment-messages";

describe("wallet failure message priority (docs/product-rules.md §8)", () => {
  it("takes the reason first, then the navigation error, then the error code, then the status", () => {
    expect(walletFailureMessage({ reason: "expired", stateError: "boom", error: "callback_error", status: "User canceled" })).toBe("Payment session expired");
    expect(walletFailureMessage({ stateError: "Payment verification failed", error: "callback_error" })).toBe("Payment verification failed");
    expect(walletFailureMessage({ error: "payment_not_found", status: "Expired" })).toBe("Payment record not found");
    expect(walletFailureMessage({ error: "callback_error" })).toBe("Payment processing error occurred");
    expect(walletFailureMessage({ error: "E42" })).toBe("Payment error: E42");
    expect(walletFailureMessage({ status: "User canceled" })).toBe("Payment was canceled by user");
    expect(walletFailureMessage({ status: "Pending" })).toBe("Payment is still pending");
    expect(walletFailureMessage({ status: "Refunded" })).toBe("Payment failed with status: Refunded");
    expect(walletFailureMessage({})).toBe("Payment was not completed");
  });

  it("puts a wallet's own plain-word reason first", () => {
    expect(walletFailureMessage({ reason: "Insufficient balance", error: "payment_not_found" })).toBe("Insufficient balance");
    expect(walletFailureMessage({ reason: "  Transaction   declined by bank. ", status: "Expired" })).toBe("Transaction declined by bank.");
  });

  it("never shows a reason with a number, link, address or markup, and never the properties every object has", () => {
    for (const reason of ["Call +977 to get your refund", "Visit evil.example/refund", "<img src=x onerror=alert(1)>", "mail refund@evil.example", "x".repeat(81), "Pay 9800000000", "__proto__"]) {
      expect(walletFailureMessage({ reason }), reason).toBe("Payment was not completed");
    }
    // Object's own property names are words like any other: shown as words, never looked up as our codes.
    for (const reason of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(typeof walletFailureMessage({ reason })).toBe("string");
      expect(genericFailureMessage({ reason }), reason).toBe("Payment failed. Please try again or contact support.");
    }
  });

  it("eSewa's page accepts both spellings of cancelled and has no error query", () => {
    expect(walletFailureMessage({ status: "CANCELED" }, false)).toBe("Payment was canceled by user");
    expect(walletFailureMessage({ status: "cancelled" }, false)).toBe("Payment was canceled by user");
    expect(walletFailureMessage({ error: "callback_error" }, false)).toBe("Payment was not completed");
  });
});

describe("generic payment failed page", () => {
  it("uses the spec's texts in order", () => {
    expect(genericFailureMessage({ reason: "payment_failed", error: "payment_not_found" })).toBe("Your payment could not be processed. Please try again.");
    expect(genericFailureMessage({ error: "payment_not_found" })).toBe("Payment record not found. Please contact support.");
    expect(genericFailureMessage({ error: "callback_error" })).toBe("There was an error processing your payment. Please try again.");
    expect(genericFailureMessage({ reason: "canceled" })).toBe("Payment was canceled by user");
    expect(genericFailureMessage({})).toBe("Payment failed. Please try again or contact support.");
  });
});
