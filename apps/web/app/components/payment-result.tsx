import { useEffect, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { shortOrderId } from "@khelkud/contracts";
import { localizeMessage, useI18n } from "../lib/i18n";
import { RESULT_REDIRECT_MS } from "../lib/payment-results";

/** After the spec's 3 seconds, go on (with navigation state, e.g. the error for the failure page). */
export function useRedirectAfter(to: string | null, state?: unknown, ms = RESULT_REDIRECT_MS) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!to) return;
    const timer = window.setTimeout(() => navigate(to, { replace: true, state }), ms);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- state is a fresh object each render; `to` decides.
  }, [to, ms, navigate]);
}

export function ResultIcon({ ok }: { ok: boolean }) {
  return (
    <div className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full ${ok ? "bg-green-100 text-green-700" : "bg-red-100 text-red-700"}`}>
      <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
        {ok ? <path d="m5 12 5 5 9-10" /> : <path d="M6 6l12 12M18 6 6 18" />}
      </svg>
    </div>
  );
}

/** Title, message and actions of a payment result screen. */
export function ResultShell({ ok, title, message, children }: { ok: boolean; title: string; message: string; children?: ReactNode }) {
  const { locale } = useI18n();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <div className="text-center">
        <ResultIcon ok={ok} />
        <h1 className="mt-4 text-3xl font-bold">{title}</h1>
        <p className={`mt-2 ${ok ? "text-slate-600" : "text-red-800"}`} role={ok ? undefined : "alert"} data-testid="payment-message">
          {localizeMessage(message, locale)}
        </p>
      </div>
      {children}
    </div>
  );
}

/** docs/product-rules.md §8: each wallet failure page offers Try Payment Again, View Cart and Go to Homepage. */
export function WalletFailureView({ message, retryTo }: { message: string; retryTo: string }) {
  const { t } = useI18n();
  return (
    <ResultShell ok={false} title={t("paymentPage.failedTitle")} message={message}>
      <p className="mt-4 text-center text-sm text-slate-600">{t("paymentPage.kept")}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to={retryTo} className="flex-1 rounded-lg bg-crimson px-5 py-3 text-center font-semibold text-white hover:bg-crimson-dark">
          {t("paymentPage.tryAgain")}
        </Link>
        <Link to="/cart" className="flex-1 rounded-lg border border-slate-300 bg-white px-5 py-3 text-center font-semibold hover:bg-slate-100">
          {t("paymentPage.viewCart")}
        </Link>
        <Link to="/" className="flex-1 rounded-lg border border-slate-300 bg-white px-5 py-3 text-center font-semibold hover:bg-slate-100">
          {t("paymentPage.goHomepage")}
        </Link>
      </div>
    </ResultShell>
  );
}

/** The paid order on a wallet's success page: number, amount and the wallet's own reference. */
export function PaidSummary({ order, referenceLabel, reference }: { order: { id: string; totalAmount: number }; referenceLabel: string; reference: string | null }) {
  const { t, money } = useI18n();
  return (
    <dl className="mt-8 grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <div>
        <dt className="text-slate-600">{t("paymentPage.order")}</dt>
        <dd className="font-bold">#{shortOrderId(order.id)}</dd>
      </div>
      <div>
        <dt className="text-slate-600">{t("paymentPage.amount")}</dt>
        <dd className="font-bold">{money(order.totalAmount)}</dd>
      </div>
      <div className="col-span-2">
        <dt className="text-slate-600">{referenceLabel}</dt>
        <dd className="break-all font-semibold">{reference ?? "—"}</dd>
      </div>
    </dl>
  );
}

/** After an order is placed or paid: "Track Order" to its page and "Continue Shopping" (order success and wallet success pages). */
export function TrackOrContinue({ orderId, className }: { orderId: string; className: string }) {
  const { t } = useI18n();
  return (
    <div className={className}>
      <Link to={`/orders/${orderId}`} className="flex-1 rounded-lg bg-nepal px-5 py-3 text-center font-semibold text-white hover:bg-nepal-dark">
        {t("orderSuccess.track")}
      </Link>
      <Link to="/products" className="flex-1 rounded-lg border border-slate-300 bg-white px-5 py-3 text-center font-semibold hover:bg-slate-100">
        {t("cart.continue")}
      </Link>
    </div>
  );
}
