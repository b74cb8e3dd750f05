import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { storeSettings } from "../../db/schema/index.js";

/** The stored JSON of one settings row, or undefined when none was saved yet. */
export async function readSettings(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.key, key));
  return row?.value;
}

export async function writeSettings(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db.insert(storeSettings).values({ key, value }).onConflictDoUpdate({ target: storeSettings.key, set: { value } });
}
