import { useI18n } from "../lib/i18n";

export function QuantityStepper({ value, max, onChange, label }: { value: number; max: number; onChange: (next: number) => void; label: string }) {
  const { t, digits } = useI18n();
  return (
    <div className="inline-flex items-center rounded-lg border border-slate-300 bg-white" role="group" aria-label={t("stepper.group", { label })}>
      <button type="button" className="h-9 w-9 text-lg font-bold text-slate-700 hover:bg-slate-100 disabled:text-slate-300" onClick={() => onChange(value - 1)} aria-label={t("stepper.decrease", { label })}>
        −
      </button>
      <span className="min-w-8 text-center font-semibold tabular-nums" aria-live="polite">
        {digits(value)}
      </span>
      <button type="button" className="h-9 w-9 text-lg font-bold text-slate-700 hover:bg-slate-100 disabled:text-slate-300" onClick={() => onChange(value + 1)} disabled={value >= max} aria-label={t("stepper.increase", { label })}>
        +
      </button>
    </div>
  );
}
