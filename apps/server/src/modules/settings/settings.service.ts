import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_SHIPPING_RULE, PAN_MESSAGE, PAN_PATTERN } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import { products, storeSettings } from "../../db/schema/index.js";
import { createMicroCache } from "../../lib/micro-cache.js";

/** A footer social link: an https address on the network's own site, or empty (then the link is not shown). */
const socialLink = (hosts: string[]) =>
  z
    .string()
    .trim()
    .max(300)
    .refine((v) => {
      if (v === "") return true;
      try {
        const u = new URL(v);
        const host = u.hostname.toLowerCase();
        return u.protocol === "https:" && hosts.some((h) => host === h || host.endsWith(`.${h}`));
      } catch {
        return false;
      }
    }, `Must be an https address on ${hosts[0]}, or empty`)
    .default("");

/**
 * Store settings the admin edits (docs/decisions/064 for shipping, 066 for the figures). Stored as one JSON row,
 * defaults filled in; keys a newer version dropped are ignored when read.
 */
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
  /**
   * Figures on the home and about pages that the catalogue cannot count. Empty hides the figure: the shop never
   * shows a number nobody entered (the product and team counts come from the catalogue itself).
   */
  stats: z
    .object({
      customers: z.string().trim().max(20).default(""),
      support: z.string().trim().max(20).default(""),
    })
    .default({ customers: "", support: "" }),
  social: z
    .object({
      facebook: socialLink(["facebook.com"]),
      instagram: socialLink(["instagram.com"]),
      tiktok: socialLink(["tiktok.com"]),
      youtube: socialLink(["youtube.com", "youtu.be"]),
    })
    .default({ facebook: "", instagram: "", tiktok: "", youtube: "" }),
});
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;

const KEY = "store";

export function createSettingsService(db: Db, { cacheMs = 0 }: { cacheMs?: number } = {}) {
  let cached: StoreSettings | undefined;
  // The home page's counts, kept as long as catalogue reads are (CATALOG_CACHE_MS); every administrator write drops them.
  const figuresCache = createMicroCache(cacheMs, 1);
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
      figuresCache.clear();
      return next;
    },
    /** Home and about page figures: products and teams counted from what is on sale now, the rest as the admin entered them (empty: hidden). */
    figures(): Promise<StoreFigures> {
      return figuresCache.get("figures", () => this.countFigures());
    },
    /** Drops the kept figures (administrator writes: a product's status may have changed). */
    invalidate(): void {
      figuresCache.clear();
    },
    async countFigures(): Promise<StoreFigures> {
      const [[counts], settings] = await Promise.all([
        // count(distinct …) skips products without a team.
        db
          .select({ products: sql<number>`count(*)::int`, teams: sql<number>`count(distinct lower(${products.team}))::int` })
          .from(products)
          .where(eq(products.status, "ACTIVE")),
        this.get(),
      ]);
      return { products: counts?.products ?? 0, teams: counts?.teams ?? 0, customers: settings.stats.customers || null, support: settings.stats.support || null };
    },
  };
}

export interface StoreFigures {
  products: number;
  teams: number;
  customers: string | null;
  support: string | null;
}
export type SettingsService = ReturnType<typeof createSettingsService>;
