import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";

/** `select 1`: resolves when the database answers. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
