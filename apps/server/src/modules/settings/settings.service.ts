import { createHash } from "node:crypto";
import { StoreSettingsSchema, type StoreSettings } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import { catalogueFigures } from "../catalog/catalog.service.js";
import { createMicroCache } from "../../lib/micro-cache.js";
import * as repo from "./settings.repository.js";

export { StoreSettingsSchema, type StoreSettings };

const KEY = "store";

export function createSettingsService(db: Db, { cacheMs = 0 }: { cacheMs?: number } = {}) {
  let cached: StoreSettings | undefined;
  // The home page's counts, kept as long as catalogue reads are (CATALOG_CACHE_MS); every administrator write drops them.
  const figuresCache = createMicroCache(cacheMs, 1);
  return {
    async get(): Promise<StoreSettings> {
      if (cached) return cached;
      const parsed = StoreSettingsSchema.safeParse((await repo.readSettings(db, KEY)) ?? {});
      cached = parsed.success ? parsed.data : StoreSettingsSchema.parse({});
      return cached;
    },
    async update(patch: Partial<StoreSettings>): Promise<StoreSettings> {
      const next = StoreSettingsSchema.parse({ ...(await this.get()), ...patch });
      await repo.writeSettings(db, KEY, next);
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
      const [counts, settings] = await Promise.all([catalogueFigures(db), this.get()]);
      return { products: counts.products, teams: counts.teams, customers: settings.stats.customers || null, support: settings.stats.support || null };
    },
  };
}

/** A short fingerprint of the settings: a form sends back the one it was opened with (docs/decisions/191). */
export function settingsVersion(settings: StoreSettings): string {
  return createHash("sha256").update(JSON.stringify(settings)).digest("base64url").slice(0, 16);
}

export interface StoreFigures {
  products: number;
  teams: number;
  customers: string | null;
  support: string | null;
}
export type SettingsService = ReturnType<typeof createSettingsService>;
