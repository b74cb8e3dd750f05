import { Link } from "react-router";
import type { Order, PaymentOutcome } from "@khelkud/contracts";
import type { Route } from "./+types/khalti-success";
import { PaidSummary, ResultShell, useRedirectAfter } from "../../components/payment-result";
import { loginUrl } from "../../lib/api";
import { errorMessage, outcomeUrl } from "../../lib/payment-results";
import { pageTitle } from "../../lib/seo";
import { redirect } from "react-router";

export function meta() {
  return [{ title: pageTitle("Khalti Payment") }, { name: "robots", content: "noindex" }];
}

/** docs/product-rules.md §8: needs pidx and orderId; the server verifies; 3 s later on to /order-success or the failure page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const pidx = url.searchParams.get("pidx")?.trim();
  const orderId = url.searchParams.get("orderId")?.trim();
  if (!pidx || !orderId) return { outcome: null, order: null, error: "Missing payment reference." };
  if (!context.user) throw redirect(loginUrl(`${url.pathname}${url.search}`));
  try {
    const outcome: PaymentOutcome = await context.services.payments.verifyKhalti(context.user, pidx, orderId);
    const order: Order = await context.services.orders.getOrderForViewer(context.user, outcome.orderId);
    return { outcome, order, error: outcome.status === "PAID" ? null : outcome.message };
  } catch (error) {
    return { outcome: null, order: null, error: errorMessage(error, "Payment verification failed") };
  }
}

export default function KhaltiSuccess({ loaderData }: Route.ComponentProps) {
  const { outcome, order, error } = loaderData;
  const paid = outcome?.status === "PAID" && order;
  const orderId = outcome?.orderId;
  useRedirectAfter(paid ? outcomeUrl(outcome) : `/payment/khalti/failed${orderId ? `?orderId=${encodeURIComponent(orderId)}` : ""}`, paid ? undefined : { error });
  if (!paid) return <ResultShell ok={false} title="Payment Failed" message={error ?? "Payment was not completed"} />;
  return (
    <ResultShell ok title="Payment Successful!" message="Payment verified successfully">
      <PaidSummary order={order} referenceLabel="Transaction ID" reference={outcome.transactionId} />
      <p className="mt-6 text-center text-sm text-slate-600">Taking you to your order confirmation…</p>
      <p className="mt-2 text-center">
        <Link to={outcomeUrl(outcome)} className="font-semibold text-nepal hover:underline">
          Continue now
        </Link>
      </p>
    </ResultShell>
  );
}
