import { PRINT_MSG, type PrintJob } from "@khelkud/contracts";
import type { Db } from "../../db/client.js";
import { conflict, notFound } from "../../lib/errors.js";
import { recordAudit, type Actor } from "../admin/audit.js";
import * as repo from "./orders.repository.js";

export const PRINT_JOB_NOT_FOUND = PRINT_MSG.jobNotFound;
export const PRINT_ALREADY_DONE = PRINT_MSG.alreadyPrinted;
export const PRINT_NOT_IN_QUEUE = PRINT_MSG.notInQueue;
export const PRINT_NOTHING = PRINT_MSG.nothingToPrint;

/**
 * The print shop's queue (docs/decisions/101): every personalised line of an order that is paid, or cash on delivery
 * confirmed, and not printed yet. Marking a line printed takes it out of the queue and is written to the audit log in
 * the same transaction; it changes no order status (the SHIPPED gate in order-lifecycle.ts reads it).
 */
export function createPrintQueueService(db: Db, { clock = () => new Date() }: { clock?: () => Date } = {}) {
  async function list(): Promise<PrintJob[]> {
    const rows = await repo.findPrintQueue(db);
    return rows.map(({ item, order, colors, customer }) => ({
      itemId: item.id,
      orderId: order.id,
      orderNumber: order.orderNumber,
      orderStatus: order.status,
      paymentMethod: order.paymentMethod,
      paymentStatus: order.paymentStatus,
      customer: customer ?? order.shippingAddress.fullName,
      productId: item.productId,
      productName: item.productName,
      productSlug: item.productSlug,
      size: item.size,
      color: item.color,
      quantity: item.quantity,
      name: item.personalisation!.name,
      number: item.personalisation!.number,
      colors,
      orderedAt: order.createdAt.toISOString(),
    }));
  }

  async function markPrinted(actor: Actor, itemId: string): Promise<{ itemId: string; orderId: string; printedAt: string }> {
    return db.transaction(async (tx) => {
      const row = await repo.lockItemWithOrder(tx, itemId);
      if (!row) throw notFound(PRINT_JOB_NOT_FOUND);
      if (!row.item.personalisation) throw conflict(PRINT_NOTHING);
      if (row.item.printedAt) throw conflict(PRINT_ALREADY_DONE);
      if (!row.inQueue) throw conflict(PRINT_NOT_IN_QUEUE);
      const done = await repo.markItemPrinted(tx, itemId, actor.id, clock());
      if (!done) throw conflict(PRINT_ALREADY_DONE);
      await recordAudit(tx, actor, {
        action: "order.item.printed",
        entityType: "order",
        entityId: row.order.id,
        before: { itemId, printedAt: null },
        after: { itemId, orderNumber: row.order.orderNumber, personalisation: done.personalisation, size: done.size, quantity: done.quantity, printedAt: done.printedAt!.toISOString() },
      });
      return { itemId, orderId: row.order.id, printedAt: done.printedAt!.toISOString() };
    });
  }

  return { list, markPrinted };
}
export type PrintQueueService = ReturnType<typeof createPrintQueueService>;
