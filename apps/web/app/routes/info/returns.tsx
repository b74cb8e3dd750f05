import { Link } from "react-router";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/returns";
import { InfoPage, Prose } from "../../components/info-page";
import { metaT, useI18n } from "../../lib/i18n";

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.publicUrl };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta(matches, data?.publicUrl, "/returns", t("returnsPage.title"), t("returnsPage.description"));
}

export default function Returns() {
  const { t, digits } = useI18n();
  return (
    <InfoPage eyebrow={t("returnsPage.eyebrow")} title={t("returnsPage.heading")} intro={t("returnsPage.intro")}>
      <ol className="grid gap-4 sm:grid-cols-3">
        {[1, 2, 3].map((n) => [digits(n), t(`returnsPage.step${n}`), t(`returnsPage.step${n}Text`)]).map(([n, title, text]) => (
          <li key={n} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <span className="flex h-8 w-8 items-center justify-center rounded-full bg-crimson font-bold text-white">{n}</span>
            <h2 className="mt-3 font-bold">{title}</h2>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ol>
      <Prose className="mt-10">
        <h2>{t("returnsPage.promise")}</h2>
        <p>{t("returnsPage.promiseText")}</p>
        <h2>{t("returnsPage.exchanges")}</h2>
        <p>
          {t("returnsPage.exchangesText")} <Link to="/size-guide">{t("returnsPage.sizeGuide")}</Link> {t("returnsPage.exchangesAfter")}
        </p>
        <h2>{t("returnsPage.cannot")}</h2>
        <ul>
          <li>{t("returnsPage.cannot1")}</li>
          <li>{t("returnsPage.cannot2")}</li>
          <li>{t("returnsPage.cannot3")}</li>
        </ul>
        <h2>{t("returnsPage.refunds")}</h2>
        <ul>
          <li>
            <strong>{t("returnsPage.wallets")}</strong> {t("returnsPage.walletsText")}
          </li>
          <li>
            <strong>{t("returnsPage.cod")}</strong> {t("returnsPage.codText")}
          </li>
          <li>{t("returnsPage.shippingFee")}</li>
        </ul>
        <h2>{t("returnsPage.faulty")}</h2>
        <p>
          {t("returnsPage.faultyBefore")} <Link to="/contact">{t("returnsPage.contactUs")}</Link>
          {t("returnsPage.faultyAfter")}
        </p>
      </Prose>
    </InfoPage>
  );
}
