/**
 * Tax documents (docs/decisions/081): amounts of a VAT invoice computed from VAT-inclusive prices, exact in paisa, and the
 * numbers, words and PAN rule printed on it. Pure: the server issues with these and the pages show what was stored.
 */
import type { Paisa } from "./money.js";

export const VAT_RATE_PERCENT = 13;
export const PAN_MESSAGE = "PAN must be exactly 9 digits";
export const PAN_PATTERN = /^\d{9}$/;
/** A VAT-registered seller has a PAN/VAT number: the settings refuse VAT without it (docs/decisions/175). */
export const VAT_NEEDS_PAN_MESSAGE = "Enter the PAN/VAT number before turning VAT on: a Tax Invoice must show it";

export type TaxDocumentKind = "INVOICE" | "CREDIT_NOTE";

export interface InvoiceLineInput {
  description: string;
  size?: string | null;
  quantity: number;
  /** VAT-inclusive price of one unit, as charged. */
  rate: Paisa;
  /** VAT-inclusive amount of the line (quantity × rate, as charged). */
  amount: Paisa;
}

export interface InvoiceLine extends InvoiceLineInput {
  taxable: Paisa;
  vat: Paisa;
}

export interface InvoiceAmounts {
  lines: InvoiceLine[];
  shipping: { amount: Paisa; taxable: Paisa; vat: Paisa };
  /** Sum of the lines' and shipping's taxable amounts. */
  taxable: Paisa;
  vat: Paisa;
  exempt: Paisa;
  total: Paisa;
}

/**
 * VAT contained in a VAT-inclusive amount: amount × 13 / 113, rounded half away from zero to the paisa, in integers.
 * Negative amounts (a discount line) round symmetrically.
 */
export function vatIncluded(gross: Paisa, ratePercent = VAT_RATE_PERCENT): Paisa {
  const sign = gross < 0 ? -1 : 1;
  const abs = Math.abs(gross);
  const num = abs * ratePercent * 2;
  const den = (100 + ratePercent) * 2;
  return sign * Math.floor((num + (100 + ratePercent)) / den);
}

/**
 * The rounding rule: VAT is taken out of each line's VAT-inclusive amount on its own (and out of shipping the same way);
 * taxable = amount − VAT per line; the document's taxable amount and VAT are the sums of its lines, so every column adds
 * up and taxable + VAT = total exactly. A shop that is not VAT-registered charges no VAT: taxable = amount, VAT = 0.
 */
export function invoiceAmounts(lines: InvoiceLineInput[], shipping: Paisa, vatRegistered: boolean): InvoiceAmounts {
  const split = (amount: Paisa) => {
    const vat = vatRegistered ? vatIncluded(amount) : 0;
    return { taxable: amount - vat, vat };
  };
  const out = lines.map((l) => ({ ...l, ...split(l.amount) }));
  const ship = { amount: shipping, ...split(shipping) };
  const taxable = out.reduce((s, l) => s + l.taxable, ship.taxable);
  const vat = out.reduce((s, l) => s + l.vat, ship.vat);
  return { lines: out, shipping: ship, taxable, vat, exempt: 0, total: taxable + vat };
}

/** "2083/84-000123", with the shop's prefix in front when set; credit notes carry "CN-" before the year. */
export function documentNumber(kind: TaxDocumentKind, prefix: string, fiscalYear: string, sequence: number): string {
  return `${prefix}${kind === "CREDIT_NOTE" ? "CN-" : ""}${fiscalYear}-${String(sequence).padStart(6, "0")}`;
}

export function documentTitle(kind: TaxDocumentKind, vatRegistered: boolean): string {
  if (kind === "CREDIT_NOTE") return "Credit Note";
  return vatRegistered ? "Tax Invoice" : "Invoice";
}

const ONES = ["", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen"];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function below100(n: number): string {
  if (n < 20) return ONES[n]!;
  const t = TENS[Math.floor(n / 10)]!;
  return n % 10 ? `${t}-${ONES[n % 10]}` : t;
}

function below1000(n: number): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  return [h ? `${ONES[h]} Hundred` : "", rest ? below100(rest) : ""].filter(Boolean).join(" ");
}

/** Whole number in words with the Indian/Nepali grouping (crore, lakh, thousand). */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError("numberInWords takes a whole number ≥ 0");
  if (n === 0) return "Zero";
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  if (crore) parts.push(`${numberInWords(crore)} Crore`);
  if (lakh) parts.push(`${below100(lakh)} Lakh`);
  if (thousand) parts.push(`${below100(thousand)} Thousand`);
  if (rest) parts.push(below1000(rest));
  return parts.join(" ");
}

/** "Rupees Two Thousand Four Hundred Ninety-Nine and Fifty Paisa Only" */
export function amountInWords(paisa: Paisa): string {
  const rupees = Math.floor(Math.abs(paisa) / 100);
  const p = Math.abs(paisa) % 100;
  return `Rupees ${numberInWords(rupees)}${p ? ` and ${below100(p)} Paisa` : ""} Only`;
}

/**
 * The Nepali words for 0–99, one entry per number (Nepali has a word of its own for each, not "tens + ones"). The
 * spellings are those of bank notes, cheques and bills: long ई in बीस, तीस, चालीस and their compounds, chandrabindu in
 * पाँच, चौँतीस, पैँतीस, सैँतीस, पैँतालीस, पैँसट्ठी. Sources, the cross-check and the variants left out:
 * docs/decisions/123.
 */
/* prettier-ignore */
export const NEPALI_NUMBER_WORDS: readonly string[] = [
  "शून्य", "एक", "दुई", "तीन", "चार", "पाँच", "छ", "सात", "आठ", "नौ",
  "दश", "एघार", "बाह्र", "तेह्र", "चौध", "पन्ध्र", "सोह्र", "सत्र", "अठार", "उन्नाइस",
  "बीस", "एक्काइस", "बाइस", "तेइस", "चौबीस", "पच्चीस", "छब्बीस", "सत्ताइस", "अट्ठाइस", "उनन्तीस",
  "तीस", "एकतीस", "बत्तीस", "तेत्तीस", "चौँतीस", "पैँतीस", "छत्तीस", "सैँतीस", "अठतीस", "उनन्चालीस",
  "चालीस", "एकचालीस", "बयालीस", "त्रिचालीस", "चवालीस", "पैँतालीस", "छयालीस", "सतचालीस", "अठचालीस", "उनन्चास",
  "पचास", "एकाउन्न", "बाउन्न", "त्रिपन्न", "चवन्न", "पचपन्न", "छपन्न", "सन्ताउन्न", "अन्ठाउन्न", "उनन्साठी",
  "साठी", "एकसट्ठी", "बयसट्ठी", "त्रिसट्ठी", "चौसट्ठी", "पैँसट्ठी", "छयसट्ठी", "सतसट्ठी", "अठसट्ठी", "उनन्सत्तरी",
  "सत्तरी", "एकहत्तर", "बहत्तर", "त्रिहत्तर", "चौहत्तर", "पचहत्तर", "छयहत्तर", "सतहत्तर", "अठहत्तर", "उनासी",
  "असी", "एकासी", "बयासी", "त्रियासी", "चौरासी", "पचासी", "छयासी", "सतासी", "अठासी", "उनान्नब्बे",
  "नब्बे", "एकानब्बे", "बयानब्बे", "त्रियानब्बे", "चौरानब्बे", "पन्चानब्बे", "छयानब्बे", "सन्तानब्बे", "अन्ठानब्बे", "उनान्सय",
];

/** The Nepali scale, largest first: खर्ब 10^11, अर्ब 10^9, करोड 10^7, लाख 10^5, हजार, सय. */
const NEPALI_SCALE: readonly (readonly [number, string])[] = [
  [100_000_000_000, "खर्ब"],
  [1_000_000_000, "अर्ब"],
  [10_000_000, "करोड"],
  [100_000, "लाख"],
  [1000, "हजार"],
  [100, "सय"],
];

/** Whole number in Nepali words with the Nepali grouping: 1,24,999 → "एक लाख चौबीस हजार नौ सय उनान्सय". */
export function numberInNepaliWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError("numberInNepaliWords takes a whole number ≥ 0");
  if (n < 100) return NEPALI_NUMBER_WORDS[n]!;
  const parts: string[] = [];
  let rest = n;
  for (const [size, name] of NEPALI_SCALE) {
    const count = Math.floor(rest / size);
    // Only the largest unit can count past 99 (100 खर्ब and more): its count is a number in words of its own.
    if (count) parts.push(`${numberInNepaliWords(count)} ${name}`);
    rest %= size;
  }
  if (rest) parts.push(NEPALI_NUMBER_WORDS[rest]!);
  return parts.join(" ");
}

/**
 * "रुपैयाँ दुई हजार चार सय उनान्सय र पचास पैसा मात्र": the Nepali sentence of {@link amountInWords}, with "र" (and)
 * between rupees and paisa so the two numbers never run together.
 */
export function amountInNepaliWords(paisa: Paisa): string {
  const rupees = Math.floor(Math.abs(paisa) / 100);
  const p = Math.abs(paisa) % 100;
  return `रुपैयाँ ${numberInNepaliWords(rupees)}${p ? ` र ${NEPALI_NUMBER_WORDS[p]} पैसा` : ""} मात्र`;
}

/** Rupees with two decimals and Indian grouping, as tax documents print amounts ("2,499.00"). */
export function formatAmount(paisa: Paisa): string {
  const sign = paisa < 0 ? "-" : "";
  const abs = Math.abs(paisa);
  const rupees = new Intl.NumberFormat("en-IN").format(Math.floor(abs / 100));
  return `${sign}${rupees}.${String(abs % 100).padStart(2, "0")}`;
}
