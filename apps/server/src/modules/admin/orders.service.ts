import { and, eq } from "drizzle-orm";
import {
  ADMIN_MSG,
  ORDER_TRANSITIONS,
  canTransition,
  shortOrderId,
  transitionRefused,
  type AdminOrdersQuery,
  type OrderStatus,
  type OrderStatusInputSchema,
} from "@khelkud/contracts";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { orders, orderStatusHistory, payments } from "../../db/schema/index.js";
import { conflict, notFound } from "../../lib/errors.js";
import { pagination, toCsv } from "./admin-lib.js";
import { recordAudit, type Actor } from "./audit.js";
import { releaseOrderStock } from "./order-stock.js";
import * as repo from "./orders.repository.js";

type StatusInput = z.output<typeof OrderStatusInputSchema>;
type OrderRow = typeof orders.$inferSelect;
type SummaryRow = Awaited<ReturnType<typeof repo.findOrders>>[number];

const CSV_MAX_ROWS = 50_000;

/** DECISIONS 12: only a cancelled order, or an unpaid one whose payment window has passed, may be deleted. */
function deletable(o: OrderRow, now = new Date()): boolean {
  if (o.paymentStatus === "PAID" || o.paymentStatus === "REFUNDED") return false;
  return o.status === "CANCELLED" || (o.paymentExpiresAt !== null && o.paymentExpiresAt < now);
}

function collectable(o: OrderRow): boolean {
  return o.paymentMethod === "COD" && o.status === "DELIVERED" && o.paymentStatus !== "PAID";
}

/** Spec 001 §2.2: the address may be an object or a JSON string; anything unreadable gives null ('Error displaying shipping address'). */
export function readShippingAddress(value: unknown): Record<string, string> | null {
  let v = value;
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) if (typeof val === "string" || typeof val === "number") out[k] = String(val);
  return out;
}

function toSummary(r: SummaryRow, paymentId: string | null) {
  const o = r.order;
  return {
    id: o.id,
    orderNumber: o.orderNumber || `#${shortOrderId(o.id)}`,
    user: r.userName != null ? { id: o.userId, name: r.userName, email: r.userEmail ?? "" } : null,
    totalAmount: o.totalAmount,
    subtotal: o.subtotal,
    shippingCost: o.shippingCost,
    discountAmount: o.discountAmount,
    status: o.status,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    paymentId,
    trackingNumber: o.trackingNumber,
    courier: o.courier,
    nextStatuses: [...ORDER_TRANSITIONS[o.status]],
    canCollectCash: collectable(o),
    canDelete: deletable(o),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}
export type AdminOrderSummary = ReturnType<typeof toSummary>;

/** Tells the rest of the shop (live order page, e-mails) about a change, after it is committed. */
export interface OrderNotifier {
  statusChanged(orderId: string, from: string): Promise<void>;
  paymentUpdated(orderId: string): Promise<void>;
}

export function createAdminOrdersService(db: Db, notify?: OrderNotifier) {
  /** A failed notification never undoes or fails the committed change. */
  async function tell(work: (() => Promise<void>) | undefined) {
    try {
      await work?.();
    } catch {
      // Listeners log their own failures (see events.ts); the admin's change stands.
    }
  }

  async function get(id: string) {
    const row = await repo.findOrder(db, id);
    if (!row) throw notFound(ADMIN_MSG.orderNotFound);
    const [items, history, pays] = await Promise.all([repo.itemsOf(db, id), repo.historyOf(db, id), repo.latestPayments(db, [id])]);
    const pay = pays.get(id);
    return {
      ...toSummary(row, pay?.transactionId ?? pay?.reference ?? null),
      shippingAddress: readShippingAddress(row.order.shippingAddress),
      notes: row.order.notes,
      paidAt: row.order.paidAt?.toISOString() ?? null,
      cashCollectedAt: row.order.cashCollectedAt?.toISOString() ?? null,
      items: items.map((i) => ({ id: i.id, productId: i.productId, productName: i.productName, productSlug: i.productSlug, imageUrl: i.imageUrl, size: i.size, color: i.color, quantity: i.quantity, unitPrice: i.unitPrice, lineTotal: i.lineTotal })),
      statusHistory: history.map((h) => ({ status: h.entry.status, note: h.entry.note, by: h.byName, createdAt: h.entry.createdAt.toISOString() })),
    };
  }

  return {
    get,

    async list(q: AdminOrdersQuery) {
      const [rows, total] = await Promise.all([repo.findOrders(db, q, q.limit, (q.page - 1) * q.limit), repo.countOrders(db, q)]);
      const pays = await repo.latestPayments(db, rows.map((r) => r.order.id));
      return {
        orders: rows.map((r) => {
          const p = pays.get(r.order.id);
          return toSummary(r, p?.transactionId ?? p?.reference ?? null);
        }),
        pagination: pagination(q.page, q.limit, total),
      };
    },

    /** DECISIONS 10: only the state machine's next statuses; every change lands in the customer's history; cancelling returns stock once. */
    async changeStatus(actor: Actor, id: string, input: StatusInput) {
      const from = await db.transaction(async (tx) => {
        const o = await repo.lockOrder(tx, id);
        if (!o) throw notFound(ADMIN_MSG.orderNotFound);
        if (!canTransition(o.status, input.status)) throw conflict(transitionRefused(o.status, input.status));
        const set: Partial<OrderRow> = { status: input.status };
        if (input.trackingNumber) set.trackingNumber = input.trackingNumber;
        if (input.courier) set.courier = input.courier;
        await tx.update(orders).set(set).where(eq(orders.id, id));
        await tx.insert(orderStatusHistory).values({ orderId: id, status: input.status, note: input.note, changedByUserId: actor.id });
        const stockReturned = input.status === "CANCELLED" ? await releaseOrderStock(tx, id) : false;
        await recordAudit(tx, actor, {
          action: "order.status",
          entityType: "order",
          entityId: id,
          before: { status: o.status, trackingNumber: o.trackingNumber, courier: o.courier },
          after: { status: input.status, trackingNumber: set.trackingNumber ?? o.trackingNumber, courier: set.courier ?? o.courier, note: input.note, stockReturned },
        });
        return o.status;
      });
      await tell(notify && (() => notify.statusChanged(id, from)));
      return get(id);
    },

    /** Cash handed over for a delivered cash-on-delivery order: the payment becomes PAID. */
    async collectCash(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        const o = await repo.lockOrder(tx, id);
        if (!o) throw notFound(ADMIN_MSG.orderNotFound);
        if (!collectable(o)) throw conflict(ADMIN_MSG.cashNotCollectable);
        const now = new Date();
        await tx.update(orders).set({ paymentStatus: "PAID", paidAt: now, cashCollectedAt: now }).where(eq(orders.id, id));
        await tx.update(payments).set({ status: "PAID" }).where(and(eq(payments.orderId, id), eq(payments.provider, "COD"), eq(payments.status, "PENDING")));
        await recordAudit(tx, actor, { action: "order.cash-collected", entityType: "order", entityId: id, before: { paymentStatus: o.paymentStatus }, after: { paymentStatus: "PAID" } });
      });
      await tell(notify && (() => notify.paymentUpdated(id)));
      return get(id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const o = await repo.lockOrder(tx, id);
        if (!o) throw notFound(ADMIN_MSG.orderNotFound);
        if (o.paymentStatus === "PAID" || o.paymentStatus === "REFUNDED") throw conflict(ADMIN_MSG.paidOrderKept);
        if (!deletable(o)) throw conflict(ADMIN_MSG.orderDeleteRefused);
        // An expired unpaid order that was never cancelled still holds stock.
        await releaseOrderStock(tx, id);
        const items = await repo.itemsOf(tx, id);
        await tx.delete(orders).where(eq(orders.id, id));
        await recordAudit(tx, actor, { action: "order.delete", entityType: "order", entityId: id, before: { ...o, items } });
      });
    },

    /** The filtered list as CSV (all pages), amounts in rupees. */
    async exportCsv(q: Pick<AdminOrdersQuery, "q" | "status">): Promise<string> {
      const rows: unknown[][] = [];
      for (let offset = 0; offset < CSV_MAX_ROWS; offset += 1000) {
        const batch = await repo.findOrders(db, q, 1000, offset);
        for (const r of batch) {
          const o = r.order;
          rows.push([o.orderNumber, o.createdAt, r.userName ?? "N/A", r.userEmail ?? "N/A", o.status, o.paymentMethod, o.paymentStatus, (o.totalAmount / 100).toFixed(2), o.trackingNumber ?? ""]);
        }
        if (batch.length < 1000) break;
      }
      return toCsv(["Order Number", "Date", "Customer", "Email", "Status", "Payment Method", "Payment Status", "Total (NPR)", "Tracking Number"], rows);
    },
  };
}
export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
export type { OrderStatus };
