import { useLocation } from "react-router";
import { useI18n } from "../lib/i18n";

/**
 * English / नेपाली in the header and the footer: a plain link to the server's `/language`, which remembers the choice
 * in a cookie and opens the same page, query included, in the other language (docs/decisions/105). It works before
 * the scripts arrive. नेपाली is set in the small cut of Mukta bold made for it and खेलकुद (docs/decisions/107). `late`
 * (the footer's switch) asks for that face only once the page has every face, after its main picture: until then
 * the word is drawn in the device's Devanagari face, below the first screen (docs/decisions/150).
 */
export function LanguageSwitch({ className = "", tone = "light", late = false }: { className?: string; tone?: "light" | "dark"; late?: boolean }) {
  const { locale, t } = useI18n();
  const { pathname, search } = useLocation();
  const next = encodeURIComponent(`${pathname}${search}`);
  const base = "inline-flex min-h-11 items-center rounded-md px-2 text-sm font-bold sm:min-h-0";
  const idle = tone === "light" ? "text-white/85 hover:bg-white/10 hover:text-white" : "hover:text-white";
  const current = tone === "light" ? "text-white underline underline-offset-4" : "text-white underline underline-offset-4";
  return (
    <nav aria-label={t("lang.switch")} className={`${className} items-center gap-1`}>
      <a href={`/language?to=en&next=${next}`} hrefLang="en" lang="en" rel="nofollow" aria-current={locale === "en" ? "true" : undefined} className={`${base} ${locale === "en" ? current : idle}`}>
        English
      </a>
      <span aria-hidden="true" className={tone === "light" ? "text-white/50" : "text-slate-500"}>
        /
      </span>
      <a href={`/language?to=ne&next=${next}`} hrefLang="ne" lang="ne" rel="nofollow" aria-current={locale === "ne" ? "true" : undefined} className={`${base} ${late ? "font-khelkud-word-late" : "font-khelkud-word"} ${locale === "ne" ? current : idle}`}>
        नेपाली
      </a>
    </nav>
  );
}
