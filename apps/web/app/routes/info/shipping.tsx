import { Link } from "react-router";
import { metaLocale, pageMeta } from "../../lib/seo";
import type { Route } from "./+types/shipping";
import { InfoPage, Prose } from "../../components/info-page";
import { metaT, useI18n } from "../../lib/i18n";
import { formatMoney } from "@khelkud/contracts";

export async function loader({ context }: Route.LoaderArgs) {
  const s = await context.services.settings.get();
  return { rule: s.shipping, publicUrl: context.publicUrl };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const free = data ? formatMoney(data.rule.freeAbovePaisa, metaLocale(matches)) : "";
  const description = t("shippingPage.description", { free });
  return pageMeta(matches, data?.publicUrl, "/shipping", t("shippingPage.title"), description);
}

export default function Shipping({ loaderData }: Route.ComponentProps) {
  const { rule } = loaderData;
  const { t, money } = useI18n();
  const free = money(rule.freeAbovePaisa);
  return (
    <InfoPage eyebrow={t("shippingPage.eyebrow")} title={t("shippingPage.heading")} intro={t("shippingPage.intro", { free })}>
      <section aria-labelledby="rates">
        <h2 id="rates" className="text-2xl font-bold">
          {t("shippingPage.rates")}
        </h2>
        <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t("shippingPage.subtotal")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("shippingPage.valley")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("shippingPage.rest")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              <tr>
                <th scope="row" className="px-4 py-3 font-semibold">
                  {t("shippingPage.upTo", { free })}
                </th>
                <td className="px-4 py-3">{money(rule.valleyFeePaisa)}</td>
                <td className="px-4 py-3">{money(rule.elsewhereFeePaisa)}</td>
              </tr>
              <tr>
                <th scope="row" className="px-4 py-3 font-semibold">
                  {t("shippingPage.above", { free })}
                </th>
                <td className="px-4 py-3 font-bold text-green-700">{t("shippingPage.free")}</td>
                <td className="px-4 py-3 font-bold text-green-700">{t("shippingPage.free")}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-sm text-slate-600">
          {t("shippingPage.valleyNote")}
        </p>
      </section>

      <Prose className="mt-10">
        <h2>{t("shippingPage.times")}</h2>
        <ul>
          <li>
            <strong>{t("shippingPage.times1Strong")}</strong> {t("shippingPage.times1")}
          </li>
          <li>{t("shippingPage.times2")}</li>
          <li>{t("shippingPage.times3")}</li>
          <li>{t("shippingPage.times4")}</li>
        </ul>
        <h2>{t("shippingPage.tracking")}</h2>
        <p>
          {t("shippingPage.trackingBefore")} <Link to="/profile">{t("shippingPage.myOrders")}</Link> {t("shippingPage.trackingAfter")}
        </p>
        <h2>{t("shippingPage.cod")}</h2>
        <p>{t("shippingPage.codText")}</p>
        <h2>{t("shippingPage.wrong")}</h2>
        <p>
          {t("shippingPage.wrongBefore")} <Link to="/contact">{t("shippingPage.contactUs")}</Link>
          {t("shippingPage.wrongAfter")}
        </p>
      </Prose>
    </InfoPage>
  );
}
