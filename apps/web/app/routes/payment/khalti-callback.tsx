import { redirect } from "react-router";
import type { Route } from "./+types/khalti-callback";
import { loginUrl } from "../../lib/api";
import { failureUrlFor, outcomeUrl } from "../../lib/payment-results";
import { pageTitle } from "../../lib/seo";
import { metaT, useI18n } from "../../lib/i18n";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(metaT(matches)("paymentPage.verifying")) }, { name: "robots", content: "noindex" }];
}

/**
 * Khalti's return_url (docs/product-rules.md §8). The query proves nothing: the server looks the pidx up at Khalti,
 * checks the amount and the owner, and only then is the order paid. Then on to /order-success or /payment/failed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const pidx = url.searchParams.get("pidx")?.trim();
  if (!pidx) throw redirect("/payment/failed?reason=missing_reference");
  if (!context.user) throw redirect(loginUrl(`${url.pathname}${url.search}`));
  let target: string;
  try {
    target = outcomeUrl(await context.services.payments.verifyKhalti(context.user, pidx));
  } catch (error) {
    target = failureUrlFor(error, "KHALTI");
  }
  throw redirect(target);
}

export default function KhaltiCallback() {
  const { t } = useI18n();
  return (
    <p className="mx-auto max-w-xl px-4 py-24 text-center text-slate-600" role="status">
      {t("paymentPage.verifyingKhalti")}
    </p>
  );
}
