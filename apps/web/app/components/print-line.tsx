import { formatNPR, personalisationLine } from "@khelkud/contracts";

/** "Name: PAUDEL · No. 7" and its printing fee, under a personalised line (cart, panel, checkout, orders). */
export function PrintLine({ print, fee, className = "" }: { print: { name: string; number: number } | null | undefined; fee?: number; className?: string }) {
  if (!print) return null;
  return (
    <p className={`text-sm ${className}`}>
      <span className="font-semibold text-nepal">{personalisationLine(print)}</span>
      {fee !== undefined ? <span className="text-slate-600"> · printing {formatNPR(fee)} each</span> : null}
    </p>
  );
}
