import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { amountInNepaliWords, amountInWords, documentNumber, formatAmount, invoiceAmounts, NEPALI_NUMBER_WORDS, numberInNepaliWords, PAN_PATTERN, vatIncluded } from "./invoice-rules.js";

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

  it("writes the total in Nepali words: a word of its own for each number to 99, then सय, हजार, लाख, करोड, अर्ब", () => {
    const cases: [number, string][] = [
      [0, "शून्य"],
      [1, "एक"],
      [10, "दश"],
      [19, "उन्नाइस"],
      [21, "एक्काइस"],
      [29, "उनन्तीस"],
      [45, "पैँतालीस"],
      [59, "उनन्साठी"],
      [79, "उनासी"],
      [89, "उनान्नब्बे"],
      [99, "उनान्सय"],
      [100, "एक सय"],
      [101, "एक सय एक"],
      [1000, "एक हजार"],
      [2499, "दुई हजार चार सय उनान्सय"],
      [10_000, "दश हजार"],
      [1_00_000, "एक लाख"],
      [1_24_999, "एक लाख चौबीस हजार नौ सय उनान्सय"],
      [10_00_005, "दश लाख पाँच"],
      [1_00_00_000, "एक करोड"],
      [12_34_56_789, "बाह्र करोड चौँतीस लाख छपन्न हजार सात सय उनान्नब्बे"],
      [1_00_00_00_000, "एक अर्ब"],
      [99_99_99_99_99_999, "उनान्सय खर्ब उनान्सय अर्ब उनान्सय करोड उनान्सय लाख उनान्सय हजार नौ सय उनान्सय"],
      [1_00_00_00_00_00_000, "एक सय खर्ब"],
    ];
    for (const [n, words] of cases) expect(numberInNepaliWords(n), String(n)).toBe(words);
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53]) expect(() => numberInNepaliWords(bad)).toThrow(RangeError);
  });

  it("has a distinct Devanagari word for each of 0–99, none built from a digit or a Latin letter", () => {
    expect(NEPALI_NUMBER_WORDS).toHaveLength(100);
    expect(new Set(NEPALI_NUMBER_WORDS).size).toBe(100);
    for (const w of NEPALI_NUMBER_WORDS) expect(w).toMatch(/^[\u0900-\u0963\u0970-\u097F\u200C\u200D]+$/);
    // The tens, and the "one less than" words that start each ten (उन-), as bank notes and bills write them.
    expect([20, 30, 40, 50, 60, 70, 80, 90].map((n) => NEPALI_NUMBER_WORDS[n])).toEqual(["बीस", "तीस", "चालीस", "पचास", "साठी", "सत्तरी", "असी", "नब्बे"]);
    expect([19, 29, 39, 49, 59, 69, 79, 89, 99].map((n) => NEPALI_NUMBER_WORDS[n])).toEqual([
      "उन्नाइस",
      "उनन्तीस",
      "उनन्चालीस",
      "उनन्चास",
      "उनन्साठी",
      "उनन्सत्तरी",
      "उनासी",
      "उनान्नब्बे",
      "उनान्सय",
    ]);
  });

  it("keeps the spellings bills were issued with: a reprint reads its words from this table", () => {
    // Changing a spelling changes the words on every reprint of a bill already issued: decide it in a decision record
    // (docs/decisions/123 lists the variants) and only then pin the new table here.
    expect(createHash("sha256").update(NEPALI_NUMBER_WORDS.join(",")).digest("hex")).toBe("c529790dc52717dcc4463487f64b7c11429f4a14faaacd9d20405355840e8d42");
  });

  it("writes the amount as रुपैयाँ … मात्र, with the paisa after र", () => {
    expect(amountInNepaliWords(1_24_999_00)).toBe("रुपैयाँ एक लाख चौबीस हजार नौ सय उनान्सय मात्र");
    expect(amountInNepaliWords(249_950)).toBe("रुपैयाँ दुई हजार चार सय उनान्सय र पचास पैसा मात्र");
    expect(amountInNepaliWords(12_345_605)).toBe("रुपैयाँ एक लाख तेइस हजार चार सय छपन्न र पाँच पैसा मात्र");
    expect(amountInNepaliWords(100)).toBe("रुपैयाँ एक मात्र");
    expect(amountInNepaliWords(45)).toBe("रुपैयाँ शून्य र पैँतालीस पैसा मात्र");
    expect(amountInNepaliWords(0)).toBe("रुपैयाँ शून्य मात्र");
    // A credit note's negative line reads as its amount, as the English sentence does.
    expect(amountInNepaliWords(-249_900)).toBe("रुपैयाँ दुई हजार चार सय उनान्सय मात्र");
    expect(amountInWords(249_950)).toBe("Rupees Two Thousand Four Hundred Ninety-Nine and Fifty Paisa Only");
  });

  it("accepts a PAN of exactly nine digits", () => {
    expect(PAN_PATTERN.test("123456789")).toBe(true);
    for (const bad of ["12345678", "1234567890", "12345678a", " 123456789", "१२३४५६७८९"]) expect(PAN_PATTERN.test(bad)).toBe(false);
  });
});
