import { Link } from "react-router";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/faq";
import { InfoPage } from "../../components/info-page";
import { metaT, useI18n } from "../../lib/i18n";

export async function loader({ context }: Route.LoaderArgs) {
  const s = await context.services.settings.get();
  return { rule: s.shipping, vatRegistered: s.vatRegistered, phone: s.phone, email: s.email, publicUrl: context.publicUrl };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta(matches, data?.publicUrl, "/faq", t("faq.title"), t("faq.description"));
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { rule, vatRegistered, phone, email } = loaderData;
  const { t, money } = useI18n();
  const groups: { id: string; title: string; items: [string, React.ReactNode][] }[] = [
    {
      id: "products",
      title: t("faq.products"),
      items: [
        [t("faq.authenticQ"), t("faq.authenticA")],
        [
          t("faq.sizeQ"),
          <>
            {t("faq.sizeBefore")} <Link to="/size-guide">{t("faq.sizeGuide")}</Link>
            {t("faq.sizeAfter")}
          </>,
        ],
        [t("faq.printQ"), t("faq.printA")],
        [t("faq.restockQ"), t("faq.restockA")],
      ],
    },
    {
      id: "orders",
      title: t("faq.orders"),
      items: [
        // Prices include VAT only when the shop is VAT-registered (its bills then show it; docs/decisions/182).
        [t("faq.payQ"), t("faq.payA", { prices: t(vatRegistered ? "faq.pricesWithVat" : "faq.prices") })],
        [t("faq.accountQ"), t("faq.accountA")],
        [t("faq.walletQ"), t("faq.walletA")],
        [t("faq.cancelQ"), t("faq.cancelA")],
      ],
    },
    {
      id: "shipping",
      title: t("faq.shipping"),
      items: [
        [
          t("faq.costQ"),
          <>
            {t("faq.costA", { free: money(rule.freeAbovePaisa), valley: money(rule.valleyFeePaisa), elsewhere: money(rule.elsewhereFeePaisa) })} <Link to="/shipping">{t("faq.shippingInfo")}</Link>
            {t("lang.stop")}
          </>,
        ],
        [t("faq.timeQ"), t("faq.timeA")],
        [
          t("faq.returnQ"),
          <>
            {t("faq.returnA")} <Link to="/returns">{t("faq.returnsLink")}</Link>
            {t("lang.stop")}
          </>,
        ],
      ],
    },
    {
      id: "help",
      title: t("faq.help"),
      items: [
        [
          t("faq.reachQ"),
          <>
            {t("faq.reachA", { phone, email })} <Link to="/contact">{t("faq.contactForm")}</Link>
            {t("faq.reachAfter")}
          </>,
        ],
      ],
    },
  ];
  return (
    <InfoPage eyebrow={t("faq.eyebrow")} title={t("faq.heading")} intro={t("faq.intro")}>
      {groups.map((g) => (
        <section key={g.id} className="mb-10" aria-labelledby={`faq-${g.id}`}>
          <h2 id={`faq-${g.id}`} className="text-2xl font-bold">
            {g.title}
          </h2>
          <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {g.items.map(([q, a]) => (
              <details key={q} className="group px-5 py-4 [&_a]:font-semibold [&_a]:text-nepal [&_a]:underline">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold">
                  {q}
                  <span aria-hidden="true" className="text-xl text-slate-500 transition group-open:rotate-45">
                    +
                  </span>
                </summary>
                <p className="mt-3 text-slate-700">{a}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
    </InfoPage>
  );
}
