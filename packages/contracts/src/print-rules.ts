// Printing rules without Zod, so the product page's preview and messages load without the schemas (docs/decisions/071).
import { localDigits, toWesternDigits, type Locale } from "./locale.js";

/**
 * Name-and-number printing on a jersey's back (docs/decisions/100). The same rules run in the browser (the preview and
 * the form's messages) and on the server (which decides): the name is normalised to Unicode NFC, typographic
 * apostrophes become ', spaces are collapsed and Latin letters shown uppercase; then it may hold letters A–Z, space,
 * hyphen and apostrophe (Devanagari letters and signs too when the product allows it), 1–12 characters as a reader
 * counts them (grapheme clusters). The number is a whole number 0–99 (`parsePrintNumber`). The offensive-word check is the server's.
 */

export const PRINT_SCRIPTS = ["LATIN", "DEVANAGARI"] as const;
export type PrintScript = (typeof PRINT_SCRIPTS)[number];
export const PRINT_NAME_MAX = 12;
export const PRINT_NUMBER_MAX = 99;
/** The store's printing fee when the settings and the product name none (paisa; Rs. 500). */
export const DEFAULT_PRINT_FEE = 50_000;
export const MAX_PLAYERS = 60;

export const PRINT_MSG = {
  nameRequired: "Enter the name to print",
  nameTooLong: `The name can be at most ${PRINT_NAME_MAX} characters`,
  nameLatin: "The name may use letters A–Z, spaces, hyphens and apostrophes only",
  nameDevanagari: "The name may use letters A–Z or Devanagari, spaces, hyphens and apostrophes only",
  nameNeedsLetter: "The name must contain at least one letter",
  numberRange: `The number must be a whole number from 0 to ${PRINT_NUMBER_MAX}`,
  offensive: "This name cannot be printed. Please choose another name.",
  notPersonalisable: (product: string) => `${product} cannot be personalised`,
  unknownPlayer: (product: string) => `This player is not listed for ${product}`,
  noReturnsRequired: "Please confirm that personalised items cannot be returned for a change of mind",
  noReturns: "Personalised items are printed for you and cannot be returned for a change of mind (faulty items are still replaced).",
  // the print queue (docs/decisions/101)
  jobNotFound: "Print job not found",
  alreadyPrinted: "This line has already been marked printed",
  notInQueue: "This line is not in the print queue: its order is not paid or confirmed, or has shipped or been cancelled",
  nothingToPrint: "This line has nothing to print",
} as const;

const LATIN_ONLY = /^[A-Z '-]+$/u;
// Devanagari letters, vowel signs and marks; its digits (०–९), dandas and abbreviation sign are not allowed.
const WITH_DEVANAGARI = /^(?:[A-Z '-]|(?![\u0964-\u0970])\p{Script=Devanagari})+$/u;
const HAS_LETTER = /[A-Z]|(?=\p{L})\p{Script=Devanagari}/u;

/** The name as it will be printed: NFC, ’ → ', spaces collapsed, trimmed, uppercase. */
export function normalisePrintName(raw: string): string {
  return raw
    .normalize("NFC")
    .replace(/[\u2018\u2019\u02BC`]/g, "'")
    .replace(/[\u2010\u2011\u2012\u2013]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .toUpperCase();
}

/** Characters as a reader counts them (a Devanagari conjunct with its vowel sign is one). */
export function printNameLength(name: string): number {
  if (typeof Intl !== "undefined" && "Segmenter" in Intl) {
    let n = 0;
    for (const _ of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(name)) n++;
    return n;
  }
  return [...name].length;
}

/** The refusal for a normalised name, or null when it may be printed (offensive words aside). */
export function printNameProblem(name: string, scripts: readonly PrintScript[] = ["LATIN"]): string | null {
  if (!name) return PRINT_MSG.nameRequired;
  if (printNameLength(name) > PRINT_NAME_MAX) return PRINT_MSG.nameTooLong;
  const devanagari = scripts.includes("DEVANAGARI");
  if (!(devanagari ? WITH_DEVANAGARI : LATIN_ONLY).test(name)) return devanagari ? PRINT_MSG.nameDevanagari : PRINT_MSG.nameLatin;
  if (!HAS_LETTER.test(name)) return PRINT_MSG.nameNeedsLetter;
  return null;
}

/**
 * The number as it will be printed, or null when it is not one (docs/decisions/183): a whole number 0–99, given as a
 * number or as text of one or two digits, Western or Devanagari ("07" and "०७" are 7). Nothing else is read as a number: a blank, a space, null,
 * "0x1F", true or [7] are refused, not printed as 0, 31, 1 or 7. The one rule of the API, the product page's fields,
 * their preview and the form posted without scripts.
 */
export function parsePrintNumber(given: unknown): number | null {
  // A Nepali keyboard types Devanagari digits: "७" is 7, as "7" is.
  if (typeof given === "string") return /^[0-9]{1,2}$/.test(toWesternDigits(given)) ? Number(toWesternDigits(given)) : null;
  if (typeof given !== "number" || !Number.isInteger(given) || given < 0 || given > PRINT_NUMBER_MAX) return null;
  return given === 0 ? 0 : given; // -0 is printed as 0
}

/** What a print shows: the name and the number. */
type PrintedName = { name: string; number: number };

/** "PAUDEL 7": the text of the bill's printing line and the print queue. */
export const personalisationLabel = (p: PrintedName) => `${p.name} ${p.number}`;
/**
 * "Name: PAUDEL · No. 7" ("नाम: PAUDEL · नम्बर ७" in Nepali): the order's line in its e-mails, worded as the
 * storefront's print line (`printLine.line` in the web catalogues).
 */
export const personalisationLine = (p: PrintedName, locale: Locale = "en") =>
  locale === "ne" ? `नाम: ${p.name} · नम्बर ${localDigits(p.number, locale)}` : `Name: ${p.name} · No. ${p.number}`;
/** One key per distinct print: lines of the same size with different names stay separate lines. */
export const personalisationKey = (p: PrintedName | null | undefined) => (p ? `${p.name}\u0000${p.number}` : "");

/** The printing fee of one item: the product's own, else the store's default (paisa). */
export function printFeeFor(product: { printFee: number | null }, storeDefault: number): number {
  return product.printFee ?? storeDefault;
}
