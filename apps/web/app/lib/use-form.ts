import { useCallback, useMemo, useState } from "react";
import type { z } from "zod";
import { localizeMessage, type FieldError } from "@khelkud/contracts";
import { useLocale } from "./i18n";

type Errors = Record<string, string | undefined>;

function firstErrors(error: z.ZodError): Errors {
  const out: Errors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    if (!out[key]) out[key] = issue.message;
  }
  return out;
}

/**
 * Form state checked with the same Zod schema the server uses: a field is checked when it loses focus
 * (once touched) and every field on submit, so the messages are the specification's, next to the field.
 */
export function useZodForm<S extends z.ZodType<unknown, Record<string, unknown>>>(schema: S, initial: z.input<S> & Record<string, unknown>, initialErrors: Errors = {}) {
  const [values, setValues] = useState<Record<string, unknown>>(initial);
  const [errors, setErrors] = useState<Errors>(initialErrors);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  // The schemas' messages are the specification's English texts; a Nepali page shows them from the catalogue (docs/decisions/106).
  const locale = useLocale();
  const shownErrors = useMemo(
    () => (locale === "en" ? errors : Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, m === undefined ? m : localizeMessage(m, locale)]))),
    [errors, locale],
  );
  const reset = useCallback((next: Record<string, unknown>) => {
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
      const next = { ...values, [name]: value };
      setValues(next);
      if (touched[name]) validateField(name, next);
    },
    blur(name: string) {
      setTouched((t) => ({ ...t, [name]: true }));
      validateField(name, values);
    },
    /** The parsed value, or null after showing every field's message. */
    validate(): z.output<S> | null {
      const r = schema.safeParse(values);
      if (r.success) {
        setErrors({});
        return r.data;
      }
      setErrors(firstErrors(r.error));
      setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])));
      return null;
    },
    /** Field messages sent back by the server (same wording). */
    showServerErrors,
    reset,
  };
}
