import type { Db } from "../../db/client.js";
import type { Storage } from "../../plugins/storage.js";
import { createSessionsService } from "../accounts/sessions.service.js";
import type { Events } from "../events/events.js";
import { createOrdersService } from "../orders/orders.service.js";
import type { SettingsService } from "../settings/settings.service.js";
import { listAudit, recordAudit, type Actor, type AuditEntry } from "./audit.js";
import { createAdminBlogsService } from "./blogs.service.js";
import { createAdminCategoriesService } from "./categories.service.js";
import * as dashboard from "./dashboard.repository.js";
import { createInvoicesService } from "../invoices/invoices.service.js";
import { createAdminMessagesService } from "./messages.service.js";
import { createAdminOrdersService, type OrderNotifier } from "./orders.service.js";
import { createAdminProductsService } from "./products.service.js";
import { createAdminUsersService, type InviteSender } from "./users.service.js";

/** Everything the admin panel does, grouped by screen. Every call is reached only through the guarded admin routes. */
export function createAdminServices(db: Db, storage: Storage, opts: { sendInvite?: InviteSender; events?: Events; settings?: SettingsService } = {}) {
  // Admin order changes reach the live channel like the customer's own: the same events with the customer's view of the order.
  let notify: OrderNotifier | undefined;
  if (opts.events && opts.settings) {
    const events = opts.events;
    const customerView = createOrdersService(db, { settings: opts.settings, events });
    notify = {
      statusChanged: async (id, from) => events.orderStatusChanged(await customerView.getOrder(id), from),
      paymentUpdated: async (id) => events.paymentUpdated(await customerView.getOrder(id)),
      recordFact: (tx, fact) => events.recordOrderFact(tx, fact),
    };
  }
  const invoices = createInvoicesService(db);
  return {
    products: createAdminProductsService(db, storage),
    invoices,
    categories: createAdminCategoriesService(db),
    // Sessions are stateless over the database, so a second instance here is the same as the app's.
    users: createAdminUsersService(db, createSessionsService(db), opts.sendInvite),
    orders: createAdminOrdersService(db, notify),
    messages: createAdminMessagesService(db),
    blogs: createAdminBlogsService(db, storage),
    audit: {
      list: (q: { page: number; limit: number; entityType?: string }) => listAudit(db, q),
      /** For writes made by another module's service (store settings). */
      record: (actor: Actor, entry: AuditEntry) => recordAudit(db, actor, entry),
    },
    /** All figures from aggregate queries (docs/product-rules.md §14, §16: the old dashboard summed the first page of a list). */
    async dashboard() {
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
