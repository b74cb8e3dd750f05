import { useCallback, useMemo, useRef, useState } from "react";
import type { z } from "zod";
import { type FieldError } from "@khelkud/contracts";
import { localizeMessage, useLocale } from "./i18n";

type Errors = Record<string, string | undefined>;

/** What a form's schema answers: a Zod schema's `safeParse`, or `formRules` below. */
type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * The rules of a form whose fields are not yet the API's input (the admin panel's rupees typed as text, "PAUDEL 7" lines):
 * one function from the form's values to the messages by field, checked exactly as a Zod schema is. The API checks the
 * payload again with the contracts' schema and its messages come back by field.
 */
export interface FormRules<T> {
  safeParse(value: unknown): Parsed<T>;
  /** Only for the types: the values the rules read. */
  readonly valuesType?: T;
}

export function formRules<T>(check: (values: T) => Record<string, string | undefined>): FormRules<T> {
  return {
    safeParse(value) {
      const issues = Object.entries(check(value as T))
        .filter((entry): entry is [string, string] => entry[1] !== undefined)
        .map(([field, message]) => ({ path: [field], message }));
      return issues.length ? { success: false, error: { issues } } : { success: true, data: value as T };
    },
  };
}

/** The form state `useZodForm` gives; `Out` is what `validate()` returns. */
export interface ZodForm<Out> {
  values: Record<string, unknown>;
  errors: Errors;
  set(name: string, value: unknown): void;
  /** Several fields at once (a name and the slug built from it). */
  update(patch: Record<string, unknown>): void;
  blur(name: string): void;
  /** The parsed value, or null after showing every field's message. */
  validate(): Out | null;
  /** Field messages sent back by the server (same wording). */
  showServerErrors(details: FieldError[]): void;
  reset(values: Record<string, unknown>): void;
}

function firstErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Errors {
  const out: Errors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    if (!out[key]) out[key] = issue.message;
  }
  return out;
}

/**
 * The one form hook of the shop (the storefront's route forms through `useRouteForm`, the admin panel's forms through
 * `useAdminForm`): form state checked with the same Zod schema the server uses (or the form's `formRules`): a field is
 * checked when it loses focus (once touched) and every field on submit, so the messages are the specification's, next
 * to the field.
 */
export function useZodForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  initial: z.input<S> & Record<string, unknown>,
  initialErrors?: Errors,
): ZodForm<z.output<S>>;
export function useZodForm<T extends object>(rules: FormRules<T>, initial: T, initialErrors?: Errors): ZodForm<T>;
export function useZodForm(schema: FormRules<unknown>, initial: object, initialErrors: Errors = {}): ZodForm<unknown> {
  const [values, setValues] = useState<Record<string, unknown>>(initial as Record<string, unknown>);
  // The newest values, also for a change made after an await (an upload that ends while the visitor types on).
  const latest = useRef(values);
  latest.current = values;
  const [errors, setErrors] = useState<Errors>(initialErrors);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  // The schemas' messages are the specification's English texts; a Nepali page shows them from the catalogue (docs/decisions/106).
  const locale = useLocale();
  const shownErrors = useMemo(
    () => (locale === "en" ? errors : Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, m === undefined ? m : localizeMessage(m, locale)]))),
    [errors, locale],
  );
  const reset = useCallback((next: Record<string, unknown>) => {
    latest.current = next;
    setValues(next);
    setErrors({});
    setTouched({});
  }, []);
  const showServerErrors = useCallback((details: FieldError[]) => {
    setErrors((e) => ({ ...e, ...Object.fromEntries(details.map((d) => [d.field, d.message])) }));
  }, []);

  const validateField = useCallback(
    (name: string, next: Record<string, unknown>) => {
      const r = schema.safeParse(next);
      const all = r.success ? {} : firstErrors(r.error);
      setErrors((e) => ({ ...e, [name]: all[name] }));
    },
    [schema],
  );

  return {
    values,
    errors: shownErrors,
    set(name: string, value: unknown) {
      const next = { ...latest.current, [name]: value };
      latest.current = next;
      setValues(next);
      if (touched[name]) validateField(name, next);
    },
    update(patch: Record<string, unknown>) {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      setValues(next);
      for (const name of Object.keys(patch)) if (touched[name]) validateField(name, next);
    },
    blur(name: string) {
      setTouched((t) => ({ ...t, [name]: true }));
      validateField(name, values);
    },
    validate() {
      const r = schema.safeParse(values);
      if (r.success) {
        setErrors({});
        return r.data;
      }
      setErrors(firstErrors(r.error));
      setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])));
      return null;
    },
    showServerErrors,
    reset,
  };
}
