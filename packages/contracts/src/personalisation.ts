import { z } from "zod";

/**
 * Name-and-number printing on a jersey's back (docs/decisions/100). The same rules run in the browser (the preview and
 * the form's messages) and on the server (which decides): the name is normalised to Unicode NFC, typographic
 * apostrophes become ', spaces are collapsed and Latin letters shown uppercase; then it may hold letters A–Z, space,
 * hyphen and apostrophe (Devanagari letters and signs too when the product allows it), 1–12 characters as a reader
 * counts them (grapheme clusters). The number is a whole number 0–99. The offensive-word check is the server's.
 */

export const PRINT_SCRIPTS = ["LATIN", "DEVANAGARI"] as const;
export type PrintScript = (typeof PRINT_SCRIPTS)[number];
export const PrintScriptSchema = z.enum(PRINT_SCRIPTS, { error: `script must be one of ${PRINT_SCRIPTS.join(", ")}` });

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

export const PrintNumberSchema = z.coerce
  .number({ error: PRINT_MSG.numberRange })
  .int(PRINT_MSG.numberRange)
  .min(0, PRINT_MSG.numberRange)
  .max(PRINT_NUMBER_MAX, PRINT_MSG.numberRange);

/** The name field before the product's scripts are known: shape and length only (the server checks the rest). */
const PrintNameInput = z
  .string({ error: PRINT_MSG.nameRequired })
  .max(80, PRINT_MSG.nameTooLong)
  .transform(normalisePrintName)
  .refine((v) => v.length > 0, PRINT_MSG.nameRequired)
  .refine((v) => printNameLength(v) <= PRINT_NAME_MAX, PRINT_MSG.nameTooLong);

/**
 * What the shopper asks to print on one line: a name and number they typed, or one of the product's listed players
 * (then the player's printed name and number are used, whatever else is sent). Any fee sent with it is dropped.
 */
export const PersonalisationInputSchema = z
  .object({
    playerId: z.string({ error: "playerId must be text" }).trim().min(1, "playerId is required").max(40, "playerId is too long").optional(),
    name: PrintNameInput.optional(),
    number: PrintNumberSchema.optional(),
  })
  .superRefine((p, ctx) => {
    if (p.playerId) return;
    if (p.name === undefined) ctx.addIssue({ code: "custom", path: ["name"], message: PRINT_MSG.nameRequired });
    if (p.number === undefined) ctx.addIssue({ code: "custom", path: ["number"], message: PRINT_MSG.numberRange });
  });
export type PersonalisationInput = z.input<typeof PersonalisationInputSchema>;
export type PersonalisationParsed = z.output<typeof PersonalisationInputSchema>;

/** A personalisation as stored on an order line and shown everywhere (the snapshot never changes). */
export const PersonalisationSchema = z.object({
  name: z.string(),
  number: z.number().int(),
  /** The listed player it came from, when it did. */
  playerId: z.string().nullable(),
});
export type Personalisation = z.infer<typeof PersonalisationSchema>;

/** "PAUDEL 7": the text of the bill's printing line and the print queue. */
export const personalisationLabel = (p: Pick<Personalisation, "name" | "number">) => `${p.name} ${p.number}`;
/** "Name: PAUDEL · No. 7": the cart's and the order's line. */
export const personalisationLine = (p: Pick<Personalisation, "name" | "number">) => `Name: ${p.name} · No. ${p.number}`;
/** One key per distinct print: lines of the same size with different names stay separate lines. */
export const personalisationKey = (p: Pick<Personalisation, "name" | "number"> | null | undefined) => (p ? `${p.name}\u0000${p.number}` : "");

export const PlayerSchema = z.object({ id: z.string(), name: z.string(), number: z.number().int() });
export type Player = z.infer<typeof PlayerSchema>;

/** A product's printing options as the storefront sees them (null: not personalisable). */
export const ProductPrintingSchema = z.object({
  fee: z.number().int().describe("paisa per item"),
  scripts: z.array(PrintScriptSchema),
  players: z.array(PlayerSchema),
});
export type ProductPrinting = z.infer<typeof ProductPrintingSchema>;

/** The admin product form's printing fields. */
export const PlayerInputSchema = z.object({
  id: z.string().trim().max(40).optional(),
  name: PrintNameInput,
  number: PrintNumberSchema,
});

export const PrintingInputSchema = z
  .object({
    personalisable: z.boolean().default(false),
    /** paisa; null: the store's default fee. */
    printFee: z.number({ error: "Printing fee must be a whole number of paisa" }).int().min(0, "Printing fee cannot be negative").max(10_000_000).nullish().transform((v) => v ?? null),
    printScripts: z
      .array(PrintScriptSchema)
      .max(PRINT_SCRIPTS.length)
      .default(["LATIN"])
      .transform((l) => (l.length ? [...new Set(l)] : (["LATIN"] as PrintScript[]))),
    players: z.array(PlayerInputSchema).max(MAX_PLAYERS, `At most ${MAX_PLAYERS} players`).default([]),
  })
  .superRefine((p, ctx) => {
    p.players.forEach((pl, i) => {
      const problem = printNameProblem(pl.name, p.printScripts);
      if (problem) ctx.addIssue({ code: "custom", path: ["players", i, "name"], message: problem });
    });
  });

/** The printing fee of one item: the product's own, else the store's default (paisa). */
export function printFeeFor(product: { printFee: number | null }, storeDefault: number): number {
  return product.printFee ?? storeDefault;
}

// ---------------------------------------------------------------- the print queue (GET /api/admin/print-queue)

/** One personalised line waiting to be printed, with what the printer needs. */
export const PrintJobSchema = z.object({
  itemId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  orderStatus: z.string(),
  paymentMethod: z.string(),
  paymentStatus: z.string(),
  customer: z.string(),
  productId: z.string(),
  productName: z.string(),
  productSlug: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number().int(),
  name: z.string(),
  number: z.number().int(),
  /** The kit's colours as the product lists them (the printer picks the ink that reads on them). */
  colors: z.array(z.string()),
  orderedAt: z.string(),
});
export type PrintJob = z.infer<typeof PrintJobSchema>;
export const PrintQueueSchema = z.object({ jobs: z.array(PrintJobSchema) });
export type PrintQueue = z.infer<typeof PrintQueueSchema>;
export const PrintedResultSchema = z.object({ itemId: z.string(), orderId: z.string(), printedAt: z.string() });
export const PrintItemParamSchema = z.object({ itemId: z.string().trim().min(1, "itemId is required").max(100, "itemId is too long") });
