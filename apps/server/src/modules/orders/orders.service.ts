import {
  type Locale,
  customerCanCancel,
  customerCanRequestReturn,
  effectivePrice,
  fillMessage,
  MAX_QUANTITY_PER_LINE,
  MSG,
  ORDER_MSG,
  ORDER_TEMPLATE,
  PlaceOrderInputSchema,
  PRINT_MSG,
  printedLineReturnable,
  RETURN_NOTE,
  type Personalisation,
  type ReturnRequestInput,
  shippingFee,
  WALLET_PAYMENT_MINUTES,
  type Order,
  type OrderLineInput,
} from "@khelkud/contracts";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import type { OrderLimits } from "../../env.js";
import type { UserRow } from "../../db/schema/index.js";
import { conflict, invalid, notFound } from "../../lib/errors.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { groupBy } from "../../lib/group-by.js";
import { productsWithStock } from "../catalog/catalog.service.js";
import type { Events } from "../events/events.js";
import type { SettingsService } from "../settings/settings.service.js";
import { newId } from "../../db/ids.js";
import { newOrderNumber } from "./order-number.js";
import { createOrderLifecycle } from "./order-lifecycle.js";
import { decidePrint, requestedPrintKey } from "./personalisation.js";
import * as repo from "./orders.repository.js";

export type PlaceOrderData = z.infer<typeof PlaceOrderInputSchema>;
type Viewer = Pick<UserRow, "id" | "role">;

export const ORDER_NOT_FOUND = ORDER_MSG.notFound;
export const CANCELLATION_ALREADY_REQUESTED = ORDER_MSG.cancellationAlreadyRequested;

export function toOrderDto(o: repo.OrderRow, items: repo.OrderItemRow[], history: repo.OrderHistoryRow[], refund?: repo.RefundRow, documents: repo.DocumentNumbers = {}): Order {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    status: o.status,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    subtotal: o.subtotal,
    shippingCost: o.shippingCost,
    discountAmount: o.discountAmount,
    totalAmount: o.totalAmount,
    shippingAddress: o.shippingAddress,
    notes: o.notes,
    items: items.map((i) => ({
      id: i.id,
      productId: i.productId,
      name: i.productName,
      nameNe: i.productNameNe,
      slug: i.productSlug,
      image: i.imageUrl,
      size: i.size,
      color: i.color,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      personalisation: i.personalisation ?? null,
      printFee: i.printFee,
      printedAt: i.printedAt?.toISOString() ?? null,
      lineTotal: i.lineTotal,
    })),
    statusHistory: history.map((h) => ({ status: h.status, note: h.note, createdAt: h.createdAt.toISOString() })),
    trackingNumber: o.trackingNumber,
    courier: o.courier,
    paymentExpiresAt: o.paymentExpiresAt?.toISOString() ?? null,
    paidAt: o.paidAt?.toISOString() ?? null,
    cancellationRequestedAt: o.cancellationRequestedAt?.toISOString() ?? null,
    cancellationReason: o.cancellationReason,
    returnRequestedAt: o.returnRequestedAt?.toISOString() ?? null,
    returnReason: o.returnReason,
    returnDetails: o.returnDetails,
    refund: refund ? { amount: refund.amount, method: refund.method, reference: refund.reference, note: refund.note, refundedAt: refund.createdAt.toISOString() } : null,
    buyerPan: o.buyerPan,
    invoiceNumber: documents.INVOICE ?? null,
    creditNoteNumber: documents.CREDIT_NOTE ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

const dropUndefined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** Lines with the same product, size, colour and print are one line; a different name or number is a line of its own. */
function mergeLines(lines: OrderLineInput[]): OrderLineInput[] {
  const byKey = new Map<string, OrderLineInput>();
  for (const l of lines) {
    const key = `${l.productId}\u0000${l.size}\u0000${l.color.toLowerCase()}\u0000${requestedPrintKey(l.personalisation)}`;
    const seen = byKey.get(key);
    byKey.set(key, seen ? { ...seen, quantity: seen.quantity + l.quantity } : { ...l });
  }
  return [...byKey.values()];
}

/** The limits when none are configured (docs/decisions/077; env.ts reads the ORDER_* variables). */
export const DEFAULT_ORDER_LIMITS: OrderLimits = { maxUnitsPerLine: MAX_QUANTITY_PER_LINE, maxUnitsPerOrder: 20, maxOpenUnpaid: 5, perMinutePerCustomer: 5, perMinutePerIp: 20, codConfirmMinutes: 30 };

export function openOrdersRefused(max: number): string {
  return fillMessage(max === 1 ? ORDER_TEMPLATE.openOrdersOne : ORDER_TEMPLATE.openOrdersMany, { max });
}

/** The customer who placed an order (undefined for an unknown order or a deleted customer): the live channel's room check. */
export async function orderOwner(db: DbOrTx, orderId: string): Promise<string | undefined> {
  return (await repo.findOrder(db, orderId))?.userId ?? undefined;
}

export function createOrdersService(db: Db, deps: { settings: SettingsService; events: Events; limits?: OrderLimits }) {
  const limits = deps.limits ?? DEFAULT_ORDER_LIMITS;
  async function hydrate(rows: repo.OrderRow[], withHistory = true): Promise<Order[]> {
    const ids = rows.map((r) => r.id);
    const [items, history, refunds, documents] = await Promise.all([
      repo.findItemsFor(db, ids),
      withHistory ? repo.findHistoryFor(db, ids) : Promise.resolve([]),
      repo.findRefundsFor(db, ids),
      repo.findDocumentNumbersFor(db, ids),
    ]);
    const itemsBy = groupBy(items, (i) => i.orderId);
    const historyBy = groupBy(history, (h) => h.orderId);
    const refundBy = new Map(refunds.map((r) => [r.orderId, r]));
    return rows.map((r) => toOrderDto(r, itemsBy.get(r.id) ?? [], historyBy.get(r.id) ?? [], refundBy.get(r.id), documents.get(r.id)));
  }

  async function load(id: string): Promise<Order> {
    const row = await repo.findOrder(db, id);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    return (await hydrate([row]))[0]!;
  }

  const lifecycle = createOrderLifecycle(db, { events: deps.events, load });

  /** Prices every line from the catalogue and refuses what cannot be sold (before any stock is touched). */
  async function priceLines(lines: OrderLineInput[]) {
    const [{ productsById, sizesBy, imageUrls }, settings] = await Promise.all([productsWithStock(db, lines.map((l) => l.productId)), deps.settings.get()]);
    return lines.map((line, index) => {
      const product = productsById.get(line.productId);
      if (!product) throw invalid(`${MSG.productNotFound}: ${line.productId}`);
      if (product.status !== "ACTIVE") throw conflict(fillMessage(ORDER_TEMPLATE.noLongerAvailable, { product: product.name }));
      const size = (sizesBy.get(product.id) ?? []).find((s) => s.size === line.size);
      if (!size) throw invalid(fillMessage(ORDER_TEMPLATE.sizeUnavailable, { size: line.size, product: product.name }));
      let color = line.color;
      if (color !== "Default") {
        const match = product.colors.find((c) => c.toLowerCase() === color.toLowerCase());
        if (!match) throw invalid(fillMessage(ORDER_TEMPLATE.colourUnavailable, { colour: color, product: product.name }));
        color = match;
      }
      let personalisation: Personalisation | null = null;
      let printFee = 0;
      if (line.personalisation) {
        const decided = decidePrint(product, line.personalisation, settings.printFeePaisa);
        if (!decided.ok) throw invalid(decided.message, [{ field: `items.${index}.personalisation`, message: decided.message }]);
        personalisation = decided.personalisation;
        printFee = decided.fee;
      }
      const unitPrice = effectivePrice(product.price, product.salePrice);
      return { line: { ...line, color }, product, unitPrice, personalisation, printFee, lineTotal: (unitPrice + printFee) * line.quantity, imageUrl: imageUrls.get(product.id) ?? null };
    });
  }

  /** Takes the stock for every size of the order inside `tx`, or throws (and the transaction rolls back). */
  async function reserve(tx: DbOrTx, priced: Awaited<ReturnType<typeof priceLines>>) {
    const bySize = new Map<string, { productId: string; size: string; name: string; quantity: number }>();
    for (const p of priced) {
      const key = `${p.product.id}\u0000${p.line.size}`;
      const seen = bySize.get(key);
      bySize.set(key, { productId: p.product.id, size: p.line.size, name: p.product.name, quantity: (seen?.quantity ?? 0) + p.line.quantity });
    }
    // Always the same order of row locks (product, then size, by code point, as COLLATE "C" sorts), so two orders for the
    // same sizes cannot deadlock, nor an order and an admin change of the product (`lockProduct` takes its sizes in this order).
    const byCodePoint = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
    const wanted = [...bySize.values()].sort((a, b) => byCodePoint(a.productId, b.productId) || byCodePoint(a.size, b.size));
    for (const w of wanted) {
      if (await repo.takeStock(tx, w.productId, w.size, w.quantity)) continue;
      const left = await repo.currentStock(tx, w.productId, w.size);
      const item = { product: w.name, size: w.size };
      throw conflict(left <= 0 ? fillMessage(ORDER_TEMPLATE.soldOut, item) : fillMessage(ORDER_TEMPLATE.onlyLeft, { n: left, ...item }));
    }
  }

  /**
   * Places an order: prices from the catalogue, shipping by the chosen district (never a free-text city), stock reserved, order,
   * items and the first history entry written, all in one transaction. With an idempotency key the
   * same key returns the order it made the first time.
   */
  async function placeOrder(user: Viewer, input: PlaceOrderData, idempotencyKey?: string, locale: Locale = "en"): Promise<{ order: Order; replayed: boolean }> {
    if (idempotencyKey) {
      const existing = await repo.findOrderByIdempotencyKey(db, user.id, idempotencyKey);
      if (existing) return { order: (await hydrate([existing]))[0]!, replayed: true };
    }
    const lines = mergeLines(input.items);
    const perLine = Math.min(limits.maxUnitsPerLine, MAX_QUANTITY_PER_LINE);
    if (lines.some((l) => l.quantity > perLine)) throw invalid(fillMessage(ORDER_TEMPLATE.perItemMax, { max: perLine }));
    const units = lines.reduce((sum, l) => sum + l.quantity, 0);
    if (units > limits.maxUnitsPerOrder) throw invalid(fillMessage(ORDER_TEMPLATE.unitsMax, { max: limits.maxUnitsPerOrder }));
    const priced = await priceLines(lines);
    if (priced.some((p) => p.personalisation) && input.acceptNoReturns !== true) {
      throw invalid(PRINT_MSG.noReturnsRequired, [{ field: "acceptNoReturns", message: PRINT_MSG.noReturnsRequired }]);
    }
    // Stock is kept per size: colours of one size count together toward the per-line limit.
    const perSize = new Map<string, { name: string; size: string; quantity: number }>();
    for (const p of priced) {
      const key = `${p.product.id}\u0000${p.line.size}`;
      perSize.set(key, { name: p.product.name, size: p.line.size, quantity: (perSize.get(key)?.quantity ?? 0) + p.line.quantity });
    }
    for (const s of perSize.values()) if (s.quantity > perLine) throw invalid(fillMessage(ORDER_TEMPLATE.itemMax, { max: perLine, product: s.name, size: s.size }));
    const subtotal = priced.reduce((sum, p) => sum + p.lineTotal, 0);
    const { shipping: rule } = await deps.settings.get();
    const shippingCost = shippingFee(subtotal, input.shippingAddress.district, rule);
    const now = new Date();
    const isWallet = input.paymentMethod !== "COD";

    for (let attempt = 0; ; attempt++) {
      try {
        const row = await lifecycle.run(async (unit) => {
          const tx = unit.tx;
          await repo.lockCustomer(tx, user.id);
          if ((await repo.countOpenUnpaid(tx, user.id)) >= limits.maxOpenUnpaid) throw conflict(openOrdersRefused(limits.maxOpenUnpaid));
          await reserve(tx, priced);
          const order = await repo.insertOrder(tx, {
            orderNumber: newOrderNumber(now),
            userId: user.id,
            status: "PENDING",
            paymentMethod: input.paymentMethod,
            paymentStatus: "PENDING",
            subtotal,
            shippingCost,
            discountAmount: 0,
            totalAmount: subtotal + shippingCost,
            shippingAddress: { ...dropUndefined(input.shippingAddress), country: "Nepal" },
            notes: input.notes ?? null,
            buyerPan: input.buyerPan || null,
            idempotencyKey: idempotencyKey ?? null,
            // Its e-mails and SMS speak the language it was placed in (docs/decisions/087).
            locale,
            // A cash-on-delivery order is confirmed right after checkout; one left unconfirmed gives its stock back too.
            paymentExpiresAt: new Date(now.getTime() + (isWallet ? WALLET_PAYMENT_MINUTES : limits.codConfirmMinutes) * 60_000),
          });
          // Ids that sort in cart order, so the order lists its items the way the shopper added them.
          const itemIdBase = newId().slice(0, -2);
          await repo.insertItems(
            tx,
            priced.map((p, i) => ({
              id: `${itemIdBase}${i.toString(36).padStart(2, "0")}`,
              orderId: order.id,
              productId: p.product.id,
              productName: p.product.name,
              // The Nepali name as it was too: Nepali pages, and the e-mails and bill of an order placed in Nepali, show it (docs/decisions/117).
              productNameNe: p.product.nameNe,
              productSlug: p.product.slug,
              imageUrl: p.imageUrl,
              size: p.line.size,
              color: p.line.color,
              quantity: p.line.quantity,
              unitPrice: p.unitPrice,
              // undefined, not null: a JSON null would be a value, and "no print" is SQL NULL.
              personalisation: p.personalisation ?? undefined,
              printFee: p.printFee,
              lineTotal: p.lineTotal,
            })),
          );
          await repo.insertHistory(tx, { orderId: order.id, status: "PENDING", note: "Order placed", changedByUserId: user.id });
          await unit.placed(order.id);
          return order;
        });
        return { order: (await hydrate([row]))[0]!, replayed: false };
      } catch (error) {
        if (idempotencyKey && isUniqueViolation(error, "orders_user_idempotency_uq")) {
          // The same key raced in from a second request that committed first: answer with its order.
          const existing = await repo.findOrderByIdempotencyKey(db, user.id, idempotencyKey);
          if (existing) return { order: (await hydrate([existing]))[0]!, replayed: true };
        }
        if (attempt < 3 && isUniqueViolation(error, "orders_order_number_unique")) continue;
        throw error;
      }
    }
  }

  /** The owner or an administrator sees an order; anyone else is told it does not exist. */
  async function getOrderForViewer(viewer: Viewer, id: string): Promise<Order> {
    const row = await repo.findOrder(db, id);
    if (!row || (row.userId !== viewer.id && viewer.role !== "ADMIN")) throw notFound(ORDER_NOT_FOUND);
    return (await hydrate([row]))[0]!;
  }

  /** The caller's own orders only, newest first, administrators included (docs/product-rules.md §10, §16: "My Orders" showed everyone's). */
  async function listOrdersForCustomer(userId: string, limit = 20): Promise<Order[]> {
    return hydrate(await repo.findOrdersForUser(db, userId, Math.min(Math.max(limit, 1), 100)));
  }

  /**
   * Cash on delivery: only the owner, only for a COD order that is new and unpaid. The order moves to
   * PROCESSING; payment stays PENDING until the cash is collected. Confirming twice changes nothing.
   */
  async function confirmCodPayment(user: Viewer, orderId: string): Promise<Order> {
    const row = await repo.findOrder(db, orderId);
    if (!row || row.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
    if (row.paymentMethod !== "COD") throw conflict(ORDER_MSG.notCashOnDelivery);
    if (row.paymentStatus !== "PENDING") throw conflict(ORDER_MSG.alreadyPaid);
    if (row.status === "PROCESSING") return load(row.id);
    if (row.status !== "PENDING") throw conflict(fillMessage(ORDER_TEMPLATE.notConfirmable, { status: row.status.toLowerCase().replaceAll("_", " ") }));
    if (row.paymentExpiresAt && row.paymentExpiresAt.getTime() <= Date.now()) throw conflict(ORDER_MSG.confirmTimeUp);
    const changed = await lifecycle.run(async (unit) =>
      unit.change(row.id, {
        when: { status: ["PENDING"], paymentStatus: "PENDING", paymentMethod: "COD", userId: user.id },
        status: "PROCESSING",
        set: { paymentExpiresAt: null },
        history: { note: "Cash on delivery confirmed; pay when it arrives", by: user.id },
        also: (tx, updated) => repo.insertPayment(tx, { orderId: row.id, userId: user.id, provider: "COD", amount: updated.totalAmount, status: "PENDING" }),
      }),
    );
    const order = await load(row.id);
    if (!changed && order.status !== "PROCESSING") throw conflict(ORDER_MSG.noLongerConfirmable);
    return order;
  }

  /**
   * A customer cancels their own order before it ships; the stock goes back once. A paid order is not cancelled: the
   * call records a cancellation request, which an administrator approves by refunding (docs/decisions/078). Callers
   * ask the wallet about open attempts first (payments.cancelForCustomer), so money paid a moment ago is seen.
   */
  async function cancelOrder(user: Viewer, orderId: string, reason?: string): Promise<{ order: Order; requested: boolean }> {
    const row = await repo.findOrder(db, orderId);
    if (!row || row.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
    if (row.status === "CANCELLED") throw conflict(ORDER_MSG.alreadyCancelled);
    if (row.paymentStatus === "PAID" && (row.status === "PENDING" || row.status === "PROCESSING")) return { order: await requestCancellation(user, row, reason), requested: true };
    if (!customerCanCancel(row)) throw conflict(ORDER_MSG.noLongerCancellable);
    const changed = await lifecycle.run(async (unit) =>
      // Only while still unpaid: a payment confirmed a moment ago makes this call fail instead of keeping the money.
      unit.change(row.id, {
        when: { status: ["PENDING", "PROCESSING"], paymentStatus: "PENDING", userId: user.id },
        status: "CANCELLED",
        cancelledBy: "CUSTOMER",
        releaseStock: true,
        history: { note: "Cancelled by the customer", by: user.id },
      }),
    );
    if (!changed) throw conflict(ORDER_MSG.noLongerCancellable);
    return { order: await load(row.id), requested: false };
  }

  async function requestCancellation(user: Viewer, row: repo.OrderRow, reason?: string): Promise<Order> {
    if (row.cancellationRequestedAt) throw conflict(CANCELLATION_ALREADY_REQUESTED);
    const changed = await lifecycle.run(async (unit) =>
      unit.change(row.id, {
        when: { status: ["PENDING", "PROCESSING"], paymentStatus: "PAID", userId: user.id, noCancellationRequest: true },
        set: { cancellationRequestedAt: new Date(), cancellationReason: reason?.trim() || null },
        history: { note: "Cancellation requested by the customer; the shop will refund the payment", by: user.id },
        // The order page shows the request at once (the status itself stays).
        announce: ["status"],
      }),
    );
    if (!changed) throw conflict(CANCELLATION_ALREADY_REQUESTED);
    return load(row.id);
  }

  /**
   * A delivered order's customer asks to send it back (docs/decisions/190): until the end of the 30th day after its
   * delivery, one request open at a time. Nothing moves yet (money, stock, status): the shop arranges the pick-up and
   * records the return with its refund (Record return), or declines the request, after which the customer may ask again. A printed line is taken back only when faulty or not what was ordered, so
   * an order of printed lines alone cannot be sent back for its size or a change of mind.
   */
  async function requestReturn(user: Viewer, orderId: string, input: ReturnRequestInput): Promise<Order> {
    const row = await repo.findOrder(db, orderId);
    if (!row || row.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
    if (row.returnRequestedAt) throw conflict(ORDER_MSG.returnAlreadyRequested);
    const [history, lines] = await Promise.all([repo.findHistoryFor(db, [row.id]), repo.findItemsFor(db, [row.id])]);
    const statusHistory = history.map((h) => ({ status: h.status, note: h.note, createdAt: h.createdAt.toISOString() }));
    const now = new Date();
    if (!customerCanRequestReturn({ status: row.status, returnRequestedAt: null, statusHistory }, now)) throw conflict(ORDER_MSG.returnNotOpen);
    if (lines.every((l) => l.personalisation) && !printedLineReturnable(input.reason)) throw conflict(ORDER_MSG.returnPrintedOnly);
    const changed = await lifecycle.run(async (unit) =>
      unit.change(row.id, {
        when: { status: ["DELIVERED"], userId: user.id, noReturnRequest: true },
        set: { returnRequestedAt: now, returnReason: input.reason, returnDetails: input.details || null },
        history: { note: RETURN_NOTE.requested, by: user.id },
        // The order page shows the request at once, and the admin's order list and view follow it (the status stays).
        announce: ["status"],
        // The customer's receipt by e-mail: what happens next.
        facts: [{ type: "order.return_requested", orderId: row.id, reason: input.reason, at: now.toISOString() }],
      }),
    );
    if (!changed) throw conflict((await repo.findOrder(db, row.id))?.returnRequestedAt ? ORDER_MSG.returnAlreadyRequested : ORDER_MSG.returnNotOpen);
    return load(row.id);
  }

  /** The order's own row, for the modules that decide about it (payments); undefined when there is none. */
  async function findRecord(id: string): Promise<repo.OrderRow | undefined> {
    return repo.findOrder(db, id);
  }

  /** The order's lines as stored (names, sizes and prices of the moment it was placed). */
  async function linesOf(id: string): Promise<repo.OrderItemRow[]> {
    return repo.findItemsFor(db, [id]);
  }

  return { placeOrder, getOrderForViewer, listOrdersForCustomer, confirmCodPayment, cancelOrder, requestReturn, getOrder: load, findRecord, linesOf, lifecycle, limits };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
