import { useEffect } from "react";
import { redirect, useSearchParams } from "react-router";
import { toast } from "../lib/toast";
import { shortOrderId } from "@khelkud/contracts";
import type { Route } from "./+types/order-success";
import { pageTitle } from "../lib/seo";
import { metaT, tBrowser, useI18n } from "../lib/i18n";
import { settleConfirmedOrder } from "../lib/wallet-pay";
import { TrackOrContinue } from "../components/payment-result";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(metaT(matches)("orderSuccess.metaTitle")) }, { name: "robots", content: "noindex" }];
}

/** docs/product-rules.md §6: the order by query orderId; no order (or not the viewer's) goes to /. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get("orderId");
  if (!orderId || !context.user) throw redirect("/");
  try {
    return { order: await context.services.orders.getOrderForViewer(context.user, orderId) };
  } catch {
    // Unknown or someone else's order: there is nothing to confirm here.
    throw redirect("/");
  }
}

const STEPS = ["confirmation", "processing", "shipping", "delivery"] as const;

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const [params] = useSearchParams();
  const transactionId = params.get("transactionId");
  const { t, money, digits } = useI18n();
  // The cart is cleared once the server says the wallet payment is confirmed, and the shopper is told once per order.
  useEffect(() => {
    if (order.paymentStatus !== "PAID") return;
    settleConfirmedOrder(order);
    const seen = `order-confirmed:${order.id}`;
    if (order.paymentMethod !== "COD" && !window.sessionStorage.getItem(seen)) {
      window.sessionStorage.setItem(seen, "1");
      toast.success(tBrowser("messages.orderConfirmed"), { id: seen });
    }
  }, [order]);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <div className="text-center">
        <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-green-700">
          <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
            <path d="m5 12 5 5 9-10" />
          </svg>
        </div>
        <h1 className="mt-4 text-3xl font-bold">{t("orderSuccess.title")}</h1>
        <p className="mt-2 text-slate-600">{t("orderSuccess.thanks")}</p>
      </div>
      <dl className="mt-8 grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 text-sm">
        <div>
          <dt className="text-slate-600">{t("order.number")}</dt>
          <dd className="text-lg font-bold" data-testid="order-number">
            #{shortOrderId(order.id)}
          </dd>
          <dd className="text-xs text-slate-500">{order.orderNumber}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("summary.total")}</dt>
          <dd className="text-lg font-bold">{money(order.totalAmount)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("order.payment")}</dt>
          <dd className="font-semibold">{t(`order.method.${order.paymentMethod}`)}</dd>
          {order.paymentStatus === "PAID" ? (
            <dd className="mt-1 inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800" data-testid="payment-status">
              {t("order.paid")}
            </dd>
          ) : order.paymentMethod !== "COD" ? (
            <dd className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid="payment-status">
              {t("order.pending")}
            </dd>
          ) : null}
          {order.paymentStatus === "PAID" && transactionId ? <dd className="mt-1 break-all text-xs text-slate-500">{t("order.transaction", { id: transactionId })}</dd> : null}
        </div>
        <div>
          <dt className="text-slate-600">{t("order.items")}</dt>
          <dd className="font-semibold">{digits(order.items.reduce((n, i) => n + i.quantity, 0))}</dd>
        </div>
      </dl>
      <h2 className="mt-8 text-lg font-bold">{t("orderSuccess.next")}</h2>
      <ol className="mt-3 space-y-3">
        {STEPS.map((s, i) => (
          <li key={s} className="flex gap-3">
            <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-nepal text-sm font-bold text-white">{digits(i + 1)}</span>
            <span>
              <span className="block font-semibold">{t(`orderSuccess.steps.${s}.title`)}</span>
              <span className="block text-sm text-slate-600">{t(`orderSuccess.steps.${s}.text`)}</span>
            </span>
          </li>
        ))}
      </ol>
      <TrackOrContinue orderId={order.id} className="mt-8 flex flex-wrap gap-3" />
    </div>
  );
}
