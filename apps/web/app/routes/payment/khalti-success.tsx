import { Link } from "react-router";
import type { Order, PaymentOutcome } from "@khelkud/contracts";
import type { Route } from "./+types/khalti-success";
import { PaidSummary, ResultShell, useRedirectAfter } from "../../components/payment-result";
import { loginUrl } from "../../lib/api";
import { errorMessage, outcomeUrl } from "../../lib/payment-results";
import { pageTitle } from "../../lib/seo";
import { metaT, useI18n } from "../../lib/i18n";
import { redirect } from "react-router";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(metaT(matches)("paymentPage.khaltiTitle")) }, { name: "robots", content: "noindex" }];
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
  const { t } = useI18n();
  if (!paid) return <ResultShell ok={false} title={t("paymentPage.failedTitle")} message={error ?? "Payment was not completed"} />;
  return (
    <ResultShell ok title={t("paymentPage.successTitle")} message={t("paymentPage.verifiedOk")}>
      <PaidSummary order={order} referenceLabel={t("paymentPage.transactionId")} reference={outcome.transactionId} />
      <p className="mt-6 text-center text-sm text-slate-600">{t("paymentPage.takingYou")}</p>
      <p className="mt-2 text-center">
        <Link to={outcomeUrl(outcome)} className="font-semibold text-nepal hover:underline">
          {t("paymentPage.continueNow")}
        </Link>
      </p>
    </ResultShell>
  );
}
