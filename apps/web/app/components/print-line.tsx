import { useI18n } from "../lib/i18n";

/** "Name: PAUDEL · No. 7" and its printing fee, under a personalised line (cart, panel, checkout, orders). */
export function PrintLine({ print, fee, className = "" }: { print: { name: string; number: number } | null | undefined; fee?: number; className?: string }) {
  const { t, money, digits } = useI18n();
  if (!print) return null;
  return (
    <p className={`text-sm ${className}`}>
      <span className="font-semibold text-nepal">{t("printLine.line", { name: print.name, number: digits(print.number) })}</span>
      {fee !== undefined ? <span className="text-slate-600">{t("printLine.fee", { amount: money(fee) })}</span> : null}
    </p>
  );
}
