import { Link } from "react-router";
import { pageMeta } from "../../lib/seo";
import { requestLocale, shopAddress } from "../../lib/local-text";
import type { Route } from "./+types/privacy";
import { InfoPage, Prose } from "../../components/info-page";
import { metaT, useI18n } from "../../lib/i18n";

export async function loader({ context, request }: Route.LoaderArgs) {
  const s = await context.services.settings.get();
  return { shopName: s.shopName, email: s.email, address: shopAddress(s, requestLocale(request)), publicUrl: context.publicUrl };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta(matches, data?.publicUrl, "/privacy", t("privacy.title"), t("privacy.description"));
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { shopName, email, address } = loaderData;
  const { t } = useI18n();
  return (
    <InfoPage eyebrow={t("terms.eyebrow")} title={t("privacy.heading")} intro={t("privacy.intro", { shop: shopName, date: t("terms.updated") })}>
      <Prose>
        <h2>{t("privacy.collect")}</h2>
        <ul>
          {(["account", "orders", "messages", "technical"] as const).map((k) => (
            <li key={k}>
              <strong>{t(`privacy.${k}`)}</strong> {t(`privacy.${k}Text`)}
            </li>
          ))}
        </ul>
        <p>{t("privacy.pin")}</p>
        <h2>{t("privacy.why")}</h2>
        <ul>
          {([1, 2, 3, 4] as const).map((n) => (
            <li key={n}>{t(`privacy.why${n}`)}</li>
          ))}
        </ul>
        <h2>{t("privacy.share")}</h2>
        <p>{t("privacy.shareText")}</p>
        <h2>{t("privacy.cookies")}</h2>
        <p>{t("privacy.cookiesText")}</p>
        <h2>{t("privacy.keep")}</h2>
        <p>{t("privacy.keepText")}</p>
        <h2>{t("privacy.rights")}</h2>
        <p>
          {t("privacy.rightsText")} <Link to="/contact">{t("privacy.contactUs")}</Link>
          {t("privacy.rightsAfter", { email })}
        </p>
        <h2>{t("privacy.contact")}</h2>
        <p>{t("privacy.contactLine", { shop: shopName, address, email })}</p>
      </Prose>
    </InfoPage>
  );
}
