import { useEffect } from "react";
import { redirect, useNavigate } from "react-router";
import { toast } from "../../lib/toast";
import { formatShippingAddress, PAYMENT_MSG, shortOrderId, type Order } from "@khelkud/contracts";
import type { Route } from "./+types/success";
import { ResultShell, TrackOrContinue } from "../../components/payment-result";
import { pageTitle } from "../../lib/seo";
import { localizeMessage, metaT, useI18n } from "../../lib/i18n";
import { settleConfirmedOrder } from "../../lib/wallet-pay";
import { localOrder, requestLocale } from "../../lib/local-text";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(metaT(matches)("paymentPage.successMeta")) }, { name: "robots", content: "noindex" }];
}

/** docs/product-rules.md §8: /payment/success?orderId&transactionId. Only a paid order of the viewer is shown as paid. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const orderId = q.get("orderId");
  let order: Order | null = null;
  if (orderId && context.user) {
    // The order's lines by their names in the page's language (docs/decisions/117).
    order = await context.services.orders.getOrderForViewer(context.user, orderId).then((o) => localOrder(o, requestLocale(request)), () => null);
  }
  if (order && order.paymentStatus !== "PAID") throw redirect(`/payment/failed?orderId=${encodeURIComponent(order.id)}`);
  return { order, transactionId: q.get("transactionId") };
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { order, transactionId } = loaderData;
  const navigate = useNavigate();
  const { t, money, digits, locale } = useI18n();
  useEffect(() => {
    if (order) settleConfirmedOrder(order);
    else {
      toast.error(localizeMessage(PAYMENT_MSG.orderIdNotFound, locale));
      navigate("/", { replace: true });
    }
  }, [order, navigate, locale]);
  if (!order) return <ResultShell ok={false} title={t("paymentPage.payment")} message={PAYMENT_MSG.orderIdNotFound} />;
  const a = order.shippingAddress;
  return (
    <ResultShell ok title={t("paymentPage.successTitle")} message={t("paymentPage.thanks")}>
      <dl className="mt-8 grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 text-sm">
        <div>
          <dt className="text-slate-600">{t("paymentPage.orderId")}</dt>
          <dd className="font-bold">#{shortOrderId(order.id)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("paymentPage.total")}</dt>
          <dd className="font-bold">{money(order.totalAmount)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("checkout.paymentMethod")}</dt>
          <dd className="font-semibold">{t(`paymentPage.walletName.${order.paymentMethod}`, { defaultValue: order.paymentMethod })}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("paymentPage.transactionId")}</dt>
          <dd className="break-all font-semibold">{transactionId ?? "—"}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-600">{t("paymentPage.items")}</dt>
          <dd>
            <ul className="mt-1 space-y-1">
              {order.items.map((i) => (
                <li key={i.id} className="flex justify-between gap-2">
                  <span className="min-w-0 truncate">
                    {i.name} × {digits(i.quantity)}
                  </span>
                  <span className="shrink-0">{money(i.lineTotal)}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-600">{t("paymentPage.shippingTo")}</dt>
          <dd>{[a.fullName, formatShippingAddress(a, locale), a.postalCode, a.phone].filter(Boolean).join(", ")}</dd>
        </div>
      </dl>
      <p className="mt-4 text-center text-sm text-slate-600">{t("paymentPage.confirmation")}</p>
      <TrackOrContinue orderId={order.id} className="mt-6 flex flex-col gap-3 sm:flex-row" />
    </ResultShell>
  );
}
