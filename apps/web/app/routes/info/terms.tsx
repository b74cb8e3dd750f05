import { Fragment } from "react";
import { Link } from "react-router";
import { pageMeta } from "../../lib/seo";
import { requestLocale, shopAddress } from "../../lib/local-text";
import type { Route } from "./+types/terms";
import { InfoPage, Prose } from "../../components/info-page";
import { metaT, useI18n } from "../../lib/i18n";

export async function loader({ context, request }: Route.LoaderArgs) {
  const s = await context.services.settings.get();
  return { shopName: s.shopName, email: s.email, address: shopAddress(s, requestLocale(request)), vatRegistered: s.vatRegistered, publicUrl: context.publicUrl };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta(matches, data?.publicUrl, "/terms", t("terms.title"), t("terms.description"));
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { shopName, email, address, vatRegistered } = loaderData;
  const { t } = useI18n();
  const shop = { shop: shopName };
  return (
    <InfoPage eyebrow={t("terms.eyebrow")} title={t("terms.heading")} intro={t("terms.intro", { shop: shopName, date: t("terms.updated") })}>
      <Prose>
        <h2>{t("terms.who")}</h2>
        <p>
          {t("terms.whoText", { shop: shopName, address, email })} <Link to="/contact">{t("terms.contactPage")}</Link>
          {t("lang.stop")}
        </p>
        {(["account", "products", "orders"] as const).map((k) => (
          <Fragment key={k}>
            <h2>{t(`terms.${k}`)}</h2>
            <p>{t(`terms.${k}Text`, { prices: t(vatRegistered ? "terms.pricesWithVat" : "terms.prices") })}</p>
          </Fragment>
        ))}
        <h2>{t("terms.delivery")}</h2>
        <p>
          {t("terms.deliveryText")} <Link to="/shipping">{t("terms.shippingPage")}</Link>
          {t("lang.stop")}
        </p>
        <h2>{t("terms.returns")}</h2>
        <p>
          {t("terms.returnsText")} <Link to="/returns">{t("terms.returnsPolicy")}</Link>
          {t("terms.returnsAfter")}
        </p>
        {(["reviews", "ip", "liability", "law"] as const).map((k) => (
          <Fragment key={k}>
            <h2>{t(`terms.${k}`)}</h2>
            <p>{t(`terms.${k}Text`, shop)}</p>
          </Fragment>
        ))}
      </Prose>
    </InfoPage>
  );
}
