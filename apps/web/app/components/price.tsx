import { useI18n } from "../lib/i18n";

export function Price({ price, finalPrice, discountPercent, large = false }: { price: number; finalPrice: number; discountPercent: number | null; large?: boolean }) {
  const { t, money, digits } = useI18n();
  return (
    <div className="price-line">
      <span className={`${large ? "text-3xl" : "text-lg"} font-bold ${discountPercent ? "text-crimson" : "text-slate-900"}`}>{money(finalPrice)}</span>
      {discountPercent ? (
        <>
          <span className={`${large ? "text-lg" : "text-sm"} text-slate-500 line-through`}>
            <span className="sr-only">{t("price.original")} </span>
            {money(price)}
          </span>
          <span className="tag bg-crimson">{t("price.off", { percent: digits(discountPercent) })}</span>
        </>
      ) : null}
    </div>
  );
}
