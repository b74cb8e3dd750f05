import { formatNPR } from "@khelkud/contracts";

export function Price({ price, finalPrice, discountPercent, large = false }: { price: number; finalPrice: number; discountPercent: number | null; large?: boolean }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-2">
      <span className={`${large ? "text-3xl" : "text-lg"} font-bold ${discountPercent ? "text-crimson" : "text-slate-900"}`}>{formatNPR(finalPrice)}</span>
      {discountPercent ? (
        <>
          <span className={`${large ? "text-lg" : "text-sm"} text-slate-500 line-through`}>
            <span className="sr-only">Original price </span>
            {formatNPR(price)}
          </span>
          <span className="rounded bg-crimson px-1.5 py-0.5 text-xs font-bold text-white">{discountPercent}% OFF</span>
        </>
      ) : null}
    </div>
  );
}
