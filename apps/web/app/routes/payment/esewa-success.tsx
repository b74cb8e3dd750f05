import { Link, redirect } from "react-router";
import { PAYMENT_MSG } from "@khelkud/contracts";
import type { Route } from "./+types/esewa-success";
import { PaidSummary, ResultShell, useRedirectAfter } from "../../components/payment-result";
import { loginUrl } from "../../lib/api";
import { errorMessage, outcomeUrl, rawQueryValue } from "../../lib/payment-results";
import { pageTitle } from "../../lib/seo";
import { metaT, useI18n } from "../../lib/i18n";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(metaT(matches)("paymentPage.esewaTitle")) }, { name: "robots", content: "noindex" }];
}

/**
 * eSewa's success_url (docs/product-rules.md §8). `data` is read raw (its Base64 `+` must survive), then the
 * server checks the signature, the attempt's owner and amount, and asks eSewa's status API.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const data = rawQueryValue(request.url, "data");
  if (!data) return { outcome: null, order: null, error: PAYMENT_MSG.noEsewaData };
  if (!context.user) {
    const url = new URL(request.url);
    throw redirect(loginUrl(`${url.pathname}${url.search}`));
  }
  try {
    const outcome = await context.services.payments.verifyEsewa(context.user, { data });
    if (outcome.status !== "PAID") return { outcome, order: null, error: outcome.providerStatus ? `Payment status: ${outcome.providerStatus}` : outcome.message };
    return { outcome, order: await context.services.orders.getOrderForViewer(context.user, outcome.orderId), error: null };
  } catch (error) {
    return { outcome: null, order: null, error: errorMessage(error, PAYMENT_MSG.verificationFailed) };
  }
}

export default function EsewaSuccess({ loaderData }: Route.ComponentProps) {
  const { outcome, order, error } = loaderData;
  const paid = outcome?.status === "PAID" && order ? outcome : null;
  const failedTo = `/payment/esewa/failed${outcome ? `?orderId=${encodeURIComponent(outcome.orderId)}` : ""}`;
  useRedirectAfter(paid ? outcomeUrl(paid) : failedTo, paid ? undefined : { error });
  const { t } = useI18n();
  if (!paid || !order) {
    return (
      <ResultShell ok={false} title={t("paymentPage.failedTitle")} message={error ?? "Payment was not completed"}>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/checkout" className="flex-1 rounded-lg bg-crimson px-5 py-3 text-center font-semibold text-white hover:bg-crimson-dark">
            {t("common.tryAgain")}
          </Link>
          <Link to="/" className="flex-1 rounded-lg border border-slate-300 bg-white px-5 py-3 text-center font-semibold hover:bg-slate-100">
            {t("common.goHome")}
          </Link>
        </div>
      </ResultShell>
    );
  }
  return (
    <ResultShell ok title={t("paymentPage.successTitle")} message={PAYMENT_MSG.verified}>
      <PaidSummary order={order} referenceLabel={t("paymentPage.esewaReference")} reference={paid.transactionId} />
      <p className="mt-6 text-center text-sm text-slate-600">{t("paymentPage.takingYou")}</p>
    </ResultShell>
  );
}
