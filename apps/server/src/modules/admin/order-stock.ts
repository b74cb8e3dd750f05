import type { Tx } from "../../db/client.js";
import { claimStockRelease, findItemsFor, giveBackStock } from "../orders/orders.repository.js";

/**
 * Puts an order's units back on the shelf, exactly once: `stock_released_at` is claimed first in the same
 * transaction, so a second call (a repeated cancel, an expiry job, the customer's own cancel) changes nothing.
 * Same SQL as the orders module's releaseStock (its repository), so there is one way stock comes back.
 * Returns true when stock was returned by this call.
 */
export async function releaseOrderStock(tx: Tx, orderId: string): Promise<boolean> {
  if (!(await claimStockRelease(tx, orderId))) return false;
  for (const item of await findItemsFor(tx, [orderId])) await giveBackStock(tx, item.productId, item.size, item.quantity);
  return true;
}
