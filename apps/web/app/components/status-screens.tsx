import { Link, useNavigate } from "react-router";
import { useI18n } from "../lib/i18n";

/** The 404 page's ways on, each a whole tap target (docs/decisions/069). */
const HELPFUL_LINKS = [
  ["/products", "nav.products"],
  ["/blogs", "nav.blogs"],
  ["/about", "nav.about"],
  ["/contact", "footer.contact"],
] as const;

export function NotFoundView({ title, message }: { title?: string; message?: string }) {
  const navigate = useNavigate();
  const { t, digits } = useI18n();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <p className="text-7xl font-bold text-crimson">{digits(404)}</p>
      <h1 className="mt-4 text-3xl font-bold">{title ?? t("notFound.title")}</h1>
      <p className="mt-2 text-slate-600">{message ?? t("notFound.text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-lg bg-nepal px-5 py-2.5 font-semibold text-white hover:bg-nepal-dark">
          {t("common.goHome")}
        </Link>
        <button type="button" onClick={() => navigate(-1)} className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold hover:bg-slate-100">
          {t("common.goBack")}
        </button>
      </div>
      <nav aria-label={t("notFound.helpful")} className="mt-10">
        <ul className="flex flex-wrap justify-center gap-x-6 text-sm font-semibold text-nepal">
          {HELPFUL_LINKS.map(([to, label]) => (
            <li key={to}>
              <Link to={to} className="inline-flex min-h-11 min-w-11 items-center justify-center hover:underline">
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

/** docs/product-rules.md §13: the fallback screen for a rendering failure. */
export function OopsScreen() {
  const { t } = useI18n();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <svg width="64" height="64" viewBox="0 0 24 24" fill="none" stroke="#DC143C" strokeWidth="2" aria-hidden="true">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v6M12 16.5v.5" />
      </svg>
      <h1 className="mt-4 text-3xl font-bold">{t("oops.title")}</h1>
      <p className="mt-2 text-slate-600">{t("oops.text")}</p>
      <div className="mt-8 flex gap-3">
        <button type="button" onClick={() => window.location.reload()} className="rounded-lg bg-nepal px-5 py-2.5 font-semibold text-white hover:bg-nepal-dark">
          {t("oops.refresh")}
        </button>
        {/* A link of the router, so a Nepali page leads to the Nepali home (`/ne`); a whole new page, as after a failure. */}
        <Link to="/" reloadDocument className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold hover:bg-slate-100">
          {t("oops.home")}
        </Link>
      </div>
    </section>
  );
}

/** The page of one thing (a product, an article, an order) that does not exist: say so and offer the way back to its list. */
export function MissingItem({ title, text, back, backLabel }: { title: string; text: string; back: string; backLabel: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      <Link to={back} className="mt-8 rounded-lg bg-nepal px-5 py-2.5 font-semibold text-white hover:bg-nepal-dark">
        {backLabel}
      </Link>
    </section>
  );
}
