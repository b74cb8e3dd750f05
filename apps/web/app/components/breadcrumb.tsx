import { Link } from "react-router";
import { useI18n } from "../lib/i18n";

/** "Home / Products / Football Jerseys / <this page>": links for the way back, the current page last and unlinked. */
export function Breadcrumb({ trail, current, clampCurrent = false }: { trail: { to: string; label: string }[]; current: string; clampCurrent?: boolean }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t("common.breadcrumb")} className="mb-4 text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {trail.map((step) => (
          <li key={step.to}>
            <Link to={step.to} className="inline-flex min-h-11 min-w-11 items-center justify-center hover:text-nepal hover:underline">
              {step.label}
            </Link>{" "}
            /
          </li>
        ))}
        <li aria-current="page" className={`${clampCurrent ? "line-clamp-1 " : ""}font-semibold text-slate-900`}>
          {current}
        </li>
      </ol>
    </nav>
  );
}
