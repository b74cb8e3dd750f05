import { z } from "zod";
import { MAX_PLAYERS, normalisePrintName, parsePrintNumber, PRINT_MSG, PRINT_NAME_MAX, PRINT_NUMBER_MAX, PRINT_SCRIPTS, printNameLength, printNameProblem, type PrintScript } from "./print-rules.js";

export const PrintScriptSchema = z.enum(PRINT_SCRIPTS, { error: `script must be one of ${PRINT_SCRIPTS.join(", ")}` });

/**
 * A printing number: a JSON number or text of one or two ASCII digits, read by `parsePrintNumber` (the storefront's
 * rule too); anything else — a blank, null, "0x1F", true, [7] — is refused with the form's message (docs/decisions/183).
 */
export const PrintNumberSchema = z
  .union([z.number(), z.string()], { error: PRINT_MSG.numberRange })
  .transform((given, ctx) => {
    const printed = parsePrintNumber(given);
    if (printed === null) {
      ctx.addIssue({ code: "custom", message: PRINT_MSG.numberRange });
      return z.NEVER;
    }
    return printed;
  })
  .meta({ description: `A whole number from 0 to ${PRINT_NUMBER_MAX}: a number, or text of one or two digits ("07" is 7).` });

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
