export function QuantityStepper({ value, max, onChange, label }: { value: number; max: number; onChange: (next: number) => void; label: string }) {
  return (
    <div className="inline-flex items-center rounded-lg border border-slate-300 bg-white" role="group" aria-label={`Quantity of ${label}`}>
      <button type="button" className="h-9 w-9 text-lg font-bold text-slate-700 hover:bg-slate-100 disabled:text-slate-300" onClick={() => onChange(value - 1)} aria-label={`Decrease quantity of ${label}`}>
        −
      </button>
      <span className="min-w-8 text-center font-semibold tabular-nums" aria-live="polite">
        {value}
      </span>
      <button type="button" className="h-9 w-9 text-lg font-bold text-slate-700 hover:bg-slate-100 disabled:text-slate-300" onClick={() => onChange(value + 1)} disabled={value >= max} aria-label={`Increase quantity of ${label}`}>
        +
      </button>
    </div>
  );
}
