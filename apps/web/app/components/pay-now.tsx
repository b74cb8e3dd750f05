import { useState } from "react";
import { Link } from "react-router";
import { toast } from "../lib/toast";
import { PAYMENT_MSG, type Order } from "@khelkud/contracts";
import { localizeMessage, useI18n } from "../lib/i18n";
import { ApiError } from "../lib/api";
import { startPaymentForOrder, type WalletTarget } from "../lib/wallet-pay";
import { WalletRedirect } from "./wallet-redirect";

/**
 * Pay Now for an unpaid wallet order (docs/product-rules.md §7, §8): a new attempt with the order's wallet. The order
 * page uses khalti/initiate, the profile tab khalti/initiate-v2; "Other payment methods" opens the selection page.
 */
export function PayNow({ order, khaltiEndpoint, size = "md" }: { order: Pick<Order, "id" | "paymentMethod">; khaltiEndpoint?: string; size?: "sm" | "md" }) {
  const [busy, setBusy] = useState(false);
  const [target, setTarget] = useState<WalletTarget | null>(null);
  const method = order.paymentMethod === "ESEWA" ? "ESEWA" : "KHALTI";
  const { t, locale } = useI18n();

  async function pay() {
    if (busy) return;
    setBusy(true);
    try {
      const next = await startPaymentForOrder(method, order.id, khaltiEndpoint);
      if (next.provider === "KHALTI") toast.success(localizeMessage(PAYMENT_MSG.redirectingKhalti, locale));
      setTarget(next);
    } catch (error) {
      setBusy(false);
      toast.error(error instanceof ApiError && error.status !== 500 ? localizeMessage(error.message, locale) : t("payNow.failed"), { duration: 4000 });
    }
  }

  const pad = size === "sm" ? "px-4 py-2 text-sm" : "px-4 py-2.5";
  return (
    <>
      <button type="button" onClick={pay} disabled={busy} className={`rounded-lg bg-crimson font-semibold text-white hover:bg-crimson-dark disabled:cursor-wait disabled:opacity-70 ${pad}`}>
        {busy ? t("payNow.starting") : t("payNow.payNow")}
      </button>
      <Link to={`/payment-selection?orderId=${encodeURIComponent(order.id)}`} className={`rounded-lg border border-slate-300 bg-white text-center font-semibold hover:bg-slate-100 ${pad}`}>
        {t("payNow.other")}
      </Link>
      {target ? <WalletRedirect target={target} /> : null}
    </>
  );
}
