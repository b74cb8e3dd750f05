import type { Db } from "../../db/client.js";
import type { Storage } from "../../plugins/storage.js";
import { createSessionsService } from "../accounts/sessions.service.js";
import { createAdminOrdersService } from "../orders/orders-admin.service.js";
import { createPrintQueueService } from "../orders/print-queue.service.js";
import type { OrdersService } from "../orders/orders.service.js";
import { listAudit, recordAudit, type Actor, type AuditEntry } from "./audit.js";
import { createAdminBlogsService } from "../content/admin-blogs.service.js";
import { createAdminCategoriesService } from "../catalog/admin-categories.service.js";
import * as dashboard from "./dashboard.repository.js";
import { refreshOrderTotals } from "../../db/common-queries.js";
import { createInvoicesService } from "../invoices/invoices.service.js";
import { createAdminMessagesService } from "../content/admin-messages.service.js";
import { createAdminProductsService } from "../catalog/admin-products.service.js";
import { createAdminUsersService, type InviteSender } from "../accounts/admin-users.service.js";
import type { SessionsService } from "../accounts/sessions.service.js";

/** Everything the admin panel does, grouped by screen. Every call is reached only through the guarded admin routes. */
export function createAdminServices(db: Db, storage: Storage, opts: { orders: Pick<OrdersService, "lifecycle">; sessions?: SessionsService; sendInvite?: InviteSender }) {
  const invoices = createInvoicesService(db);
  return {
    products: createAdminProductsService(db, storage),
    invoices,
    categories: createAdminCategoriesService(db),
    // The app's sessions: what they remember for shared pages is dropped by these writes too (docs/decisions/111).
    users: createAdminUsersService(db, opts.sessions ?? createSessionsService(db), opts.sendInvite),
    // Order changes go through the orders module's lifecycle: the same history, stock, facts and live events as the customer's.
    orders: createAdminOrdersService(db, opts.orders.lifecycle),
    messages: createAdminMessagesService(db),
    printQueue: createPrintQueueService(db),
    blogs: createAdminBlogsService(db, storage),
    audit: {
      list: (q: { page: number; limit: number; entityType?: string }) => listAudit(db, q),
      /** For writes made by another module's service (store settings). */
      record: (actor: Actor, entry: AuditEntry) => recordAudit(db, actor, entry),
    },
    /** All figures from aggregate queries (docs/product-rules.md §14, §16: the old dashboard summed the first page of a list). */
    async dashboard() {
      // The kept order totals folded first, so the figures are those of counting the orders (db/common-queries.ts).
      await refreshOrderTotals(db);
      const [revenue, ordersByStatus, waiting, lowStock, recentOrders, bestSellers, dailySales, tax] = await Promise.all([
        dashboard.revenue(db),
        dashboard.ordersByStatus(db),
        dashboard.moneyWaiting(db),
        dashboard.lowStock(db),
        dashboard.recentOrders(db),
        dashboard.bestSellers(db),
        dashboard.dailySales(db),
        invoices.fiscalYearToDate(),
      ]);
      return { revenue, tax, ordersByStatus, ...waiting, lowStock: lowStock.map((r) => ({ ...r, stock: Number(r.stock) })), recentOrders: recentOrders.map((r) => ({ ...r, totalAmount: Number(r.totalAmount) })), bestSellers, dailySales };
    },
  };
}
export type AdminServices = ReturnType<typeof createAdminServices>;
