import { useEffect, useState } from "react";
import { Link } from "react-router";
import { toast } from "../lib/toast";
import { formatShippingAddress, isAwaitingWalletPayment, localText, shortOrderId, type Order } from "@khelkud/contracts";
import { api } from "../lib/api";
import { tBrowser, useI18n } from "../lib/i18n";
import { OrderStatusBadge, PaymentPendingBadge } from "./order-status-badge";
import { colorText, sizeText } from "./cart-panel";
import { PayNow } from "./pay-now";
import { useLiveEvent } from "../lib/live";

/** Profile → Orders tab (docs/product-rules.md §10): the signed-in customer's own orders. */
export function ProfileOrders() {
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [failed, setFailed] = useState(false);
  // Bumped by the live channel when one of the orders changes: the list is read again in place.
  const [version, setVersion] = useState(0);
  const { t, money, day, digits, locale } = useI18n();
  useLiveEvent("order_updated", () => setVersion((v) => v + 1));

  useEffect(() => {
    const controller = new AbortController();
    api<{ orders: Order[] }>("/api/orders?limit=50", { signal: controller.signal })
      .then((d) => setOrders(d.orders))
      .catch((error: Error) => {
        if (error.name === "AbortError") return;
        // A failed refresh keeps the list already shown; only the first load shows the error.
        if (version > 0) return;
        setFailed(true);
        toast.error(tBrowser("orders.loadFailed"), { duration: 3000 });
      });
    return () => controller.abort();
  }, [version]);

  if (failed) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-8 text-center">
        <p className="font-semibold">{t("orders.loadFailed")}</p>
        <button type="button" onClick={() => window.location.reload()} className="mt-4 rounded-lg bg-nepal px-4 py-2 font-semibold text-white">
          {t("common.tryAgain")}
        </button>
      </div>
    );
  }
  if (orders === null) {
    return (
      <ul className="space-y-4" aria-busy="true" aria-label={t("orders.loading")}>
        {[0, 1].map((i) => (
          <li key={i} className="h-48 animate-pulse rounded-xl bg-slate-200" />
        ))}
      </ul>
    );
  }
  if (orders.length === 0) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-10 text-center">
        <p className="text-lg font-semibold">{t("orders.none")}</p>
        <p className="mt-1 text-sm text-slate-600">{t("orders.noneText")}</p>
        <Link to="/products" className="mt-5 inline-block rounded-lg bg-crimson px-5 py-2.5 font-semibold text-white hover:bg-crimson-dark">
          {t("orders.startShopping")}
        </Link>
      </div>
    );
  }
  return (
    <ul className="space-y-4" aria-label={t("orders.yours")}>
      {orders.map((o) => {
        const more = o.items.length - 2;
        const awaiting = isAwaitingWalletPayment(o);
        return (
          <li key={o.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <article aria-label={t("orders.order", { id: shortOrderId(o.id) })}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 className="font-bold">{t("orders.order", { id: shortOrderId(o.id) })}</h3>
                  <p className="text-sm text-slate-600">{day(o.createdAt)}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <OrderStatusBadge status={o.status} />
                  {awaiting ? <PaymentPendingBadge /> : null}
                  <span className="font-bold">{money(o.totalAmount)}</span>
                </div>
              </div>
              <ul className="mt-3 space-y-1 text-sm">
                {o.items.slice(0, 2).map((i) => (
                  <li key={i.id} className="flex justify-between gap-2">
                    <span className="min-w-0 truncate">
                      {localText(locale, i.name, i.nameNe)}
                      {sizeText(i.size) ? ` (${sizeText(i.size)}${colorText(i.color) ? `, ${colorText(i.color)}` : ""})` : ""}
                    </span>
                    <span className="shrink-0 text-slate-600">× {digits(i.quantity)}</span>
                  </li>
                ))}
                {more > 0 ? <li className="text-slate-600">{t("orders.more", { n: digits(more) })}</li> : null}
              </ul>
              <div className="mt-3 grid gap-1 text-sm text-slate-600 sm:grid-cols-2">
                <p>
                  <span className="font-semibold text-slate-700">{t("orders.shipTo")}</span> {o.shippingAddress.fullName}, {formatShippingAddress(o.shippingAddress, locale)}
                </p>
                <p>
                  <span className="font-semibold text-slate-700">{t("orders.payment")}</span> {t(`order.method.${o.paymentMethod}`)}
                </p>
                {o.trackingNumber || o.courier ? (
                  <p className="sm:col-span-2">
                    <span className="font-semibold text-slate-700">{t("orders.shippedWith")}</span> {[o.courier, o.trackingNumber && t("orders.trackingNumber", { number: o.trackingNumber })].filter(Boolean).join(", ")}
                  </p>
                ) : null}
              </div>
              <div className="mt-4 flex flex-wrap gap-2">
                {awaiting ? (
                  <PayNow order={o} khaltiEndpoint="/api/payments/khalti/initiate-v2" size="sm" />
                ) : null}
                <Link to={`/orders/${o.id}`} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100">
                  {t("orders.viewDetails")}
                  <span className="sr-only">{t("orders.ofOrder", { id: shortOrderId(o.id) })}</span>
                </Link>
                {o.invoiceNumber ? (
                  <a href={`/api/orders/${o.id}/invoice.pdf`} download className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100">
                    {t("orders.downloadBill")}
                    <span className="sr-only">{t("orders.ofOrder", { id: shortOrderId(o.id) })}</span>
                  </a>
                ) : null}
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
