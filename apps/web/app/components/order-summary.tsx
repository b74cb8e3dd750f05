import { formatNPR, type CartSummary } from "@khelkud/contracts";

/** Subtotal, shipping and total as the server computed them. */
export function SummaryRows({ summary, loading }: { summary: CartSummary | null; loading: boolean }) {
  const dash = loading ? "…" : "—";
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between">
        <dt className="text-slate-600">Subtotal{summary ? ` (${summary.itemCount} ${summary.itemCount === 1 ? "item" : "items"})` : ""}</dt>
        <dd className="font-semibold">{summary ? formatNPR(summary.subtotal) : dash}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-slate-600">
          Shipping
          {summary ? <span className="block text-xs">{summary.district ? `${summary.district} district${summary.insideValley ? ", Kathmandu Valley" : ""}` : "Estimate, inside Kathmandu Valley"}</span> : null}
        </dt>
        <dd className="font-semibold">{summary ? (summary.shippingCost === 0 && summary.subtotal > 0 ? <span className="text-green-700">Free</span> : formatNPR(summary.shippingCost)) : dash}</dd>
      </div>
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base">
        <dt className="font-bold">Total</dt>
        <dd className="font-bold">{summary ? formatNPR(summary.total) : dash}</dd>
      </div>
    </dl>
  );
}

/** "Add NPR X more for free shipping" from the server's rule (docs/product-rules.md §3). */
export function FreeShippingHint({ summary }: { summary: CartSummary | null }) {
  if (!summary || summary.subtotal === 0) return null;
  if (summary.amountToFreeShipping === 0) {
    return <p className="rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-800">You get free shipping!</p>;
  }
  return (
    <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
      Add <strong>{formatNPR(summary.amountToFreeShipping)}</strong> more for free shipping (orders above {formatNPR(summary.freeShippingAbove)}).
    </p>
  );
}
