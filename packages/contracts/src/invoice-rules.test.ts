import { describe, expect, it } from "vitest";
import { amountInWords, documentNumber, formatAmount, invoiceAmounts, PAN_PATTERN, vatIncluded } from "./invoice-rules.js";

describe("VAT out of VAT-inclusive amounts", () => {
  it("rounds half away from zero to the paisa", () => {
    expect(vatIncluded(100)).toBe(12); // Rs. 1: 11.504… paisa → 12
    expect(vatIncluded(249_900)).toBe(28_750); // Rs. 2,499: 28,749.56… → 28,750
    expect(vatIncluded(113)).toBe(13);
    expect(vatIncluded(-100)).toBe(-12);
    expect(vatIncluded(0)).toBe(0);
  });

  it("splits every line and shipping so that the columns add up exactly", () => {
    const prices = [100, 249_900, 199_950, 1, 333_333, 99, 150_000, 7, 12_345, 249_900];
    const lines = prices.map((rate, i) => ({ description: `Jersey ${i}`, size: "M", quantity: (i % 3) + 1, rate, amount: rate * ((i % 3) + 1) }));
    const a = invoiceAmounts(lines, 15_000, true);
    const gross = lines.reduce((s, l) => s + l.amount, 15_000);
    expect(a.lines).toHaveLength(10);
    expect(a.total).toBe(gross);
    expect(a.taxable + a.vat).toBe(gross);
    expect(a.vat).toBe(a.lines.reduce((s, l) => s + l.vat, a.shipping.vat));
    for (const l of a.lines) expect(l.taxable + l.vat).toBe(l.amount);
    expect(a.shipping).toEqual({ amount: 15_000, taxable: 13_274, vat: 1_726 });
    // A sale price (Rs. 1,999.50 instead of Rs. 2,499), quantity 3: VAT 69,009.29… paisa → 69,009
    expect(a.lines[2]).toMatchObject({ amount: 599_850, vat: 69_009, taxable: 530_841 });
  });

  it("charges no VAT when the shop is not VAT-registered", () => {
    const a = invoiceAmounts([{ description: "Jersey", quantity: 1, rate: 249_900, amount: 249_900 }], 0, false);
    expect(a).toMatchObject({ taxable: 249_900, vat: 0, total: 249_900 });
  });
});

describe("printed numbers", () => {
  it("numbers documents per fiscal year with the prefix", () => {
    expect(documentNumber("INVOICE", "", "2083/84", 123)).toBe("2083/84-000123");
    expect(documentNumber("INVOICE", "KK-", "2083/84", 1)).toBe("KK-2083/84-000001");
    expect(documentNumber("CREDIT_NOTE", "", "2083/84", 7)).toBe("CN-2083/84-000007");
  });

  it("writes the total in words with lakh and crore", () => {
    expect(amountInWords(249_900)).toBe("Rupees Two Thousand Four Hundred Ninety-Nine Only");
    expect(amountInWords(12_345_650)).toBe("Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paisa Only");
    expect(amountInWords(1_234_567_800)).toBe("Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight Only");
    expect(amountInWords(100)).toBe("Rupees One Only");
    expect(formatAmount(12_345_650)).toBe("1,23,456.50");
  });

  it("accepts a PAN of exactly nine digits", () => {
    expect(PAN_PATTERN.test("123456789")).toBe(true);
    for (const bad of ["12345678", "1234567890", "12345678a", " 123456789", "१२३४५६७८९"]) expect(PAN_PATTERN.test(bad)).toBe(false);
  });
});
