import { placeName, type CartSummary } from "@khelkud/contracts";
import { useI18n, withStrong } from "../lib/i18n";

/** Subtotal, shipping and total as the server computed them. */
export function SummaryRows({ summary, loading }: { summary: CartSummary | null; loading: boolean }) {
  const dash = loading ? "…" : "—";
  const { t, money, digits, locale } = useI18n();
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between">
        <dt className="text-slate-600">
          {t("cart.subtotal")}
          {summary ? ` (${t("cart.items", { count: summary.itemCount, n: digits(summary.itemCount) })})` : ""}
        </dt>
        <dd className="font-semibold">{summary ? money(summary.subtotal) : dash}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-slate-600">
          {t("summary.shipping")}
          {summary ? <span className="block text-xs">{summary.district ? t(summary.insideValley ? "summary.districtValley" : "summary.district", { district: placeName(summary.district, locale) }) : t("summary.estimate")}</span> : null}
        </dt>
        <dd className="font-semibold">{summary ? (summary.shippingCost === 0 && summary.subtotal > 0 ? <span className="text-green-700">{t("summary.free")}</span> : money(summary.shippingCost)) : dash}</dd>
      </div>
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base">
        <dt className="font-bold">{t("summary.total")}</dt>
        <dd className="font-bold">{summary ? money(summary.total) : dash}</dd>
      </div>
    </dl>
  );
}

/** "Add NPR X more for free shipping" from the server's rule (docs/product-rules.md §3). */
export function FreeShippingHint({ summary }: { summary: CartSummary | null }) {
  const { t, money } = useI18n();
  if (!summary || summary.subtotal === 0) return null;
  if (summary.amountToFreeShipping === 0) {
    return <p className="rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-800">{t("summary.youGetFree")}</p>;
  }
  return (
    <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {withStrong(t("summary.addMore", { amount: money(summary.amountToFreeShipping), above: money(summary.freeShippingAbove) }))}
    </p>
  );
}
