import { useId, useState, type InputHTMLAttributes } from "react";
import { useI18n } from "../lib/i18n";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "onBlur" | "value"> {
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onValue: (v: string) => void;
  onBlurField?: () => void;
}

const inputClass = (error?: string) =>
  `block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-nepal ${error ? "border-red-600" : "border-slate-300"}`;

export function TextField({ label, value, error, hint, onValue, onBlurField, ...rest }: FieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        onBlur={onBlurField}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId(id, error, hint)}
        className={inputClass(error)}
        {...rest}
      />
      <FieldNote id={id} error={error} hint={hint} />
    </div>
  );
}

/** The id of the field's message or hint, for `aria-describedby`. */
const noteId = (id: string, error?: string | null, hint?: string) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);

/** Under a field: its message when it has one, else its hint. */
function FieldNote({ id, error, hint }: { id: string; error?: string | null; hint?: string }) {
  const { say } = useI18n();
  if (error)
    return (
      <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
        {say(error)}
      </p>
    );
  return hint ? (
    <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
      {hint}
    </p>
  ) : null;
}

/** Password input with a show/hide toggle (docs/product-rules.md §10). */
export function PasswordField({ label, value, error, hint, onValue, onBlurField, ...rest }: FieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const { t } = useI18n();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={shown ? "text" : "password"}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          onBlur={onBlurField}
          aria-invalid={error ? true : undefined}
          aria-describedby={noteId(id, error, hint)}
          className={`${inputClass(error)} pr-12`}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? t("form.hide", { label: label.toLowerCase() }) : t("form.show", { label: label.toLowerCase() })}
          aria-pressed={shown}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-nepal"
        >
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {shown ? <path d="M3 3l18 18" /> : null}
          </svg>
        </button>
      </div>
      <FieldNote id={id} error={error} hint={hint} />
    </div>
  );
}

export function FormBanner({ message }: { message: string | null }) {
  const { say } = useI18n();
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
      {say(message)}
    </div>
  );
}

/** A success said in the page itself (a form posted without scripts, where no toast can say it). */
export function FormDone({ message }: { message: string | null | undefined }) {
  const { say } = useI18n();
  if (!message) return null;
  return (
    <div role="status" className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-semibold text-green-800">
      {say(message)}
    </div>
  );
}

export function SubmitButton({ busy, children, disabled, busyLabel }: { busy: boolean; children: React.ReactNode; disabled?: boolean; busyLabel?: string }) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-crimson px-4 py-3 font-bold text-white hover:bg-crimson-dark disabled:cursor-not-allowed disabled:opacity-60"
    >
      {busy ? <span className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" /> : null}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-3xl font-bold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-center text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
