import { useState } from "react";
import { Link, redirect, useNavigate, useSearchParams } from "react-router";
import { toast } from "../../lib/toast";
import { formatClock, isAwaitingWalletPayment, MSG, PAYMENT_MSG, shortOrderId, walletFromSlug, type Order, type WalletProvider } from "@khelkud/contracts";
import type { Route } from "./+types/selection";
import { WalletRedirect } from "../../components/wallet-redirect";
import { ApiError, api, loginUrl } from "../../lib/api";
import { orNotFound } from "../../lib/errors";
import { pageTitle } from "../../lib/seo";
import { localizeMessage, metaT, useI18n } from "../../lib/i18n";
import { settleConfirmedOrder, startPaymentForOrder, type WalletTarget } from "../../lib/wallet-pay";
import { PaymentMethodIcon } from "../../components/icons";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(metaT(matches)("paymentPage.chooseTitle")) }, { name: "robots", content: "noindex" }];
}

/** The payment page, route /payment-selection (docs/product-rules.md §8): pay an existing unpaid order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!context.user) throw redirect(loginUrl(`${url.pathname}${url.search}`));
  const orderId = url.searchParams.get("orderId");
  if (!orderId) throw redirect("/cart");
  const order = await orNotFound(context.services.orders.getOrderForViewer(context.user, orderId));
  if (order.paymentMethod === "COD" || order.paymentStatus === "PAID") throw redirect(`/orders/${order.id}`);
  return { order, wallets: context.services.payments.walletsAvailable() };
}

/** The payment methods by their one name (contracts: COD, KHALTI, ESEWA); a card is not offered yet. */
type Choice = "COD" | WalletProvider | "CARD";

export default function PaymentSelection({ loaderData }: Route.ComponentProps) {
  const { order, wallets } = loaderData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Addresses spell the wallet in lower case (?method=esewa); the page uses the one name.
  const [choice, setChoice] = useState<Choice>(walletFromSlug(params.get("method")) ?? "COD");
  const [busy, setBusy] = useState(false);
  const [target, setTarget] = useState<WalletTarget | null>(null);
  const payable = isAwaitingWalletPayment(order);
  const { t, money, locale } = useI18n();

  const options: { value: Choice; label: string; hint: string; disabled?: boolean }[] = [
    { value: "COD", label: t("checkout.cod"), hint: t("checkout.codHint") },
    { value: "KHALTI", label: t("checkout.khalti"), hint: wallets.khalti ? t("checkout.khaltiHint") : t("checkout.notAvailable"), disabled: !wallets.khalti },
    { value: "ESEWA", label: t("checkout.esewa"), hint: wallets.esewa ? t("checkout.esewaHint") : t("checkout.notAvailable"), disabled: !wallets.esewa },
    { value: "CARD", label: t("checkout.card"), hint: t("checkout.cardHint"), disabled: true },
  ];

  async function confirm(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!choice) return void toast.error(localizeMessage(MSG.selectPaymentMethod, locale));
    if (choice === "CARD") return void toast.info(t("paymentPage.cardSoon"));
    setBusy(true);
    try {
      if (choice === "COD") {
        const { order: confirmed } = await api<{ order: Order }>("/api/payments/cod/switch", { body: { orderId: order.id } });
        settleConfirmedOrder(confirmed);
        toast.success(t("checkout.codConfirmed"));
        navigate(`/order-success?orderId=${encodeURIComponent(order.id)}`, { replace: true });
        return;
      }
      const next = await startPaymentForOrder(choice, order.id);
      if (next.provider === "KHALTI") toast.success(localizeMessage(PAYMENT_MSG.redirectingKhalti, locale));
      setTarget(next);
    } catch (error) {
      setBusy(false);
      const fallback = choice === "COD" ? t("checkout.codFailed") : localizeMessage(choice === "KHALTI" ? PAYMENT_MSG.khaltiInitFailed : PAYMENT_MSG.esewaInitFailed, locale);
      toast.error(error instanceof ApiError && error.status !== 500 ? localizeMessage(error.message, locale) : fallback, { duration: 4000 });
    }
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("paymentPage.chooseTitle")}</h1>
      <p className="mt-1 text-slate-600">
        {t("orders.order", { id: shortOrderId(order.id) })} · <span className="font-semibold text-slate-900">{money(order.totalAmount)}</span>
      </p>
      {!payable ? (
        <div className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <p className="font-semibold">{t("paymentPage.noLongerPayable")}</p>
          <p className="mt-1 text-sm">{t("paymentPage.noLongerText")}</p>
          <Link to={`/orders/${order.id}`} className="mt-3 inline-block font-semibold text-nepal hover:underline">
            {t("paymentPage.viewOrder")}
          </Link>
        </div>
      ) : (
        <form onSubmit={confirm} className="mt-6 space-y-4">
          <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
            <legend className="px-1 text-lg font-bold">{t("checkout.paymentMethod")}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {options.map((o) => (
                <label key={o.value} className={`flex items-start gap-3 rounded-lg border p-3 ${o.disabled ? "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500" : choice === o.value ? "cursor-pointer border-nepal bg-blue-50" : "cursor-pointer border-slate-300 hover:bg-slate-50"}`}>
                  <input type="radio" name="method" value={o.value} disabled={o.disabled} checked={choice === o.value} onChange={() => setChoice(o.value)} className="mt-1 accent-nepal" />
                  <PaymentMethodIcon method={o.value} className="mt-0.5 h-6 w-6 shrink-0" />
                  <span>
                    <span className="block font-semibold">{o.label}</span>
                    <span className="block text-sm">{o.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {order.paymentExpiresAt ? <p className="text-sm text-slate-600">{t("paymentPage.heldUntil", { time: formatClock(order.paymentExpiresAt, locale) })}</p> : null}
          <div className="flex flex-col gap-3 sm:flex-row">
            <button type="submit" disabled={busy} className="flex-1 rounded-lg bg-crimson px-5 py-3 font-semibold text-white hover:bg-crimson-dark disabled:cursor-wait disabled:opacity-70">
              {busy ? t("paymentPage.pleaseWait") : t("paymentPage.confirm")}
            </button>
            <Link to="/checkout" className="flex-1 rounded-lg border border-slate-300 bg-white px-5 py-3 text-center font-semibold hover:bg-slate-100">
              {t("paymentPage.back")}
            </Link>
          </div>
        </form>
      )}
      {target ? <WalletRedirect target={target} /> : null}
    </div>
  );
}
