import { eq } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_SHIPPING_RULE, PAN_MESSAGE, PAN_PATTERN } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import { storeSettings } from "../../db/schema/index.js";

/** Store settings the admin edits (docs/product-rules.md §3, §12). Stored as one JSON row, defaults filled in. */
export const StoreSettingsSchema = z.object({
  shopName: z.string().min(1).max(100).default("Khelkud"),
  phone: z.string().max(40).default("+977-1-4412345"),
  email: z.email().default("support@khelkud.com.np"),
  address: z.string().max(200).default("New Road, Kathmandu 44600, Nepal"),
  /** The seller block of tax documents (docs/decisions/081); documents keep the values they were issued with. */
  legalName: z.string().trim().max(200).default(""),
  legalAddress: z.string().trim().max(300).default(""),
  pan: z.union([z.literal(""), z.string().trim().regex(PAN_PATTERN, PAN_MESSAGE)]).default(""),
  vatRegistered: z.boolean().default(false),
  invoicePrefix: z
    .string()
    .trim()
    .max(12)
    .regex(/^[A-Za-z0-9/-]*$/, "Invoice prefix may contain letters, digits, - and / only")
    .default(""),
  shipping: z
    .object({
      freeAbovePaisa: z.number().int().min(0),
      valleyFeePaisa: z.number().int().min(0),
      elsewhereFeePaisa: z.number().int().min(0),
    })
    .default(DEFAULT_SHIPPING_RULE),
  stats: z
    .object({
      products: z.string().max(20),
      customers: z.string().max(20),
      teams: z.string().max(20),
      support: z.string().max(20),
    })
    .default({ products: "500+", customers: "10K+", teams: "50+", support: "24/7" }),
});
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;

const KEY = "store";

export function createSettingsService(db: Db) {
  let cached: StoreSettings | undefined;
  return {
    async get(): Promise<StoreSettings> {
      if (cached) return cached;
      const [row] = await db.select().from(storeSettings).where(eq(storeSettings.key, KEY));
      const parsed = StoreSettingsSchema.safeParse(row?.value ?? {});
      cached = parsed.success ? parsed.data : StoreSettingsSchema.parse({});
      return cached;
    },
    async update(patch: Partial<StoreSettings>): Promise<StoreSettings> {
      const next = StoreSettingsSchema.parse({ ...(await this.get()), ...patch });
      await db.insert(storeSettings).values({ key: KEY, value: next }).onConflictDoUpdate({ target: storeSettings.key, set: { value: next } });
      cached = next;
      return next;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
