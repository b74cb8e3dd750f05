import { useLocation } from "react-router";
import type { Route } from "./+types/khalti-failed";
import { WalletFailureView } from "../../components/payment-result";
import { walletFailureMessage } from "../../lib/payment-messages";
import { pageTitle } from "../../lib/seo";
import { metaT } from "../../lib/i18n";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(metaT(matches)("paymentPage.failedTitle")) }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  return { orderId: q.get("orderId"), reason: q.get("reason"), error: q.get("error"), status: q.get("status") };
}

/** Wallet A failure page: message by the spec's priority; retry pays the same order when it is known. */
export default function KhaltiFailed({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const stateError = (location.state as { error?: unknown } | null)?.error;
  const message = walletFailureMessage({ ...loaderData, stateError: typeof stateError === "string" ? stateError : null });
  const retryTo = loaderData.orderId ? `/payment-selection?orderId=${encodeURIComponent(loaderData.orderId)}&method=khalti` : "/checkout?retry=true&method=khalti";
  return <WalletFailureView message={message} retryTo={retryTo} />;
}
