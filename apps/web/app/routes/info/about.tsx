import { Link } from "react-router";
import { pageMeta } from "../../lib/seo";
import { requestLocale, shopAddress } from "../../lib/local-text";
import type { Route } from "./+types/about";
import { InfoPage, Prose } from "../../components/info-page";
import { metaT, useI18n } from "../../lib/i18n";
import { storeFigureList } from "../../lib/store-figures";
import { FeatureTile } from "../../components/feature-tile";

export async function loader({ context, request }: Route.LoaderArgs) {
  const [settings, figures] = await Promise.all([context.services.settings.get(), context.services.settings.figures()]);
  return { figures, shopName: settings.shopName, address: shopAddress(settings, requestLocale(request)), publicUrl: context.publicUrl };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta(matches, data?.publicUrl, "/about", t("about.title"), t("about.description"));
}

const VALUES = [
  {
    key: "authenticity",
    icon: "M9 12l2 2 4-4M12 3l7 4v5c0 5-3.5 8-7 9-3.5-1-7-4-7-9V7z",
  },
  {
    key: "quality",
    icon: "M12 2l3 6.5 7 .9-5.1 4.8 1.3 7L12 17.8 5.8 21.2l1.3-7L2 9.4l7-.9z",
  },
  {
    key: "community",
    icon: "M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M23 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8",
  },
];

export default function About({ loaderData }: Route.ComponentProps) {
  const { shopName } = loaderData;
  const { t, digits } = useI18n();
  const labels = { customers: t("about.figures.customers"), products: t("about.figures.products"), teams: t("about.figures.teams"), support: t("about.figures.support") };
  const figures = [...storeFigureList(loaderData.figures, labels).map((f) => [digits(f.value), f.label]), [digits("100%"), t("about.figures.authentic")]];
  return (
    <InfoPage eyebrow={t("about.eyebrow")} title={t("about.heading", { shop: shopName })} intro={t("about.intro")} wide>
      <div className="grid gap-10 lg:grid-cols-5">
        <Prose className="lg:col-span-3">
          <h2>{t("about.started")}</h2>
          <p>{t("about.started1")}</p>
          <p>{t("about.started2")}</p>
          <h2>{t("about.sell")}</h2>
          <p>
            {t("about.sellText")} <Link to="/size-guide">{t("about.sizeGuide")}</Link>
            {t("about.sellAfter")}
          </p>
          <h2>{t("about.work")}</h2>
          <ul>
            <li>{t("about.work1")}</li>
            <li>{t("about.work2")}</li>
            <li>
              {t("about.work3")} <Link to="/returns">{t("about.returnsLink")}</Link>
              {t("lang.stop")}
            </li>
          </ul>
        </Prose>
        <aside className="lg:col-span-2">
          <dl className="grid grid-cols-2 gap-4">
            {figures.map(([value, label]) => (
              <div key={label} className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm">
                <dt className="mt-1 text-sm font-semibold text-slate-600">{label}</dt>
                <dd className="text-3xl font-bold text-crimson">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-6 rounded-xl bg-nepal p-6 text-white">
            <h2 className="text-lg font-bold">{t("about.talk")}</h2>
            <p className="mt-2 text-slate-200">{t("about.talkText")}</p>
            <Link to="/contact" className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-white px-4 py-2 font-bold text-nepal hover:bg-slate-100">
              {t("about.contact")}
            </Link>
          </div>
        </aside>
      </div>

      <section aria-labelledby="values" className="mt-14">
        <h2 id="values" className="text-2xl font-bold md:text-3xl">
          {t("about.values")}
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {VALUES.map((v) => (
            <FeatureTile key={v.key} icon={v.icon} title={t(`about.${v.key}`)} text={t(`about.${v.key}Text`)} large />
          ))}
        </ul>
      </section>
    </InfoPage>
  );
}
