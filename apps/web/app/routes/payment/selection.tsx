import { useState } from "react";
import { Link, redirect, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { formatNPR, isAwaitingWalletPayment, MSG, PAYMENT_MSG, shortOrderId, walletFromSlug, type Order, type WalletProvider } from "@khelkud/contracts";
import type { Route } from "./+types/selection";
import { WalletRedirect } from "../../components/wallet-redirect";
import { ApiError, api, loginUrl } from "../../lib/api";
import { orNotFound } from "../../lib/errors";
import { pageTitle } from "../../lib/seo";
import { settleConfirmedOrder, startPaymentForOrder, type WalletTarget } from "../../lib/wallet-pay";
import { PaymentMethodIcon } from "../../components/icons";

export function meta() {
  return [{ title: pageTitle("Choose Payment Method") }, { name: "robots", content: "noindex" }];
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

  const options: { value: Choice; label: string; hint: string; disabled?: boolean }[] = [
    { value: "COD", label: "Cash on Delivery", hint: "Pay in cash when your order arrives" },
    { value: "KHALTI", label: "Khalti", hint: wallets.khalti ? "Pay with your Khalti wallet" : "Not available right now", disabled: !wallets.khalti },
    { value: "ESEWA", label: "eSewa", hint: wallets.esewa ? "Pay with your eSewa wallet" : "Not available right now", disabled: !wallets.esewa },
    { value: "CARD", label: "Credit / Debit Card", hint: "Coming soon", disabled: true },
  ];

  async function confirm(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!choice) return void toast.error(MSG.selectPaymentMethod);
    if (choice === "CARD") return void toast.info("Card payment will be available soon.");
    setBusy(true);
    try {
      if (choice === "COD") {
        const { order: confirmed } = await api<{ order: Order }>("/api/payments/cod/switch", { body: { orderId: order.id } });
        settleConfirmedOrder(confirmed);
        toast.success("COD order confirmed! You will pay on delivery.");
        navigate(`/order-success?orderId=${encodeURIComponent(order.id)}`, { replace: true });
        return;
      }
      const next = await startPaymentForOrder(choice, order.id);
      if (next.provider === "KHALTI") toast.success(PAYMENT_MSG.redirectingKhalti);
      setTarget(next);
    } catch (error) {
      setBusy(false);
      const fallback = choice === "COD" ? "Failed to process COD order" : choice === "KHALTI" ? PAYMENT_MSG.khaltiInitFailed : PAYMENT_MSG.esewaInitFailed;
      toast.error(error instanceof ApiError && error.status !== 500 ? error.message : fallback, { duration: 4000 });
    }
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Choose Payment Method</h1>
      <p className="mt-1 text-slate-600">
        Order #{shortOrderId(order.id)} · <span className="font-semibold text-slate-900">{formatNPR(order.totalAmount)}</span>
      </p>
      {!payable ? (
        <div className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <p className="font-semibold">This order can no longer be paid.</p>
          <p className="mt-1 text-sm">Its payment time has run out or it was cancelled; the items went back on sale.</p>
          <Link to={`/orders/${order.id}`} className="mt-3 inline-block font-semibold text-nepal hover:underline">
            View order
          </Link>
        </div>
      ) : (
        <form onSubmit={confirm} className="mt-6 space-y-4">
          <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
            <legend className="px-1 text-lg font-bold">Payment Method</legend>
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
          {order.paymentExpiresAt ? <p className="text-sm text-slate-600">Your items are held until {new Date(order.paymentExpiresAt).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" })}.</p> : null}
          <div className="flex flex-col gap-3 sm:flex-row">
            <button type="submit" disabled={busy} className="flex-1 rounded-lg bg-crimson px-5 py-3 font-semibold text-white hover:bg-crimson-dark disabled:cursor-wait disabled:opacity-70">
              {busy ? "Please wait…" : "Confirm Payment Method"}
            </button>
            <Link to="/checkout" className="flex-1 rounded-lg border border-slate-300 bg-white px-5 py-3 text-center font-semibold hover:bg-slate-100">
              Back
            </Link>
          </div>
        </form>
      )}
      {target ? <WalletRedirect target={target} /> : null}
    </div>
  );
}
