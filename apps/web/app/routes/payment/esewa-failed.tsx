import { redirect, useLocation } from "react-router";
import type { PaymentOutcome } from "@khelkud/contracts";
import type { Route } from "./+types/esewa-failed";
import { WalletFailureView } from "../../components/payment-result";
import { walletFailureMessage } from "../../lib/payment-messages";
import { outcomeUrl } from "../../lib/payment-results";
import { pageTitle } from "../../lib/seo";
import { metaT } from "../../lib/i18n";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(metaT(matches)("paymentPage.failedTitle")) }, { name: "robots", content: "noindex" }];
}

/**
 * eSewa's failure_url names the attempt in its path (its query is not trustworthy). The server asks
 * eSewa's status API: a payment that did go through is confirmed after all; a cancel fails the attempt.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  let outcome: PaymentOutcome | null = null;
  if (params.ref && context.user) {
    try {
      outcome = await context.services.payments.checkEsewaAttempt(context.user, params.ref);
    } catch {
      // Unknown attempt or eSewa not answering: the page still explains and offers a retry.
    }
    if (outcome?.status === "PAID") throw redirect(outcomeUrl(outcome));
  }
  return {
    orderId: outcome?.orderId ?? q.get("orderId"),
    reason: q.get("reason") ?? outcome?.reason ?? null,
    status: q.get("status") ?? outcome?.providerStatus ?? null,
  };
}

export default function EsewaFailed({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const stateError = (location.state as { error?: unknown } | null)?.error;
  const message = walletFailureMessage({ reason: loaderData.reason, status: loaderData.status, stateError: typeof stateError === "string" ? stateError : null }, false);
  const retryTo = loaderData.orderId ? `/payment-selection?orderId=${encodeURIComponent(loaderData.orderId)}&method=esewa` : "/checkout?retry=true&method=esewa";
  return <WalletFailureView message={message} retryTo={retryTo} />;
}
