import { Children, cloneElement, isValidElement, useEffect, useRef, type ReactElement, type ReactNode } from "react";
import { CloseIcon } from "../icons";

const BADGE: Record<string, string> = {
  DELIVERED: "bg-green-100 text-green-800",
  SHIPPED: "bg-purple-100 text-purple-800",
  PROCESSING: "bg-blue-100 text-blue-800",
  CANCELLED: "bg-red-100 text-red-800",
  ACTIVE: "bg-green-100 text-green-800",
  PUBLISHED: "bg-green-100 text-green-800",
  PAID: "bg-green-100 text-green-800",
  FAILED: "bg-red-100 text-red-800",
  ADMIN: "bg-nepal/10 text-nepal",
};

/** Admin badge colours (docs/product-rules.md §7): delivered green, shipped purple, processing blue, cancelled red, others grey. */
export function StatusBadge({ value, label }: { value: string; label?: string }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[value] ?? "bg-slate-100 text-slate-700"}`}>
      {label ?? value.replace(/_/g, " ")}
    </span>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        {/* Focusable from a script only: where focus goes when what it was on is gone (the print queue's last job). */}
        <h1 tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
          {title}
        </h1>
        {subtitle && <p className="text-sm text-slate-600">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** On a phone every button and field is at least 44 px tall (a thumb's tap target); from 640 px up the panel is dense. */
const TAP = "max-sm:min-h-11 max-sm:min-w-11";
export const btn = {
  primary: `inline-flex items-center justify-center gap-1 rounded-md bg-crimson px-3 py-2 text-sm font-semibold text-white hover:bg-crimson-dark disabled:opacity-50 ${TAP}`,
  secondary: `inline-flex items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50 ${TAP}`,
  small: `inline-flex items-center justify-center rounded border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50 ${TAP}`,
  danger: `inline-flex items-center justify-center rounded border border-red-200 bg-white px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50 disabled:opacity-50 ${TAP}`,
};

export const input = `w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-nepal focus:outline-none ${TAP}`;

export function Field({ label, error, children, hint }: { label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="text-sm" data-invalid={error ? "" : undefined}>
      <label className="block">
        <span className="mb-1 block font-medium text-slate-700">{label}</span>
        {children}
      </label>
      {hint && !error && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {error && (
        <p role="alert" className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A modal on the native <dialog>: focus stays inside, Escape closes. */
export function Dialog({ open, title, onClose, children, wide }: { open: boolean; title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-label={title}
      className={`m-auto max-h-[92vh] w-[calc(100%-1.5rem)] ${wide ? "max-w-3xl" : "max-w-lg"} rounded-lg bg-white p-0 shadow-xl backdrop:bg-slate-900/50`}
    >
      {open && (
        <div className="flex max-h-[92vh] flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
            <h2 className="text-lg font-semibold">{title}</h2>
            <button type="button" onClick={onClose} aria-label="Close" className="flex h-11 w-11 items-center justify-center rounded text-slate-500 hover:bg-slate-100">
              <CloseIcon className="h-5 w-5" />
            </button>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}

/** Gives every cell of a row its column's name, which phones show beside the value (see `.admin-cards` in app.css). */
function labelCells(rows: ReactNode, head: string[]): ReactNode {
  return Children.map(rows, (row) => {
    if (!isValidElement<{ children?: ReactNode }>(row) || row.type !== "tr") return row;
    const cells = Children.toArray(row.props.children).map((cell, i) => (isValidElement(cell) && cell.type === "td" ? cloneElement(cell as ReactElement<{ "data-label"?: string }>, { "data-label": head[i] ?? "" }) : cell));
    return cloneElement(row, {}, cells);
  });
}

/**
 * Dense table with a sticky header. On a phone (below 640 px) a full table turns each row into a card: one line per
 * column with its name, the actions last and in reach, no sideways scrolling. Compact tables stay tables.
 */
export function Table({ head, children, empty, compact }: { head: string[]; children: ReactNode; empty?: string | false; compact?: boolean }) {
  return (
    <div className={`overflow-auto rounded-lg border border-slate-200 bg-white ${compact ? "max-h-[70vh]" : "admin-cards sm:max-h-[70vh]"}`}>
      <table className={`w-full border-collapse text-left text-sm ${compact ? "" : "sm:min-w-[720px]"}`}>
        <thead className="sticky top-0 z-10 bg-slate-100 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {compact ? children : labelCells(children, head)}
          {empty && (
            <tr>
              <td colSpan={head.length} className="px-3 py-8 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** "Showing 16 of 64 products": the rows this page shows of all that match, and the shop's total when a filter is on. */
export function showingText(rows: number, matching: number, overall: number, noun: string): string {
  return `Showing ${rows} of ${matching} ${noun}${matching !== overall ? ` (${overall} in all)` : ""}`;
}

export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (p: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-3 flex items-center justify-end gap-2 text-sm">
      <button type="button" className={btn.small} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="text-slate-600">
        Page {page} of {totalPages}
      </span>
      <button type="button" className={btn.small} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

export function ErrorNote({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="mb-3 flex items-center justify-between rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <span>{text}</span>
      {onRetry && (
        <button type="button" className={btn.small} onClick={onRetry}>
          Try Again
        </button>
      )}
    </div>
  );
}
