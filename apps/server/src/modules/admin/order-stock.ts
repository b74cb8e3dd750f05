import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";

/**
 * Puts an order's units back on the shelf, exactly once: `stock_released_at` is claimed first in the same
 * transaction, so a second call (a repeated cancel, an expiry job, the checkout module) changes nothing.
 * Returns true when stock was returned by this call.
 */
export async function releaseOrderStock(tx: Tx, orderId: string): Promise<boolean> {
  const claimed = await tx.execute(sql`UPDATE "orders" SET "stock_released_at" = now() WHERE "id" = ${orderId} AND "stock_released_at" IS NULL RETURNING "id"`);
  const rows = (claimed as unknown as { rows: unknown[] }).rows;
  if (!rows.length) return false;
  await tx.execute(sql`
    UPDATE "product_sizes" ps SET "stock" = ps."stock" + oi.qty
    FROM (SELECT "product_id", "size", sum("quantity")::int AS qty FROM "order_items" WHERE "order_id" = ${orderId} GROUP BY "product_id", "size") oi
    WHERE ps."product_id" = oi."product_id" AND ps."size" = oi."size"`);
  return true;
}
