import { Link } from "react-router";
import { isAwaitingWalletPayment, shortOrderId, type Order } from "@khelkud/contracts";
import type { Route } from "./+types/failed";
import { ResultShell } from "../../components/payment-result";
import { genericFailureMessage } from "../../lib/payment-messages";
import { pageTitle } from "../../lib/seo";
import { metaT, useI18n } from "../../lib/i18n";
import { localOrder, requestLocale } from "../../lib/local-text";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(metaT(matches)("paymentPage.failedTitle")) }, { name: "robots", content: "noindex" }];
}

/** docs/product-rules.md §8: /payment/failed?orderId&error&reason (+ status from our own return points). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const orderId = q.get("orderId");
  let order: Order | null = null;
  if (orderId && context.user) {
    // The order's lines by their names in the page's language (docs/decisions/117).
    order = await context.services.orders.getOrderForViewer(context.user, orderId).then((o) => localOrder(o, requestLocale(request)), () => null);
  }
  const settings = await context.services.settings.get();
  return {
    order,
    message: genericFailureMessage({ reason: q.get("reason"), error: q.get("error"), status: q.get("status") }),
    contact: { email: settings.email, phone: settings.phone },
    wallets: context.services.payments.walletsAvailable(),
  };
}

const POSSIBLE_REASONS = ["cancelled", "timeout", "balance", "network"];

export default function PaymentFailed({ loaderData }: Route.ComponentProps) {
  const { order, message, contact, wallets } = loaderData;
  const payable = order && isAwaitingWalletPayment(order);
  const select = (method?: string) => (payable ? `/payment-selection?orderId=${encodeURIComponent(order.id)}&amount=${order.totalAmount}${method ? `&method=${method}` : ""}` : "/cart");
  const more = order ? order.items.length - 3 : 0;
  const { t, money, digits } = useI18n();
  return (
    <ResultShell ok={false} title={t("paymentPage.failedTitle")} message={message}>
      {order ? (
        <dl className="mt-8 grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">{t("paymentPage.orderId")}</dt>
            <dd className="font-bold">#{shortOrderId(order.id)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t("paymentPage.status")}</dt>
            <dd className="font-bold text-red-700">{t("paymentPage.failed")}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t("paymentPage.amount")}</dt>
            <dd className="font-bold" data-testid="failed-amount">
              {money(order.totalAmount)}
            </dd>
          </div>
          <div className="col-span-2 sm:col-span-3">
            <dt className="text-slate-600">{t("paymentPage.items")}</dt>
            <dd>
              <ul className="mt-1 space-y-1">
                {order.items.slice(0, 3).map((i) => (
                  <li key={i.id} className="flex justify-between gap-2">
                    <span className="min-w-0 truncate">{i.name}</span>
                    <span className="shrink-0 text-slate-600">× {digits(i.quantity)}</span>
                  </li>
                ))}
                {more > 0 ? <li className="text-slate-600">{t("orders.more", { n: digits(more) })}</li> : null}
              </ul>
            </dd>
          </div>
        </dl>
      ) : null}
      {order && !payable ? <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t("paymentPage.cannotPayOnline")}</p> : null}

      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to={select()} className="flex-1 rounded-lg bg-crimson px-5 py-3 text-center font-semibold text-white hover:bg-crimson-dark">
          {t("paymentPage.retry")}
        </Link>
        <Link to="/cart" className="flex-1 rounded-lg border border-slate-300 bg-white px-5 py-3 text-center font-semibold hover:bg-slate-100">
          {t("paymentPage.backToCart")}
        </Link>
      </div>

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="reasons-title" className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <h2 id="reasons-title" className="font-bold">
            {t("paymentPage.possibleReasons")}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
            {POSSIBLE_REASONS.map((r) => (
              <li key={r}>{t(`paymentPage.reasons.${r}`)}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="alt-title" className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <h2 id="alt-title" className="font-bold">
            {t("paymentPage.otherWays")}
          </h2>
          <ul className="mt-2 space-y-2">
            {wallets.esewa ? (
              <li>
                <Link to={select("esewa")} className="font-semibold text-nepal hover:underline">
                  {t("order.method.ESEWA")}
                </Link>
              </li>
            ) : null}
            <li>
              <Link to={select("cod")} className="font-semibold text-nepal hover:underline">
                {t("order.method.COD")}
              </Link>
            </li>
          </ul>
        </section>
      </div>

      <section aria-labelledby="help-title" className="mt-4 rounded-xl bg-slate-100 p-4 text-sm">
        <h2 id="help-title" className="font-bold">
          {t("paymentPage.needHelp")}
        </h2>
        <p className="mt-1 text-slate-700">
          {t("paymentPage.email")}{" "}
          <a href={`mailto:${contact.email}`} className="font-semibold text-nepal hover:underline">
            {contact.email}
          </a>{" "}
          {t("paymentPage.orCall")}{" "}
          <a href={`tel:${contact.phone.replace(/[^+\d]/g, "")}`} className="font-semibold text-nepal hover:underline">
            {contact.phone}
          </a>
          {t("lang.stop")}
        </p>
      </section>
    </ResultShell>
  );
}
