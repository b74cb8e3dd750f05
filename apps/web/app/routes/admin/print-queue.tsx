import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "../../lib/toast";
import type { PrintJob, PrintQueue } from "@khelkud/contracts";
import { useApiGet } from "../../components/admin/api/hooks";
import { JerseyBack } from "../../components/personalise-panel";
import { api, ApiError } from "../../lib/api";
import { btn, ErrorNote, PageHeader } from "../../components/admin/ui";

/**
 * The print queue (docs/decisions/101): every personalised line of a paid or confirmed cash-on-delivery order that is
 * not printed yet, as a job sheet the print shop can print (one card per line), and "Mark printed", which takes the
 * line out of the queue and is recorded in the audit log. An order ships only once all its lines are printed.
 */
export default function AdminPrintQueue() {
  const list = useApiGet<PrintQueue>("/api/admin/print-queue");
  const [busy, setBusy] = useState<string | null>(null);
  // After "Mark printed" the card leaves the list: focus goes to the button of the card now in its place (or the last
  // one), else to the heading, never to the page's body.
  const [refocus, setRefocus] = useState<{ index: number; itemId: string } | null>(null);
  const cards = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLDivElement>(null);

  async function markPrinted(job: PrintJob, index: number) {
    setBusy(job.itemId);
    try {
      await api(`/api/admin/print-queue/${encodeURIComponent(job.itemId)}/printed`, { method: "POST" });
      toast.success(`${job.name} ${job.number} marked printed (order ${job.orderNumber})`);
      setRefocus({ index, itemId: job.itemId });
      list.reload();
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : "Could not mark the line printed. Please try again.");
      // Printed by someone else meanwhile: the reload takes the card away all the same.
      setRefocus({ index, itemId: job.itemId });
      list.reload();
    } finally {
      setBusy(null);
    }
  }

  const jobs = useMemo(() => list.data?.jobs ?? [], [list.data]);
  useEffect(() => {
    // Once the list read after the save no longer holds the printed line.
    if (refocus === null || jobs.some((j) => j.itemId === refocus.itemId)) return;
    const buttons = cards.current?.querySelectorAll<HTMLButtonElement>("button[data-mark-printed]") ?? [];
    const next = buttons[Math.min(refocus.index, buttons.length - 1)];
    if (next) next.focus();
    else heading.current?.querySelector("h1")?.focus();
    setRefocus(null);
  }, [jobs, refocus]);
  return (
    <div className="print-sheet" ref={heading}>
      <PageHeader
        title="Print queue"
        subtitle="Names and numbers to print for paid or confirmed orders; an order ships once its lines are printed"
        actions={
          jobs.length ? (
            <button type="button" className={`${btn.secondary} print:hidden`} onClick={() => window.print()}>
              Print job sheet
            </button>
          ) : undefined
        }
      />
      {list.error && <ErrorNote text={list.error} onRetry={list.reload} />}
      {list.data && jobs.length === 0 ? <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm">Nothing to print. New jobs appear here when a personalised order is paid or confirmed.</p> : null}
      <ul ref={cards} className="grid gap-3 md:grid-cols-2 xl:grid-cols-3 print:grid-cols-2" aria-label="Print jobs">
        {jobs.map((job, index) => (
          <li key={job.itemId} className="flex gap-3 rounded-lg border border-slate-300 bg-white p-3 break-inside-avoid" data-testid="print-job">
            <div className="w-28 shrink-0">
              <JerseyBack name={job.name} number={String(job.number)} colors={job.colors} label={`${job.name} ${job.number} on ${job.productName}`} />
            </div>
            <div className="min-w-0 flex-1 text-sm">
              <p className="text-lg font-extrabold tracking-wide">
                {job.name} <span className="text-nepal">{job.number}</span>
              </p>
              <p className="font-semibold">{job.productName}</p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-slate-700">
                <dt>Size</dt>
                <dd className="font-semibold">{job.size}</dd>
                <dt>Quantity</dt>
                <dd className="font-semibold">{job.quantity}</dd>
                <dt>Colours</dt>
                <dd>{[...(job.color !== "Default" ? [job.color] : []), ...job.colors.filter((c) => c !== job.color)].join(", ") || "—"}</dd>
                <dt>Order</dt>
                <dd>
                  {job.orderNumber} · {job.customer}
                </dd>
                <dt>Payment</dt>
                <dd>{job.paymentStatus === "PAID" ? `Paid (${job.paymentMethod})` : "Cash on delivery, confirmed"}</dd>
              </dl>
              <button type="button" className={`${btn.primary} mt-2 print:hidden`} data-mark-printed disabled={busy === job.itemId} onClick={() => void markPrinted(job, index)} aria-label={`Mark ${job.name} ${job.number} (order ${job.orderNumber}) printed`}>
                {busy === job.itemId ? "Saving…" : "Mark printed"}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
