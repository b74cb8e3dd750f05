import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import type { WalletTarget } from "../lib/wallet-pay";
import { useI18n } from "../lib/i18n";

/** docs/product-rules.md §8: Khalti after 1.5 s; eSewa by an auto-submitted POST form after 1 s. */
export const KHALTI_REDIRECT_MS = 1500;
export const ESEWA_SUBMIT_MS = 1000;

/**
 * Full-screen notice while the browser is sent to the wallet. eSewa's form is a real form, so
 * "Continue to eSewa" works even if the timer or scripts fail.
 */
export function WalletRedirect({ target }: { target: WalletTarget }) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const { t } = useI18n();

  useEffect(() => {
    const timer = window.setTimeout(
      () => {
        if (target.provider === "KHALTI") window.location.assign(target.url);
        else formRef.current?.submit();
      },
      target.provider === "KHALTI" ? KHALTI_REDIRECT_MS : ESEWA_SUBMIT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [target]);

  // docs/product-rules.md §8: the eSewa start component also listens for same-origin result messages.
  useEffect(() => {
    if (target.provider !== "ESEWA") return;
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || typeof e.data !== "object" || e.data === null) return;
      const data = e.data as { type?: string; orderId?: string };
      if (data.type === "ESEWA_PAYMENT_SUCCESS" && data.orderId) navigate(`/order-success?orderId=${encodeURIComponent(data.orderId)}&paymentMethod=esewa`);
      if (data.type === "ESEWA_PAYMENT_FAILED") navigate("/payment/esewa/failed");
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [target, navigate]);

  const name = t(`order.method.${target.provider}`);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 px-4" role="dialog" aria-modal="true" aria-labelledby="wallet-redirect-title">
      <div className="w-full max-w-sm rounded-xl bg-white p-6 text-center shadow-xl">
        <span className={`mx-auto block h-10 w-10 animate-spin rounded-full border-4 border-slate-200 ${target.provider === "KHALTI" ? "border-t-[#5C2D91]" : "border-t-[#60BB46]"}`} aria-hidden="true" />
        <h2 id="wallet-redirect-title" className="mt-4 text-lg font-bold" aria-live="polite">
          {target.provider === "KHALTI" ? t("payNow.redirectKhalti") : t("payNow.redirectEsewa")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("payNow.saved", { wallet: name })}</p>
        {target.provider === "ESEWA" ? (
          <form ref={formRef} method="POST" action={target.url} className="mt-4">
            {Object.entries(target.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="w-full rounded-lg bg-green-700 px-4 py-2.5 font-semibold text-white hover:bg-green-800">
              {t("payNow.continueEsewa")}
            </button>
          </form>
        ) : (
          <a href={target.url} className="mt-4 block w-full rounded-lg bg-[#5C2D91] px-4 py-2.5 font-semibold text-white hover:brightness-110">
            {t("payNow.continueKhalti")}
          </a>
        )}
      </div>
    </div>
  );
}
