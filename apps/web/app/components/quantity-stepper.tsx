import { useI18n } from "../lib/i18n";

/**
 * − n + for a quantity. With `name` the two buttons are submit buttons of the surrounding form that post the next
 * quantity under that name (the cart page without scripts, docs/decisions/115); with scripts a click only calls
 * `onChange` and posts nothing.
 */
export function QuantityStepper({
  value,
  max,
  onChange,
  label,
  name,
}: {
  value: number;
  max: number;
  onChange: (next: number) => void;
  label: string;
  name?: string;
}) {
  const { t, digits } = useI18n();
  const button = (next: number) =>
    name
      ? {
          type: "submit" as const,
          name,
          value: String(next),
          onClick: (e: { preventDefault(): void }) => {
            e.preventDefault();
            onChange(next);
          },
        }
      : { type: "button" as const, onClick: () => onChange(next) };
  return (
    <div className="inline-flex items-center rounded-lg border border-slate-300 bg-white" role="group" aria-label={t("stepper.group", { label })}>
      <button
        {...button(value - 1)}
        className="h-9 w-9 text-lg font-bold text-slate-700 hover:bg-slate-100 disabled:text-slate-300"
        aria-label={t("stepper.decrease", { label })}
      >
        −
      </button>
      <span className="min-w-8 text-center font-semibold tabular-nums" aria-live="polite">
        {digits(value)}
      </span>
      <button
        {...button(value + 1)}
        className="h-9 w-9 text-lg font-bold text-slate-700 hover:bg-slate-100 disabled:text-slate-300"
        disabled={value >= max}
        aria-label={t("stepper.increase", { label })}
      >
        +
      </button>
    </div>
  );
}
